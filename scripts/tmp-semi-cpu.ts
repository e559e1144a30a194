import autocannon from "autocannon";
import Database from "better-sqlite3";
import { BENCH_EMAIL, BENCH_PASSWORD, signInViaApi, startAppServer, stopAppServer } from "./lib/app-server";
import { processTree } from "./lib/process-tree";
const db = new Database("data/large.db", { readonly: true });
const post = (db.prepare("SELECT id FROM posts WHERE replies_count = 50 ORDER BY created_at DESC LIMIT 1").get() as { id: number }).id;
db.close();
const variants = [[], ["--max-semi-space-size=8"], ["--max-semi-space-size=4"]];
const ticks = (pid: number) => processTree(pid).reduce((t, e) => t + e.cpuTicks, 0);
for (let round = 0; round < 2; round++) {
  for (const nodeArgs of variants) {
    const server = await startAppServer({ databasePath: "data/large.db", nodeArgs, timeoutMs: 120_000, env: { WEB_CONCURRENCY: "2", PAGE_CACHE_SECONDS: "0", AUTH_RATE_LIMIT_PER_IP: "1000000", AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000", LOG_LEVEL: "warn" } });
    const { cookie } = await signInViaApi(server.baseURL, BENCH_EMAIL, BENCH_PASSWORD);
    const out: string[] = [];
    for (const page of ["/discussions", `/post/${post}`, "/"]) {
      const headers = { cookie, "accept-encoding": "gzip, deflate, br" };
      await autocannon({ url: server.baseURL + page, connections: 10, duration: 2, headers });
      const before = ticks(server.child.pid!);
      const result = await autocannon({ url: server.baseURL + page, connections: 10, duration: 8, headers });
      const cpu = ((ticks(server.child.pid!) - before) * 10) / result.requests.total;
      out.push(`${page.slice(0, 12)} ${cpu.toFixed(2)} ms/req p99 ${result.latency.p99}`);
    }
    const rss = processTree(server.child.pid!).map((e) => e.pid);
    console.log(`round ${round} ${nodeArgs.join(" ") || "default"}: ${out.join(" | ")} (${rss.length} procs)`);
    await stopAppServer(server);
  }
}
