// npm run bench -- --slow   (or: npx tsx scripts/slow-view.ts [--runs=3] [--db=data/large.db] [--path=/discussions])
//
// A signed-in member's first view of /discussions on a slow connection, as Chromium emulates it:
// 400 ms round trip, 400 kbit/s down and up, CPU 4× slower, empty browser cache. Measures, per run,
// the time from navigation start to first contentful paint and to "hydrated" (React has taken
// the page over: the like buttons' fetcher field, rendered only after hydration, is in the DOM),
// and the script requests the page made. Prints the median of the runs; target: hydrated < 3.5 s.
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
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const TARGET_MS = 3_500;
const LATENCY_MS = 400;
const KBITS = 400;
const CPU_SLOWDOWN = 4;

async function startServer(): Promise<AppServer> {
  if (!existsSync(path.join(root, "build/server.js"))) throw new Error("No production build: run npm run build first");
  if (!existsSync(databasePath)) throw new Error(`${databasePath} is missing: run npm run seed:large`);
  return startAppServer({
    databasePath,
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
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") scripts += 1;
        const length = Number(response.headers()["content-length"] ?? 0);
        bytes += Number.isFinite(length) ? length : 0;
      });
      await page.goto(server.baseURL + pagePath, { waitUntil: "commit", timeout: 60_000 });
      // Hydrated: the like buttons get their fetcher field only once React runs in the page.
      await page.waitForSelector('input[name="_fetcher"]', { state: "attached", timeout: 60_000 });
      const timing = await page.evaluate(() => ({
        hydrated: performance.now(),
        fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      }));
      results.push({ fcp: Math.round(timing.fcp), hydrated: Math.round(timing.hydrated), scripts, bytes });
      console.log(`  run ${run + 1}: first contentful paint ${timing.fcp.toFixed(0)} ms, hydrated ${timing.hydrated.toFixed(0)} ms, ${scripts} script requests`);
      await context.close();
    }
  } finally {
    await browser.close();
    await stopAppServer(server);
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const hydrated = median(results.map((r) => r.hydrated));
  console.log(
    `\nMedian: first contentful paint ${median(results.map((r) => r.fcp))} ms, hydrated ${hydrated} ms (target < ${TARGET_MS} ms: ${hydrated < TARGET_MS ? "ok" : "MISSED"}), ${median(results.map((r) => r.scripts))} script requests`,
  );
}

await main();
