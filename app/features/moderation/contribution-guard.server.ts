/**
 * The one gate in front of every contribution (a post, a reply, an artist comment, a rating):
 * each feature's create function calls `assertMayContribute` before it writes. It refuses a
 * silenced (or suspended) member, applies the new-member limits and counts the posting rate
 * limit. docs/moderation.md describes the rules; docs/permissions.md the configuration.
 * The rules are plain functions of what the database says; `assertMayContribute` reads it
 * (decision 0102).
 */
import { countLinks } from "~/features/content/index.server";
import { isVerifiedEmailRequiredToPost } from "~/features/settings/index.server";
import { eq, sql } from "drizzle-orm";
import { readDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, forbidden, isAppError, AppError } from "~/utils/errors.server";
import { isModerator } from "~/utils/permissions";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import { activeRestrictionOf, formatRestrictionEnd, restrictionMessage, type Restriction } from "./suspensions.server";

/** What an unverified member reads while 'Require a verified e-mail to post' is on (docs/accounts.md). */
export const VERIFICATION_REQUIRED =
  "Please verify your e-mail address first: use the link we e-mailed you, or 'Resend verification e-mail' in the banner at the top of the page.";

export type ContributionKind = "post" | "reply" | "comment" | "rating" | "message";

/** Made once per database: every post, reply, comment and rating passes through here. */
const guardQueries = perDatabase((db: AppDatabase) => {
  const { users, posts, replies } = schema;
  const param = sql.placeholder;
  // At most `minimum` rows each: a short walk of the author index, never a full count.
  const firstOf = (table: typeof posts | typeof replies) =>
    db.select({ one: sql<number>`1` }).from(table).where(eq(table.authorId, param("id"))).limit(param("minimum")).prepare();
  return {
    contributor: db
      .select({ id: users.id, email: users.email, emailVerifiedAt: users.emailVerifiedAt, role: users.role, joinedAt: users.joinedAt })
      .from(users)
      .where(eq(users.id, param("id")))
      .prepare(),
    firstPosts: firstOf(posts),
    firstReplies: firstOf(replies),
  };
});

type Contributor = { id: string; email: string; emailVerifiedAt: Date | null; role: string; joinedAt: Date };

/**
 * Refuses (403, pointing to the banner) a contribution by a member whose e-mail is not verified
 * while 'Require a verified e-mail to post' is on: the second check of assertMayContribute below.
 */
function assertVerified(verifiedAt: Date | null | undefined) {
  if (!verifiedAt) throw forbidden(VERIFICATION_REQUIRED);
}

/** Whether a member still counts as new, and what is left before they do not. */
export type NewMemberStatus = {
  isNew: boolean;
  /** When the account is NEW_MEMBER_HOURS old, if that is still ahead. */
  oldEnoughAt: Date | null;
  /** Posts and replies still to write before NEW_MEMBER_MIN_POSTS is reached (0 when reached). */
  postsToGo: number;
};

/** New (docs/moderation.md): joined less than NEW_MEMBER_HOURS ago, or fewer than NEW_MEMBER_MIN_POSTS posts and replies. */
export async function newMemberStatus(member: { id: string; joinedAt: Date | number }, now = Date.now()): Promise<NewMemberStatus> {
  const minimum = getEnv().NEW_MEMBER_MIN_POSTS;
  if (minimum <= 0) return newMemberStatusOf(member, 0, now);
  // Counts no further than the minimum: two short walks of the author indexes.
  const queries = guardQueries(readDb());
  const values = { id: member.id, minimum };
  const written = (await queries.firstPosts.execute(values)).length + (await queries.firstReplies.execute(values)).length;
  return newMemberStatusOf(member, written, now);
}

/** The status once the member's posts and replies are counted (up to the minimum). */
function newMemberStatusOf(member: { joinedAt: Date | number }, written: number, now: number): NewMemberStatus {
  const env = getEnv();
  const oldEnoughAt = new Date(new Date(member.joinedAt).getTime() + env.NEW_MEMBER_HOURS * 60 * 60 * 1000);
  const postsToGo = Math.max(0, env.NEW_MEMBER_MIN_POSTS - written);
  const isOldEnough = oldEnoughAt.getTime() <= now;
  return { isNew: !isOldEnough || postsToGo > 0, oldEnoughAt: isOldEnough ? null : oldEnoughAt, postsToGo };
}

/** "This limit ends once your account is 24 hours old (12 Nov 2026, 14:05 UTC) and you have written 2 more posts or replies." */
function whenNewMemberLimitEnds(status: NewMemberStatus): string {
  const hours = getEnv().NEW_MEMBER_HOURS;
  const conditions: string[] = [];
  if (status.oldEnoughAt) conditions.push(`your account is ${hours} hour${hours === 1 ? "" : "s"} old (${formatRestrictionEnd(status.oldEnoughAt)})`);
  if (status.postsToGo > 0) conditions.push(`you have written ${status.postsToGo === 1 ? "1 more post or reply" : `${status.postsToGo} more posts or replies`}`);
  return `This new-member limit ends once ${conditions.join(" and ")}.`;
}

const rateLimitKeys: Partial<Record<ContributionKind, { key: (userId: string) => string; what: string }>> = {
  post: { key: (userId) => `posting:${userId}`, what: "posts and replies" },
  reply: { key: (userId) => `posting:${userId}`, what: "posts and replies" },
  comment: { key: (userId) => `artist-comment:${userId}`, what: "comments" },
  // Private messages share the posting allowance (docs/messages.md).
  message: { key: (userId) => `posting:${userId}`, what: "posts, replies and messages" },
};

type ContributionOptions = {
  content?: string;
  /** An edit of the member's own post or reply: not counted against the rate. */
  isEdit?: boolean;
  /** When the contribution is made (the demo community replays its history at its own dates). */
  now?: Date;
};

/** The silence (or suspension) check: the first of assertMayContribute. */
function assertNotRestricted(restriction: Restriction | null) {
  if (restriction) throw forbidden(restrictionMessage(restriction));
}

/** 403 with the reason while the member is silenced (or suspended): what a private message checks before its own rules (docs/messages.md). */
export async function assertNotSilenced(userId: string, now = new Date()): Promise<void> {
  assertNotRestricted(await activeRestrictionOf(userId, now));
}

/** Whether the new-member limits may apply: a known member who is neither a moderator nor an admin (newMemberStatus says whether they still count as new). */
const isNewMemberLimited = (member: Contributor | undefined) => member !== undefined && !isModerator(member, getEnv().ADMIN_EMAIL);

/** New members' link limit on posts, replies and private messages (400 with when the limit ends). */
function assertWithinLinkLimit(status: NewMemberStatus | undefined, what: ContributionKind, content: string | undefined) {
  if (!status?.isNew || content === undefined || (what !== "post" && what !== "reply" && what !== "message")) return;
  const links = countLinks(content);
  const maximum = getEnv().NEW_MEMBER_MAX_LINKS;
  if (links > maximum) {
    const allowed = maximum === 0 ? "cannot add links to" : `can add at most ${maximum} link${maximum === 1 ? "" : "s"} to`;
    const message = `New members ${allowed} a ${what} (this one has ${links}). ${whenNewMemberLimitEnds(status)}`;
    throw badRequest(message, { content: [message] });
  }
}

/** The rate limit this contribution counts against (none for ratings and edits). */
function rateLimitOf(user: { id: string }, what: ContributionKind, isEdit: boolean, status: NewMemberStatus | undefined) {
  const limit = rateLimitKeys[what];
  if (!limit || isEdit) return null;
  const env = getEnv();
  const allowance = status?.isNew ? Math.max(1, Math.floor(env.POST_RATE_LIMIT / 2)) : env.POST_RATE_LIMIT;
  return { what: limit.what, allowance, limit: { key: limit.key(user.id), limit: allowance, windowSeconds: env.POST_RATE_LIMIT_WINDOW_SECONDS } };
}

/** A new member past their (halved) rate reads why and when the limit ends; any other error as it was. */
function rateRefusalFor(error: unknown, status: NewMemberStatus | undefined, rate: { what: string; allowance: number }): unknown {
  if (!status?.isNew || !isAppError(error) || error.status !== 429) return error;
  const window = getEnv().POST_RATE_LIMIT_WINDOW_SECONDS;
  return new AppError(
    429,
    `${error.message} New members can write at most ${rate.allowance} ${rate.what} per ${window === 60 ? "minute" : `${window} seconds`}. ${whenNewMemberLimitEnds(status)}`,
    { headers: error.headers },
  );
}

/**
 * Throws unless the member may make this contribution now:
 * - 403 'Your account is silenced until …: <reason>' while a silence (or suspension) is active;
 * - 403 when 'Require a verified e-mail to post' is on and the member's address is not verified;
 * - for new members (moderators and admins are exempt): 400 when a post, reply or message has more than
 *   NEW_MEMBER_MAX_LINKS links, 429 past half the posting rate; both say when the limit ends;
 * - 429 past POST_RATE_LIMIT per POST_RATE_LIMIT_WINDOW_SECONDS (posts, replies and private messages together,
 *   artist comments apart). Ratings have no rate limit.
 * Call it after the input is validated (it counts the attempt, in a unit of work of its own or a
 * savepoint of the caller's) and before writing. Edits of one's own posts and replies pass
 * `isEdit`: the same silence and link checks, no rate count.
 */
export async function assertMayContribute(
  user: { id: string; emailVerifiedAt?: Date | null },
  what: ContributionKind,
  { content, isEdit = false, now = new Date() }: ContributionOptions = {},
): Promise<void> {
  assertNotRestricted(await activeRestrictionOf(user.id));
  const [member] = await guardQueries(readDb()).contributor.execute({ id: user.id });
  // 'Require a verified e-mail to post' (docs/accounts.md).
  if (await isVerifiedEmailRequiredToPost()) assertVerified(user.emailVerifiedAt === undefined ? member?.emailVerifiedAt : user.emailVerifiedAt);
  const status = member && isNewMemberLimited(member) ? await newMemberStatus(member, now.getTime()) : undefined;
  assertWithinLinkLimit(status, what, content);
  const rate = rateLimitOf(user, what, isEdit, status);
  if (!rate) return;
  try {
    await consumeRateLimit(rate.limit, rate.what, now.getTime());
  } catch (error) {
    throw rateRefusalFor(error, status, rate);
  }
}

