import { chromium } from "playwright-core";
import { BENCH_EMAIL, BENCH_PASSWORD, signInViaApi, startAppServer, stopAppServer } from "./lib/app-server";
const dir = process.argv[2] ?? ".";
const server = await startAppServer({ databasePath: "/tmp/rel/cc.db", cwd: dir, env: { WEB_CONCURRENCY: "1", AUTH_RATE_LIMIT_PER_IP: "1000000", AUTH_RATE_LIMIT_PER_ACCOUNT: "1000000" }, timeoutMs: 120000 });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  const { cookie } = await signInViaApi(server.baseURL, BENCH_EMAIL, BENCH_PASSWORD);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: server.baseURL })));
  const page = await context.newPage();
  const show = async (label: string) => console.log(label, JSON.stringify(await page.$$eval('a[href="/members"]', (as) => as.map((a) => [a.closest("nav")?.getAttribute("aria-label"), a.getAttribute("aria-current"), a.className]))));
  await page.goto(server.baseURL + "/members"); await page.waitForTimeout(1500); await show("direct /members");
  await page.goto(server.baseURL + "/discussions"); await page.waitForTimeout(1500);
  await page.click('nav[aria-label="Sidebar navigation"] a[href="/members"]'); await page.waitForURL(/\/members$/); await page.waitForTimeout(800); await show("after client nav");
} finally { await browser.close(); await stopAppServer(server); }
