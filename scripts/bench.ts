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
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { BENCH_EMAIL, BENCH_PASSWORD, repoRoot as root, signInViaApi, startAppServer, stopAppServer, type AppServer } from "./lib/app-server";
import { ensureSeeded } from "./lib/large-community";
import { processTree } from "./lib/process-tree";

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=").slice(1).join("=");
const flag = (name: string) => args.includes(`--${name}`);

const quick = flag("quick");
const duration = Number(option("duration") ?? (quick ? 3 : 10));
const connections = Number(option("connections") ?? 10);
const largeDb = path.resolve(root, option("db") ?? "data/large.db");
const smallDb = path.resolve(root, option("small-db") ?? "data/small.db");
const scaling = !flag("no-scaling");
const only = option("only")?.split(",");
/** --no-page-cache: measure full renders (PAGE_CACHE_SECONDS=0), as for a page's first view. */
const pageCache = !flag("no-page-cache");
/** --mix: realistic traffic from many members (see runMix). */
const mixMode = flag("mix");
const mixMembers = Number(option("members") ?? 200);
/** --against <ref> (or --against=<ref>): the ref measured side by side with the working tree. */
const againstRef = option("against") ?? (args.includes("--against") ? args[args.indexOf("--against") + 1] : undefined);

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

function startServer(databasePath: string, withPageCache = pageCache, tree = root): Promise<AppServer> {
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
    },
  });
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
};

/**
 * CPU time (user + system, ms) of a process and all its descendants (the cluster's workers), from
 * /proc. On a box shared with other work, CPU per request moves far less than requests per second.
 */
function processTreeCpuMs(rootPid: number | undefined): number {
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
  options: { headers?: Record<string, string>; requests?: AutocannonRequest[]; seconds?: number; connections?: number; warmup?: boolean; serverPid?: number } = {},
): Promise<Measurement> {
  const conns = options.connections ?? connections;
  // A short warm-up (JIT, SQLite page cache), then the measured run.
  if (options.warmup !== false) await autocannon({ url, connections: conns, duration: 1, headers: options.headers, requests: options.requests });
  const cpuBefore = processTreeCpuMs(options.serverPid);
  const result = await autocannon({ url, connections: conns, duration: options.seconds ?? duration, headers: options.headers, requests: options.requests });
  const cpuAfter = processTreeCpuMs(options.serverPid);
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
  };
  const warn = measurement.non2xx || measurement.errors || measurement.timeouts ? `  !! non2xx ${measurement.non2xx} errors ${measurement.errors} timeouts ${measurement.timeouts}` : "";
  const cpu = measurement.cpuMsPerRequest !== undefined ? `  cpu ${measurement.cpuMsPerRequest.toFixed(1).padStart(5)} ms/req` : "";
  console.log(`  ${name.padEnd(34)} ${measurement.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(measurement.p50).padStart(4)} ms  p99 ${String(measurement.p99).padStart(4)} ms${cpu}${warn}`);
  return measurement;
}

function pick(databasePath: string) {
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
    return { fiftyRepliesPostId: fiftyReplies.id, likeable };
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
  options: { connections: number; seconds: number; seed: number; warmup?: boolean; serverPid?: number },
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
  const measured = await measure(name, baseURL, { requests: [request], connections: options.connections, seconds: options.seconds, warmup: options.warmup, serverPid: options.serverPid });
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
  console.log(`Quads bench --mix — ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}; load before ${load.before.map((v) => v.toFixed(2)).join(" ")}`);
  ensureBuild();
  ensureSeeded(largeDb, false);
  const copy = copyDatabase(largeDb);
  const postIds = mixPosts(copy.file);
  const server = await startServer(copy.file, true);
  const results: MixResult[] = [];
  try {
    console.log(`Signing ${mixMembers} members in…`);
    const cookies = await signInMembers(server.baseURL, mixMembers);
    for (const conns of [10, 50]) results.push(await runMix(`mix, ${conns} connections`, server.baseURL, cookies, postIds, { connections: conns, seconds: Math.max(duration, Number(option("mix-duration") ?? 10)), seed: conns, serverPid: server.child.pid }));
  } finally {
    await stopAppServer(server);
    copy.remove();
  }
  load.after = os.loadavg();
  console.log("\n| mix | req/s | p50 ms | p99 ms | errors | non-2xx | page-cache hit rate |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const m of results) console.log(`| ${m.name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${m.errors + m.timeouts} | ${m.non2xx} | ${(m.pageCacheHitRate * 100).toFixed(1)} % |`);
  writeReport("mix", startedAt, { load, mixMembers, results });
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

type Pair = { name: string; ref: Measurement[]; work: Measurement[] };

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
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
  const { fiftyRepliesPostId } = pick(copy.file);
  const postIds = mixPosts(copy.file);
  // First views: both servers render every request (no page cache); the mix runs with it, as in production.
  const servers = { ref: await startServer(copy.file, false, tree), work: await startServer(copy.file, false) };
  const pairs: Pair[] = [];
  const mixes: { name: string; ref: MixResult[]; work: MixResult[] }[] = [];
  const bytes: Record<string, { ref: number; work: number }> = {};
  try {
    const cookies = { ref: await signIn(servers.ref.baseURL), work: await signIn(servers.work.baseURL) };
    const pages: [string, string, boolean][] = [
      ["member /", "/", true],
      ["member /discussions", "/discussions", true],
      [`member /discussions?q=${SEARCH_TERM}`, `/discussions?q=${SEARCH_TERM}`, true],
      ["member /post/:id (50 replies)", `/post/${fiftyRepliesPostId}`, true],
      ["member /members", "/members", true],
      ["member /meetings", "/meetings", true],
      ["member /resources", "/resources", true],
      ["member /music-artists", "/music-artists", true],
      ["member /notifications", "/notifications", true],
      ["member /badges", "/badges", true],
      ["visitor /", "/", false],
      ["visitor /login", "/login", false],
      ["member GET /api/posts", "/api/posts", true],
    ];
    const wanted = pages.filter(([name]) => !only || only.some((part) => name.includes(part)));
    for (const side of ["ref", "work"] as const) {
      for (const [, pagePath, signedIn] of wanted) {
        const headers = signedIn ? { ...BROWSER_HEADERS, cookie: cookies[side] } : BROWSER_HEADERS;
        await check(servers[side].baseURL + pagePath, headers, signedIn && !pagePath.startsWith("/api") ? "Bench" : null);
      }
      const html = await fetch(`${servers[side].baseURL}/discussions`, { headers: { cookie: cookies[side] } }).then((response) => response.text());
      (bytes["member /discussions HTML"] ??= { ref: 0, work: 0 })[side] = Buffer.byteLength(html);
    }
    console.log(`\nFirst views (every request rendered), ${rounds} round(s) of ${seconds} s per tree, alternating:`);
    for (const [index, [name, pagePath, signedIn]] of wanted.entries()) {
      const pair: Pair = { name, ref: [], work: [] };
      for (let round = 0; round < rounds; round++) {
        // ABBA: which tree goes first alternates, so a drift in the machine's load hits both.
        const order: ("ref" | "work")[] = (index + round) % 2 === 0 ? ["ref", "work"] : ["work", "ref"];
        for (const side of order) {
          const headers = signedIn ? { ...(pagePath.startsWith("/api") ? { "accept-encoding": "gzip, deflate, br" } : BROWSER_HEADERS), cookie: cookies[side] } : BROWSER_HEADERS;
          pair[side].push(await measure(`${side === "ref" ? ref.slice(0, 10) : "working tree"} ${name}`, servers[side].baseURL + pagePath, { headers, seconds, warmup: round === 0, serverPid: servers[side].child.pid }));
        }
      }
      pairs.push(pair);
    }
    if (!flag("no-mix")) {
      // The mix, with the page cache on (as in production), on both trees, 200 members each.
      await Promise.all([stopAppServer(servers.ref), stopAppServer(servers.work)]);
      servers.ref = await startServer(copy.file, true, tree);
      servers.work = await startServer(copy.file, true);
      console.log(`\nSigning ${mixMembers} members in on each server…`);
      const memberCookies = { ref: await signInMembers(servers.ref.baseURL, mixMembers), work: await signInMembers(servers.work.baseURL, mixMembers) };
      for (const conns of [10, 50]) {
        const entry = { name: `mix, ${conns} connections`, ref: [] as MixResult[], work: [] as MixResult[] };
        for (let round = 0; round < rounds; round++) {
          const order: ("ref" | "work")[] = round % 2 === 0 ? ["ref", "work"] : ["work", "ref"];
          for (const side of order) {
            entry[side].push(await runMix(`${side === "ref" ? ref.slice(0, 10) : "working tree"} mix ${conns}c`, servers[side].baseURL, memberCookies[side], postIds, { connections: conns, seconds: mixSeconds, seed: conns * 100 + round, warmup: round === 0, serverPid: servers[side].child.pid }));
          }
        }
        mixes.push(entry);
      }
    }
  } finally {
    await Promise.all([stopAppServer(servers.ref), stopAppServer(servers.work)]);
    copy.remove();
  }
  load.after = os.loadavg();
  const failed = (list: Measurement[]) => list.some((m) => m.requests === 0 || m.non2xx > 0 || m.errors > 0 || m.timeouts > 0);
  console.log(`\nAgainst ${ref} (${sha.slice(0, 12)}), same database copy, alternating; mean of ${rounds} round(s):`);
  console.log(`\n| page | ${ref} req/s | working tree req/s | ratio | ${ref} CPU ms/req | working tree CPU ms/req | CPU ratio | ${ref} p50 / p99 ms | working tree p50 / p99 ms | notes |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|");
  const rows = [...pairs, ...mixes];
  for (const row of rows) {
    const refRate = mean(row.ref.map((m) => m.requestsPerSecond));
    const workRate = mean(row.work.map((m) => m.requestsPerSecond));
    const p = (list: Measurement[]) => `${Math.round(mean(list.map((m) => m.p50)))} / ${Math.round(mean(list.map((m) => m.p99)))}`;
    const hit = "pageCacheHitRate" in (row.work[0] ?? {}) ? `hit rate ${(mean((row.work as MixResult[]).map((m) => m.pageCacheHitRate)) * 100).toFixed(0)} % (ref ${(mean((row.ref as MixResult[]).map((m) => m.pageCacheHitRate)) * 100).toFixed(0)} %)` : "";
    const notes = [hit, failed(row.work) ? "working tree FAILED (errors/non-2xx)" : "", failed(row.ref) ? "ref had errors/non-2xx" : ""].filter(Boolean).join("; ");
    // CPU per request: total CPU over total requests of the rounds (a round with few requests weighs less).
    const cpuPerRequest = (list: Measurement[]) => {
      const requests = list.reduce((sum, m) => sum + (m.cpuMsPerRequest !== undefined ? m.requests : 0), 0);
      return requests ? list.reduce((sum, m) => sum + (m.cpuMsPerRequest ?? 0) * m.requests, 0) / requests : NaN;
    };
    const refCpu = cpuPerRequest(row.ref);
    const workCpu = cpuPerRequest(row.work);
    console.log(
      `| ${row.name} | ${refRate.toFixed(0)} | ${workRate.toFixed(0)} | **${(workRate / refRate).toFixed(2)}×** | ${refCpu.toFixed(1)} | ${workCpu.toFixed(1)} | **${(refCpu / workCpu).toFixed(2)}×** | ${p(row.ref)} | ${p(row.work)} | ${notes} |`,
    );
  }
  for (const [name, size] of Object.entries(bytes)) console.log(`\n${name}: ${ref} ${(size.ref / 1024).toFixed(1)} KB, working tree ${(size.work / 1024).toFixed(1)} KB (before compression)`);
  console.log(`\nload average after: ${load.after.map((value) => value.toFixed(2)).join(" ")}`);
  writeReport("against", startedAt, { ref, sha, seconds, rounds, load, bytes, pairs, mixes });
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
  console.log(`Quads bench ${quick ? "(quick) " : ""}— ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`);
  console.log(`  load average before: ${load.before.map((value) => value.toFixed(2)).join(" ")}; ${connections} connections, ${duration} s per page; page cache ${pageCache ? "on (repeated views)" : "off (--no-page-cache: every view rendered)"}`);
  ensureBuild();
  ensureSeeded(largeDb, false);
  if (scaling) ensureSeeded(smallDb, true);

  const { fiftyRepliesPostId, likeable } = pick(largeDb);
  const server = await startServer(largeDb);
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
    ];
    const want = (name: string) => !only || only.some((part) => name.includes(part));

    for (const [, pagePath] of pages) await check(server.baseURL + pagePath, member, "Bench");
    await check(server.baseURL + "/", BROWSER_HEADERS, null);
    await check(server.baseURL + "/login", BROWSER_HEADERS, null);

    console.log("\nSigned-in member:");
    for (const [name, pagePath] of pages) if (want(name)) results.push(await measure(`member ${name}`, server.baseURL + pagePath, { headers: member }));
    console.log("Visitor:");
    for (const pagePath of ["/", "/login"]) if (want(pagePath)) results.push(await measure(`visitor ${pagePath}`, server.baseURL + pagePath, { headers: BROWSER_HEADERS }));
    console.log("API and writes:");
    if (want("/api/posts")) results.push(await measure("member GET /api/posts", `${server.baseURL}/api/posts`, { headers: { cookie, "accept-encoding": "gzip, deflate, br" } }));
    if (want("like")) {
      let next = 0;
      const writeHeaders = { cookie, origin: server.baseURL, "content-type": "application/json" };
      results.push(
        await measure("member like/unlike mix", server.baseURL, {
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
  }

  load.after = os.loadavg();
  const failed = (m: Measurement) => m.requests === 0 || m.non2xx > 0 || m.errors > 0 || m.timeouts > 0;
  const ratio = (m: Measurement) => (bare ? m.requestsPerSecond / bare.requestsPerSecond : NaN);
  const targets: Record<string, number> = { "member /discussions": 0.1, "member GET /api/posts": 0.25 };
  console.log("\n| page | req/s | p50 ms | p99 ms | vs bare | target |");
  console.log("|---|---:|---:|---:|---:|---|");
  for (const m of [...results, ...(bare ? [bare] : [])]) {
    const target = targets[m.name];
    const notes = [
      target !== undefined ? `≥ ${target * 100}% bare: ${ratio(m) >= target ? "ok" : "MISSED"}` : "",
      m.name.startsWith("bare") ? "" : `p99 < 100: ${m.p99 < 100 && !failed(m) ? "ok" : "MISSED"}`,
      failed(m) ? `FAILED: ${m.requests} requests, ${m.non2xx} non-2xx, ${m.errors} errors, ${m.timeouts} timeouts` : "",
    ].filter(Boolean);
    console.log(`| ${m.name} | ${m.requestsPerSecond.toFixed(0)} | ${m.p50} | ${m.p99} | ${(ratio(m) * 100).toFixed(1)}% | ${notes.join("; ")} |`);
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
} else if (againstRef) await againstMain(againstRef);
else if (mixMode) await mixMain();
else await main();
