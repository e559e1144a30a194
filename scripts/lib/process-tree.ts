/**
 * A process and all its descendants, read from /proc (Linux): the built server's primary and its
 * cluster workers. scripts/bench.ts sums their CPU time, scripts/footprint.ts their memory.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";

export type ProcessEntry = {
  pid: number;
  parentPid: number;
  /** User + system CPU time, in clock ticks (USER_HZ, 100 per second on Linux). */
  cpuTicks: number;
};

/** `rootPid` and every process below it (empty when /proc is missing or the root is gone). */
export function processTree(rootPid: number | undefined): ProcessEntry[] {
  if (!rootPid || !existsSync("/proc/self/stat")) return [];
  const entries = new Map<number, ProcessEntry>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // The command name in parentheses may hold spaces: the fields start after its last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      entries.set(Number(name), { pid: Number(name), parentPid: Number(fields[1]), cpuTicks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  const isInTree = (pid: number) => {
    for (let ancestor: number | undefined = pid; ancestor; ancestor = entries.get(ancestor)?.parentPid) if (ancestor === rootPid) return true;
    return false;
  };
  return [...entries.values()].filter((entry) => isInTree(entry.pid));
}
