/**
 * Notifying the members a post or reply @mentions (docs/discussions.md, "Usernames and mentions"):
 * the first MENTIONS_NOTIFIED_MAX members a post or reply mentions, never the author, never twice
 * for the same post or reply (an edit notifies only members not yet told). Each member notified
 * also gets a mention e-mail at once (reply-mail.server.ts; docs/accounts.md).
 */
import { extractMentions } from "~/features/content/index.server";
import { notify } from "~/features/notifications/index.server";
import { and, eq, sql } from "drizzle-orm";
import { readDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { sendMentionMail } from "./reply-mail.server";
import { literalLimit } from "~/utils/sql-dialect.server";

export const MENTIONS_NOTIFIED_MAX = 10;

const mentionQueries = perDatabase((db: AppDatabase) => {
  const { notifications, users } = schema;
  const param = sql.placeholder;
  return {
    member: db.select({ id: users.id }).from(users).where(eq(users.username, param("username"))).prepare(),
    // Per member through notifications_user_created_idx: a member told once about this link is not told again.
    wasTold: db
      .select({ one: sql`1` })
      .from(notifications)
      .where(and(eq(notifications.userId, param("userId")), eq(notifications.kind, "mention"), eq(notifications.link, param("link"))))
      .limit(literalLimit(1))
      .prepare(),
  };
});

type MentionInput = {
  actorId: string;
  actorName: string;
  content: string;
  postTitle: string;
  link: string;
  alreadyToldIds?: string[];
  /** When the post or reply was written (default: now). */
  at?: Date;
};

/** The first MENTIONS_NOTIFIED_MAX distinct members the usernames name, never the author. */
function addMentioned(members: string[], memberId: string | undefined, actorId: string): boolean {
  if (memberId && memberId !== actorId && !members.includes(memberId)) members.push(memberId);
  return members.length === MENTIONS_NOTIFIED_MAX;
}

/** Tells one mentioned member (a notification and the mention e-mail); false when `notify` declined (a block). */
async function tell(userId: string, input: MentionInput): Promise<boolean> {
  const message = `${input.actorName} mentioned you in "${input.postTitle}"`;
  if (!(await notify({ userId, actorId: input.actorId, kind: "mention", message, link: input.link, at: input.at }))) return false;
  await sendMentionMail({ userId, actorName: input.actorName, postTitle: input.postTitle, content: input.content, link: input.link });
  return true;
}

/**
 * Call inside the unit of work that writes the post or reply. `link` identifies it (a post's
 * /post/12 or a reply's /post/12#reply-34); `alreadyToldIds` are members this action notified
 * otherwise (a reply's post author). Returns the ids notified. `notify` and the mention e-mail
 * are savepoints of the unit (decision 0102).
 */
export async function notifyMentions(input: MentionInput): Promise<string[]> {
  const usernames = extractMentions(input.content);
  if (usernames.length === 0) return [];
  const queries = mentionQueries(readDb());
  const members: string[] = [];
  for (const username of usernames) {
    const [member] = await queries.member.execute({ username });
    if (addMentioned(members, member?.id, input.actorId)) break;
  }
  const notified: string[] = [];
  for (const userId of members) {
    if (input.alreadyToldIds?.includes(userId) || (await queries.wasTold.execute({ userId, link: input.link })).length > 0) continue;
    if (await tell(userId, input)) notified.push(userId);
  }
  return notified;
}

