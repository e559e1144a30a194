/**
 * HTML weight of the most visited page (docs/performance.md, "Page weight"): a signed-in member's
 * /discussions on the demo community is at most 40 KB before compression. Its own server (the
 * built app on a fresh database with SEED_DEMO=true), so the list is the demo's twenty cards.
 */
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createApiMember } from "./support/discussions";
import { removeDirectory, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";

const HTML_LIMIT = 40 * 1024;
const directory = tempDirectory("html-weight");
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server) await stopServer(server);
  removeDirectory(directory);
});

describe("HTML weight", () => {
  it("a member's /discussions on the demo community is at most 40 KB before compression", async () => {
    server = await startServer(directory, { SEED_DEMO: "true", WEB_CONCURRENCY: "1" });
    const member = await createApiMember(server.baseURL);
    // A verified member, as the demo's are (no 'confirm your e-mail' banner).
    const db = new Database(server.databasePath);
    try {
      db.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").run(Date.now(), member.id);
    } finally {
      db.close();
    }
    const response = await fetch(`${server.baseURL}/discussions`, { headers: { Cookie: member.cookie, "Accept-Encoding": "identity" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/data-testid="post-card"/g)?.length).toBe(20);
    const bytes = Buffer.byteLength(html);
    console.log(`/discussions (demo community, member): ${(bytes / 1024).toFixed(1)} KB of HTML`);
    expect(bytes).toBeLessThanOrEqual(HTML_LIMIT);
  });
});
