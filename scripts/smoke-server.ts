/**
 * The smoke run of a fresh install (scripts/smoke-node22.sh, scripts/production-install.sh): starts
 * the built app in `--dir` on a new SQLite file, with the Node running this script, and checks what a
 * first start must do: the migrations applied, a member registered and signed in, a post created
 * through /api and shown on /discussions, a clean stop. `--npm-start` starts it as `npm start` does
 * (scripts/start.mjs) instead of `node build/server.js`.
 *
 *   tsx scripts/smoke-server.ts --dir /path/to/copy [--npm-start]
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { signInViaApi, startAppServer, stopAppServer } from "./lib/app-server";

const { values } = parseArgs({ options: { dir: { type: "string" }, "npm-start": { type: "boolean", default: false } } });
if (!values.dir) throw new Error("--dir <a built copy of Quads> is required");
const directory = path.resolve(values.dir);
const dataDirectory = mkdtempSync(path.join(tmpdir(), "quads-smoke-"));
const started = Date.now();
const step = (what: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${what}`);

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Smoke run failed: ${message}`);
}

async function call(baseURL: string, method: string, route: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) {
  const response = await fetch(`${baseURL}${route}`, {
    method,
    headers: { origin: baseURL, accept: "application/json", ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

step(`Node ${process.version} (modules ABI ${process.versions.modules}), starting ${values["npm-start"] ? "npm start (scripts/start.mjs)" : "build/server.js"} in ${directory}`);
const server = await startAppServer({
  cwd: directory,
  entry: values["npm-start"] ? "scripts/start.mjs" : "build/server.js",
  databasePath: path.join(dataDirectory, "quads.db"),
  timeoutMs: 120_000,
  // The production default: a cluster, one worker per CPU (docs/operations.md).
  env: { SEED_DEMO: "false", UPLOADS_DIR: path.join(dataDirectory, "uploads"), ADMIN_EMAIL: "admin@smoke.example" },
});
let exitCode: number | null = null;
try {
  step(`answering on ${server.baseURL}`);
  const health = await call(server.baseURL, "GET", "/healthz");
  check(health.status === 200, `GET /healthz answered ${health.status}`);

  const journal = JSON.parse(readFileSync(path.join(directory, "db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(path.join(dataDirectory, "quads.db"), { readonly: true });
  const applied = (db.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n;
  db.close();
  check(applied === journal.entries.length, `${applied} migrations applied, ${journal.entries.length} in db/migrations`);
  step(`migrations: ${applied} of ${journal.entries.length} applied`);

  const member = { email: `smoke-${Date.now()}@smoke.example`, password: "smoke test password 42", firstName: "Smoke", lastName: "Test", displayName: "Smoke Test" };
  const registered = await call(server.baseURL, "POST", "/api/auth/register", { body: member });
  check(registered.status === 201, `POST /api/auth/register answered ${registered.status}: ${registered.text}`);
  const { cookie } = await signInViaApi(server.baseURL, member.email, member.password);
  const me = await call(server.baseURL, "GET", "/api/auth/user", { cookie });
  check(me.status === 200 && me.text.includes(member.email), `GET /api/auth/user answered ${me.status}: ${me.text}`);
  step("registered and signed in through /api");

  const categories = await call(server.baseURL, "GET", "/api/categories", { cookie });
  const [category] = JSON.parse(categories.text) as { id: number }[];
  check(category, `GET /api/categories answered ${categories.status}: ${categories.text}`);
  const title = `Smoke test post ${Date.now()}`;
  const created = await call(server.baseURL, "POST", "/api/posts", { cookie, body: { title, content: "Posted by the install smoke run.", categoryId: category.id } });
  check(created.status === 201, `POST /api/posts answered ${created.status}: ${created.text}`);
  const page = await call(server.baseURL, "GET", "/discussions", { cookie });
  check(page.status === 200 && page.text.includes(title), `GET /discussions answered ${page.status} without the new post`);
  step("posted through /api; /discussions shows the post");
} finally {
  exitCode = await stopAppServer(server, 20_000);
  rmSync(dataDirectory, { recursive: true, force: true });
}
check(exitCode === 0, `the server stopped with exit code ${exitCode}; its output:\n${server.output().slice(-3000)}`);
step("stopped cleanly (exit code 0): smoke run passed");
