/**
 * The rules both registers of live streams keep (stream-registry.server.ts on SQLite,
 * stream-registry-pg.server.ts on PostgreSQL), as one set of tests each register's test file runs.
 */
import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { STREAM_TTL_MS, type StreamRegistry } from "./stream-registry.server";

/** Two registers on one store, as two workers (or two boxes) would have: this process plays both. */
export type OpenPair = (options: { secondWorker: string; now?: () => number }) => Promise<{ first: StreamRegistry; second: StreamRegistry }>;

/** A process id that no longer runs: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

export function describeStreamRegistry(name: string, openPair: OpenPair): void {
  const opened: StreamRegistry[] = [];
  afterEach(async () => {
    for (const registry of opened.splice(0)) await registry.close();
  });
  let members = 0;
  /** A member id of this test alone (the PostgreSQL tests share one database). */
  const newMember = () => `member-${process.pid}-${(members += 1)}-${Date.now()}`;
  async function twoWorkers(options: { secondWorker?: string; now?: () => number } = {}) {
    const pair = await openPair({ secondWorker: options.secondWorker ?? `${hostname()}:${process.ppid}:parent`, now: options.now });
    opened.push(pair.first, pair.second);
    return pair;
  }

  describe(name, () => {
    it("counts a member's streams across workers, refuses beyond the limit, and frees a place when one ends", async () => {
      const { first, second } = await twoWorkers();
      const [ada, grace] = [newMember(), newMember()];
      const ids = [await first.claim(ada, 3), await second.claim(ada, 3), await first.claim(ada, 3)];
      expect(ids.every((id) => typeof id === "string")).toBe(true);
      expect(await second.claim(ada, 3)).toBeNull();
      expect(await first.claim(ada, 3)).toBeNull();
      expect(await second.claim(grace, 3)).not.toBeNull(); // per member
      await first.release(ids[0] as string);
      expect(await second.countOf(ada)).toBe(2);
      expect(await second.claim(ada, 3)).not.toBeNull();
    });

    it("gives the last places once when both workers claim at the same moment", async () => {
      const { first, second } = await twoWorkers();
      const ada = newMember();
      const claims = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? first : second).claim(ada, 5)));
      expect(claims.filter((id) => id !== null)).toHaveLength(5);
      expect(await first.countOf(ada)).toBe(5);
    });

    it("forgets the streams of a worker of this host that died without closing them", async () => {
      const { first, second } = await twoWorkers({ secondWorker: `${hostname()}:${deadPid()}:gone` });
      const ada = newMember();
      expect(await second.claim(ada, 2)).not.toBeNull();
      expect(await second.claim(ada, 2)).not.toBeNull();
      // The dead worker's rows are not expired yet, but its process is gone: the place is free.
      expect(await first.claim(ada, 2)).not.toBeNull();
      expect(await first.countOf(ada)).toBe(1);
    });

    it("forgets rows of an earlier process that had this process's id (a restarted container)", async () => {
      const { first, second } = await twoWorkers({ secondWorker: `${hostname()}:${process.pid}:earlier` });
      const ada = newMember();
      expect(await second.claim(ada, 1)).not.toBeNull();
      expect(await first.claim(ada, 1)).not.toBeNull();
      expect(await first.countOf(ada)).toBe(1);
    });

    it("lets rows expire unless their worker renews them (a dead worker on another box)", async () => {
      let clock = 1_000_000;
      const { first, second } = await twoWorkers({ secondWorker: "another-box:1234:remote", now: () => clock });
      const ada = newMember();
      const held = (await first.claim(ada, 2)) as string;
      expect(await second.claim(ada, 2)).not.toBeNull();
      expect(await first.claim(ada, 2)).toBeNull(); // another box's process cannot be checked: it counts
      clock += STREAM_TTL_MS - 1_000;
      await first.renew([held]);
      clock += 2_000;
      expect(await first.countOf(ada)).toBe(1); // the other box stopped renewing; ours did not
      expect(await first.claim(ada, 2)).not.toBeNull();
      expect(await first.sweep()).toBeGreaterThanOrEqual(1);
      expect(await first.countOf(ada)).toBe(2);
    });

    it("renews only rows still counting, and names the others: a lease that ran out is never taken back", async () => {
      let clock = 2_000_000;
      const { first, second } = await twoWorkers({ secondWorker: "another-box:1234:remote", now: () => clock });
      const ada = newMember();
      const renewed = (await first.claim(ada, 1)) as string;
      expect(await first.renew([renewed])).toEqual([]);
      const released = (await second.claim(newMember(), 1)) as string;
      await second.release(released);
      expect(await second.renew([released])).toEqual([released]);
      // This worker stalled past its lease: another box took the member's place meanwhile.
      clock += STREAM_TTL_MS + 1;
      expect(await second.claim(ada, 1)).not.toBeNull();
      expect(await first.renew([renewed])).toEqual([renewed]);
      expect(await first.countOf(ada)).toBe(1);
    });
  });
}


