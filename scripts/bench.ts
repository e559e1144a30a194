// npm run bench [-- --quick] [--db=data/large.db] [--small-db=data/small.db] [--no-scaling]
//                [--duration=SECONDS] [--connections=N] [--only=name,name] [--build]
//
// Measures the production build on the large community (scripts/seed-large.ts) with autocannon:
// every main page for a signed-in member and for a visitor, GET /api/posts, a like/unlike write
// mix, and, in the same run, the exact bytes of the signed-in /discussions response served by a
// bare node:http server (the reference for what this machine can do). Then the scaling check:
// p50 of /discussions, /post/:id and search on the large vs the small database.
// Prints a table and writes reports/bench-<timestamp>.json. See docs/performance.md.
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
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

const BENCH_EMAIL = "bench@quads.example";
const BENCH_PASSWORD = "bench-password-123";
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

function ensureSeeded(file: string, small: boolean) {
  if (existsSync(file) && statSync(file).size > 0) return;
  console.log(`Seeding ${file}…`);
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed-large.ts", file, ...(small ? ["--small"] : [])], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("seed:large failed");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

type Started = { baseURL: string; child: ChildProcess; output: string[] };

async function startServer(databasePath: string, withPageCache = pageCache): Promise<Started> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${databasePath}`,
      SEED_DEMO: "false",
      AUTH_RATE_LIMIT_PER_IP: "1000000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000",
      POST_RATE_LIMIT: "1000000",
      COOKIE_SECURE: "false",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...(withPageCache ? {} : { PAGE_CACHE_SECONDS: "0" }),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited during start:\n${output.join("")}`);
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return { baseURL, child, output };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`The server did not become healthy:\n${output.join("")}`);
}

function stopServer(started: Started): Promise<void> {
  return new Promise((resolve) => {
    if (started.child.exitCode !== null) return resolve();
    const force = setTimeout(() => started.child.kill("SIGKILL"), 10_000);
    started.child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    started.child.kill("SIGTERM");
  });
}

async function signIn(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  if (cookies.length === 0) throw new Error("Sign-in set no cookie");
  return cookies.join("; ");
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
};

type AutocannonRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string; setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest };

async function measure(name: string, url: string, options: { headers?: Record<string, string>; requests?: AutocannonRequest[]; seconds?: number } = {}): Promise<Measurement> {
  // A short warm-up (JIT, SQLite page cache), then the measured run.
  await autocannon({ url, connections, duration: 1, headers: options.headers, requests: options.requests });
  const result = await autocannon({ url, connections, duration: options.seconds ?? duration, headers: options.headers, requests: options.requests });
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
  };
  const warn = measurement.non2xx || measurement.errors || measurement.timeouts ? `  !! non2xx ${measurement.non2xx} errors ${measurement.errors} timeouts ${measurement.timeouts}` : "";
  console.log(`  ${name.padEnd(34)} ${measurement.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(measurement.p50).padStart(4)} ms  p99 ${String(measurement.p99).padStart(4)} ms${warn}`);
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

const serverRequestTiming = (started: Started) => started.output.join("").split("\n").filter(Boolean).slice(-5).join("\n");

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
      await stopServer(server);
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
          await stopServer(renderServer);
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
        await stopServer(smallServer);
      }
    }
  } catch (error) {
    console.error(serverRequestTiming(server));
    throw error;
  } finally {
    await stopServer(server);
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

await main();
