// npm run lighthouse [-- --db=data/large.db] [--build] [--themes=light,dark]
//
// Lighthouse 12 (mobile, its default emulation and throttling) on the production build:
// the landing page `/` for a visitor, and the dashboard `/`, `/discussions` and `/post/:id`
// for a signed-in member (the session cookie goes in through --extra-headers), each in the
// light and the dark theme (the quads_theme cookie; docs/accessibility.md). Prints the four
// category scores per page and keeps the JSON reports in reports/lighthouse-<time>/.
//
// Database: the large community when data/large.db exists (npm run seed:large), else a fresh
// demo community in a temp directory. Chromium: CHROME_PATH, default /usr/bin/chromium.
// Lighthouse runs through `npx --yes lighthouse@12` (not a project dependency).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { BENCH_EMAIL, BENCH_PASSWORD, repoRoot as root, signInViaApi, startAppServer, stopAppServer, type AppServer } from "./lib/app-server";

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=").slice(1).join("=");
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

if (!existsSync(path.join(root, "build/server.js")) || args.includes("--build")) {
  const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}

const temp = mkdtempSync(path.join(tmpdir(), "quads-lighthouse-"));
const large = path.resolve(root, option("db") ?? "data/large.db");
const useLarge = existsSync(large);
const databasePath = useLarge ? large : path.join(temp, "demo.db");

type Audit = { id: string; score: number | null; scoreDisplayMode: string; numericValue?: number };
type Report = { categories: Record<string, { score: number | null } | undefined>; audits: Record<string, Audit | undefined> };
type Result = { page: string; performance: number; accessibility: number; bestPractices: number; seo: number; lcpMs: number; tbtMs: number; cls: number; failing: string[] };

const results: Result[] = [];
let server: AppServer | undefined;
try {
  server = await startAppServer({
    databasePath,
    timeoutMs: 120_000,
    env: { SEED_DEMO: useLarge ? "false" : "true", ADMIN_EMAIL: useLarge ? "" : "admin@quads.example", AUTH_RATE_LIMIT_PER_IP: "100000" },
  });
  const { baseURL } = server;
  let email = BENCH_EMAIL;
  let password = BENCH_PASSWORD;
  if (!useLarge) {
    // The demo community prints its admin password once at start.
    const printed = /password:\s+(\S+)/.exec(server.output());
    if (!printed) throw new Error("The demo admin password was not printed");
    email = "admin@quads.example";
    password = printed[1];
  }
  const { cookie } = await signInViaApi(baseURL, email, password);
  const themes = (option("themes") ?? "light,dark").split(",");
  /** The --extra-headers file for a visitor or the member, in a theme. */
  const headersFileFor = (signedIn: boolean, theme: string) => {
    const file = path.join(temp, `headers-${signedIn ? "member" : "visitor"}-${theme}.json`);
    writeFileSync(file, JSON.stringify({ Cookie: [signedIn ? cookie : "", `quads_theme=${theme}`].filter(Boolean).join("; ") }));
    return file;
  };

  const db = new Database(databasePath, { readonly: true });
  const post =
    (db.prepare("SELECT id FROM posts WHERE replies_count = 50 ORDER BY created_at DESC LIMIT 1").get() as { id: number } | undefined) ??
    (db.prepare("SELECT id FROM posts ORDER BY replies_count DESC, id LIMIT 1").get() as { id: number });
  db.close();

  const pages = [
    { name: "visitor /", url: "/", signedIn: false },
    { name: "member / (dashboard)", url: "/", signedIn: true },
    { name: "member /discussions", url: "/discussions", signedIn: true },
    { name: `member /post/${post.id}`, url: `/post/${post.id}`, signedIn: true },
  ].flatMap((page) => themes.map((theme) => ({ ...page, name: `${page.name} ${theme}`, theme })));
  const reportDirectory = path.join(root, "reports", `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  mkdirSync(reportDirectory, { recursive: true });
  for (const page of pages) {
    const reportFile = path.join(reportDirectory, `${page.name.replace(/[^a-z0-9]+/gi, "_")}.json`);
    const run = spawnSync(
      "npx",
      [
        "--yes",
        "lighthouse@12",
        baseURL + page.url,
        "--quiet",
        "--output=json",
        `--output-path=${reportFile}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
        `--extra-headers=${headersFileFor(page.signedIn, page.theme)}`,
      ],
      { cwd: temp, env: { ...process.env, CHROME_PATH: chromePath }, stdio: ["ignore", "inherit", "inherit"] },
    );
    if (run.status !== 0 || !existsSync(reportFile)) throw new Error(`Lighthouse failed on ${page.url}`);
    const report = JSON.parse(readFileSync(reportFile, "utf8")) as Report;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const failing = Object.values(report.audits)
      .filter((audit): audit is Audit => audit !== undefined)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id);
    results.push({
      page: page.name,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
      tbtMs: Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0),
      cls: Number((report.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
      failing,
    });
  }
  console.log(`\nLighthouse 12, mobile (${useLarge ? "large community" : "demo community"}), reports in ${path.relative(root, reportDirectory)}`);
  console.log("| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) console.log(`| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} |`);
  for (const r of results) if (r.failing.length) console.log(`  ${r.page}: failing audits: ${r.failing.join(", ")}`);
  writeFileSync(path.join(reportDirectory, "summary.json"), JSON.stringify(results, null, 2) + "\n");
} finally {
  if (server) await stopAppServer(server);
  rmSync(temp, { recursive: true, force: true });
}
