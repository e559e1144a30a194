/**
 * Setup helpers for the members and badges browser tests: discussion history written straight
 * into the e2e server's database (the discussions pages are another feature), then the engine's
 * own rebuild (`scripts/recompute-badges.ts`, what `npm run badges:recompute` runs) turns that
 * history into contributions, points and badges, exactly as it would for a real community.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { withDatabase } from "./db";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function userIdByEmail(email: string): string {
  return withDatabase((db) => {
    const row = db.prepare("select id from users where lower(email) = lower(?)").get(email) as { id: string } | undefined;
    if (!row) throw new Error(`No user with e-mail ${email}`);
    return row.id;
  });
}

/** Writes `posts` posts and `replies` replies (on the member's first post, or on `replyTo`'s post) for a member. */
export function addDiscussionHistory(email: string, { posts = 0, replies = 0, replyToEmail }: { posts?: number; replies?: number; replyToEmail?: string }): void {
  const authorId = userIdByEmail(email);
  const hostId = replyToEmail ? userIdByEmail(replyToEmail) : authorId;
  withDatabase((db) => {
    db.transaction(() => {
      const insertPost = db.prepare("insert into posts (title, content, author_id) values (?, ?, ?) returning id");
      for (let index = 0; index < posts; index += 1) insertPost.get(`E2E post ${index + 1}`, "Written by the e2e suite.", authorId);
      if (replies === 0) return;
      let host = db.prepare("select id from posts where author_id = ? order by id limit 1").get(hostId) as { id: number } | undefined;
      host ??= insertPost.get("E2E host post", "A post to reply to.", hostId) as { id: number };
      const insertReply = db.prepare("insert into replies (content, post_id, author_id) values (?, ?, ?)");
      for (let index = 0; index < replies; index += 1) insertReply.run(`E2E reply ${index + 1}`, host.id, authorId);
      db.prepare("update posts set replies_count = (select count(*) from replies where post_id = posts.id) where id = ?").run(host.id);
    })();
  });
}

/** Runs the engine's full rebuild against the e2e server's database (the server keeps running). */
export function recomputeBadges(): string {
  return execFileSync(process.execPath, ["--import", "tsx", "scripts/recompute-badges.ts"], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: inject("databaseUrl"), NODE_ENV: "production" },
    encoding: "utf8",
  });
}

/** Sets a member's skill level (setup for the directory filter). */
export function setSkillLevel(email: string, skillLevel: "beginner" | "intermediate" | "expert"): void {
  withDatabase((db) => {
    db.prepare("update users set skill_level = ? where lower(email) = lower(?)").run(skillLevel, email);
  });
}

/** A session cookie for the JSON API, through POST /api/auth/login. */
export async function apiSessionCookie(baseURL: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`POST /api/auth/login answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("quads_session="));
  if (!cookie) throw new Error("No session cookie from /api/auth/login");
  return cookie.split(";")[0];
}
