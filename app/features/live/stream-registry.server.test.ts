import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeStreamRegistry } from "./stream-registry.contract";
import { currentWorkerName, openStreamRegistry, registryPathFor } from "./stream-registry.server";

// Two connections to one side file, as two cluster workers of one box.
describeStreamRegistry("the cluster-wide register of live streams (SQLite side file)", async ({ secondWorker, now }) => {
  const filePath = path.join(mkdtempSync(path.join(tmpdir(), "quads-live-")), "quads.live.db");
  return { first: openStreamRegistry({ filePath, worker: currentWorkerName(), now }), second: openStreamRegistry({ filePath, worker: secondWorker, now }) };
});

describe("the SQLite register's file", () => {
  it("lives beside the database, named so git ignores it like the database", () => {
    expect(registryPathFor("/srv/quads/data/quads.db")).toBe("/srv/quads/data/quads.live.db");
  });
});
