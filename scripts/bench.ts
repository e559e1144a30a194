// npm run bench [-- --quick] [--db=data/large.db] [--small-db=data/small.db] [--no-scaling]
//                [--duration=SECONDS] [--connections=N] [--only=name,name] [--build]
//
// Measures the production build on the large community (scripts/seed-large.ts) with autocannon:
// every main page for a signed-in member and for a visitor, GET /api/posts, a like/unlike write
// mix, and, in the same run, the exact bytes of the signed-in /discussions response served by a
// bare node:http server (the reference for what this machine can do). Then the scaling check:
// p50 of /discussions, /post/:id and search on the large vs the small database.
// Prints a table and writes reports/bench-<timestamp>.json. See docs/performance.md.
//
// npm run bench -- --mix [--members=200] [--mix-duration=10] : realistic first-view traffic (many
//   members, weighted random pages, ~5 % writes) at 10 and 50 connections, with the page cache's hit rate.
// npm run bench -- --against <git-ref>   : builds <git-ref> in a temporary git worktree and
//   measures it and the working tree alternately in one run on the same database copy (ratios).
// npm run bench -- --slow                : scripts/slow-view.ts (a slow connection in Chromium).
// npm run bench -- --engine postgres      : the same runs (default, --mix) with the server on PostgreSQL:
//   the large community copied once with db:copy into a kept throwaway cluster (data/large.pg/,
//   scripts/lib/bench-postgres.ts), a fresh database from it per run; PostgreSQL's CPU and statements
//   per request beside the app's CPU. --engine both: SQLite and PostgreSQL side by side in one run
//   (first views, repeated views, the mix; each against its bare node:http baseline). docs/scaling.md.
// npm run bench -- --engine postgres --mix --top-statements[=15] : also the statements PostgreSQL spent most time on.
// npm run bench -- --boxes 2              : the --mix on PostgreSQL through the round-robin test proxy,
//   one box against two (every box its own process tree and data folder): app and PostgreSQL CPU per
//   request for each, and what an idle box costs. [--web-concurrency=1] [--mix-connections=10,50]
//   [--rounds=2] [--mix-duration=20] [--one-box-workers=2: the one box a box of its own with that
//   WEB_CONCURRENCY, as many serving processes as the N boxes]. docs/scaling.md, "Several boxes on one PostgreSQL: the cost per request (`--boxes 2`)".
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { BENCH_EMAIL, BENCH_PASSWORD, repoRoot as root, signInViaApi, startAppServer, stopAppServer, type AppServer } from "./lib/app-server";
import { type DatabaseProbe, openBenchPostgres } from "./lib/bench-postgres";
import { ensureSeeded, LONG_CONVERSATION_SUBJECT } from "./lib/large-community";
import { processTree } from "./lib/process-tree";
import { startRoundRobinProxy } from "../tests/support/round-robin-proxy";

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=").slice(1).join("=");
const flag = (name: string) => args.includes(`--${name}`);

const quick = flag("quick");
const duration = Number(option("duration") ?? (quick ? 3 : 10));
const connections = Number(option("connections") ?? 10);
const largeDb = path.resolve(root, option("db") ?? "data/large.db");
const smallDb = path.resolve(root, option("small-db") ?? "data/small.db");
const scalingWanted = !flag("no-scaling");
const only = option("only")?.split(",");
/** --no-page-cache: measure full renders (PAGE_CACHE_SECONDS=0), as for a page's first view. */
const pageCache = !flag("no-page-cache");
/** --mix: realistic traffic from many members (see runMix). */
const mixMode = flag("mix");
const mixMembers = Number(option("members") ?? 200);
/** --against <ref> (or --against=<ref>): the ref measured side by side with the working tree. */
const againstRef = option("against") ?? (args.includes("--against") ? args[args.indexOf("--against") + 1] : undefined);
/** --engine sqlite|postgres|both (or --engine=…): the database engine the server runs on (docs/scaling.md). */
const engine = option("engine") ?? (args.includes("--engine") ? args[args.indexOf("--engine") + 1] : "sqlite");
if (!["sqlite", "postgres", "both"].includes(engine)) throw new Error(`--engine is sqlite, postgres or both, not ${engine}`);
if (engine !== "sqlite" && againstRef) throw new Error("--against measures SQLite only: leave --engine out");
/** --boxes N (or --boxes=N): N app boxes on one PostgreSQL behind the round-robin proxy, against one box (boxesMain). */
const boxesWanted = Number(option("boxes") ?? (args.includes("--boxes") ? args[args.indexOf("--boxes") + 1] : 0));
if (!Number.isInteger(boxesWanted) || boxesWanted < 0 || boxesWanted === 1) throw new Error("--boxes is a number of boxes, 2 or more");

/** The server runs on PostgreSQL (--engine postgres; --engine both has a side of each). */
const onPostgres = engine === "postgres";

const SEARCH_TERM = "prompt";
/** What a browser sends: the app compresses, the bare server replays the compressed bytes. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/xhtml+xml" };

/* ------------------------------------------------------------------------------------------ */

function newestMtime(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.includes(".test.")) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

function ensureBuild() {
  const serverBuild = path.join(root, "build/server/index.js");
  const stale = !existsSync(serverBuild) || !existsSync(path.join(root, "build/server.js")) || newestMtime(path.join(root, "app")) > statSync(serverBuild).mtimeMs;
  if (!stale && !flag("build")) return;
  console.log("Building the production bundle (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

function startServer(databasePath: string, withPageCache = pageCache, tree = root, engineEnv: Record<string, string> = {}): Promise<AppServer> {
  return startAppServer({
    databasePath,
    cwd: tree,
    timeoutMs: 120_000,
    // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": profile the server under the bench's own load.
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean),
    env: {
      AUTH_RATE_LIMIT_PER_IP: "1000000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000",
      POST_RATE_LIMIT: "1000000",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...(withPageCache ? {} : { PAGE_CACHE_SECONDS: "0" }),
      ...engineEnv,
    },
  });
}

/** Where the server's data lives for one run: its environment, and what its database server spent (PostgreSQL). */
type EngineRun = { env: Record<string, string>; probe?: DatabaseProbe; release: () => Promise<void> };

/**
 * PostgreSQL for one run: the kept copy of the large community (scripts/lib/bench-postgres.ts), a
 * fresh database from it, the server's environment for it.
 */
async function openEngine(kind: "postgres"): Promise<EngineRun> {
  const started = Date.now();
  const postgres = await openBenchPostgres(largeDb);
  const database = `quads_bench_${process.pid}`;
  const url = await postgres.freshDatabase(database);
  console.log(`  PostgreSQL ${postgres.server.majorVersion} ready in ${((Date.now() - started) / 1000).toFixed(0)} s (${kind}: ${url})`);
  const probe = postgres.probe(database);
  return {
    env: { DATABASE_URL: url },
    probe,
    async release() {
      await probe.close();
      await postgres.dropDatabase(database).catch(() => undefined);
      await postgres.stop();
    },
  };
}

async function signIn(baseURL: string, email = BENCH_EMAIL): Promise<string> {
  return (await signInViaApi(baseURL, email, BENCH_PASSWORD)).cookie;
}

/** The raw (still compressed) bytes and headers of one response, as node:http receives them. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** A bare node:http server replaying one response's bytes and content headers. */
function startBareServer(body: Buffer, headers: http.IncomingHttpHeaders): Promise<{ url: string; close: () => Promise<void> }> {
  const replay: Record<string, string> = { "content-length": String(body.length) };
  for (const name of ["content-type", "content-encoding", "vary", "cache-control"]) {
    const value = headers[name];
    if (typeof value === "string") replay[name] = value;
  }
  const server = http.createServer((_request, response) => {
    response.writeHead(200, replay);
    response.end(body);
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}/discussions`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

type Measurement = {
  name: string;
  url: string;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerRequest: number;
  /** CPU time the server's processes spent per answered request (ms), when a server pid was given. */
  cpuMsPerRequest?: number;
  /** PostgreSQL (with a probe): its processes' CPU time, the statements (round trips) it ran and their execution time, per answered request. */
  dbCpuMsPerRequest?: number;
  dbStatementsPerRequest?: number;
  dbExecMsPerRequest?: number;
};

/**
 * CPU time (user + system, ms) of a process and all its descendants (the cluster's workers), from
 * /proc. On a box shared with other work, CPU per request moves far less than requests per second.
 */
function processTreeCpuMs(rootPid: number | number[] | undefined): number {
  if (Array.isArray(rootPid)) return rootPid.reduce((total, pid) => total + processTreeCpuMs(pid), 0);
  if (!rootPid || !existsSync("/proc/self/stat")) return NaN;
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  return processTree(rootPid).reduce((total, entry) => total + entry.cpuTicks, 0) / ticksPerMs;
}

type AutocannonRequest = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
};

async function measure(
  name: string,
  url: string,
  /** serverPid: the server's root process, or several servers' (--boxes: every box's CPU counts). */
  options: { headers?: Record<string, string>; requests?: AutocannonRequest[]; seconds?: number; connections?: number; warmup?: boolean; serverPid?: number | number[]; probe?: DatabaseProbe } = {},
): Promise<Measurement> {
  const conns = options.connections ?? connections;
  // A short warm-up (JIT, SQLite page cache), then the measured run.
  if (options.warmup !== false) await autocannon({ url, connections: conns, duration: 1, headers: options.headers, requests: options.requests });
  const dbBefore = await options.probe?.sample();
  const cpuBefore = processTreeCpuMs(options.serverPid);
  const result = await autocannon({ url, connections: conns, duration: options.seconds ?? duration, headers: options.headers, requests: options.requests });
  const cpuAfter = processTreeCpuMs(options.serverPid);
  const dbAfter = await options.probe?.sample();
  const perAnswered = (before: number | undefined, after: number | undefined) => (before !== undefined && after !== undefined && result.requests.total ? (after - before) / result.requests.total : undefined);
  const measurement: Measurement = {
    name,
    url,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerRequest: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    cpuMsPerRequest: options.serverPid && result.requests.total ? (cpuAfter - cpuBefore) / result.requests.total : undefined,
    dbCpuMsPerRequest: perAnswered(dbBefore?.cpuMs, dbAfter?.cpuMs),
    dbStatementsPerRequest: perAnswered(dbBefore?.statements, dbAfter?.statements),
    dbExecMsPerRequest: perAnswered(dbBefore?.execMs, dbAfter?.execMs),
  };
  const warn = measurement.non2xx || measurement.errors || measurement.timeouts ? `  !! non2xx ${measurement.non2xx} errors ${measurement.errors} timeouts ${measurement.timeouts}` : "";
  const cpu = measurement.cpuMsPerRequest !== undefined ? `  cpu ${measurement.cpuMsPerRequest.toFixed(1).padStart(5)} ms/req` : "";
  const db =
    measurement.dbCpuMsPerRequest !== undefined
      ? `  db cpu ${measurement.dbCpuMsPerRequest.toFixed(1).padStart(5)} ms/req, ${measurement.dbStatementsPerRequest?.toFixed(1)} statements, exec ${measurement.dbExecMsPerRequest?.toFixed(2)} ms`
      : "";
  console.log(`  ${name.padEnd(34)} ${measurement.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(measurement.p50).padStart(4)} ms  p99 ${String(measurement.p99).padStart(4)} ms${cpu}${db}${warn}`);
  return measurement;
}

type Picks = { fiftyRepliesPostId: number; longConversationId: number; likeable: number[] };

function pick(databasePath: string): Picks {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const fiftyReplies = db.prepare("SELECT id FROM posts WHERE replies_count = 50 ORDER BY created_at DESC LIMIT 1").get() as { id: number } | undefined;
    if (!fiftyReplies) throw new Error(`${databasePath} has no post with 50 replies: reseed it with npm run seed:large`);
    const bench = db.prepare("SELECT id FROM users WHERE email = ?").get(BENCH_EMAIL) as { id: string } | undefined;
    if (!bench) throw new Error(`${databasePath} has no bench member: reseed it with npm run seed:large`);
    // Posts the bench member has not liked, for the like/unlike mix.
    const likeable = (
      db.prepare("SELECT id FROM posts p WHERE NOT EXISTS (SELECT 1 FROM post_likes l WHERE l.post_id = p.id AND l.user_id = ?) ORDER BY id DESC LIMIT 200").all(bench.id) as { id: number }[]
    ).map((row) => row.id);
    // The bench member's 500-message conversation (docs/messages.md, "Performance").
    const longConversation = db
      .prepare("SELECT c.id FROM conversations c JOIN conversation_participants p ON p.conversation_id = c.id AND p.user_id = ? WHERE c.subject = ? ORDER BY c.id LIMIT 1")
      .get(bench.id, LONG_CONVERSATION_SUBJECT) as { id: number } | undefined;
    if (!longConversation) throw new Error(`${databasePath} has no 500-message conversation of the bench member: reseed it with npm run seed:large -- --force`);
    return { fiftyRepliesPostId: fiftyReplies.id, longConversationId: longConversation.id, likeable };
  } finally {
    db.close();
  }
}

async function check(url: string, headers: Record<string, string>, expect: string | null) {
  const response = await fetch(url, { headers, redirect: "manual" });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}, not 200`);
  if (expect && !text.includes(expect)) throw new Error(`GET ${url} does not show "${expect}" (not signed in?)`);
}

const serverRequestTiming = (started: AppServer) => started.output().split("\n").filter(Boolean).slice(-5).join("\n");

/* --mix: realistic traffic ------------------------------------------------------------------- */

const SEARCH_TERMS = ["prompt", "model", "agent", "vision", "python", "embedding", "local", "music"];

/** A small seeded PRNG (mulberry32), so two trees get the same sequence of requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type MixPick = { kind: "page" | "api" | "write"; method: string; path: string; body?: string };
type MixTally = { hits: number; misses: number; writes: number; byKind: Record<string, number> };

/** The posts a mix picks from: the 5,000 newest visible ones (what members open and like). */
function mixPosts(databasePath: string): number[] {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT id FROM posts WHERE hidden_at IS NULL ORDER BY created_at DESC LIMIT 5000").all() as { id: number }[]).map((row) => row.id);
  } finally {
    db.close();
  }
}

/** One request of the mix, by weight (out of 100): ≈95 % reads, ≈5 % writes. */
function mixPick(random: () => number, postIds: number[]): MixPick {
  const post = () => postIds[Math.floor(random() * postIds.length)];
  const roll = random() * 100;
  const page = (p: string): MixPick => ({ kind: "page", method: "GET", path: p });
  if (roll < 14) return page("/discussions");
  if (roll < 28) return page(`/discussions?page=${2 + Math.floor(random() * 19)}`);
  if (roll < 34) return page(`/discussions?q=${SEARCH_TERMS[Math.floor(random() * SEARCH_TERMS.length)]}`);
  if (roll < 54) return page(`/post/${post()}`);
  if (roll < 64) return page("/");
  if (roll < 69) return page("/members");
  if (roll < 74) return page("/meetings");
  if (roll < 79) return page("/resources");
  if (roll < 83) return page("/music-artists");
  if (roll < 88) return page("/notifications");
  if (roll < 95) return { kind: "api", method: "GET", path: "/api/posts" };
  if (roll < 97) return { kind: "write", method: "POST", path: `/api/posts/${post()}/like`, body: "{}" };
  if (roll < 99) return { kind: "write", method: "DELETE", path: `/api/posts/${post()}/like` };
  return { kind: "write", method: "POST", path: `/api/posts/${post()}/replies`, body: JSON.stringify({ content: `A benchmark reply, number ${Math.floor(random() * 1e6)}.` }) };
}

/** Signs `count` seeded members in (member10@…, member11@…), four at a time: one session each. */
async function signInMembers(baseURL: string, count: number): Promise<string[]> {
  const cookies: string[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < count) {
        const index = next++;
        cookies[index] = await signIn(baseURL, `member${10 + index}@large.example`);
      }
    }),
  );
  return cookies;
}

type MixResult = Measurement & { pageCacheHitRate: number; writes: number };

async function runMix(
  name: string,
  baseURL: string,
  cookies: string[],
  postIds: number[],
  options: { connections: number; seconds: number; seed: number; warmup?: boolean; serverPid?: number | number[]; probe?: DatabaseProbe },
): Promise<MixResult> {
  const random = prng(options.seed);
  const tally: MixTally = { hits: 0, misses: 0, writes: 0, byKind: {} };
  const request: AutocannonRequest = {
    setupRequest: (base) => {
      const choice = mixPick(random, postIds);
      const cookie = cookies[Math.floor(random() * cookies.length)];
      tally.byKind[choice.kind] = (tally.byKind[choice.kind] ?? 0) + 1;
      if (choice.kind === "write") tally.writes += 1;
      const headers: Record<string, string> =
        choice.kind === "page"
          ? { ...BROWSER_HEADERS, cookie }
          : choice.kind === "api"
            ? { "accept-encoding": "gzip, deflate, br", cookie }
            : { cookie, origin: baseURL, "content-type": "application/json" };
      return { ...base, method: choice.method, path: choice.path, headers, body: choice.body };
    },
    onResponse: (_status, _body, _context, headers) => {
      const cache = headers["x-page-cache"] ?? headers["X-Page-Cache"];
      if (cache === "hit") tally.hits += 1;
      else if (cache === "miss") tally.misses += 1;
    },
  };
  const measured = await measure(name, baseURL, { requests: [request], connections: options.connections, seconds: options.seconds, warmup: options.warmup, serverPid: options.serverPid, probe: options.probe });
  // The warm-up's responses are counted too: the rate is over every answer the cache could serve.
  const looked = tally.hits + tally.misses;
  const pageCacheHitRate = looked ? tally.hits / looked : 0;
  console.log(`    page cache hit rate ${(pageCacheHitRate * 100).toFixed(1)} % of ${looked} GET answers; ${tally.writes} writes (${((tally.writes / Math.max(1, Object.values(tally.byKind).reduce((a, b) => a + b, 0))) * 100).toFixed(1)} %)`);
  return { ...measured, pageCacheHitRate, writes: tally.writes };
}

/** A throw-away copy of the database: the mix writes (likes, replies), the seeded file stays as it is. */
function copyDatabase(databasePath: string): { file: string; remove: () => void } {
  const directory = mkdtempSync(path.join(os.tmpdir(), "quads-bench-db-"));
  const file = path.join(directory, path.basename(databasePath));
  copyFileSync(databasePath, file);
  return { file, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

async function mixMain() {
  const startedAt = new Date();
  const load = { before: os.loadavg(), after: [] as number[] };
  console.log(`Quads bench --mix${onPostgres ? " --engine postgres" : ""} — ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}; load before ${load.before.map((v) => v.toFixed(2)).join(" ")}`);
  ensureBuild();
  ensureSeeded(largeDb, false);
  const copy = copyDatabase(largeDb);
  const postIds = mixPosts(copy.file);
  const postgres = onPostgres ? await openEngine("postgres") : undefined;
  const results: MixResult[] = [];
  try {
    const server = await startServer(copy.file, true, root, postgres?.env);
    try {
      console.log(`Signing ${mixMembers} members in…`);
      const cookies = await signInMembers(server.baseURL, mixMembers);
      for (const conns of [10, 50]) {
        results.push(
          await runMix(`mix, ${conns} connections`, server.baseURL, cookies, postIds, { connections: conns, seconds: Math.max(duration, Number(option("mix-duration") ?? 10)), seed: conns, serverPid: server.child.pid, probe: postgres?.probe }),
        );
      }
      // --top-statements[=N]: where PostgreSQL's time went over the whole run (sign-ins included).
      if (postgres?.probe && (flag("top-statements") || option("top-statements"))) {
        const top = await postgres.probe.topStatements(Number(option("top-statements") ?? 15));
        const total = (await postgres.probe.sample()).execMs;
        console.log(`\nPostgreSQL statements by execution time (of ${total.toFixed(0)} ms):`);
        for (const row of top) console.log(`${row.totalMs.toFixed(0).padStart(7)} ms ${String(row.calls).padStart(7)} calls ${row.meanMs.toFixed(3).padStart(8)} ms  ${row.query.replace(/\s+/g, " ").slice(0, 220)}`);
      }
    } finally {
      await stopAppServer(server);
    }
  } finally {
    copy.remove();
    await postgres?.release();
  }
  load.after = os.loadavg();
  if (onPostgres) {
    console.log("\n| mix (PostgreSQL) | req/s | p50 ms | p99 ms | errors | non-2xx | page-cache hit rate | app CPU ms/req | db CPU ms/req | statements/req | db exec ms/req |");
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const m of results) {
      console.log(
        `| ${m.name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors + m.timeouts} | ${m.non2xx} | ${(m.pageCacheHitRate * 100).toFixed(1)} % | ${m.cpuMsPerRequest?.toFixed(1)} | ${m.dbCpuMsPerRequest?.toFixed(1)} | ${m.dbStatementsPerRequest?.toFixed(1)} | ${m.dbExecMsPerRequest?.toFixed(2)} |`,
      );
    }
  } else {
    console.log("\n| mix | req/s | p50 ms | p99 ms | errors | non-2xx | page-cache hit rate |");
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const m of results) console.log(`| ${m.name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors + m.timeouts} | ${m.non2xx} | ${(m.pageCacheHitRate * 100).toFixed(1)} % |`);
  }
  writeReport("mix", startedAt, { ...(onPostgres ? { engine } : {}), load, mixMembers, results });
}

/* --against <ref>: side by side ------------------------------------------------------------- */

function run(command: string, commandArgs: string[], cwd: string) {
  const result = spawnSync(command, commandArgs, { cwd, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed in ${cwd}`);
}

/**
 * The ref, built in a temporary git worktree whose node_modules is a hard-link copy of this
 * tree's (`cp -al`: no install, no download) when both lockfiles are the same. Patched packages
 * (patches/, patch-package) are copied for real first and set to the ref's own patches, so the ref
 * runs what it would run. A ref with other dependencies (another framework: a ref from before
 * React Router 7, decision 0090) gets its own `npm ci` instead (a few minutes: better-sqlite3 compiles).
 */
function prepareRef(ref: string): { tree: string; sha: string } {
  const sha = spawnSync("git", ["rev-parse", "--verify", `${ref}^{commit}`], { cwd: root, encoding: "utf8" }).stdout.trim();
  if (!sha) throw new Error(`${ref} is not a commit of this repository`);
  const tree = path.join(os.tmpdir(), `quads-bench-${sha.slice(0, 12)}`);
  if (!existsSync(path.join(tree, "package.json"))) {
    console.log(`Checking ${ref} (${sha.slice(0, 12)}) out in ${tree}…`);
    rmSync(tree, { recursive: true, force: true });
    run("git", ["worktree", "prune"], root);
    run("git", ["worktree", "add", "--detach", tree, sha], root);
  }
  const sameLockfile = readFileSync(path.join(tree, "package-lock.json"), "utf8") === readFileSync(path.join(root, "package-lock.json"), "utf8");
  if (!existsSync(path.join(tree, "node_modules")) && !sameLockfile) {
    console.log(`${ref} has other dependencies than the working tree: npm ci in ${tree}…`);
    run("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], tree);
  } else if (!existsSync(path.join(tree, "node_modules"))) {
    run("cp", ["-al", path.join(root, "node_modules"), path.join(tree, "node_modules")], root);
    const ourPatches = path.join(root, "patches");
    if (existsSync(ourPatches) && readdirSync(ourPatches).some((file) => file.endsWith(".patch"))) {
      // Unlink the patched packages' files (a real copy), take this tree's patches off, put the ref's on.
      for (const file of readdirSync(ourPatches).filter((name) => name.endsWith(".patch"))) {
        const packageName = file.replace(/\+[^+]*\.patch$/, "").replace("+", "/");
        const packageDir = path.join(tree, "node_modules", packageName);
        run("cp", ["-r", "--remove-destination", path.join(root, "node_modules", packageName) + "/.", packageDir + ".copy"], root);
        rmSync(packageDir, { recursive: true, force: true });
        run("mv", [packageDir + ".copy", packageDir], root);
      }
      run("cp", ["-r", ourPatches, path.join(tree, ".bench-patches")], root);
      run("npx", ["patch-package", "--reverse", "--patch-dir", ".bench-patches"], tree);
      if (existsSync(path.join(tree, "patches"))) run("npx", ["patch-package"], tree);
    }
  }
  if (!existsSync(path.join(tree, "build/server.js")) || !existsSync(path.join(tree, "build/server/index.js"))) {
    console.log(`Building ${ref}…`);
    run("npm", ["run", "build", "--silent"], tree);
  }
  return { tree, sha };
}

/** One side of a side-by-side run: a tree (--against) or an engine (--engine both). */
type Side = {
  /** The key its runs have in the report (`ref`/`work`, `sqlite`/`postgres`). */
  key: string;
  /** Its column heading. */
  label: string;
  /** Starts its server, with or without the page cache. */
  start: (withPageCache: boolean) => Promise<AppServer>;
  /** What its database server spent (PostgreSQL), when it has one of its own. */
  probe?: DatabaseProbe;
};

type Pair = { name: string; runs: Record<string, Measurement[]> };

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

/** Total over total (a round with few requests weighs less) of one per-request figure. */
function perRequest(list: Measurement[], of: (m: Measurement) => number | undefined): number {
  const requests = list.reduce((sum, m) => sum + (of(m) !== undefined ? m.requests : 0), 0);
  return requests ? list.reduce((sum, m) => sum + (of(m) ?? 0) * m.requests, 0) / requests : NaN;
}

const SIDE_BY_SIDE_PAGES = ({ fiftyRepliesPostId, longConversationId }: Picks): [string, string, boolean][] => [
  ["member /", "/", true],
  ["member /discussions", "/discussions", true],
  [`member /discussions?q=${SEARCH_TERM}`, `/discussions?q=${SEARCH_TERM}`, true],
  ["member /post/:id (50 replies)", `/post/${fiftyRepliesPostId}`, true],
  ["member /members", "/members", true],
  ["member /meetings", "/meetings", true],
  ["member /resources", "/resources", true],
  ["member /music-artists", "/music-artists", true],
  ["member /notifications", "/notifications", true],
  ["member /messages", "/messages", true],
  ["member /messages/:id (500 messages)", `/messages/${longConversationId}`, true],
  ["member /badges", "/badges", true],
  ["visitor /", "/", false],
  ["visitor /login", "/login", false],
  ["member GET /api/posts", "/api/posts", true],
];

/** Repeated views (page cache on) measured by --engine both, after the first views. */
const REPEAT_VIEW_PAGES: [string, string, boolean][] = [
  ["repeat member /discussions", "/discussions", true],
  ["repeat member /", "/", true],
  ["repeat member GET /api/posts", "/api/posts", true],
];

type SideBySide = {
  sides: [Side, Side];
  seconds: number;
  rounds: number;
  mixSeconds: number;
  picks: Picks;
  postIds: number[];
  /** Also repeated views (page cache on) and each side's bare node:http baseline (--engine both). */
  isEngineComparison: boolean;
};

/**
 * Both sides' servers on the same community, measured alternately page by page (ABBA), first
 * views (page cache off), then (engines) repeated views, then the mix with the page cache on.
 */
async function measureSideBySide({ sides, seconds, rounds, mixSeconds, picks, postIds, isEngineComparison }: SideBySide) {
  const keys = sides.map((side) => side.key);
  const servers: Record<string, AppServer> = {};
  for (const side of sides) servers[side.key] = await side.start(false);
  const pairs: Pair[] = [];
  const repeats: Pair[] = [];
  const bares: Pair = { name: "bare node:http /discussions", runs: Object.fromEntries(keys.map((key) => [key, []])) };
  const mixes: { name: string; runs: Record<string, MixResult[]> }[] = [];
  const bytes: Record<string, Record<string, number>> = {};
  const labelOf = (key: string) => sides.find((side) => side.key === key)!.label;
  const measureAll = async (list: [string, string, boolean][], into: Pair[], cookies: Record<string, string>) => {
    for (const [index, [name, pagePath, signedIn]] of list.entries()) {
      const pair: Pair = { name, runs: Object.fromEntries(keys.map((key) => [key, []])) };
      for (let round = 0; round < rounds; round++) {
        // ABBA: which side goes first alternates, so a drift in the machine's load hits both.
        const order = (index + round) % 2 === 0 ? sides : [sides[1], sides[0]];
        for (const side of order) {
          const headers = signedIn ? { ...(pagePath.startsWith("/api") ? { "accept-encoding": "gzip, deflate, br" } : BROWSER_HEADERS), cookie: cookies[side.key] } : BROWSER_HEADERS;
          pair.runs[side.key].push(
            await measure(`${side.label.slice(0, 12)} ${name}`, servers[side.key].baseURL + pagePath, { headers, seconds, warmup: round === 0, serverPid: servers[side.key].child.pid, probe: side.probe }),
          );
        }
      }
      into.push(pair);
    }
  };
  try {
    const cookies: Record<string, string> = {};
    for (const side of sides) cookies[side.key] = await signIn(servers[side.key].baseURL);
    let wanted = SIDE_BY_SIDE_PAGES(picks).filter(([name]) => !only || only.some((part) => name.includes(part)));
    if (!isEngineComparison) {
      // A page the older ref does not have yet (its 404) is left out of the comparison, and said so.
      const missing = new Set<string>();
      for (const [name, pagePath, signedIn] of wanted) {
        const response = await fetch(servers[sides[0].key].baseURL + pagePath, { headers: signedIn ? { ...BROWSER_HEADERS, cookie: cookies[sides[0].key] } : BROWSER_HEADERS, redirect: "manual" });
        await response.arrayBuffer();
        if (response.status === 404) missing.add(name);
      }
      if (missing.size > 0) console.log(`Left out (not in ${sides[0].label}): ${[...missing].join(", ")}`);
      wanted = wanted.filter(([name]) => !missing.has(name));
    }
    for (const side of sides) {
      for (const [, pagePath, signedIn] of wanted) {
        const headers = signedIn ? { ...BROWSER_HEADERS, cookie: cookies[side.key] } : BROWSER_HEADERS;
        await check(servers[side.key].baseURL + pagePath, headers, signedIn && !pagePath.startsWith("/api") ? "Bench" : null);
      }
      const html = await fetch(`${servers[side.key].baseURL}/discussions`, { headers: { cookie: cookies[side.key] } }).then((response) => response.text());
      (bytes["member /discussions HTML"] ??= {})[side.key] = Buffer.byteLength(html);
    }
    console.log(`\nFirst views (every request rendered), ${rounds} round(s) of ${seconds} s per side, alternating:`);
    await measureAll(wanted, pairs, cookies);
    if (isEngineComparison) {
      // Each side's reference: its own /discussions bytes replayed by a bare node:http server.
      console.log("Bare node:http replaying each side's /discussions:");
      for (let round = 0; round < rounds; round++) {
        for (const side of round % 2 === 0 ? sides : [sides[1], sides[0]]) {
          const member = { ...BROWSER_HEADERS, cookie: cookies[side.key] };
          const raw = await rawGet(`${servers[side.key].baseURL}/discussions`, member);
          const reference = await startBareServer(raw.body, raw.headers);
          bares.runs[side.key].push(await measure(`bare node:http (${side.label}) /discussions`, reference.url, { headers: member, seconds, warmup: round === 0 }));
          await reference.close();
        }
      }
    }
    // The page cache on (as in production) for repeated views and the mix.
    for (const side of sides) await stopAppServer(servers[side.key]);
    for (const side of sides) servers[side.key] = await side.start(true);
    if (isEngineComparison) {
      for (const side of sides) cookies[side.key] = await signIn(servers[side.key].baseURL);
      const wantedRepeats = REPEAT_VIEW_PAGES.filter(([name]) => !only || only.some((part) => name.includes(part)));
      console.log(`\nRepeated views (page cache on), ${rounds} round(s) of ${seconds} s per side, alternating:`);
      await measureAll(wantedRepeats, repeats, cookies);
    }
    if (!flag("no-mix")) {
      console.log(`\nSigning ${mixMembers} members in on each server…`);
      const memberCookies: Record<string, string[]> = {};
      for (const side of sides) memberCookies[side.key] = await signInMembers(servers[side.key].baseURL, mixMembers);
      for (const conns of [10, 50]) {
        const entry = { name: `mix, ${conns} connections`, runs: Object.fromEntries(keys.map((key) => [key, [] as MixResult[]])) };
        for (let round = 0; round < rounds; round++) {
          for (const side of round % 2 === 0 ? sides : [sides[1], sides[0]]) {
            entry.runs[side.key].push(
              await runMix(`${side.label.slice(0, 12)} mix ${conns}c`, servers[side.key].baseURL, memberCookies[side.key], postIds, {
                connections: conns,
                seconds: mixSeconds,
                seed: conns * 100 + round,
                warmup: round === 0,
                serverPid: servers[side.key].child.pid,
                probe: side.probe,
              }),
            );
          }
        }
        mixes.push(entry);
      }
    }
  } finally {
    await Promise.all(Object.values(servers).map((server) => stopAppServer(server)));
  }

  const [a, b] = keys;
  const failed = (list: Measurement[]) => list.some((m) => m.requests === 0 || m.non2xx > 0 || m.errors > 0 || m.timeouts > 0);
  const bareRate = Object.fromEntries(keys.map((key) => [key, mean(bares.runs[key].map((m) => m.requestsPerSecond))]));
  const probed = sides.filter((side) => side.probe);
  const extraHeadings = [
    ...(isEngineComparison ? sides.map((side) => `${side.label} % of bare`) : []),
    ...probed.flatMap((side) => [`${side.label} db CPU ms/req`, `${side.label} statements/req`, `${side.label} db exec ms/req`]),
  ];
  console.log(
    `\n| page | ${labelOf(a)} req/s | ${labelOf(b)} req/s | ratio | ${labelOf(a)} CPU ms/req | ${labelOf(b)} CPU ms/req | CPU ratio | ${labelOf(a)} p50 / p99 ms | ${labelOf(b)} p50 / p99 ms |${extraHeadings.map((heading) => ` ${heading} |`).join("")} notes |`,
  );
  console.log(`|---|---:|---:|---:|---:|---:|---:|---:|---:|${extraHeadings.map(() => "---:|").join("")}---|`);
  const rows: { name: string; runs: Record<string, Measurement[]> }[] = [...pairs, ...repeats, ...mixes];
  const summary: Record<string, { ratio: number; rates: Record<string, number>; appCpu: Record<string, number>; p99: Record<string, number>; dbCpu?: number; statements?: number; execMs?: number }> = {};
  for (const row of rows) {
    const rate = (key: string) => mean(row.runs[key].map((m) => m.requestsPerSecond));
    const p = (list: Measurement[]) => `${Math.round(mean(list.map((m) => m.p50)))} / ${Math.round(mean(list.map((m) => m.p99)))}`;
    const mixRuns = (key: string) => row.runs[key] as MixResult[];
    const hit = "pageCacheHitRate" in (row.runs[b][0] ?? {}) ? `hit rate ${(mean(mixRuns(b).map((m) => m.pageCacheHitRate)) * 100).toFixed(0)} % (${labelOf(a)} ${(mean(mixRuns(a).map((m) => m.pageCacheHitRate)) * 100).toFixed(0)} %)` : "";
    const notes = [hit, failed(row.runs[b]) ? `${labelOf(b)} FAILED (errors/non-2xx)` : "", failed(row.runs[a]) ? `${labelOf(a)} had errors/non-2xx` : ""].filter(Boolean).join("; ");
    const appCpu = (key: string) => perRequest(row.runs[key], (m) => m.cpuMsPerRequest);
    const isDiscussions = row.name.endsWith("member /discussions");
    const extra = [
      ...(isEngineComparison ? keys.map((key) => (isDiscussions ? `${((rate(key) / bareRate[key]) * 100).toFixed(1)} %` : "")) : []),
      ...probed.flatMap((side) => [
        perRequest(row.runs[side.key], (m) => m.dbCpuMsPerRequest).toFixed(1),
        perRequest(row.runs[side.key], (m) => m.dbStatementsPerRequest).toFixed(1),
        perRequest(row.runs[side.key], (m) => m.dbExecMsPerRequest).toFixed(2),
      ]),
    ];
    const ratio = rate(b) / rate(a);
    console.log(
      `| ${row.name} | ${rate(a).toFixed(0)} | ${rate(b).toFixed(0)} | **${ratio.toFixed(2)}×** | ${appCpu(a).toFixed(1)} | ${appCpu(b).toFixed(1)} | **${(appCpu(a) / appCpu(b)).toFixed(2)}×** | ${p(row.runs[a])} | ${p(row.runs[b])} |${extra.map((cell) => ` ${cell} |`).join("")} ${notes} |`,
    );
    const probedSide = probed[0]?.key;
    summary[row.name] = {
      ratio,
      rates: Object.fromEntries(keys.map((key) => [key, rate(key)])),
      appCpu: Object.fromEntries(keys.map((key) => [key, appCpu(key)])),
      p99: Object.fromEntries(keys.map((key) => [key, mean(row.runs[key].map((m) => m.p99))])),
      ...(probedSide
        ? {
            dbCpu: perRequest(row.runs[probedSide], (m) => m.dbCpuMsPerRequest),
            statements: perRequest(row.runs[probedSide], (m) => m.dbStatementsPerRequest),
            execMs: perRequest(row.runs[probedSide], (m) => m.dbExecMsPerRequest),
          }
        : {}),
    };
  }
  if (isEngineComparison) {
    console.log(`\n| bare node:http /discussions | ${labelOf(a)} ${bareRate[a].toFixed(0)} req/s | ${labelOf(b)} ${bareRate[b].toFixed(0)} req/s |`);
  }
  for (const [name, size] of Object.entries(bytes)) console.log(`\n${name}: ${keys.map((key) => `${labelOf(key)} ${(size[key] / 1024).toFixed(1)} KB`).join(", ")} (before compression)`);
  return { pairs: pairs.map((pair) => ({ name: pair.name, ...pair.runs })), repeats: repeats.map((pair) => ({ name: pair.name, ...pair.runs })), mixes: mixes.map((mix) => ({ name: mix.name, ...mix.runs })), bares: bares.runs, bareRate, bytes, summary };
}

async function againstMain(ref: string) {
  const startedAt = new Date();
  const load = { before: os.loadavg(), after: [] as number[] };
  const seconds = Number(option("duration") ?? (quick ? 2 : 5));
  const rounds = Number(option("rounds") ?? 2);
  // A mix request can wait seconds at 50 connections on a busy box: give it time to complete some.
  const mixSeconds = Math.max(seconds, Number(option("mix-duration") ?? 10));
  console.log(`Quads bench --against ${ref} — ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}; load before ${load.before.map((v) => v.toFixed(2)).join(" ")}`);
  ensureBuild();
  ensureSeeded(largeDb, false);
  const { tree, sha } = prepareRef(ref);
  const copy = copyDatabase(largeDb);
  const picks = pick(copy.file);
  const postIds = mixPosts(copy.file);
  let measured: Awaited<ReturnType<typeof measureSideBySide>>;
  try {
    measured = await measureSideBySide({
      sides: [
        { key: "ref", label: ref, start: (withPageCache) => startServer(copy.file, withPageCache, tree) },
        { key: "work", label: "working tree", start: (withPageCache) => startServer(copy.file, withPageCache) },
      ],
      seconds,
      rounds,
      mixSeconds,
      picks,
      postIds,
      isEngineComparison: false,
    });
  } finally {
    copy.remove();
  }
  load.after = os.loadavg();
  console.log(`\nAgainst ${ref} (${sha.slice(0, 12)}), same database copy, alternating; mean of ${rounds} round(s). load average after: ${load.after.map((value) => value.toFixed(2)).join(" ")}`);
  writeReport("against", startedAt, { ref, sha, seconds, rounds, load, bytes: measured.bytes, pairs: measured.pairs, mixes: measured.mixes });
}

/* --engine both: SQLite and PostgreSQL side by side ------------------------------------------ */

/** The engine's requests/s as a share of SQLite's, the p99 budget at 10 connections (docs/scaling.md). */
const ENGINE_TARGETS = { ratio: 0.6, p99Ms: 150 };

async function enginesMain() {
  const startedAt = new Date();
  const load = { before: os.loadavg(), after: [] as number[] };
  const seconds = Number(option("duration") ?? (quick ? 2 : 5));
  const rounds = Number(option("rounds") ?? 2);
  const mixSeconds = Math.max(seconds, Number(option("mix-duration") ?? 10));
  console.log(`Quads bench --engine both — ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}; load before ${load.before.map((v) => v.toFixed(2)).join(" ")}`);
  ensureBuild();
  ensureSeeded(largeDb, false);
  const copy = copyDatabase(largeDb);
  const postgres = await openEngine("postgres");
  const picks = pick(copy.file);
  const postIds = mixPosts(copy.file);
  let measured: Awaited<ReturnType<typeof measureSideBySide>>;
  try {
    measured = await measureSideBySide({
      sides: [
        { key: "sqlite", label: "SQLite", start: (withPageCache) => startServer(copy.file, withPageCache) },
        { key: "postgres", label: "PostgreSQL", start: (withPageCache) => startServer(largeDb, withPageCache, root, postgres.env), probe: postgres.probe },
      ],
      seconds,
      rounds,
      mixSeconds,
      picks,
      postIds,
      isEngineComparison: true,
    });
  } finally {
    copy.remove();
    await postgres.release();
  }
  load.after = os.loadavg();
  console.log(`\nPostgreSQL against SQLite (ratio = PostgreSQL / SQLite), same community, alternating; mean of ${rounds} round(s). load average before ${load.before.map((v) => v.toFixed(2)).join(" ")}, after ${load.after.map((v) => v.toFixed(2)).join(" ")}`);
  const targets = [
    ["member /discussions", "fresh signed-in /discussions"],
    ["mix, 10 connections", "--mix, 10 connections"],
    ["mix, 50 connections", "--mix, 50 connections"],
  ] as const;
  for (const [name, label] of targets) {
    const row = measured.summary[name];
    if (!row) continue;
    const p99 = row.p99.postgres;
    const p99Note = name.includes("50 connections") ? "" : `; p99 ${p99.toFixed(0)} ms < ${ENGINE_TARGETS.p99Ms}: ${p99 < ENGINE_TARGETS.p99Ms ? "ok" : "MISSED"}`;
    console.log(`  ${label}: PostgreSQL ${row.ratio.toFixed(2)}× SQLite (≥ ${ENGINE_TARGETS.ratio}: ${row.ratio >= ENGINE_TARGETS.ratio ? "ok" : "MISSED"})${p99Note}`);
  }
  // The capacity model (docs/scaling.md): what one core of each kind serves, from CPU per request.
  console.log("\nCapacity model (CPU per request → requests/s per core; app boxes of 2 cores one PostgreSQL box of N cores feeds):");
  for (const name of ["member /discussions", "mix, 10 connections", "mix, 50 connections"]) {
    const row = measured.summary[name];
    if (!row?.dbCpu) continue;
    const appPerCore = 1000 / row.appCpu.postgres;
    const dbPerCore = 1000 / row.dbCpu;
    const boxes = (cores: number) => ((cores * dbPerCore) / (2 * appPerCore)).toFixed(1);
    console.log(
      `  ${name}: app ${row.appCpu.postgres.toFixed(1)} ms → ${appPerCore.toFixed(0)} req/s per app core (SQLite ${row.appCpu.sqlite.toFixed(1)} ms → ${(1000 / row.appCpu.sqlite).toFixed(0)}); PostgreSQL ${row.dbCpu.toFixed(1)} ms, ${row.statements?.toFixed(1)} statements → ${dbPerCore.toFixed(0)} req/s per db core; 2-core app boxes per PostgreSQL box of 2 / 4 / 8 / 16 cores: ${[2, 4, 8, 16].map(boxes).join(" / ")}`,
    );
  }
  writeReport("engines", startedAt, { seconds, rounds, load, targets: ENGINE_TARGETS, ...measured });
}

/* --boxes N: several app boxes on one PostgreSQL behind the round-robin proxy ----------------- */

/** The cost per request with N boxes may be this much above one box's (docs/scaling.md, "Several boxes on one PostgreSQL: the cost per request (`--boxes 2`)"). */
const BOXES_TARGET = 0.15;

/**
 * `--boxes N`: the --mix traffic through the round-robin test proxy (tests/support/round-robin-proxy.ts)
 * against one box, then against N boxes, all on one PostgreSQL (the large community's copy),
 * alternating (ABBA). Every box runs all the time, each from its own data folder with
 * WEB_CONCURRENCY=1 (--web-concurrency=K); in a one-box run the proxy sends everything to box 1
 * (the others still run their share of the mail jobs; their CPU is also shown apart). The figures:
 * app CPU per request (every box's process tree, from /proc) and PostgreSQL CPU per request (its postmaster's tree),
 * and first an idle phase (no traffic) for what each box costs by itself. On this 2-core box N
 * boxes cannot serve more than one; the point is that the cost per request stays within
 * BOXES_TARGET of one box's (no cross-box overhead that grows with boxes).
 */
async function boxesMain(count: number) {
  const startedAt = new Date();
  const load = { before: os.loadavg(), after: [] as number[] };
  const rounds = Number(option("rounds") ?? 2);
  const mixSeconds = Math.max(quick ? 3 : 10, Number(option("mix-duration") ?? 20));
  const idleSeconds = quick ? 3 : 10;
  const webConcurrency = option("web-concurrency") ?? "1";
  const connectionList = (option("mix-connections") ?? "10,50").split(",").map(Number);
  // --one-box-workers=K: the one-box configuration is a box of its own with WEB_CONCURRENCY=K (K = N
  // boxes × their workers: as many serving processes on each side, so only the cross-box mechanisms differ).
  const oneBoxWorkers = option("one-box-workers");
  console.log(
    `Quads bench --boxes ${count} — ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}; load before ${load.before.map((v) => v.toFixed(2)).join(" ")}; WEB_CONCURRENCY=${webConcurrency} per box`,
  );
  ensureBuild();
  ensureSeeded(largeDb, false);
  const postIds = mixPosts(largeDb);
  const postgres = await openEngine("postgres");
  const proxy = await startRoundRobinProxy();
  const folder = mkdtempSync(path.join(os.tmpdir(), "quads-bench-boxes-"));
  const servers: AppServer[] = [];
  const idle: { seconds: number; boxCpuMsPerSecond: number[]; dbCpuMsPerSecond: number; dbStatementsPerSecond: number } = { seconds: idleSeconds, boxCpuMsPerSecond: [], dbCpuMsPerSecond: NaN, dbStatementsPerSecond: NaN };
  const runs: Record<"one" | "many", (MixResult & { connections: number; idleBoxCpuMsPerSecond?: number })[]> = { one: [], many: [] };
  try {
    for (let index = 0; index < count; index += 1) {
      servers.push(
        await startServer(path.join(folder, `box-${index + 1}`, "quads.db"), true, root, {
          ...postgres.env,
          WEB_CONCURRENCY: webConcurrency,
          TRUST_PROXY: "1",
          PUBLIC_URL: proxy.url,
        }),
      );
    }
    const boxes = [...servers];
    if (oneBoxWorkers) {
      servers.push(
        await startServer(path.join(folder, "box-one", "quads.db"), true, root, { ...postgres.env, WEB_CONCURRENCY: oneBoxWorkers, TRUST_PROXY: "1", PUBLIC_URL: proxy.url }),
      );
    }
    const pids = servers.map((server) => server.child.pid as number);
    // What the boxes and PostgreSQL spend with no traffic at all: the mail senders' polls, the schedule's reads.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const cpuBefore = pids.map((pid) => processTreeCpuMs(pid));
    const dbBefore = await postgres.probe?.sample();
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    idle.boxCpuMsPerSecond = pids.map((pid, index) => (processTreeCpuMs(pid) - cpuBefore[index]) / idleSeconds);
    const dbAfter = await postgres.probe?.sample();
    if (dbBefore && dbAfter) {
      idle.dbCpuMsPerSecond = (dbAfter.cpuMs - dbBefore.cpuMs) / idleSeconds;
      idle.dbStatementsPerSecond = (dbAfter.statements - dbBefore.statements) / idleSeconds;
    }
    console.log(
      `Idle (no traffic, ${idleSeconds} s): boxes ${idle.boxCpuMsPerSecond.map((value) => value.toFixed(1)).join(" / ")} ms CPU per second; PostgreSQL ${idle.dbCpuMsPerSecond.toFixed(1)} ms CPU and ${idle.dbStatementsPerSecond.toFixed(1)} statements per second`,
    );
    proxy.setBackends(servers.map((server) => server.baseURL));
    console.log(`Signing ${mixMembers} members in through the proxy…`);
    const cookies = await signInMembers(proxy.url, mixMembers);
    // Every box's per-process caches (word counts, settings) warm before anything is measured
    // (the one-box configuration's own box too, with --one-box-workers).
    console.log("Warming every box up (not counted):");
    await runMix(`${count} boxes warm-up`, proxy.url, cookies, postIds, { connections: 10, seconds: Math.max(mixSeconds, 20), seed: 1, warmup: false });
    const configurations = [
      { key: "one" as const, label: oneBoxWorkers ? `1 box of ${oneBoxWorkers}` : "1 box", boxes: oneBoxWorkers ? servers.slice(count) : servers.slice(0, 1) },
      { key: "many" as const, label: `${count} boxes`, boxes },
    ];
    for (const conns of connectionList) {
      for (let round = 0; round < rounds; round += 1) {
        for (const configuration of round % 2 === 0 ? configurations : [...configurations].reverse()) {
          proxy.setBackends(configuration.boxes.map((server) => server.baseURL));
          const resting = servers.filter((server) => !configuration.boxes.includes(server)).map((server) => server.child.pid as number);
          const restingBefore = processTreeCpuMs(resting);
          const started = performance.now();
          const result = await runMix(`${configuration.label} mix ${conns}c`, proxy.url, cookies, postIds, {
            connections: conns,
            seconds: mixSeconds,
            seed: conns * 100 + round,
            warmup: false,
            // Every box's CPU counts in both configurations: a box the proxy leaves out still does its
            // share of the traffic's background work (the mail jobs and sends of decision 0110).
            serverPid: servers.map((server) => server.child.pid as number),
            probe: postgres.probe,
          });
          const idleBoxCpuMsPerSecond = resting.length ? (processTreeCpuMs(resting) - restingBefore) / ((performance.now() - started) / 1000) : undefined;
          if (idleBoxCpuMsPerSecond !== undefined) console.log(`    of which the ${resting.length} box(es) the proxy left out: ${idleBoxCpuMsPerSecond.toFixed(1)} ms CPU per second`);
          runs[configuration.key].push({ ...result, connections: conns, idleBoxCpuMsPerSecond });
        }
      }
    }
    console.log(`Proxy: ${JSON.stringify(proxy.stats())}`);
  } finally {
    await proxy.stop();
    await Promise.all(servers.map((server) => stopAppServer(server)));
    await postgres.release();
    rmSync(folder, { recursive: true, force: true });
  }
  load.after = os.loadavg();
  console.log(`\n--boxes ${count}: the --mix through the round-robin proxy, ${rounds} round(s) of ${mixSeconds} s per configuration, alternating; load average after ${load.after.map((v) => v.toFixed(2)).join(" ")}`);
  console.log("\n| mix | boxes | req/s | p50 / p99 ms | errors + non-2xx | app CPU ms/req | PostgreSQL CPU ms/req | statements/req | app + PostgreSQL ms/req | left-out box CPU ms/s |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  const summary: Record<string, { one: Record<string, number>; many: Record<string, number>; totalRatio: number; isWithinTarget: boolean }> = {};
  for (const conns of connectionList) {
    const figures = (key: "one" | "many") => {
      const list = runs[key].filter((run) => run.connections === conns);
      const app = perRequest(list, (m) => m.cpuMsPerRequest);
      const db = perRequest(list, (m) => m.dbCpuMsPerRequest);
      return {
        requestsPerSecond: mean(list.map((m) => m.requestsPerSecond)),
        p50: mean(list.map((m) => m.p50)),
        p99: mean(list.map((m) => m.p99)),
        failures: list.reduce((total, m) => total + m.errors + m.timeouts + m.non2xx, 0),
        appCpu: app,
        dbCpu: db,
        statements: perRequest(list, (m) => m.dbStatementsPerRequest),
        total: app + db,
        idleBoxCpuMsPerSecond: mean(list.map((m) => m.idleBoxCpuMsPerSecond ?? NaN)),
      };
    };
    const one = figures("one");
    const many = figures("many");
    for (const [label, row] of [["1", one], [String(count), many]] as const) {
      console.log(
        `| ${conns} connections | ${label} | ${row.requestsPerSecond.toFixed(0)} | ${row.p50.toFixed(0)} / ${row.p99.toFixed(0)} | ${row.failures} | ${row.appCpu.toFixed(1)} | ${row.dbCpu.toFixed(1)} | ${row.statements.toFixed(1)} | ${row.total.toFixed(1)} | ${Number.isNaN(row.idleBoxCpuMsPerSecond) ? "" : row.idleBoxCpuMsPerSecond.toFixed(1)} |`,
      );
    }
    const totalRatio = many.total / one.total;
    const isWithinTarget = Math.abs(totalRatio - 1) <= BOXES_TARGET;
    summary[`mix, ${conns} connections`] = { one, many, totalRatio, isWithinTarget };
  }
  for (const [name, row] of Object.entries(summary)) {
    console.log(
      `  ${name}: ${count} boxes ${row.totalRatio.toFixed(2)}× one box's app + PostgreSQL CPU per request (app ${(row.many.appCpu / row.one.appCpu).toFixed(2)}×, PostgreSQL ${(row.many.dbCpu / row.one.dbCpu).toFixed(2)}×; within ${BOXES_TARGET * 100} %: ${row.isWithinTarget ? "ok" : "MISSED"})`,
    );
  }
  writeReport(`boxes${count}`, startedAt, { boxes: count, webConcurrency, oneBoxWorkers, rounds, mixSeconds, load, target: BOXES_TARGET, idle, summary, runs });
}

function writeReport(kind: string, startedAt: Date, body: Record<string, unknown>) {
  mkdirSync(path.join(root, "reports"), { recursive: true });
  const file = path.join(root, "reports", `bench-${kind}-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  const machine = { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version };
  writeFileSync(file, JSON.stringify({ startedAt: startedAt.toISOString(), kind, machine, database: largeDb, ...body }, null, 2) + "\n");
  console.log(`Report: ${path.relative(root, file)}`);
}

/* ------------------------------------------------------------------------------------------ */

async function main() {
  const startedAt = new Date();
  const load = { before: os.loadavg(), after: [] as number[] };
  console.log(`Quads bench ${quick ? "(quick) " : ""}${onPostgres ? "on PostgreSQL " : ""}— ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  console.log(`  load average before: ${load.before.map((value) => value.toFixed(2)).join(" ")}; ${connections} connections, ${duration} s per page; page cache ${pageCache ? "on (repeated views)" : "off (--no-page-cache: every view rendered)"}`);
  ensureBuild();
  ensureSeeded(largeDb, false);
  // On PostgreSQL: no scaling check (it would need the small community copied too), and the run's
  // own database (a fresh copy: the like/unlike mix writes into it).
  const scaling = scalingWanted && !onPostgres;
  if (scaling) ensureSeeded(smallDb, true);

  const { fiftyRepliesPostId, longConversationId, likeable } = pick(largeDb);
  const postgres = onPostgres ? await openEngine("postgres") : undefined;
  const probe = postgres?.probe;
  const server = await startServer(largeDb, pageCache, root, postgres?.env).catch(async (error: unknown) => {
    await postgres?.release();
    throw error;
  });
  const results: Measurement[] = [];
  let bare: Measurement | undefined;
  const scalingResults: { name: string; largeP50: number; smallP50: number; ratio: number }[] = [];
  try {
    const cookie = await signIn(server.baseURL);
    const member = { ...BROWSER_HEADERS, cookie };
    const pages: [string, string][] = [
      ["/", "/"],
      ["/discussions", "/discussions"],
      [`/discussions?q=${SEARCH_TERM}`, `/discussions?q=${SEARCH_TERM}`],
      ["/post/:id (50 replies)", `/post/${fiftyRepliesPostId}`],
      ["/members", "/members"],
      ["/meetings", "/meetings"],
      ["/resources", "/resources"],
      ["/music-artists", "/music-artists"],
      ["/badges", "/badges"],
      ["/messages", "/messages"],
      ["/messages/:id (500 messages)", `/messages/${longConversationId}`],
    ];
    const want = (name: string) => !only || only.some((part) => name.includes(part));

    for (const [, pagePath] of pages) await check(server.baseURL + pagePath, member, "Bench");
    await check(server.baseURL + "/", BROWSER_HEADERS, null);
    await check(server.baseURL + "/login", BROWSER_HEADERS, null);

    console.log("\nSigned-in member:");
    // On PostgreSQL the app's and the database's CPU per request are measured too (docs/scaling.md).
    const costs = onPostgres ? { serverPid: server.child.pid, probe } : {};
    for (const [name, pagePath] of pages) if (want(name)) results.push(await measure(`member ${name}`, server.baseURL + pagePath, { headers: member, ...costs }));
    console.log("Visitor:");
    for (const pagePath of ["/", "/login"]) if (want(pagePath)) results.push(await measure(`visitor ${pagePath}`, server.baseURL + pagePath, { headers: BROWSER_HEADERS, ...costs }));
    console.log("API and writes:");
    if (want("/api/posts")) results.push(await measure("member GET /api/posts", `${server.baseURL}/api/posts`, { headers: { cookie, "accept-encoding": "gzip, deflate, br" }, ...costs }));
    if (want("like")) {
      let next = 0;
      const writeHeaders = { cookie, origin: server.baseURL, "content-type": "application/json" };
      results.push(
        await measure("member like/unlike mix", server.baseURL, {
          ...costs,
          requests: [
            {
              method: "POST",
              headers: writeHeaders,
              body: "{}",
              setupRequest: (request, context) => {
                context.postId = likeable[next++ % likeable.length];
                return { ...request, path: `/api/posts/${context.postId}/like` };
              },
            },
            { method: "DELETE", headers: writeHeaders, setupRequest: (request, context) => ({ ...request, path: `/api/posts/${context.postId}/like` }) },
          ],
        }),
      );
    }

    // The reference: the same /discussions bytes from a bare node:http server, measured the same way.
    const raw = await rawGet(`${server.baseURL}/discussions`, member);
    const reference = await startBareServer(raw.body, raw.headers);
    console.log(`Bare node:http replaying /discussions (${raw.body.length} bytes, ${raw.headers["content-encoding"] ?? "identity"}):`);
    bare = await measure("bare node:http /discussions", reference.url, { headers: member });
    await reference.close();

    if (scaling) {
      // How the cost of building a page grows with the community: always measured with the page
      // cache off (a reused page costs the same on any database), on both databases.
      const large = new Map(results.map((result) => [result.name, result.requests > 0 ? result.p50 : 0]));
      const scalingPages = (postId: number): [string, string][] => [
        ["member /discussions", "/discussions"],
        ["member /post/:id (50 replies)", `/post/${postId}`],
        [`member /discussions?q=${SEARCH_TERM}`, `/discussions?q=${SEARCH_TERM}`],
      ];
      const smallPick = pick(smallDb);
      await stopAppServer(server);
      if (pageCache) {
        const renderServer = await startServer(largeDb, false);
        try {
          const renderCookie = await signIn(renderServer.baseURL);
          console.log("Large community, page cache off (every view rendered):");
          for (const [name, pagePath] of scalingPages(fiftyRepliesPostId)) {
            if (!large.has(name)) continue;
            const rendered = await measure(`rendered ${name}`, renderServer.baseURL + pagePath, { headers: { ...BROWSER_HEADERS, cookie: renderCookie } });
            large.set(name, rendered.requests > 0 ? rendered.p50 : 0);
            results.push(rendered);
          }
        } finally {
          await stopAppServer(renderServer);
        }
      }
      const smallServer = await startServer(smallDb, false);
      try {
        const smallCookie = await signIn(smallServer.baseURL);
        console.log("Small community (1,000 posts), page cache off:");
        for (const [name, pagePath] of scalingPages(smallPick.fiftyRepliesPostId)) {
          if (!large.has(name)) continue;
          const small = await measure(`small ${name}`, smallServer.baseURL + pagePath, { headers: { ...BROWSER_HEADERS, cookie: smallCookie } });
          // A page that timed out on the large database (no requests) has no p50: count it as missed.
          const largeP50 = large.get(name) || Number.POSITIVE_INFINITY;
          // Latencies are whole milliseconds: compare with a floor of 1 ms.
          scalingResults.push({ name, largeP50, smallP50: small.p50, ratio: Math.max(largeP50, 1) / Math.max(small.p50, 1) });
        }
      } finally {
        await stopAppServer(smallServer);
      }
    }
  } catch (error) {
    console.error(serverRequestTiming(server));
    throw error;
  } finally {
    await stopAppServer(server);
    await postgres?.release();
  }

  load.after = os.loadavg();
  const failed = (m: Measurement) => m.requests === 0 || m.non2xx > 0 || m.errors > 0 || m.timeouts > 0;
  const ratio = (m: Measurement) => (bare ? m.requestsPerSecond / bare.requestsPerSecond : NaN);
  const targets: Record<string, number> = { "member /discussions": 0.1, "member GET /api/posts": 0.25 };
  const costColumns = (m: Measurement) =>
    onPostgres ? ` ${m.cpuMsPerRequest?.toFixed(1) ?? ""} | ${m.dbCpuMsPerRequest?.toFixed(1) ?? ""} | ${m.dbStatementsPerRequest?.toFixed(1) ?? ""} | ${m.dbExecMsPerRequest?.toFixed(2) ?? ""} |` : "";
  console.log(`\n| page | req/s | p50 ms | p99 ms | vs bare | target |${onPostgres ? " app CPU ms/req | db CPU ms/req | statements/req | db exec ms/req |" : ""}`);
  console.log(`|---|---:|---:|---:|---:|---|${onPostgres ? "---:|---:|---:|---:|" : ""}`);
  for (const m of [...results, ...(bare ? [bare] : [])]) {
    const target = targets[m.name];
    const notes = [
      target !== undefined ? `≥ ${target * 100}% bare: ${ratio(m) >= target ? "ok" : "MISSED"}` : "",
      m.name.startsWith("bare") ? "" : `p99 < 100: ${m.p99 < 100 && !failed(m) ? "ok" : "MISSED"}`,
      failed(m) ? `FAILED: ${m.requests} requests, ${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts` : "",
    ].filter(Boolean);
    console.log(`| ${m.name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${(ratio(m) * 100).toFixed(1)}% | ${notes.join("; ")} |${costColumns(m)}`);
  }
  if (scalingResults.length) {
    console.log("\n| scaling (p50) | 100k posts | 1k posts | ratio (≤ 1.3) |");
    console.log("|---|---:|---:|---:|");
    for (const s of scalingResults) console.log(`| ${s.name} | ${s.largeP50} ms | ${s.smallP50} ms | ${s.ratio.toFixed(2)} ${s.ratio <= 1.3 ? "ok" : "MISSED"} |`);
  }
  console.log(`\nload average after: ${load.after.map((value) => value.toFixed(2)).join(" ")}`);

  mkdirSync(path.join(root, "reports"), { recursive: true });
  const file = path.join(root, "reports", `bench-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        ...(onPostgres ? { engine } : {}),
        quick,
        duration,
        connections,
        pageCache,
        machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: load },
        database: largeDb,
        results: results.map((m) => ({ ...m, ratioToBare: ratio(m) })),
        bare,
        scaling: scalingResults,
      },
      null,
      2,
    ) + "\n",
  );
  console.log(`Report: ${path.relative(root, file)}`);
}

if (flag("slow")) {
  const slow = spawnSync(process.execPath, ["--import", "tsx", "scripts/slow-view.ts", ...args.filter((arg) => arg !== "--slow")], { cwd: root, stdio: "inherit" });
  process.exit(slow.status ?? 1);
} else if (boxesWanted > 0) await boxesMain(boxesWanted);
else if (againstRef) await againstMain(againstRef);
else if (engine === "both") await enginesMain();
else if (mixMode) await mixMain();
else await main();
