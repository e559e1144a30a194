/**
 * The member directory, community stats, leaderboards and public profiles. Pages and /api routes
 * call these; no other code reads members for display.
 */
import { and, asc, count, desc, eq, gt, isNotNull, min, ne, or, sql, sum, type SQL, type SQLWrapper } from "drizzle-orm";
import { DELETED_MEMBER_ID } from "~/utils/deleted-member";
import { cachedUntilWrite, readDb, schema, type AppDatabase } from "~/utils/db.server";
import { inJsonIds, jsonText, literalLimit } from "~/utils/sql-dialect.server";
import { perDatabase, perDatabaseShape } from "~/utils/statement-cache.server";
import { getEnv } from "~/utils/env.server";
import { notFound } from "~/utils/errors.server";
import { displayNameOf, memberCardNameOf, profileNameOf } from "~/utils/display-name";
import { isAdmin } from "~/utils/permissions";
import { leaderboardPeriods, TOP_CONTRIBUTOR_POINTS, type LeaderboardPeriod } from "~/features/gamification";
import type { User } from "../../../db/schema";
import { directorySearchSchema, MEMBERS_PAGE_SIZE, type DirectorySearch } from "./schemas";

/** Which WHERE the directory has: no search, a member's search (never e-mail) or an admin's (who also match parts of e-mails); with or without the skill filter. */
type DirectoryShape = { search: "none" | "member" | "admin"; hasSkill: boolean };

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (match) => `\\${match}`);

function directoryWhere(db: AppDatabase, shape: DirectoryShape): SQL | undefined {
  const { users } = schema;
  const conditions: SQL[] = [];
  if (shape.search !== "none") {
    const pattern = sql.placeholder("pattern");
    // interests is a JSON list: searched as its text (jsonText: PostgreSQL's jsonb needs the cast).
    const textColumns: SQLWrapper[] = [users.firstName, users.lastName, users.displayName, users.skillLevel, jsonText(db, users.interests)];
    // LIKE … ESCAPE has no builder form (docs/decisions/0077-data-access-style.md).
    const likes = (column: SQLWrapper) => sql`lower(${column}) LIKE ${pattern} ESCAPE '\\'`;
    const matches = textColumns.map(likes);
    // A member's search never looks at e-mail, not even a whole address: a match would tell them
    // that the address belongs to a member (docs/members.md, "E-mail addresses are private").
    if (shape.search === "admin") matches.push(likes(users.email));
    conditions.push(or(...matches)!);
  }
  if (shape.hasSkill) conditions.push(eq(users.skillLevel, sql.placeholder("skill")));
  conditions.push(ne(users.id, DELETED_MEMBER_ID));
  return and(...conditions);
}

const directoryKey = (shape: DirectoryShape) => `${shape.search}${+shape.hasSkill}`;

/** One directory shape's count and page, prepared (the values are placeholders). */
function buildDirectoryQueries(db: AppDatabase, shape: DirectoryShape) {
  const { users } = schema;
  const where = directoryWhere(db, shape);
  return {
    total: db.select({ total: count() }).from(users).where(where).prepare(),
    rows: db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        emailVerifiedAt: users.emailVerifiedAt,
        role: users.role,
        skillLevel: users.skillLevel,
        bio: users.bio,
        interests: users.interests,
        points: users.points,
        joinedAt: users.joinedAt,
        avatarUploadId: users.avatarUploadId,
        profileImageUrl: users.profileImageUrl,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.points), asc(users.joinedAt), asc(users.id))
      .limit(literalLimit(MEMBERS_PAGE_SIZE))
      .offset(sql.placeholder("offset"))
      .prepare(),
  };
}

/** Per database and shape (app/utils/statement-cache.server.ts). */
const directoryQueries = perDatabaseShape(buildDirectoryQueries, directoryKey);

/** The leaderboard's columns (never shown as they are: see Contributor). */
const contributorColumns = {
  id: schema.users.id,
  displayName: schema.users.displayName,
  firstName: schema.users.firstName,
  lastName: schema.users.lastName,
  email: schema.users.email,
  emailVerifiedAt: schema.users.emailVerifiedAt,
  role: schema.users.role,
  skillLevel: schema.users.skillLevel,
};

/**
 * The leaderboard's two reads, prepared once per database and list length (at most 50 lengths):
 * the length is written into the SQL, so each run is one compiled program (literalLimit).
 */
const leaderboardQueries = perDatabaseShape(
  (db: AppDatabase, limit: number) => {
    const { users, contributions } = schema;
    const total = sum(contributions.points).mapWith(Number);
    const period = db
      .select({ userId: contributions.userId, points: total.as("period_points"), firstAt: min(contributions.createdAt).as("first_at") })
      .from(contributions)
      .where(gt(contributions.createdAt, sql.placeholder("since")))
      .groupBy(contributions.userId)
      .having(gt(total, 0))
      .as("c");
    return {
      topAllTime: db
        .select({ ...contributorColumns, points: users.points })
        .from(users)
        .where(gt(users.points, 0))
        .orderBy(desc(users.points), asc(users.joinedAt))
        .limit(literalLimit(limit))
        .prepare(),
      topInPeriod: db
        .select({ ...contributorColumns, points: period.points })
        .from(period)
        .innerJoin(users, eq(users.id, period.userId))
        .orderBy(desc(period.points), asc(period.firstAt))
        .limit(literalLimit(limit))
        .prepare(),
    };
  },
  String,
);

/**
 * The members page's and the dashboard's reads, made once per database
 * (docs/decisions/0077-data-access-style.md). Dates go in as milliseconds, lists of ids as one
 * JSON parameter (`inJsonIds`), so each is one statement for any count.
 */
const memberQueries = perDatabase((db: AppDatabase) => {
  const { users, posts, meetings, userBadges, meetingAttendees } = schema;
  const param = sql.placeholder;
  const inIds = (column: typeof posts.authorId | typeof userBadges.userId | typeof meetingAttendees.userId) =>
    inJsonIds(db, column, param("ids"), "text");
  const one = sql<number>`1`;
  const zero = sql<number>`0`;
  const items = db
    .select({ userId: posts.authorId, isPost: one.as("is_post"), isBadge: zero.as("is_badge"), isMeeting: zero.as("is_meeting") })
    .from(posts)
    .where(inIds(posts.authorId))
    .unionAll(
      db
        .select({ userId: userBadges.userId, isPost: zero, isBadge: one, isMeeting: zero })
        .from(userBadges)
        .where(and(eq(userBadges.isCompleted, true), inIds(userBadges.userId))),
    )
    .unionAll(
      db
        .select({ userId: meetingAttendees.userId, isPost: zero, isBadge: zero, isMeeting: one })
        .from(meetingAttendees)
        .where(and(eq(meetingAttendees.attended, true), inIds(meetingAttendees.userId))),
    )
    .as("items");
  return {
    // The 'Deleted member' placeholder (app/utils/deleted-member.ts) is nobody: never counted or listed.
    memberTotal: db.select({ total: count() }).from(users).where(ne(users.id, DELETED_MEMBER_ID)).prepare(),
    communityStats: db
      .select({
        totalMembers: db.$count(users, ne(users.id, DELETED_MEMBER_ID)),
        totalPosts: db.$count(posts),
        totalMeetings: db.$count(meetings),
        activeContributors: db.$count(users, gt(users.points, 0)),
      })
      .from(sql`(SELECT 1) as "one"`)
      .prepare(),
    memberCounts: db
      .select({
        userId: items.userId,
        posts: sum(items.isPost).mapWith(Number),
        badges: sum(items.isBadge).mapWith(Number),
        meetings: sum(items.isMeeting).mapWith(Number),
      })
      .from(items)
      .groupBy(items.userId)
      .prepare(),
  };
});

/** How many members the community has (the sidebar's members item, on every signed-in page). */
export const countMembers: () => Promise<number> = cachedUntilWrite(async () => {
  const [row] = await memberQueries(readDb()).memberTotal.execute();
  return row?.total ?? 0;
});

export type CommunityStats = { totalMembers: number; totalPosts: number; totalMeetings: number; activeContributors: number };

/** The members page's stat cards and GET /api/community/stats (one query). */
export const getCommunityStats: () => Promise<CommunityStats> = cachedUntilWrite(async () => {
  const [row] = await memberQueries(readDb()).communityStats.execute();
  return row ?? { totalMembers: 0, totalPosts: 0, totalMeetings: 0, activeContributors: 0 };
});

/** How many members a directory search matches: kept until the next write, per shape and values. */
const directoryTotal = cachedUntilWrite(
  async (_shapeKey: string, directory: ReturnType<typeof buildDirectoryQueries>, values: { query: string; pattern: string; skill: string }) => {
    const [row] = await directory.total.execute(values);
    return row?.total ?? 0;
  },
  (shapeKey, _directory, values) => `${shapeKey}\u0000${values.skill}\u0000${values.query}`,
);

type RoleSource = Pick<User, "role" | "email" | "emailVerifiedAt" | "skillLevel">;

/** The label rule: 'Community Leader' for admins, 'Moderator' for moderators, otherwise the skill level. */
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
export async function listTopContributors(
  options: { limit?: number; period?: LeaderboardPeriod; now?: Date; withEmails?: boolean } = {},
): Promise<Contributor[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 50);
  const period = options.period ?? "all";
  const days = leaderboardPeriods[period].days;
  const queries = leaderboardQueries(readDb(), limit);
  let rows: (Pick<User, keyof typeof contributorColumns> & { points: number })[];
  if (days === null) {
    rows = await queries.topAllTime.execute();
  } else {
    const since = (options.now ?? new Date()).getTime() - days * 86_400_000;
    rows = await queries.topInPeriod.execute({ since });
  }
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
export async function getMemberCounts(userIds: readonly string[]): Promise<Map<string, MemberCounts>> {
  const result = new Map<string, MemberCounts>(userIds.map((id) => [id, { posts: 0, badges: 0, meetings: 0 }]));
  if (userIds.length === 0) return result;
  const rows = await memberQueries(readDb()).memberCounts.execute({ ids: JSON.stringify(userIds) });
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

/**
 * The 'All Members' grid: the skill filter, one page, with real counts, and a search over names,
 * skill level and interests. E-mail addresses stay private: a member's search never matches one
 * (not even the whole address); admins (`viewerIsAdmin`) also match parts of addresses.
 */
export async function listMembers(input: unknown, options: { viewerIsAdmin?: boolean } = {}): Promise<MemberDirectory> {
  const search = directorySearchSchema.parse(input);
  const shape: DirectoryShape = { search: !search.q ? "none" : options.viewerIsAdmin ? "admin" : "member", hasSkill: search.skill !== "all" };
  const key = directoryKey(shape);
  const directory = directoryQueries(readDb(), shape);
  const query = search.q ? search.q.toLowerCase() : "";
  const values = { query, pattern: `%${escapeLike(query)}%`, skill: search.skill };
  const total = await directoryTotal(key, directory, values);
  const pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  const rows = await directory.rows.execute({ ...values, offset: (page - 1) * MEMBERS_PAGE_SIZE });
  const counts = await getMemberCounts(rows.map((row) => row.id));
  return {
    members: rows.map((row) => ({
      id: row.id,
      name: memberCardNameOf(row),
      avatarUrl: row.avatarUploadId === null ? null : row.profileImageUrl,
      skillLevel: row.skillLevel,
      label: roleLabelOf(row),
      bio: row.bio,
      interests: parseInterests(row.interests),
      points: row.points,
      joinedAt: row.joinedAt,
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
export async function listRecentActivity(userId: string, limit = 8): Promise<ActivityItem[]> {
  const db = readDb();
  const { posts, replies, userBadges, badges } = schema;
  const kind = (value: ActivityItem["kind"]) => sql<ActivityItem["kind"]>`${value}`;
  const postLink = sql<string>`'/post/' || ${posts.id}`;
  const rows = await db
    .select({ kind: kind("post").as("kind"), title: posts.title, link: postLink.as("link"), at: sql<number>`${posts.createdAt}`.as("at") })
    .from(posts)
    .where(eq(posts.authorId, userId))
    .unionAll(
      db
        .select({ kind: kind("reply"), title: posts.title, link: postLink, at: sql<number>`${replies.createdAt}` })
        .from(replies)
        .innerJoin(posts, eq(posts.id, replies.postId))
        .where(eq(replies.authorId, userId)),
    )
    .unionAll(
      db
        .select({ kind: kind("badge"), title: badges.name, link: sql<string>`'/badges'`, at: sql<number>`${userBadges.earnedAt}` })
        .from(userBadges)
        .innerJoin(badges, eq(badges.id, userBadges.badgeId))
        .where(and(eq(userBadges.userId, userId), eq(userBadges.isCompleted, true), isNotNull(userBadges.earnedAt))),
    )
    .orderBy(desc(sql`at`))
    .limit(limit);
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
export async function getMemberProfile(userId: string): Promise<MemberProfile> {
  const [user] = await readDb().select().from(schema.users).where(eq(schema.users.id, userId)).limit(literalLimit(1));
  if (!user || user.id === DELETED_MEMBER_ID) throw notFound("Member not found");
  return toProfile(user);
}

async function toProfile(user: User): Promise<MemberProfile> {
  const counts = await getMemberCounts([user.id]);
  const activity = await listRecentActivity(user.id);
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
    counts: counts.get(user.id) ?? { posts: 0, badges: 0, meetings: 0 },
    activity,
  };
}
