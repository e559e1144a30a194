/** The register of live streams on PostgreSQL (decision 0109): the same rules as the SQLite side file, across boxes. */
import { describe, expect, it } from "vitest";
import { createTestDatabase, withPostgresClient } from "~/test/postgres";
import { describeStreamRegistry } from "./stream-registry.contract";
import { openPostgresStreamRegistry } from "./stream-registry-pg.server";
import { currentWorkerName, STREAM_TTL_MS } from "./stream-registry.server";

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

describe("the PostgreSQL register's clock", () => {
  it("writes and reads expiries on PostgreSQL's clock, one for every box: a box's own clock cannot move another's lease", async () => {
    const box = openPostgresStreamRegistry({ database: { url, ssl: false }, worker: "clock-box:1:x" });
    const id = (await box.claim("clock-member", 5)) as string;
    await withPostgresClient(url, async (client) => {
      const [{ left }] = (await client.query<{ left: string }>("select expires_at - (extract(epoch from clock_timestamp()) * 1000)::bigint as left from live_streams where id = $1", [id])).rows;
      expect(Number(left)).toBeGreaterThan(STREAM_TTL_MS - 2_000);
      expect(Number(left)).toBeLessThanOrEqual(STREAM_TTL_MS);
      // A lease that ran out by PostgreSQL's clock no longer counts, and its renewal is refused.
      await client.query("update live_streams set expires_at = (extract(epoch from clock_timestamp()) * 1000)::bigint - 1 where id = $1", [id]);
    });
    expect(await box.countOf("clock-member")).toBe(0);
    expect(await box.renew([id])).toEqual([id]);
    await box.close();
  });
});
