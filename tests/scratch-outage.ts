import { startPostgresServer } from "../scripts/lib/postgres-server";
import { startAppServer, stopAppServer } from "../scripts/lib/app-server";
import { snapshotApp } from "./support/app-snapshot";
import { mkdtempSync } from "node:fs";
const tempDirectory = (p: string) => mkdtempSync("/tmp/quads-" + p + "-");
const stopServer = stopAppServer;
async function startServer(dir: string, env: Record<string,string>) { await snapshotApp(dir + "/app"); return startAppServer({ databasePath: "x", cwd: dir + "/app", env: { ...env, QUADS_POSTGRES_PREVIEW: "1" } }); }
const pg = await startPostgresServer({ database: "x" });
const dir = tempDirectory("scratch");
const server = await startServer(dir, { DATABASE_URL: pg.url, WEB_CONCURRENCY: "1" });
await pg.shutDown();
await new Promise((r) => setTimeout(r, 500));
for (const p of ["/healthz", "/discussions", "/", "/login"]) {
  const r = await fetch(server.baseURL + p);
  const t = await r.text();
  console.log(p, r.status, t.slice(0, 200).replace(/\n/g, " "));
  const m = /<main[\s\S]*?<\/main>/.exec(t); if (m) console.log(m[0].replace(/<[^>]+>/g, " ").slice(0, 400));
}
console.log(server.output().split("\n").filter(l => !l.startsWith('{"time')).slice(-40).join("\n"));
console.log(server.output().split("\n").filter(l => l.includes('"error"')).slice(-5).join("\n"));
await stopServer(server); await pg.stop();
