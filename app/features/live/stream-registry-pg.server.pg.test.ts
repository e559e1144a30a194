/** The register of live streams on PostgreSQL (decision 0109): the same rules as the SQLite side file, across boxes. */
import { describe, expect, it } from "vitest";
import { createTestDatabase, withPostgresClient } from "~/test/postgres";
import { describeStreamRegistry } from "./stream-registry.contract";
import { openPostgresStreamRegistry } from "./stream-registry-pg.server";
import { currentWorkerName } from "./stream-registry.server";

const url = await createTestDatabase();

// Two registers on one database, as two boxes (or two workers) sharing it.
describeStreamRegistry("the register of live streams across boxes (PostgreSQL)", async ({ secondWorker, now }) => ({
  first: openPostgresStreamRegistry({ database: { url, ssl: false }, worker: currentWorkerName(), now }),
  second: openPostgresStreamRegistry({ database: { url, ssl: false }, worker: secondWorker, now }),
}));

describe("the PostgreSQL register's table", () => {
  it("is created once by boxes starting together, unlogged, and its writes send no write notification", async () => {
    const boxes = Array.from({ length: 4 }, (_, index) => openPostgresStreamRegistry({ database: { url, ssl: false }, worker: `box-${index}:1:x` }));
    const notified: string[] = [];
    await withPostgresClient(url, async (listener) => {
      listener.on("notification", (message) => notified.push(message.channel));
      await listener.query("LISTEN quads_writes");
      await Promise.all(boxes.map((box) => box.claim("shared-member", 5)));
      await boxes[0].renew([]);
      expect(await boxes[1].countOf("shared-member")).toBe(4);
      await listener.query("select 1"); // a round trip: a notification sent before it has arrived
      const [{ persistence }] = (await listener.query<{ persistence: string }>("select relpersistence as persistence from pg_class where relname = 'live_streams'")).rows;
      expect(persistence).toBe("u");
    });
    expect(notified).toEqual([]);
    await Promise.all(boxes.map((box) => box.close()));
  });
});
