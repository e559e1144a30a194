/**
 * The member directory, community stats, leaderboards and public profiles. Pages and /api routes
 * call these; no other code reads members for display.
 */
import { count, eq, ne } from "drizzle-orm";
import { DELETED_MEMBER_ID } from "~/utils/deleted-member";
import { getDb, schema } from "~/utils/db.server";
import { databaseVersion } from "~/utils/startup.server";
import { getEnv } from "~/utils/env.server";
import { notFound } from "~/utils/errors.server";
import { displayNameOf, memberCardNameOf, profileNameOf } from "~/utils/display-name";
import { isAdmin } from "~/utils/permissions";
import { leaderboardPeriods, TOP_CONTRIBUTOR_POINTS, type LeaderboardPeriod } from "~/features/gamification/rules";
import type { User } from "../../../db/schema";
import { directorySearchSchema, MEMBERS_PAGE_SIZE, type DirectorySearch } from "./schemas";

/** How many members the community has (the sidebar's members item). */
let membersCount: { db: unknown; version: string; total: number } | undefined;

/**
 * The sidebar's member count, on every signed-in page: counted again only when the database's
 * write version (app/utils/startup.server.ts, the page cache's key too) has moved.
 */
export function countMembers(): number {
  const db = getDb();
  const version = databaseVersion();
  if (membersCount?.db === db && membersCount.version === version) return membersCount.total;
  // The 'Deleted member' placeholder (app/utils/deleted-member.ts) is nobody: never counted or listed.
  const total = db.select({ total: count() }).from(schema.users).where(ne(schema.users.id, DELETED_MEMBER_ID)).get()?.total ?? 0;
  membersCount = { db, version, total };
  return total;
}

export type CommunityStats = { totalMembers: number; totalPosts: number; totalMeetings: number; activeContributors: number };

/** The members page's stat cards and GET /api/community/stats (one query). */
export function getCommunityStats(): CommunityStats {
  const row = getDb()
    .$client.prepare(
      `SELECT (SELECT count(*) FROM users WHERE id <> '${DELETED_MEMBER_ID}') AS totalMembers,
              (SELECT count(*) FROM posts) AS totalPosts,
              (SELECT count(*) FROM meetings) AS totalMeetings,
              (SELECT count(*) FROM users WHERE points > 0) AS activeContributors`,
    )
    .get() as CommunityStats;
  return row;
}

type RoleSource = Pick<User, "role" | "email" | "emailVerifiedAt" | "skillLevel">;

/** SPEC's label rule: 'Community Leader' for admins, 'Moderator' for moderators, otherwise the skill level. */
export function roleLabelOf(user: RoleSource): string {
  if (isAdmin(user, getEnv().ADMIN_EMAIL)) return "Community Leader";
  if (user.role === "moderator") return "Moderator";
  return user.skillLevel.charAt(0).toUpperCase() + user.skillLevel.slice(1);
}

/** A leaderboard row. Never the e-mail: only the member and admins see it (docs/members.md). */
export type Contributor = {
  id: string;
  displayName: string;
  firstName: string;
  points: number;
  label: string;
  /** Only with `withEmails` (admins' view). */
  email?: string;
};

/**
 * The leaderboard: members by points, all-time (users.points) or over the last 7 / 30 days (the
 * sum of their ledger rows in the period). Only members with points in the period are listed.
 */
export function listTopContributors(
  options: { limit?: number; period?: LeaderboardPeriod; now?: Date; withEmails?: boolean } = {},
): Contributor[] {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 50);
  const period = options.period ?? "all";
  const days = leaderboardPeriods[period].days;
  const db = getDb();
  type Row = Pick<User, "id" | "displayName" | "firstName" | "lastName" | "email" | "emailVerifiedAt" | "role" | "skillLevel"> & { points: number };
  const columns = `u.id, u.display_name AS displayName, u.first_name AS firstName, u.last_name AS lastName, u.email, u.email_verified_at AS emailVerifiedAt, u.role, u.skill_level AS skillLevel`;
  const rows =
    days === null
      ? (db.$client
          .prepare(`SELECT ${columns}, u.points FROM users u WHERE u.points > 0 ORDER BY u.points DESC, u.joined_at ASC LIMIT ?`)
          .all(limit) as Row[])
      : (db.$client
          .prepare(
            `SELECT ${columns}, c.points FROM (
               SELECT user_id, SUM(points) AS points, MIN(created_at) AS first_at FROM contributions
               WHERE created_at > ? GROUP BY user_id HAVING SUM(points) > 0
             ) c JOIN users u ON u.id = c.user_id
             ORDER BY c.points DESC, c.first_at ASC LIMIT ?`,
          )
          .all((options.now ?? new Date()).getTime() - days * 86_400_000, limit) as Row[]);
  return rows.map((row) => ({
    id: row.id,
    displayName: displayNameOf(row),
    firstName: row.firstName,
    points: row.points,
    label: roleLabelOf(row),
    ...(options.withEmails ? { email: row.email } : {}),
  }));
}

export type MemberCounts = { posts: number; badges: number; meetings: number };

/** Posts written, badges earned and meetings attended of several members, in one grouped query. */
export function getMemberCounts(userIds: readonly string[]): Map<string, MemberCounts> {
  const result = new Map<string, MemberCounts>(userIds.map((id) => [id, { posts: 0, badges: 0, meetings: 0 }]));
  if (userIds.length === 0) return result;
  const list = userIds.map(() => "?").join(",");
  const rows = getDb()
    .$client.prepare(
      `SELECT user_id AS userId, SUM(is_post) AS posts, SUM(is_badge) AS badges, SUM(is_meeting) AS meetings FROM (
         SELECT author_id AS user_id, 1 AS is_post, 0 AS is_badge, 0 AS is_meeting FROM posts WHERE author_id IN (${list})
         UNION ALL SELECT user_id, 0, 1, 0 FROM user_badges WHERE is_completed = 1 AND user_id IN (${list})
         UNION ALL SELECT user_id, 0, 0, 1 FROM meeting_attendees WHERE attended = 1 AND user_id IN (${list})
       ) GROUP BY user_id`,
    )
    .all(...userIds, ...userIds, ...userIds) as ({ userId: string } & MemberCounts)[];
  for (const row of rows) result.set(row.userId, { posts: row.posts, badges: row.badges, meetings: row.meetings });
  return result;
}

export type MemberCard = {
  id: string;
  name: string;
  /** The avatar (docs/uploads.md) or null for the initials. */
  avatarUrl: string | null;
  skillLevel: User["skillLevel"];
  label: string;
  bio: string | null;
  interests: string[];
  points: number;
  joinedAt: Date;
  isTopContributor: boolean;
  counts: MemberCounts;
};

export type MemberDirectory = {
  members: MemberCard[];
  total: number;
  page: number;
  pageCount: number;
  search: DirectorySearch;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * The 'All Members' grid: the skill filter, one page, with real counts, and a search over names,
 * skill level and interests. E-mail addresses stay private: a member's search matches an e-mail
 * only when the whole address is typed; admins (`viewerIsAdmin`) also match parts of addresses.
 */
export function listMembers(input: unknown, options: { viewerIsAdmin?: boolean } = {}): MemberDirectory {
  const search = directorySearchSchema.parse(input);
  const conditions: string[] = [];
  const parameters: (string | number)[] = [];
  if (search.q) {
    const query = search.q.toLowerCase();
    const pattern = `%${escapeLike(query)}%`;
    const textColumns = ["first_name", "last_name", "display_name", "skill_level", "interests"];
    const matches = textColumns.map((column) => `lower(${column}) LIKE ? ESCAPE '\\'`);
    parameters.push(...textColumns.map(() => pattern));
    if (options.viewerIsAdmin) {
      matches.push(`lower(email) LIKE ? ESCAPE '\\'`);
      parameters.push(pattern);
    } else {
      matches.push("lower(email) = ?");
      parameters.push(query);
    }
    conditions.push(`(${matches.join(" OR ")})`);
  }
  if (search.skill !== "all") {
    conditions.push("skill_level = ?");
    parameters.push(search.skill);
  }
  conditions.push("id <> ?");
  parameters.push(DELETED_MEMBER_ID);
  const where = `WHERE ${conditions.join(" AND ")}`;
  const db = getDb();
  const total = (db.$client.prepare(`SELECT count(*) AS total FROM users ${where}`).get(...parameters) as { total: number }).total;
  const pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  type Row = Pick<User, "id" | "firstName" | "lastName" | "email" | "emailVerifiedAt" | "role" | "skillLevel" | "bio" | "points"> & {
    interests: string;
    joinedAt: number;
    avatarUrl: string | null;
  };
  const rows = db.$client
    .prepare(
      `SELECT id, first_name AS firstName, last_name AS lastName, email, email_verified_at AS emailVerifiedAt, role, skill_level AS skillLevel, bio, interests, points, joined_at AS joinedAt,
              CASE WHEN avatar_upload_id IS NULL THEN NULL ELSE profile_image_url END AS avatarUrl
       FROM users ${where} ORDER BY points DESC, joined_at ASC, id LIMIT ? OFFSET ?`,
    )
    .all(...parameters, MEMBERS_PAGE_SIZE, (page - 1) * MEMBERS_PAGE_SIZE) as Row[];
  const counts = getMemberCounts(rows.map((row) => row.id));
  return {
    members: rows.map((row) => ({
      id: row.id,
      name: memberCardNameOf(row),
      avatarUrl: row.avatarUrl,
      skillLevel: row.skillLevel,
      label: roleLabelOf(row),
      bio: row.bio,
      interests: parseInterests(row.interests),
      points: row.points,
      joinedAt: new Date(row.joinedAt),
      isTopContributor: row.points > TOP_CONTRIBUTOR_POINTS,
      counts: counts.get(row.id) ?? { posts: 0, badges: 0, meetings: 0 },
    })),
    total,
    page,
    pageCount,
    search: { ...search, page },
  };
}

function parseInterests(value: string | string[] | null): string[] {
  if (Array.isArray(value)) return value;
  try {
    const parsed: unknown = JSON.parse(value ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

export type ActivityItem = { kind: "post" | "reply" | "badge"; title: string; link: string; at: Date };

/** A member's latest posts, replies and earned badges, newest first (one query). */
export function listRecentActivity(userId: string, limit = 8): ActivityItem[] {
  const rows = getDb()
    .$client.prepare(
      `SELECT * FROM (
         SELECT 'post' AS kind, title, '/post/' || id AS link, created_at AS at FROM posts WHERE author_id = ?
         UNION ALL
         SELECT 'reply', p.title, '/post/' || p.id, r.created_at FROM replies r JOIN posts p ON p.id = r.post_id WHERE r.author_id = ?
         UNION ALL
         SELECT 'badge', b.name, '/badges', ub.earned_at FROM user_badges ub JOIN badges b ON b.id = ub.badge_id
         WHERE ub.user_id = ? AND ub.is_completed = 1 AND ub.earned_at IS NOT NULL
       ) ORDER BY at DESC LIMIT ?`,
    )
    .all(userId, userId, userId, limit) as { kind: ActivityItem["kind"]; title: string; link: string; at: number }[];
  return rows.map((row) => ({ ...row, at: new Date(row.at) }));
}

export type MemberProfile = {
  id: string;
  name: string;
  avatarUrl: string | null;
  username: string;
  label: string;
  skillLevel: User["skillLevel"];
  joinedAt: Date;
  bio: string | null;
  interests: string[];
  points: number;
  counts: MemberCounts;
  activity: ActivityItem[];
};

/** The profile view of a member (their own /profile or the public /members/:id): never the e-mail or password. */
export function getMemberProfile(userId: string): MemberProfile {
  const user = getDb().select().from(schema.users).where(eq(schema.users.id, userId)).get();
  if (!user || user.id === DELETED_MEMBER_ID) throw notFound("Member not found");
  return toProfile(user);
}

function toProfile(user: User): MemberProfile {
  return {
    id: user.id,
    name: profileNameOf(user),
    avatarUrl: user.avatarUploadId ? user.profileImageUrl : null,
    username: user.username,
    label: roleLabelOf(user),
    skillLevel: user.skillLevel,
    joinedAt: user.joinedAt,
    bio: user.bio,
    interests: user.interests,
    points: user.points,
    counts: getMemberCounts([user.id]).get(user.id) ?? { posts: 0, badges: 0, meetings: 0 },
    activity: listRecentActivity(user.id),
  };
}
