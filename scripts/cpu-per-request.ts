// npx tsx scripts/cpu-per-request.ts --db=data/large.db [--trees=dirA,dirB] [--n=300] [--rounds=6] [--only=api,login]
//                                    [--node-args="--cpu-prof --cpu-prof-dir=/tmp/prof"] [--engine=postgres]
//
// CPU per request of the built server (one process, WEB_CONCURRENCY=1, page cache off): N
// sequential keep-alive requests per page, the server's user + system time from /proc before and
// after. Each tree (a checkout with its own build/, e.g. the one `npm run bench -- --against <ref>`
// prepares under /tmp) gets its own server on the same database; the trees take turns, round by
// round. CPU time moves far less than requests per second on a shared box, and sequential requests
// leave out the load generator's own contention; the table gives each page's median and minimum
// over the rounds (docs/performance.md, "What every request paid outside rendering").
// --engine=postgres: the server on the bench's PostgreSQL copy of the same community
// (scripts/lib/bench-postgres.ts), and beside the app's CPU, PostgreSQL's CPU and the statements
// (round trips) per request (docs/scaling.md, "Where the time goes per request").
// --interleave: the trees take turns request by request instead of round by round (every server's
// CPU read from /proc around the whole round), so a slow spell of a shared box falls on every tree
// alike; for comparing two builds on a noisy box (docs/performance.md, "Ninth slice: a rendered body compressed in one call").
import http from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { signInViaApi, startAppServer, stopAppServer, BENCH_EMAIL, BENCH_PASSWORD } from "./lib/app-server";
import { openBenchPostgres, type DatabaseSample } from "./lib/bench-postgres";
import { LONG_CONVERSATION_SUBJECT } from "./lib/large-community";

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split("=").slice(1).join("=");
const trees = (option("trees") ?? ".").split(",").map((tree) => path.resolve(tree));
const n = Number(option("n") ?? 500);
const rounds = Number(option("rounds") ?? 3);
const only = option("only")?.split(",");
const db = path.resolve(option("db") ?? "data/large.db");
const nodeArgs = option("node-args")?.split(" ").filter(Boolean) ?? [];
const onPostgres = option("engine") === "postgres";
const interleave = args.includes("--interleave");

const readOnly = new Database(db, { readonly: true, fileMustExist: true });
const post = (readOnly.prepare("SELECT id FROM posts WHERE replies_count = 50 ORDER BY created_at DESC LIMIT 1").get() as { id: number } | undefined)?.id;
// The bench member's 500-message conversation (scripts/seed-large.ts).
const longConversation = (
  readOnly
    .prepare("SELECT c.id FROM conversations c JOIN conversation_participants p ON p.conversation_id = c.id JOIN users u ON u.id = p.user_id AND u.email = ? WHERE c.subject = ? LIMIT 1")
    .get(BENCH_EMAIL, LONG_CONVERSATION_SUBJECT) as { id: number } | undefined
)?.id;
readOnly.close();
if (post === undefined || longConversation === undefined) throw new Error(`${db} is not a large community with conversations: npm run seed:large -- --force`);

const pages: [string, string, boolean][] = [
  ["api", "/api/posts", true],
  ["login", "/login", false],
  ["visitor/", "/", false],
  ["discussions", "/discussions", true],
  ["search", "/discussions?q=prompt", true],
  ["post", `/post/${post}`, true],
  ["members", "/members", true],
  ["meetings", "/meetings", true],
  ["badges", "/badges", true],
  ["music", "/music-artists", true],
  ["resources", "/resources", true],
  ["notifications", "/notifications", true],
  ["home", "/", true],
  ["messages", "/messages", true],
  ["conversation", `/messages/${longConversation}`, true],
  ["healthz", "/healthz", false],
  ["404asset", "/nope.png", false],
];
const wanted = pages.filter(([name]) => !only || only.includes(name));

const cpuMs = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(base: string, pagePath: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(base + pagePath, { agent, headers }, (res) => {
        res.on("data", () => {});
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

const postgres = onPostgres ? await openBenchPostgres(db) : undefined;
const postgresDatabase = `quads_cpu_${process.pid}`;
const postgresEnv: Record<string, string> = postgres ? { DATABASE_URL: await postgres.freshDatabase(postgresDatabase) } : {};
const probe = postgres?.probe(postgresDatabase);
const dbCosts: Record<string, { cpu: number[]; statements: number[] }> = {};
const servers = [];
for (const tree of trees) {
  const s = await startAppServer({
    databasePath: db,
    cwd: tree,
    timeoutMs: 120_000,
    nodeArgs,
    env: { WEB_CONCURRENCY: "1", PAGE_CACHE_SECONDS: "0", AUTH_RATE_LIMIT_PER_IP: "1000000", AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000", POST_RATE_LIMIT: "1000000", LOG_LEVEL: "warn", ...postgresEnv },
  });
  const cookie = (await signInViaApi(s.baseURL, BENCH_EMAIL, BENCH_PASSWORD)).cookie;
  servers.push({ tree, s, cookie });
}
const results: Record<string, Record<string, number[]>> = {};
try {
  for (const [name, pagePath, signedIn] of wanted) {
    for (let round = 0; round < rounds && interleave; round++) {
      const headersOf = (cookie: string) => ({ "accept-encoding": "gzip, deflate, br", accept: pagePath.startsWith("/api") ? "application/json" : "text/html,application/xhtml+xml", ...(signedIn ? { cookie } : {}) });
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const { s, cookie } of order) for (let i = 0; i < Math.min(100, n / 5); i++) await get(s.baseURL, pagePath, headersOf(cookie));
      const before = order.map(({ s }) => cpuMs(s.child.pid!));
      for (let i = 0; i < n; i++) for (const { s, cookie } of order) await get(s.baseURL, pagePath, headersOf(cookie));
      order.forEach(({ tree, s }, index) => {
        const per = (cpuMs(s.child.pid!) - before[index]) / n;
        ((results[name] ??= {})[tree] ??= []).push(per);
        console.log(`${name.padEnd(12)} ${tree.padEnd(36)} cpu ${per.toFixed(3)} ms/req (interleaved)`);
      });
    }
    for (let round = 0; round < rounds && !interleave; round++) {
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const { tree, s, cookie } of order) {
        const headers: Record<string, string> = { "accept-encoding": "gzip, deflate, br", accept: pagePath.startsWith("/api") ? "application/json" : "text/html,application/xhtml+xml" };
        if (signedIn) headers.cookie = cookie;
        const first = await get(s.baseURL, pagePath, headers);
        if (first !== 200 && name !== "404asset") throw new Error(`${tree} ${pagePath} answered ${first}`);
        for (let i = 0; i < Math.min(100, n / 5); i++) await get(s.baseURL, pagePath, headers);
        const dbBefore: DatabaseSample | undefined = await probe?.sample();
        const before = cpuMs(s.child.pid!);
        const t0 = performance.now();
        for (let i = 0; i < n; i++) await get(s.baseURL, pagePath, headers);
        const wall = performance.now() - t0;
        const per = (cpuMs(s.child.pid!) - before) / n;
        const dbAfter = await probe?.sample();
        ((results[name] ??= {})[tree] ??= []).push(per);
        let db = "";
        if (dbBefore && dbAfter) {
          const costs = (dbCosts[name] ??= { cpu: [], statements: [] });
          costs.cpu.push((dbAfter.cpuMs - dbBefore.cpuMs) / n);
          costs.statements.push((dbAfter.statements - dbBefore.statements) / n);
          db = `  db cpu ${costs.cpu.at(-1)!.toFixed(3)} ms/req, ${costs.statements.at(-1)!.toFixed(1)} statements, exec ${((dbAfter.execMs - dbBefore.execMs) / n).toFixed(3)} ms/req`;
        }
        console.log(`${name.padEnd(12)} ${tree.padEnd(36)} cpu ${per.toFixed(3)} ms/req  wall ${(wall / n).toFixed(3)} ms/req${db}`);
      }
    }
  }
} finally {
  for (const { s } of servers) await stopAppServer(s);
  await probe?.close();
  await postgres?.dropDatabase(postgresDatabase).catch(() => undefined);
  await postgres?.stop();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\n| page | ${trees.join(" | ")} |`);
for (const [name] of wanted) {
  const db = dbCosts[name] ? ` db CPU ${median(dbCosts[name].cpu).toFixed(2)} ms, ${median(dbCosts[name].statements).toFixed(1)} statements |` : "";
  console.log(`| ${name} | ${trees.map((t) => `${median(results[name][t]).toFixed(2)} (min ${Math.min(...results[name][t]).toFixed(2)})`).join(" | ")} |${db}`);
}
