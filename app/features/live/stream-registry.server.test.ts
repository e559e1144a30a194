import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { currentWorkerName, openStreamRegistry, registryPathFor, STREAM_TTL_MS, type StreamRegistry } from "./stream-registry.server";

const opened: StreamRegistry[] = [];
afterEach(() => {
  for (const registry of opened.splice(0)) registry.close();
});

function twoWorkers(options: { secondWorker?: string; now?: () => number } = {}) {
  const filePath = path.join(mkdtempSync(path.join(tmpdir(), "quads-live-")), "quads.live.db");
  // Two connections to one file, as two cluster workers (this process plays both).
  const first = openStreamRegistry({ filePath, worker: currentWorkerName(), now: options.now });
  const second = openStreamRegistry({ filePath, worker: options.secondWorker ?? `${hostname()}:${process.ppid}:parent`, now: options.now });
  opened.push(first, second);
  return { first, second };
}

/** A process id that no longer runs: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

describe("the cluster-wide register of live streams", () => {
  it("counts a member's streams across workers, refuses beyond the limit, and frees a place when one ends", () => {
    const { first, second } = twoWorkers();
    const ids = [first.claim("ada", 3), second.claim("ada", 3), first.claim("ada", 3)];
    expect(ids.every((id) => typeof id === "string")).toBe(true);
    expect(second.claim("ada", 3)).toBeNull();
    expect(first.claim("ada", 3)).toBeNull();
    expect(second.claim("grace", 3)).not.toBeNull(); // per member
    first.release(ids[0] as string);
    expect(second.countOf("ada")).toBe(2);
    expect(second.claim("ada", 3)).not.toBeNull();
  });

  it("forgets the streams of a worker of this host that died without closing them", () => {
    const { first, second } = twoWorkers({ secondWorker: `${hostname()}:${deadPid()}:gone` });
    expect(second.claim("ada", 2)).not.toBeNull();
    expect(second.claim("ada", 2)).not.toBeNull();
    // The dead worker's rows are not expired yet, but its process is gone: the place is free.
    expect(first.claim("ada", 2)).not.toBeNull();
    expect(first.countOf("ada")).toBe(1);
  });

  it("forgets rows of an earlier process that had this process's id (a restarted container)", () => {
    const { first, second } = twoWorkers({ secondWorker: `${hostname()}:${process.pid}:earlier` });
    expect(second.claim("ada", 1)).not.toBeNull();
    expect(first.claim("ada", 1)).not.toBeNull();
    expect(first.countOf("ada")).toBe(1);
  });

  it("lets rows expire unless their worker renews them (a dead worker on another box)", () => {
    let clock = 1_000_000;
    const { first, second } = twoWorkers({ secondWorker: "another-box:1234:remote", now: () => clock });
    const held = first.claim("ada", 2) as string;
    expect(second.claim("ada", 2)).not.toBeNull();
    expect(first.claim("ada", 2)).toBeNull(); // another box's process cannot be checked: it counts
    clock += STREAM_TTL_MS - 1_000;
    first.renew([held]);
    clock += 2_000;
    expect(first.countOf("ada")).toBe(1); // the other box stopped renewing; ours did not
    expect(first.claim("ada", 2)).not.toBeNull();
    expect(first.sweep()).toBe(1);
  });

  it("lives beside the database, named so git ignores it like the database", () => {
    expect(registryPathFor("/srv/quads/data/quads.db")).toBe("/srv/quads/data/quads.live.db");
  });
});
