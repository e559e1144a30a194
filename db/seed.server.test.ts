import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "../app/utils/db.server";
import * as schema from "./schema";
import { SEED_BADGES, seedDemoContent, seedReferenceData } from "./seed.server";

const now = new Date("2025-06-11T12:00:00.000Z");
let dir: string;
let db: AppDatabase;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "quads-seed-"));
  db = openDatabase(path.join(dir, "seed.db"));
  seedReferenceData(db, { communityName: "Quads" });
  seedReferenceData(db, { communityName: "Quads" });
  seedDemoContent(db, {
    now,
    adminEmail: "admin@quads.example",
    adminPasswordHash: "admin-hash",
    memberPasswordHash: "member-hash",
  });
});

afterAll(() => {
  db?.$client.close();
  rmSync(dir, { recursive: true, force: true });
});

const countOf = (sql: string) => (db.$client.prepare(sql).get() as { n: number }).n;

describe("seedReferenceData", () => {
  it("is idempotent: ten badges, ten platform settings, one footer row", () => {
    expect(countOf("SELECT count(*) AS n FROM badges")).toBe(10);
    expect(countOf("SELECT count(*) AS n FROM platform_settings")).toBe(10);
    expect(countOf("SELECT count(*) AS n FROM footer_settings")).toBe(1);
    expect(countOf("SELECT count(*) AS n FROM categories")).toBeGreaterThanOrEqual(6);
  });

  it("seeds the SPEC section 9 badges with their points", () => {
    const badges = db.select().from(schema.badges).all();
    const byName = Object.fromEntries(badges.map((badge) => [badge.name, badge]));
    expect(byName["Explorer"].pointsRequired).toBe(0);
    expect(byName["Discusser"].pointsRequired).toBe(5);
    expect(byName["Quads Master"]).toMatchObject({ type: "quads_master", pointsRequired: 500, category: "Mastery" });
    expect(badges).toHaveLength(SEED_BADGES.length);
  });

  it("never overwrites admin edits", () => {
    db.$client.prepare("UPDATE footer_settings SET tagline = 'Edited'").run();
    db.$client.prepare("UPDATE platform_settings SET url = 'https://youtube.com/@quads' WHERE platform = 'youtube'").run();
    db.$client.prepare("UPDATE badges SET description = 'Edited' WHERE type = 'explorer'").run();
    seedReferenceData(db, { communityName: "Other" });
    expect(db.select().from(schema.footerSettings).get()?.tagline).toBe("Edited");
    expect(
      (db.$client.prepare("SELECT url FROM platform_settings WHERE platform = 'youtube'").get() as { url: string }).url,
    ).toBe("https://youtube.com/@quads");
    expect(
      (db.$client.prepare("SELECT description FROM badges WHERE type = 'explorer'").get() as { description: string })
        .description,
    ).toBe("Edited");
    expect(countOf("SELECT count(*) AS n FROM footer_settings")).toBe(1);
  });
});

describe("seedDemoContent", () => {
  it("creates users, posts, replies, meetings, resources and artists", () => {
    for (const table of ["users", "posts", "replies", "post_likes", "meetings", "meeting_attendees", "resources"]) {
      expect(countOf(`SELECT count(*) AS n FROM ${table}`), table).toBeGreaterThan(0);
    }
    for (const table of ["music_artists", "artist_ratings", "artist_comments", "notifications", "user_badges"]) {
      expect(countOf(`SELECT count(*) AS n FROM ${table}`), table).toBeGreaterThan(0);
    }
    const admin = db.$client.prepare("SELECT * FROM users WHERE role = 'admin'").all() as { email: string }[];
    expect(admin.map((user) => user.email)).toEqual(["admin@quads.example"]);
  });

  it("keeps post counters equal to the real rows", () => {
    const mismatches = db.$client
      .prepare(
        `SELECT id FROM posts
         WHERE likes_count != (SELECT count(*) FROM post_likes WHERE post_id = posts.id)
            OR replies_count != (SELECT count(*) FROM replies WHERE post_id = posts.id)`,
      )
      .all();
    expect(mismatches).toEqual([]);
    expect(countOf("SELECT count(*) AS n FROM posts WHERE is_pinned = 1")).toBeGreaterThanOrEqual(1);
    expect(countOf("SELECT count(*) AS n FROM replies WHERE parent_reply_id IS NOT NULL")).toBeGreaterThan(0);
    expect(
      countOf(
        `SELECT count(*) AS n FROM replies child JOIN replies parent ON parent.id = child.parent_reply_id
         WHERE parent.post_id != child.post_id`,
      ),
    ).toBe(0);
  });

  it("keeps meeting attendee counts equal to the real rows, with upcoming and past meetings", () => {
    const mismatches = db.$client
      .prepare(
        `SELECT id FROM meetings
         WHERE attendees_count != (SELECT count(*) FROM meeting_attendees WHERE meeting_id = meetings.id)`,
      )
      .all();
    expect(mismatches).toEqual([]);
    const meetings = db.select().from(schema.meetings).all();
    expect(meetings.filter((meeting) => meeting.scheduledAt > now).length).toBeGreaterThan(0);
    expect(meetings.filter((meeting) => meeting.scheduledAt <= now).length).toBeGreaterThan(0);
  });

  it("covers every resource type", () => {
    const types = new Set(db.select().from(schema.resources).all().map((resource) => resource.resourceType));
    for (const type of schema.resourceTypes) expect(types.has(type), type).toBe(true);
  });

  it("gives every user the Explorer badge and respects badge states", () => {
    const users = countOf("SELECT count(*) AS n FROM users");
    expect(
      countOf(
        `SELECT count(*) AS n FROM user_badges ub JOIN badges b ON b.id = ub.badge_id
         WHERE b.type = 'explorer' AND ub.is_completed = 1`,
      ),
    ).toBe(users);
    expect(
      countOf(
        `SELECT count(*) AS n FROM user_badges ub JOIN badges b ON b.id = ub.badge_id
         WHERE ub.is_completed = 0 AND (ub.earned_at IS NOT NULL OR ub.progress >= b.points_required)`,
      ),
    ).toBe(0);
    expect(countOf("SELECT count(*) AS n FROM user_badges WHERE is_completed = 0")).toBeGreaterThan(0);
  });

  it("dates nothing in the future except upcoming meetings", () => {
    const nowMs = now.getTime();
    for (const [table, column] of [
      ["users", "joined_at"],
      ["posts", "created_at"],
      ["replies", "created_at"],
      ["post_likes", "created_at"],
      ["resources", "created_at"],
      ["artist_ratings", "created_at"],
      ["artist_comments", "created_at"],
      ["notifications", "created_at"],
    ]) {
      expect(countOf(`SELECT count(*) AS n FROM ${table} WHERE ${column} > ${nowMs}`), table).toBe(0);
    }
  });

  it("does nothing when users already exist", () => {
    const before = countOf("SELECT count(*) AS n FROM posts");
    seedDemoContent(db, { now, adminEmail: "other@quads.example", adminPasswordHash: "x", memberPasswordHash: "y" });
    expect(countOf("SELECT count(*) AS n FROM posts")).toBe(before);
  });
});
