import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readDb, schema } from "~/utils/db.server";
import { can } from "~/utils/permissions";
import { DEMO_MEMBERS, DEMO_POSTS, DEMO_RESOURCES } from "./demo-data";
import { seedDemoContent } from "./seed-demo.server";
import { row, rows } from "~/test/db";

const now = new Date("2025-06-11T12:00:00.000Z");

// app/test/setup.ts gave this file a fresh database with the reference data.
beforeAll(async () => {
  await seedDemoContent({ now, adminEmail: "admin@quads.example", adminPasswordHash: "admin-hash", memberPasswordHash: "member-hash" });
});

const countOf = async (sql: string) => ((await row(sql)) as { n: number }).n;

describe("seedDemoContent", () => {
  it("creates users, posts, replies, meetings, resources and artists", async () => {
    for (const table of ["users", "posts", "replies", "post_likes", "meetings", "meeting_attendees", "resources", "resource_ratings"]) {
      expect(await countOf(`SELECT count(*) AS n FROM ${table}`), table).toBeGreaterThan(0);
    }
    for (const table of ["music_artists", "artist_ratings", "artist_comments", "notifications", "user_badges"]) {
      expect(await countOf(`SELECT count(*) AS n FROM ${table}`), table).toBeGreaterThan(0);
    }
    const admin = (await rows("SELECT * FROM users WHERE role = 'admin'")) as { email: string }[];
    expect(admin.map((user) => user.email)).toEqual(["admin@quads.example"]);
    expect(await countOf("SELECT count(*) AS n FROM users")).toBe(DEMO_MEMBERS.length);
    expect(await countOf("SELECT count(*) AS n FROM posts")).toBe(DEMO_POSTS.length);
  });

  it("keeps the members' names, usernames, e-mails and shared password hash", async () => {
    const users = await readDb().select().from(schema.users);
    const maya = users.find((user) => user.username === "maya_chen");
    expect(maya).toMatchObject({ email: "maya.chen@example.com", displayName: "Maya Chen", role: "moderator", password: "member-hash" });
    expect(users.find((user) => user.role === "admin")).toMatchObject({ username: "ada_admin", password: "admin-hash" });
    expect(users.every((user) => user.emailVerifiedAt !== null)).toBe(true);
  });

  it("keeps post counters equal to the real rows", async () => {
    const mismatches = await rows(
        `SELECT id FROM posts
         WHERE likes_count != (SELECT count(*) FROM post_likes WHERE post_id = posts.id)
            OR replies_count != (SELECT count(*) FROM replies WHERE post_id = posts.id)`,
      );
    expect(mismatches).toEqual([]);
    expect(await countOf("SELECT count(*) AS n FROM posts WHERE is_pinned = true")).toBeGreaterThanOrEqual(1);
    expect(await countOf("SELECT count(*) AS n FROM replies WHERE parent_reply_id IS NOT NULL")).toBeGreaterThan(0);
  });

  it("has upcoming and past meetings, and attendance only at past ones", async () => {
    const meetings = await readDb().select().from(schema.meetings);
    expect(meetings.filter((meeting) => meeting.scheduledAt > now).length).toBeGreaterThan(0);
    expect(meetings.filter((meeting) => meeting.scheduledAt <= now).length).toBeGreaterThan(0);
    expect(await countOf(`SELECT count(*) AS n FROM meeting_attendees a JOIN meetings m ON m.id = a.meeting_id WHERE a.attended = true AND m.scheduled_at > ${now.getTime()}`)).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM meeting_attendees WHERE attended = true")).toBeGreaterThan(0);
  });

  it("has every resource submitted by someone who may add resources (docs/permissions.md)", async () => {
    const submitters = await readDb()
      .select({ title: schema.resources.title, role: schema.users.role, email: schema.users.email, emailVerifiedAt: schema.users.emailVerifiedAt })
      .from(schema.resources)
      .innerJoin(schema.users, eq(schema.users.id, schema.resources.submittedBy));
    expect(submitters).toHaveLength(DEMO_RESOURCES.length);
    // No ADMIN_EMAIL list: the submitter's role alone must allow it.
    expect(submitters.filter((submitter) => !can(submitter, "resources:manage", [])).map((submitter) => submitter.title)).toEqual([]);
  });

  it("covers every resource type", async () => {
    const types = new Set((await readDb().select().from(schema.resources)).map((resource) => resource.resourceType));
    for (const type of schema.resourceTypes) expect(types.has(type), type).toBe(true);
  });

  it("gives every user the Explorer badge, and points equal to the ledger", async () => {
    const users = await countOf("SELECT count(*) AS n FROM users");
    expect(
      await countOf(
        `SELECT count(*) AS n FROM user_badges ub JOIN badges b ON b.id = ub.badge_id
         WHERE b.type = 'explorer' AND ub.is_completed = true`,
      ),
    ).toBe(users);
    expect(await countOf("SELECT count(*) AS n FROM user_badges WHERE is_completed = false")).toBeGreaterThan(0);
    expect(await countOf("SELECT count(*) AS n FROM users WHERE points != (SELECT coalesce(sum(points), 0) FROM contributions c WHERE c.user_id = users.id)")).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM contributions WHERE kind = 'supporter_granted'")).toBe(DEMO_MEMBERS.filter((member) => member.isSupporter).length);
  });

  it("dates nothing in the future except upcoming meetings", async () => {
    const nowMs = now.getTime();
    for (const [table, column] of [
      ["users", "joined_at"],
      ["posts", "created_at"],
      ["replies", "created_at"],
      ["post_likes", "created_at"],
      ["resources", "created_at"],
      ["resource_ratings", "created_at"],
      ["artist_ratings", "created_at"],
      ["artist_comments", "created_at"],
      ["notifications", "created_at"],
      ["contributions", "created_at"],
      ["audit_log", "created_at"],
    ]) {
      expect(await countOf(`SELECT count(*) AS n FROM ${table} WHERE ${column} > ${nowMs}`), table).toBe(0);
    }
  });

  it("leaves a few unread notifications per member and queues no e-mail", async () => {
    expect(await countOf("SELECT count(*) AS n FROM notifications WHERE read_at IS NULL")).toBeGreaterThan(0);
    expect(await countOf("SELECT max(n) AS n FROM (SELECT count(*) AS n FROM notifications WHERE read_at IS NULL GROUP BY user_id) AS per_member")).toBeLessThanOrEqual(3);
    expect(await countOf("SELECT count(*) AS n FROM mail_outbox")).toBe(0);
    expect(await countOf("SELECT count(*) AS n FROM reply_mail_batches")).toBe(0);
  });

  it("does nothing when users already exist", async () => {
    const before = await countOf("SELECT count(*) AS n FROM posts");
    await seedDemoContent({ now, adminEmail: "other@quads.example", adminPasswordHash: "x", memberPasswordHash: "y" });
    expect(await countOf("SELECT count(*) AS n FROM posts")).toBe(before);
  });
});
