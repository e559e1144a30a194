/**
 * What deleting a post or a reply thread takes back, expressed through the gamification
 * feature's public revokeContributionsSync (app/features/gamification/contributions.server.ts): the
 * ledger rows go and every affected member's points and badges follow (docs/gamification.md).
 */
import { revokeContributionsSync } from "~/features/gamification/index.server";
import { eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";

/** Everything a post produced: post_created, each reply's reply_created/reply_to_other, each like_received. */
export function revokePostContributions(postId: number): number {
  const id = String(postId);
  const { replies } = schema;
  const replyIds = getDb()
    .select({ id: replies.id })
    .from(replies)
    .where(eq(replies.postId, postId))
    .all()
    .map((row) => String(row.id));
  return revokeContributionsSync([
    { kinds: ["post_created"], subjectIds: [id] },
    { kinds: ["reply_created", "reply_to_other"], subjectIds: replyIds },
    { kinds: ["like_received"], subjectPrefix: `${id}:` },
  ]);
}

/** What a set of replies produced (a reply and its sub-thread). */
export function revokeReplyContributions(replyIds: number[]): number {
  return revokeContributionsSync([{ kinds: ["reply_created", "reply_to_other"], subjectIds: replyIds.map(String) }]);
}
