/**
 * `npm run db:copy` (scripts/lib/db-copy.ts) on the run's throwaway PostgreSQL: the demo community
 * (plus a row in every table the demo leaves empty) copied SQLite → PostgreSQL → SQLite, every
 * table's rows equal at each step; sequences reset; a non-empty target refused with nothing written;
 * a difference caught by the comparison.
 */
import Database from "better-sqlite3";
import { asc, type Column, getTableColumns } from "drizzle-orm";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import type { PgTable } from "drizzle-orm/pg-core";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as sqliteSchema from "../db/schema";
import * as pgSchema from "../db/schema.pg";
import { createTestDatabase, withPostgresClient } from "~/test/postgres";
import { openDatabase } from "~/utils/db.server";
import { type CopyEndpoint, CopyRefusedError, copyDatabase, copyOrder, openCopyEndpoint, type TableInfo } from "./lib/db-copy";

let directory: string;
let sourcePath: string;
let postgresUrl: string;
const tables = copyOrder();
const tsx = path.resolve("node_modules/.bin/tsx");

function childEnvironment(databaseUrl: string) {
  return { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: "test-session-secret-0123456789", SEED_DEMO: "false", NODE_ENV: "test", NEW_MEMBER_HOURS: "0" };
}

/** Every row of every table, by table name, in primary-key order, as Drizzle maps them (Dates, booleans, JSON). */
async function everyRow(read: (table: TableInfo) => Promise<Record<string, unknown>[]>): Promise<Record<string, Record<string, unknown>[]>> {
  const result: Record<string, Record<string, unknown>[]> = {};
  for (const table of tables) result[table.name] = await read(table);
  return result;
}

function sqliteRows(file: string) {
  const client = new Database(file, { readonly: true });
  const db = drizzleSqlite(client);
  return everyRow(async (table) => {
    const drizzleTable = sqliteSchema[table.key as keyof typeof sqliteSchema] as SQLiteTable;
    const columns = getTableColumns(drizzleTable) as Record<string, Column>;
    return db
      .select()
      .from(drizzleTable)
      .orderBy(...table.primaryKey.map((property) => asc(columns[property])))
      .all() as Record<string, unknown>[];
  }).finally(() => client.close());
}

async function postgresRows(url: string) {
  return withPostgresClient(url, (client) => {
    const db = drizzlePostgres(client);
    return everyRow(async (table) => {
      const drizzleTable = pgSchema[table.key as keyof typeof pgSchema] as PgTable;
      const columns = getTableColumns(drizzleTable) as Record<string, Column>;
      return (await db
        .select()
        .from(drizzleTable)
        .orderBy(...table.primaryKey.map((property) => asc(columns[property])))) as Record<string, unknown>[];
    });
  });
}


/** A row in every table the demo leaves empty, and a reply whose parent has a larger id (copied before its parent). */
function addRowsTheDemoLacks(file: string) {
  const database = openDatabase(file);
  const client = database.$client;
  const count = (table: string) => client.prepare(`select count(*) from "${table}"`).pluck().get() as number;
  const [admin, member] = client.prepare("select id from users order by role = 'admin' desc, id limit 2").pluck().all() as string[];
  const postId = client.prepare("select id from posts order by id limit 1").pluck().get() as number;
  const meetingId = client.prepare("select id from meetings order by id limit 1").pluck().get() as number;
  const artistId = client.prepare("select id from music_artists order by id limit 1").pluck().get() as number;
  const now = Date.parse("2026-11-01T12:00:00.000Z");
  const rows: Record<string, () => void> = {
    sessions: () => database.insert(sqliteSchema.sessions).values({ sid: "s1", sess: { userId: member, flash: { a: [1, "two"] } }, expire: new Date(now + 86_400_000), userId: member, userAgent: "Firefox", lastSeenAt: new Date(now), createdAt: new Date(now - 1000) }).run(),
    artist_plays: () => database.insert(sqliteSchema.artistPlays).values({ artistId, listener: `user:${member}`, day: "2026-11-01" }).run(),
    audit_log: () => database.insert(sqliteSchema.auditLog).values({ actorId: admin, actorEmail: "admin@quads.example", action: "role.change", targetType: "user", targetId: member, summary: "member → moderator", createdAt: new Date(now) }).run(),
    auth_tokens: () => database.insert(sqliteSchema.authTokens).values({ userId: member, purpose: "password_reset", tokenHash: "hash-1", email: "m@example.com", expiresAt: new Date(now + 3_600_000), usedAt: null }).run(),
    community_settings: () => database.insert(sqliteSchema.communitySettings).values({ key: "requireVerifiedEmailToPost", value: { zeta: true, alpha: [3, 1, { nested: "ü" }] }, updatedBy: admin }).run(),
    mail_outbox: () => database.insert(sqliteSchema.mailOutbox).values({ to: "m@example.com", subject: "Hi", text: "Hello", html: "<p>Hello</p>", headers: { "List-Unsubscribe": "<https://x.example/u>" }, kind: "test", status: "sent", attempts: 1, sentAt: new Date(now) }).run(),
    mail_preferences: () => database.insert(sqliteSchema.mailPreferences).values({ userId: member, kind: "reply", enabled: false }).run(),
    meeting_reminders_sent: () => database.insert(sqliteSchema.meetingRemindersSent).values({ meetingId, userId: member, scheduledAt: new Date(now + 3_600_000) }).run(),
    rate_limits: () => database.insert(sqliteSchema.rateLimits).values({ key: "login:1.2.3.4", count: 3, resetAt: now + 60_000 }).run(),
    reply_mail_batches: () => database.insert(sqliteSchema.replyMailBatches).values({ userId: member, postId, replyIds: [3, 1, 2], pendingCount: 3, sendAt: new Date(now) }).run(),
    reports: () => database.insert(sqliteSchema.reports).values({ reporterId: member, targetType: "post", targetId: String(postId), reason: "spam", note: "buy now", status: "resolved", resolution: "dismiss", resolvedBy: admin, resolvedAt: new Date(now) }).run(),
    suspensions: () => database.insert(sqliteSchema.suspensions).values({ userId: member, kind: "silence", reason: "cool down", startsAt: new Date(now - 1000), endsAt: null, createdBy: admin, liftedAt: new Date(now), liftedBy: admin }).run(),
    uploads: () => database.insert(sqliteSchema.uploads).values({ id: "up1", ownerId: member, hash: "ab".repeat(16), width: 256, height: 256, bytes: 12_345, kind: "avatar" }).run(),
    user_blocks: () => database.insert(sqliteSchema.userBlocks).values({ blockerId: member, blockedId: admin }).run(),
    user_identities: () => database.insert(sqliteSchema.userIdentities).values({ userId: member, provider: "github", subject: "583231", connectedAt: new Date(now) }).run(),
    weekly_digests_sent: () => database.insert(sqliteSchema.weeklyDigestsSent).values({ userId: member, week: "2026-W44" }).run(),
    scheduled_jobs: () => database.insert(sqliteSchema.scheduledJobs).values({ name: "weekly digest", nextRunAt: new Date(now + 300_000), lastClaimedAt: new Date(now), lastClaimedBy: "box-1:4242" }).run(),
    conversations: () => database.insert(sqliteSchema.conversations).values({ id: 41, subject: "Collab?", createdBy: member, createdAt: new Date(now), lastMessageId: 77, lastMessageAt: new Date(now + 1000) }).run(),
    conversation_participants: () =>
      database
        .insert(sqliteSchema.conversationParticipants)
        .values([
          { conversationId: 41, userId: member, lastReadMessageId: 77 },
          { conversationId: 41, userId: admin, lastReadMessageId: 0 },
        ])
        .run(),
    messages: () => database.insert(sqliteSchema.messages).values({ id: 77, conversationId: 41, authorId: member, content: "Hi **there**", createdAt: new Date(now + 1000) }).run(),
    message_mail_batches: () => database.insert(sqliteSchema.messageMailBatches).values({ userId: admin, conversationId: 41, pendingCount: 1, firstPendingId: 77, sendAt: new Date(now + 900_000) }).run(),
    platform_settings: () => database.insert(sqliteSchema.platformSettings).values({ platform: "threads", url: "https://threads.example", isActive: false, updatedBy: admin }).run(),
    footer_settings: () => database.insert(sqliteSchema.footerSettings).values({ companyName: "Q", tagline: "t", copyrightText: "c", description: "d", showSocialLinks: false }).run(),
  };
  for (const table of tables) if (count(table.name) === 0) rows[table.name]?.();
  // Enough rows with a three-column key (artist, listener, day) for several batches of 50.
  const artists = client.prepare("select id from music_artists order by id limit 3").pluck().all() as number[];
  for (const artist of artists) {
    for (let day = 1; day <= 9; day += 1) {
      for (const listener of ["ip:aa", "ip:b", `user:${member}`, "user:zz", "ip:ç"]) {
        database.insert(sqliteSchema.artistPlays).values({ artistId: artist, listener, day: `2026-10-0${day}` }).onConflictDoNothing().run();
      }
    }
  }
  // A reply whose parent has a larger id: read in id order, the child comes first.
  const firstReply = client.prepare("select id, post_id from replies order by id limit 1").get() as { id: number; post_id: number };
  client.prepare("insert into replies (id, content, post_id, author_id, created_at) values (900001, 'a later parent', ?, ?, ?)").run(firstReply.post_id, member, now);
  client.prepare("update replies set parent_reply_id = 900001 where id = ?").run(firstReply.id);
  client.close();
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "quads-db-copy-"));
  sourcePath = path.join(directory, "source.db");
  const seeded = spawnSync(tsx, ["scripts/lib/test-support/seed-demo-database.ts"], { env: childEnvironment(`file:${sourcePath}`), encoding: "utf8" });
  expect(seeded.status, `${seeded.stdout}${seeded.stderr}`).toBe(0);
  addRowsTheDemoLacks(sourcePath);
  postgresUrl = await createTestDatabase("quads_copy");
}, 120_000);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("db:copy", () => {
  it("orders the tables so that every table comes after the tables it references", () => {
    const position = new Map(tables.map((table, index) => [table.name, index]));
    expect(tables.length).toBe(Object.values(sqliteSchema).filter((value) => typeof value === "object" && value !== null && "getSQL" in value).length);
    for (const table of tables) for (const referenced of table.references) expect(position.get(referenced)!, `${table.name} → ${referenced}`).toBeLessThan(position.get(table.name)!);
    expect(tables.find((table) => table.name === "replies")?.selfReferences).toEqual([{ column: "parentReplyId", referenced: "id" }]);
  });

  it("copies SQLite into an empty PostgreSQL: every table's rows equal, counts and counters compared", async () => {
    const original = await sqliteRows(sourcePath);
    for (const table of tables) expect(original[table.name].length, `${table.name} has rows to copy`).toBeGreaterThan(0);

    const source = await openCopyEndpoint(`file:${sourcePath}`, { mustExist: true });
    const target = await openCopyEndpoint(postgresUrl, { mustExist: false });
    const progress: string[] = [];
    const result = await copyDatabase({ source, target, batchSize: 50, onProgress: (step) => progress.push(step.table) }).finally(async () => {
      await source.close();
      await target.close();
    });
    expect(result.integrityProblems).toEqual([]);
    expect(result.comparison.filter((line) => !line.isEqual)).toEqual([]);
    expect(result.isEqual).toBe(true);
    expect(result.comparison.map((line) => line.label)).toEqual(expect.arrayContaining(["rows in users", "rows in mail_outbox", "sum of users.points", "sum of posts.replies_count", "sum of meetings.attendees_count"]));
    expect(result.rowsCopied).toBe(Object.values(original).reduce((sum, rows) => sum + rows.length, 0));
    expect(new Set(progress)).toEqual(new Set(tables.map((table) => table.name)));

    const copied = await postgresRows(postgresUrl);
    for (const table of tables) expect(copied[table.name], table.name).toEqual(original[table.name]);
    // Some fields by hand: a Date, a boolean, JSON with its keys in any order, the late parent.
    const session = copied.sessions.find((row) => row.sid === "s1")!;
    expect(session.expire).toEqual(new Date(Date.parse("2026-11-01T12:00:00.000Z") + 86_400_000));
    expect(copied.community_settings.find((row) => row.key === "requireVerifiedEmailToPost")?.value).toEqual({ alpha: [3, 1, { nested: "ü" }], zeta: true });
    expect(copied.mail_preferences[0].enabled).toBe(false);
    expect(copied.replies.find((row) => row.parentReplyId === 900001)).toBeDefined();
  }, 120_000);

  it("resets PostgreSQL's identity sequences: an insert without an id gets the next one, and search finds copied posts", async () => {
    await withPostgresClient(postgresUrl, async (client) => {
      // Rolled back at the end (a sequence's step is not): the copy back below must still equal the original.
      await client.query("begin");
      const author = (await client.query<{ id: string }>("select id from users limit 1")).rows[0].id;
      const highest = Number((await client.query("select max(id) as id from posts")).rows[0].id);
      const inserted = await client.query<{ id: number }>("insert into posts (title, content, author_id) values ('After the copy', 'new', $1) returning id", [author]);
      expect(inserted.rows[0].id).toBe(highest + 1);
      const reply = await client.query<{ id: number }>("insert into replies (content, post_id, author_id) values ('x', $1, $2) returning id", [inserted.rows[0].id, author]);
      expect(reply.rows[0].id).toBe(900002);
      const title = (await client.query<{ title: string }>("select title from posts order by id limit 1")).rows[0].title;
      const found = await client.query("select id from posts where posts_search_document(title, content) @@ plainto_tsquery('simple', $1)", [title]);
      expect(found.rowCount).toBeGreaterThan(0);
      await client.query("rollback");
    });
  });

  it("refuses a target that holds a community: one line, exit code 1, nothing written", async () => {
    const before = await withPostgresClient(postgresUrl, async (client) => (await client.query("select count(*)::int as n from posts")).rows[0].n as number);
    const cli = spawnSync(tsx, ["scripts/db-copy.ts", "--from", `file:${sourcePath}`, "--to", postgresUrl], { env: childEnvironment(`file:${sourcePath}`), encoding: "utf8" });
    expect(cli.status).toBe(1);
    expect(cli.stderr.trim().split("\n")).toHaveLength(1);
    expect(cli.stderr).toMatch(/already holds a community \(\d+ members\): db:copy only writes into an empty database/);
    expect(await withPostgresClient(postgresUrl, async (client) => (await client.query("select count(*)::int as n from posts")).rows[0].n)).toBe(before);

    // Reference data alone (a server started on it once) is refused too, naming the table.
    const started = await createTestDatabase("quads_copy");
    const target = await openCopyEndpoint(started, { mustExist: false });
    await withPostgresClient(started, (client) => client.query("insert into categories (name, color_class, icon_class) values ('General', 'c', 'i')"));
    const source = await openCopyEndpoint(`file:${sourcePath}`, { mustExist: true });
    await expect(copyDatabase({ source, target })).rejects.toThrow(new CopyRefusedError(`${target.label} is not empty (categories has 1 rows; a server started on it seeds reference data): db:copy only writes into an empty database.`));
    await source.close();
    await target.close();
  }, 60_000);

  it("copies PostgreSQL back into a new SQLite file with the CLI: equal to the original, search index and foreign keys checked", async () => {
    const original = await sqliteRows(sourcePath);
    const backPath = path.join(directory, "back.db");
    const cli = spawnSync(tsx, ["scripts/db-copy.ts", "--from", postgresUrl, "--to", `file:${backPath}`, "--batch-size", "50"], { env: childEnvironment(`file:${backPath}`), encoding: "utf8" });
    expect(cli.status, `${cli.stdout}${cli.stderr}`).toBe(0);
    expect(cli.stdout).toContain("Both sides match");
    expect(cli.stdout).toMatch(/ok +sum of users\.points/);
    expect(cli.stdout).not.toContain("DIFF");
    const back = await sqliteRows(backPath);
    for (const table of tables) expect(back[table.name], table.name).toEqual(original[table.name]);
    const check = new Database(backPath, { readonly: true });
    const word = (check.prepare("select title from posts order by id limit 1").pluck().get() as string).slice(0, 6);
    expect((check.prepare("select count(*) from posts_fts where posts_fts match ?").pluck().get(`"${word.replace(/"/g, '""')}"`) as number) > 0).toBe(true);
    check.close();
  }, 120_000);

  it("refuses while a server uses either side: a live pid file on SQLite, another session on PostgreSQL", async () => {
    writeFileSync(`${sourcePath}.pid`, `${process.pid}\n`); // this (live, node) process plays the server
    try {
      await expect(openCopyEndpoint(`file:${sourcePath}`, { mustExist: true })).rejects.toThrow(
        new CopyRefusedError(`A Quads server (process ${process.pid}) is running on ${sourcePath}. Stop it first (SIGTERM / Ctrl-C), then run the copy again.`),
      );
    } finally {
      rmSync(`${sourcePath}.pid`);
    }
    await withPostgresClient(postgresUrl, async () => {
      await expect(openCopyEndpoint(postgresUrl, { mustExist: true })).rejects.toThrow(/^1 other session\(s\) connected to .*Stop every server on it first/);
    });
  });

  it("fails when the copy does not match its source", async () => {
    const source = await openCopyEndpoint(`file:${sourcePath}`, { mustExist: true });
    const real = await openCopyEndpoint(`file:${path.join(directory, "lossy.db")}`, { mustExist: false });
    // A target that loses the last row of each batch of likes.
    const lossy: CopyEndpoint = Object.assign(Object.create(Object.getPrototypeOf(real) as object) as CopyEndpoint, real, {
      insert: (table: TableInfo, rows: Record<string, unknown>[]) => real.insert(table, table.name === "post_likes" ? rows.slice(0, -1) : rows),
    });
    const result = await copyDatabase({ source, target: lossy });
    await source.close();
    await real.close();
    expect(result.isEqual).toBe(false);
    expect(result.comparison.find((line) => line.label === "rows in post_likes")).toMatchObject({ isEqual: false });
  });
});
