// npm run bench -- --slow   (or: npx tsx scripts/slow-view.ts [--runs=3] [--db=data/large.db] [--path=/discussions] [--app=<dir>])
//
// A signed-in member's first view of /discussions on a slow connection, as Chromium emulates it:
// 400 ms round trip, 400 kbit/s down and up, CPU 4× slower, empty browser cache. Measures, per run,
// the time from navigation start to first contentful paint and to "hydrated" (React has taken
// the page over: the like buttons' fetcher field, rendered only after hydration, is in the DOM),
// and the script requests the page made. Prints the median of the runs; target: hydrated < 3.5 s.
// --app=<dir> serves another checkout's production build (its build/ and node_modules), e.g. an
// older commit extracted with `git archive`, to compare the two in turns on the same busy box.
// See docs/performance.md, "Slow connection".
import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { BENCH_EMAIL, BENCH_PASSWORD, repoRoot as root, signInViaApi, startAppServer, stopAppServer, type AppServer } from "./lib/app-server";

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=").slice(1).join("=");
const runs = Number(option("runs") ?? 3);
const databasePath = path.resolve(root, option("db") ?? "data/large.db");
const pagePath = option("path") ?? "/discussions";
const appRoot = path.resolve(option("app") ?? root);
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const TARGET_MS = 3_500;
/** --verbose: every request of the first run with its start, end and bytes (what competes for the bandwidth). */
const verbose = args.includes("--verbose");
const LATENCY_MS = 400;
const KBITS = 400;
const CPU_SLOWDOWN = 4;

async function startServer(): Promise<AppServer> {
  if (!existsSync(path.join(appRoot, "build/server.js"))) throw new Error(`No production build in ${appRoot}: run npm run build first`);
  if (!existsSync(databasePath)) throw new Error(`${databasePath} is missing: run npm run seed:large`);
  return startAppServer({
    databasePath,
    cwd: appRoot,
    timeoutMs: 120_000,
    env: { WEB_CONCURRENCY: "1", AUTH_RATE_LIMIT_PER_IP: "1000000", AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000", LOG_LEVEL: "warn" },
  });
}

type Run = { fcp: number; hydrated: number; scripts: number; bytes: number };

async function main() {
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"] });
  const results: Run[] = [];
  try {
    const { cookie } = await signInViaApi(server.baseURL, BENCH_EMAIL, BENCH_PASSWORD);
    const cookies = cookie.split("; ").map((pair) => {
      const index = pair.indexOf("=");
      return { name: pair.slice(0, index), value: pair.slice(index + 1), url: server.baseURL };
    });
    console.log(`Slow connection: ${LATENCY_MS} ms latency, ${KBITS} kbit/s, CPU ${CPU_SLOWDOWN}× slower, empty cache; signed-in ${pagePath}, ${runs} runs`);
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
      await context.addCookies(cookies);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: LATENCY_MS,
        downloadThroughput: (KBITS * 1000) / 8,
        uploadThroughput: (KBITS * 1000) / 8,
      });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      let scripts = 0;
      let bytes = 0;
      // Scripts by address (a modulepreload's request is not of type "script"); bytes as received,
      // compressed, headers included (an answer compressed on the fly has no Content-Length).
      const scriptRequests = new Set<string>();
      const timeline = new Map<string, { url: string; start: number; end?: number; bytes?: number }>();
      cdp.on("Network.requestWillBeSent", (event) => {
        if (/\.m?js$/.test(new URL(event.request.url).pathname)) scriptRequests.add(event.requestId);
        timeline.set(event.requestId, { url: new URL(event.request.url).pathname, start: event.timestamp });
      });
      cdp.on("Network.loadingFinished", (event) => {
        const entry = timeline.get(event.requestId);
        if (entry) Object.assign(entry, { end: event.timestamp, bytes: event.encodedDataLength });
        if (!scriptRequests.has(event.requestId)) return;
        scripts += 1;
        bytes += event.encodedDataLength;
      });
      // Hydrated: the like buttons get their fetcher field only once React runs in the page. The
      // page notes the moment itself (a MutationObserver set up before any of its scripts): timing
      // it from here would add the polling and a round trip to the browser, 0.1–0.8 s on a busy box.
      await page.addInitScript(() => {
        const w = window as unknown as { __hydratedAt?: number };
        new MutationObserver((_records, observer) => {
          if (w.__hydratedAt === undefined && document.querySelector('input[name="_fetcher"]')) {
            w.__hydratedAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(server.baseURL + pagePath, { waitUntil: "commit", timeout: 60_000 });
      await page.waitForSelector('input[name="_fetcher"]', { state: "attached", timeout: 60_000 });
      const timing = await page.evaluate(() => ({
        hydrated: (window as unknown as { __hydratedAt?: number }).__hydratedAt ?? performance.now(),
        polled: performance.now(),
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      }));
      if (verbose && run === 0) {
        const first = Math.min(...[...timeline.values()].map((entry) => entry.start));
        for (const entry of [...timeline.values()].sort((a, b) => a.start - b.start)) {
          console.log(`    ${((entry.start - first) * 1000).toFixed(0).padStart(5)} → ${entry.end ? ((entry.end - first) * 1000).toFixed(0).padStart(5) : "    …"} ms ${((entry.bytes ?? 0) / 1024).toFixed(1).padStart(6)} KB ${entry.url}`);
        }
      }
      results.push({ fcp: Math.round(timing.fcp), hydrated: Math.round(timing.hydrated), scripts, bytes });
      console.log(
        `  run ${run + 1}: first contentful paint ${timing.fcp.toFixed(0)} ms, hydrated ${timing.hydrated.toFixed(0)} ms (seen from the bench at ${timing.polled.toFixed(0)} ms), ${scripts} script requests, ${(bytes / 1024).toFixed(1)} KB of JavaScript received`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await stopAppServer(server);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const hydrated = median(results.map((r) => r.hydrated));
  console.log(
    `\nMedian: first contentful paint ${median(results.map((r) => r.fcp))} ms, hydrated ${hydrated} ms (target < ${TARGET_MS} ms: ${hydrated < TARGET_MS ? "ok" : "MISSED"}), ${median(results.map((r) => r.scripts))} script requests, ${(median(results.map((r) => r.bytes)) / 1024).toFixed(1)} KB of JavaScript received`,
  );
}

await main();
