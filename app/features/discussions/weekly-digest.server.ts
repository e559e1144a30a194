/**
 * The weekly digest e-mail (docs/accounts.md, "Notification e-mails"; off unless the member
 * switched it on): the most active discussions of the past 7 days. The mail worker's scheduler
 * runs sendWeeklyDigests() every few minutes; from Monday 09:00 in COMMUNITY_TIMEZONE each member
 * who opted in gets the week's digest once: `weekly_digests_sent` (member, ISO week) is written in
 * the same unit of work as the enqueue, so neither a restart nor a second box sends it twice.
 */
import { blockedIdsOf } from "~/features/blocks/index.server";
import { enqueueNotificationMail, wantsNotificationMail, publicUrl } from "~/features/mail/index.server";
import { and, eq, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { readDb, schema, write } from "~/utils/db.server";
import { queryRows } from "~/utils/sql-dialect.server";
import { getEnv } from "~/utils/env.server";
import { routes } from "~/utils/routes";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Discussions a digest lists. */
export const DIGEST_SIZE = 5;
/** The local hour on Monday from which the week's digest goes out. */
const SEND_FROM_HOUR = 9;
/** Digests one run enqueues (the next run goes on). */
const DIGESTS_PER_RUN = 200;

/** The ISO week (`2026-W48`) of an instant in `zone`, and whether its digest may go out yet (Monday from 09:00). */
export function digestWeek(now: Date, zone: string): { week: string; isDue: boolean } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric" })
      .formatToParts(now)
      .filter((part) => part.type !== "literal")
      .map((part) => [part.type, Number(part.value)]),
  ) as { year: number; month: number; day: number; hour: number };
  const date = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  const weekday = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  // The ISO week's year is the year of its Thursday.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const weekNumber = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return { week: `${date.getUTCFullYear()}-W${String(weekNumber).padStart(2, "0")}`, isDue: weekday > 1 || (parts.hour % 24) >= SEND_FROM_HOUR };
}

export type DigestDiscussion = { id: number; title: string; authorId: string; authorName: string; newReplies: number; newLikes: number };

/** The most active discussions of the 7 days before `now`: new replies count twice, new likes once; hidden posts left out. */
export async function listMostActiveDiscussions(now: Date, limit = DIGEST_SIZE): Promise<DigestDiscussion[]> {
  const since = now.getTime() - WEEK_MS;
  const until = now.getTime();
  // Raw SQL: a CTE of three grouped UNION ALL parts ranked by an expression; the builder would only
  // spell the same text in `sql` fragments (docs/decisions/0077-data-access-style.md). The same text
  // on both engines: aliases quoted, every selected column grouped, sums cast (PostgreSQL's are numeric).
  const rows = await queryRows<DigestDiscussion>(
    readDb(),
    sql`WITH activity AS (
          SELECT post_id, count(*) AS replies, 0 AS likes FROM replies WHERE created_at > ${since} AND created_at <= ${until} AND hidden_at IS NULL GROUP BY post_id
          UNION ALL SELECT post_id, 0, count(*) FROM post_likes WHERE created_at > ${since} AND created_at <= ${until} GROUP BY post_id
          UNION ALL SELECT id, 0, 0 FROM posts WHERE created_at > ${since} AND created_at <= ${until}
        )
        SELECT p.id AS "id", p.title AS "title", p.author_id AS "authorId", u.display_name AS "authorName",
          CAST(sum(a.replies) AS INTEGER) AS "newReplies", CAST(sum(a.likes) AS INTEGER) AS "newLikes"
        FROM activity a JOIN posts p ON p.id = a.post_id JOIN users u ON u.id = p.author_id
        WHERE p.hidden_at IS NULL
        GROUP BY p.id, p.title, p.author_id, u.display_name
        ORDER BY sum(a.replies) * 2 + sum(a.likes) DESC, max(p.created_at) DESC LIMIT ${limit}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), newReplies: Number(row.newReplies), newLikes: Number(row.newLikes) }));
}

/** The members who opted in and have not had this week's digest (driven by the few who switched it on: it is off by default). */
async function listMembersAwaitingDigest(now: Date, week: string, limit: number): Promise<{ id: string }[]> {
  const db = readDb();
  const { mailPreferences, users, weeklyDigestsSent } = schema;
  const opted = alias(mailPreferences, "opted");
  return db
    .select({ id: users.id })
    .from(opted)
    .innerJoin(users, eq(users.id, opted.userId))
    .where(
      and(
        eq(opted.kind, "weekly_digest"),
        eq(opted.enabled, true),
        wantsNotificationMail("weekly_digest", now),
        notExists(db.select({ one: sql`1` }).from(weeklyDigestsSent).where(and(eq(weeklyDigestsSent.userId, users.id), eq(weeklyDigestsSent.week, week)))),
      ),
    )
    .limit(limit);
}

/** Whether this week's digest is due for a member who has not had it (a read: the mail worker's scheduler claims a run only then). */
export async function hasDigestsToSend(now = new Date()): Promise<boolean> {
  const { week, isDue } = digestWeek(now, getEnv().COMMUNITY_TIMEZONE);
  return isDue && (await listMembersAwaitingDigest(now, week, 1)).length > 0;
}

/**
 * The scheduled job: enqueues this week's digest for members who opted in and have not had it;
 * returns how many. Each member's marker row (member, week: unique) and enqueue are one unit of
 * work, so runs on several boxes at once, or a run killed halfway and the next one, send each member
 * one digest a week (docs/decisions/0110-background-work-once.md).
 */
export async function sendWeeklyDigests(now = new Date()): Promise<number> {
  const { week, isDue } = digestWeek(now, getEnv().COMMUNITY_TIMEZONE);
  if (!isDue) return 0;
  const { weeklyDigestsSent } = schema;
  const members = await listMembersAwaitingDigest(now, week, DIGESTS_PER_RUN);
  if (members.length === 0) return 0;
  // A few more than shown, so that a member who blocked an author still gets a full list.
  const discussions = await listMostActiveDiscussions(now, DIGEST_SIZE * 3);
  if (discussions.length === 0) return 0; // a silent week: nothing to send (yet)
  let sent = 0;
  for (const member of members) {
    const isSent = await write(async (tx) => {
      const claimed = await tx.insert(weeklyDigestsSent).values({ userId: member.id, week, sentAt: now }).onConflictDoNothing().returning({ userId: weeklyDigestsSent.userId });
      if (claimed.length === 0) return false;
      const blocked = await blockedIdsOf(member.id);
      const shown = discussions.filter((discussion) => !blocked.has(discussion.authorId)).slice(0, DIGEST_SIZE);
      return shown.length > 0 && (await enqueueDigest(member.id, shown)) !== null;
    });
    if (isSent) sent += 1;
  }
  return sent;
}

function describeActivity(discussion: DigestDiscussion): string {
  const counts = [
    discussion.newReplies > 0 ? `${discussion.newReplies} new ${discussion.newReplies === 1 ? "reply" : "replies"}` : null,
    discussion.newLikes > 0 ? `${discussion.newLikes} new ${discussion.newLikes === 1 ? "like" : "likes"}` : null,
  ].filter(Boolean);
  return counts.length > 0 ? counts.join(", ") : "new this week";
}

async function enqueueDigest(userId: string, discussions: DigestDiscussion[]): Promise<number | null> {
  const community = getEnv().COMMUNITY_NAME;
  return enqueueNotificationMail({
    user: { id: userId },
    kind: "weekly_digest",
    subject: `This week in ${community}: ${discussions[0].title}`,
    content: {
      heading: `The most active discussions this week`,
      paragraphs: discussions.map((discussion) => `"${discussion.title}" by ${discussion.authorName} (${describeActivity(discussion)}): ${publicUrl(routes.post(discussion.id))}`),
      action: { label: "See all discussions", url: publicUrl(routes.discussions) },
      footnote: "You get this weekly digest because you switched it on in your e-mail settings.",
    },
  });
}
