/**
 * The one gate in front of every contribution (a post, a reply, an artist comment, a rating):
 * each feature's create function calls `assertMayContribute` before it writes. It refuses a
 * silenced (or suspended) member, applies the new-member limits and counts the posting rate
 * limit. docs/moderation.md describes the rules; docs/permissions.md the configuration.
 */
import { countLinks } from "~/features/content/index.server";
import { isVerifiedEmailRequiredToPostSync } from "~/features/settings/index.server";
import { eq, sql } from "drizzle-orm";
import { getDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, forbidden, isAppError, AppError } from "~/utils/errors.server";
import { isModerator } from "~/utils/permissions";
import { consumeRateLimitSync } from "~/utils/rate-limit.server";
import { activeRestrictionOf, formatRestrictionEnd, restrictionMessage } from "./suspensions.server";

/** What an unverified member reads while 'Require a verified e-mail to post' is on (docs/accounts.md). */
export const VERIFICATION_REQUIRED =
  "Please verify your e-mail address first: use the link we e-mailed you, or 'Resend verification e-mail' in the banner at the top of the page.";

export type ContributionKind = "post" | "reply" | "comment" | "rating";

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

/**
 * Refuses (403, pointing to the banner) a contribution by a member whose e-mail is not verified
 * while 'Require a verified e-mail to post' is on: the first check of assertMayContribute below.
 */
function assertVerifiedIfRequired(user: { id: string; emailVerifiedAt?: Date | null }) {
  if (!isVerifiedEmailRequiredToPostSync()) return;
  const verifiedAt = user.emailVerifiedAt === undefined ? guardQueries(getDb()).contributor.get({ id: user.id })?.emailVerifiedAt : user.emailVerifiedAt;
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
export function newMemberStatus(member: { id: string; joinedAt: Date | number }, now = Date.now()): NewMemberStatus {
  const env = getEnv();
  const oldEnoughAt = new Date(new Date(member.joinedAt).getTime() + env.NEW_MEMBER_HOURS * 60 * 60 * 1000);
  const minimum = env.NEW_MEMBER_MIN_POSTS;
  let written = 0;
  if (minimum > 0) {
    // Counts no further than the minimum: two short walks of the author indexes.
    const queries = guardQueries(getDb());
    const values = { id: member.id, minimum };
    written = queries.firstPosts.all(values).length + queries.firstReplies.all(values).length;
  }
  const postsToGo = Math.max(0, minimum - written);
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
};

/**
 * Throws unless the member may make this contribution now:
 * - 403 when 'Require a verified e-mail to post' is on and the member's address is not verified;
 * - 403 'Your account is silenced until …: <reason>' while a silence (or suspension) is active;
 * - for new members (moderators and admins are exempt): 400 when a post or reply has more than
 *   NEW_MEMBER_MAX_LINKS links, 429 past half the posting rate; both say when the limit ends;
 * - 429 past POST_RATE_LIMIT per POST_RATE_LIMIT_WINDOW_SECONDS (posts and replies together,
 *   artist comments apart). Ratings have no rate limit.
 * Call it after the input is validated (it counts the attempt) and before writing. Edits of one's
 * own posts and replies pass `isEdit`: the same silence and link checks, no rate count.
 */
export function assertMayContribute(
  user: { id: string },
  what: ContributionKind,
  {
    content,
    isEdit = false,
    now = new Date(),
  }: {
    content?: string;
    /** An edit of the member's own post or reply: not counted against the rate. */
    isEdit?: boolean;
    /** When the contribution is made (the demo community replays its history at its own dates). */
    now?: Date;
  } = {},
): void {
  const restriction = activeRestrictionOf(user.id);
  if (restriction) throw forbidden(restrictionMessage(restriction));
  // 'Require a verified e-mail to post' (docs/accounts.md).
  assertVerifiedIfRequired(user);

  const env = getEnv();
  const member = guardQueries(getDb()).contributor.get({ id: user.id });
  const status = member && !isModerator(member, env.ADMIN_EMAIL) ? newMemberStatus(member, now.getTime()) : undefined;
  const isNew = status?.isNew ?? false;

  if (isNew && content !== undefined && (what === "post" || what === "reply")) {
    const links = countLinks(content);
    const maximum = env.NEW_MEMBER_MAX_LINKS;
    if (links > maximum) {
      const allowed = maximum === 0 ? "cannot add links to" : `can add at most ${maximum} link${maximum === 1 ? "" : "s"} to`;
      const message = `New members ${allowed} a ${what} (this one has ${links}). ${whenNewMemberLimitEnds(status!)}`;
      throw badRequest(message, { content: [message] });
    }
  }

  const limit = rateLimitKeys[what];
  if (!limit || isEdit) return;
  const allowance = isNew ? Math.max(1, Math.floor(env.POST_RATE_LIMIT / 2)) : env.POST_RATE_LIMIT;
  try {
    consumeRateLimitSync({ key: limit.key(user.id), limit: allowance, windowSeconds: env.POST_RATE_LIMIT_WINDOW_SECONDS }, limit.what, now.getTime());
  } catch (error) {
    if (!isNew || !isAppError(error) || error.status !== 429) throw error;
    const window = env.POST_RATE_LIMIT_WINDOW_SECONDS;
    throw new AppError(
      429,
      `${error.message} New members can write at most ${allowance} ${limit.what} per ${window === 60 ? "minute" : `${window} seconds`}. ${whenNewMemberLimitEnds(status!)}`,
      { headers: error.headers },
    );
  }
}
