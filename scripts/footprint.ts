// npm run footprint [-- --db=data/large.db] [--rounds=3] [--env=NAME=VALUE ...] [--node-arg=FLAG ...]
//                   [--min-uptime=65] [--uploads=N]
//
// The memory the whole box takes on the large community (scripts/seed-large.ts): the production
// build (`npm run build` first; this builds nothing) started as in production with two HTTP
// workers and the mail worker, a password-reset e-mail sent through the outbox, then a signed-in
// member browsing every main page a few times (documents and the data requests a browser with
// JavaScript makes), page 2+ of the lists and a handful of posts. Then it reads the resident set
// (VmRSS in /proc/<pid>/status) of the primary and of every process below it and prints them with
// their sum. Writes reports/footprint-<timestamp>.json. See docs/performance.md, "Footprint".
//
// --env=NAME=VALUE (repeatable) adds a server variable, e.g. --env=PAGE_CACHE_SECONDS=0 to see
// what the page cache holds; --node-arg=FLAG (repeatable) a node flag every process inherits, e.g.
// --node-arg=--max-semi-space-size=4. The measurement waits until the server has run --min-uptime seconds,
// so the mail worker's minute-long jobs (reply e-mails, meeting reminders) have run at least once.
// --uploads=N: after that measurement, N members' photos (2400 × 1600 JPEG) are uploaded, spread
// over the workers, and the processes are measured again.
import Database from "better-sqlite3";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { BENCH_EMAIL, BENCH_PASSWORD, repoRoot as root, signInViaApi, startAppServer, stopAppServer, type AppServer } from "./lib/app-server";
import { ensureSeeded } from "./lib/large-community";
import { processTree } from "./lib/process-tree";

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=").slice(1).join("=");
const options = (name: string) => args.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.split("=").slice(1).join("="));

const databasePath = path.resolve(root, option("db") ?? "data/large.db");
const rounds = Number(option("rounds") ?? 3);
const minUptimeMs = Number(option("min-uptime") ?? 65) * 1000;
const nodeArgs = options("node-arg");
const uploads = Number(option("uploads") ?? 0);
const extraEnv = Object.fromEntries(options("env").map((pair) => [pair.split("=")[0], pair.split("=").slice(1).join("=")]));

const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html,application/xhtml+xml" };

type ProcessMemory = { pid: number; role: string; rssKb: number; peakRssKb: number; anonymousKb: number; fileKb: number; proportionalKb: number | null };

/* ------------------------------------------------------------------------------------------ */

/** The posts to open: the newest with 50 replies (the bench's long thread) and the newest visible ones. */
function postsToOpen(file: string): number[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const fiftyReplies = db.prepare("SELECT id FROM posts WHERE replies_count = 50 ORDER BY created_at DESC LIMIT 1").get() as { id: number } | undefined;
    if (!fiftyReplies) throw new Error(`${file} has no post with 50 replies: reseed it with npm run seed:large`);
    const newest = db.prepare("SELECT id FROM posts WHERE hidden_at IS NULL ORDER BY created_at DESC LIMIT 7").all() as { id: number }[];
    return [fiftyReplies.id, ...newest.map((row) => row.id)];
  } finally {
    db.close();
  }
}

function sentMailCount(file: string): number {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT count(*) AS total FROM mail_outbox WHERE status = 'sent'").get() as { total: number }).total;
  } finally {
    db.close();
  }
}

/** The browse: every main page (the bench's list and the member's own pages), signed in. */
function pagesToBrowse(postIds: number[]): string[] {
  const main = ["/", "/discussions", "/discussions?q=prompt", "/members", "/meetings", "/resources", "/music-artists", "/badges", "/badge-guide", "/notifications", "/profile", "/settings/account"];
  const laterPages = [
    ...[2, 3, 4, 5].map((page) => `/discussions?page=${page}`),
    ...[2, 3].flatMap((page) => [`/members?page=${page}`, `/resources?page=${page}`, `/music-artists?page=${page}`]),
  ];
  const posts = postIds.map((id) => `/post/${id}`);
  return [...main, ...laterPages, ...posts];
}

/** What a browser with JavaScript on asks for when it moves to `page` (React Router's single fetch, with v8_trailingSlashAwareDataRequests: `/` asks for `/_.data`). */
function dataRequestOf(page: string): string {
  const url = new URL(page, "http://x");
  url.pathname = url.pathname === "/" ? "/_.data" : `${url.pathname}.data`;
  return url.pathname + url.search;
}

/**
 * One GET on a connection of its own, as browsers open several: the cluster hands connections to
 * the HTTP workers in turn, so both workers see the browse (fetch's one kept-alive connection
 * would reach only one of them).
 */
function get(server: AppServer, pagePath: string, cookie: string, expectSignedIn: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(server.baseURL + pagePath, { agent: false, headers: { ...BROWSER_HEADERS, cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        if (response.statusCode !== 200) return reject(new Error(`GET ${pagePath} answered ${response.statusCode}, not 200`));
        const body = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const text = (encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body).toString("utf8");
        if (expectSignedIn && !text.includes("Bench")) return reject(new Error(`GET ${pagePath} does not show "Bench" (not signed in?)`));
        resolve();
      });
    });
    request.on("error", reject);
  });
}

/** Sends one e-mail through the outbox (a password reset for the bench member) and waits until the mail worker has sent it. */
async function sendOneMail(server: AppServer) {
  const before = sentMailCount(databasePath);
  const response = await fetch(`${server.baseURL}/api/auth/forgot-password`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseURL },
    body: JSON.stringify({ email: BENCH_EMAIL }),
  });
  if (response.status !== 202) throw new Error(`POST /api/auth/forgot-password answered ${response.status}: ${await response.text()}`);
  const deadline = Date.now() + 30_000;
  while (sentMailCount(databasePath) <= before) {
    if (Date.now() > deadline) throw new Error("The mail worker did not send the password-reset e-mail within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Uploads a 2400 × 1600 photo-like JPEG through POST /api/uploads, on a connection of its own. */
async function uploadPhoto(server: AppServer, cookie: string, index: number): Promise<void> {
  const { default: sharp } = await import("sharp");
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 120 + index, sigma: 40 } } }).jpeg({ quality: 85 }).toBuffer();
  const boundary = `footprint${Date.now()}${index}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo-${index}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  await new Promise<void>((resolve, reject) => {
    const request = http.request(
      `${server.baseURL}/api/uploads`,
      { method: "POST", agent: false, headers: { cookie, origin: server.baseURL, "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": body.length } },
      (response) => {
        response.resume();
        response.on("end", () => (response.statusCode === 201 ? resolve() : reject(new Error(`POST /api/uploads answered ${response.statusCode}`))));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/* ------------------------------------------------------------------------------------------ */

function statusFields(pid: number): Record<string, number> {
  const fields: Record<string, number> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const match = /^(\w+):\s+(\d+) kB$/.exec(line);
    if (match) fields[match[1]] = Number(match[2]);
  }
  return fields;
}

/** PSS (shared pages divided among the processes sharing them), when the kernel offers smaps_rollup. */
function proportionalKb(pid: number): number | null {
  try {
    const match = /^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Which of the server's processes this is: the primary (the root), or a worker by its QUADS_CLUSTER_ROLE and entry file. */
function roleOf(pid: number, rootPid: number): string {
  if (pid === rootPid) return "primary";
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
    const role = environment.find((entry) => entry.startsWith("QUADS_CLUSTER_ROLE="))?.split("=")[1] ?? "?";
    return `${role} worker (${path.basename(command.at(-1) ?? "?")})`;
  } catch {
    return "?";
  }
}

function measureTree(rootPid: number): ProcessMemory[] {
  const memory: ProcessMemory[] = [];
  for (const { pid } of processTree(rootPid)) {
    try {
      const status = statusFields(pid);
      memory.push({
        pid,
        role: roleOf(pid, rootPid),
        rssKb: status.VmRSS ?? 0,
        peakRssKb: status.VmHWM ?? 0,
        anonymousKb: status.RssAnon ?? 0,
        fileKb: (status.RssFile ?? 0) + (status.RssShmem ?? 0),
        proportionalKb: proportionalKb(pid),
      });
    } catch {
      // the process ended meanwhile
    }
  }
  const order = (role: string) => (role === "primary" ? 0 : role.startsWith("http") ? 1 : 2);
  return memory.sort((a, b) => order(a.role) - order(b.role) || a.pid - b.pid);
}

/** CPU time the server's processes have used so far, in clock ticks (10 ms). */
function treeCpuTicks(rootPid: number): number {
  return processTree(rootPid).reduce((total, entry) => total + entry.cpuTicks, 0);
}

const mb = (kb: number) => (kb / 1024).toFixed(1).padStart(7);

function printTable(memory: ProcessMemory[]) {
  console.log(`\n  ${"process".padEnd(34)} ${"pid".padStart(7)} ${"RSS MB".padStart(7)} ${"peak".padStart(7)} ${"anon".padStart(7)} ${"file".padStart(7)} ${"PSS".padStart(7)}`);
  for (const row of memory) {
    console.log(`  ${row.role.padEnd(34)} ${String(row.pid).padStart(7)} ${mb(row.rssKb)} ${mb(row.peakRssKb)} ${mb(row.anonymousKb)} ${mb(row.fileKb)} ${row.proportionalKb === null ? "      -" : mb(row.proportionalKb)}`);
  }
  const sum = (pick: (row: ProcessMemory) => number) => memory.reduce((total, row) => total + pick(row), 0);
  const pss = memory.every((row) => row.proportionalKb !== null) ? mb(sum((row) => row.proportionalKb ?? 0)) : "      -";
  console.log(`  ${"total".padEnd(34)} ${"".padStart(7)} ${mb(sum((row) => row.rssKb))} ${mb(sum((row) => row.peakRssKb))} ${mb(sum((row) => row.anonymousKb))} ${mb(sum((row) => row.fileKb))} ${pss}`);
}

async function main() {
  const startedAt = new Date();
  if (!existsSync(path.join(root, "build/server.js")) || !existsSync(path.join(root, "build/server/index.js"))) {
    console.error("No production build: run `npm run build` first (npm run footprint measures the build as it is).");
    process.exit(1);
  }
  console.log(`Quads footprint — ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}; ${path.relative(root, databasePath)}, ${rounds} round(s)`);
  ensureSeeded(databasePath, false);
  const postIds = postsToOpen(databasePath);
  const pages = pagesToBrowse(postIds);

  const server = await startAppServer({
    databasePath,
    timeoutMs: 120_000,
    nodeArgs,
    env: {
      WEB_CONCURRENCY: "2",
      AUTH_RATE_LIMIT_PER_IP: "1000000",
      AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000",
      FORGOT_PASSWORD_RATE_LIMIT_PER_IP: "1000000",
      FORGOT_PASSWORD_RATE_LIMIT_PER_ADDRESS: "1000000",
      LOG_LEVEL: "warn",
      ...extraEnv,
    },
  });
  const serverStarted = Date.now();
  try {
    const rootPid = server.child.pid!;
    console.log("\nJust started:");
    printTable(measureTree(rootPid));

    await sendOneMail(server);
    const { cookie } = await signInViaApi(server.baseURL, BENCH_EMAIL, BENCH_PASSWORD);
    let requests = 0;
    const cpuTicksBefore = treeCpuTicks(rootPid);
    for (let round = 0; round < rounds; round += 1) {
      for (const page of pages) {
        await get(server, page, cookie, true);
        requests += 1;
      }
      // A browser with JavaScript on moves between the main pages through their data requests.
      for (const page of pages.slice(0, 12)) {
        await get(server, dataRequestOf(page), cookie, false);
        requests += 1;
      }
      await get(server, "/api/posts", cookie, false);
      requests += 1;
    }
    const cpuMsPerRequest = ((treeCpuTicks(rootPid) - cpuTicksBefore) * 10) / requests;
    const wait = Math.max(2_000, minUptimeMs - (Date.now() - serverStarted));
    console.log(`\nSent one e-mail; browsed ${pages.length} pages ${rounds}× signed in (${requests} requests, ${cpuMsPerRequest.toFixed(1)} ms of server CPU each). Measuring in ${Math.round(wait / 1000)} s (mail jobs run at least once)…`);
    await new Promise((resolve) => setTimeout(resolve, wait));
    const memory = measureTree(rootPid);
    console.log("\nAfter the signed-in browse:");
    printTable(memory);
    const totalKb = memory.reduce((total, row) => total + row.rssKb, 0);
    console.log(`\nTotal RSS: ${(totalKb / 1024).toFixed(0)} MB`);
    let afterUploads: ProcessMemory[] | undefined;
    if (uploads > 0) {
      for (let index = 0; index < uploads; index += 1) await uploadPhoto(server, cookie, index);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      afterUploads = measureTree(rootPid);
      console.log(`\nAfter ${uploads} uploaded photos as well:`);
      printTable(afterUploads);
    }

    mkdirSync(path.join(root, "reports"), { recursive: true });
    const file = path.join(root, "reports", `footprint-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
    writeFileSync(
      file,
      JSON.stringify({ startedAt: startedAt.toISOString(), node: process.version, database: databasePath, rounds, env: extraEnv, nodeArgs, pages, requests, cpuMsPerRequest, totalRssKb: totalKb, processes: memory, uploads, afterUploads }, null, 2) + "\n",
    );
    console.log(`Report: ${path.relative(root, file)}`);
  } finally {
    await stopAppServer(server);
  }
}

await main();
