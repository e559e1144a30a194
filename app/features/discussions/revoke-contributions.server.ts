/**
 * What deleting a post or a reply thread takes back, expressed through the gamification
 * feature's public revokeContributions (app/features/gamification/contributions.server.ts): the
 * ledger rows go and every affected member's points and badges follow (docs/gamification.md).
 * Call inside the deleting unit of work: the revocation is a savepoint of it (decision 0102).
 */
import { revokeContributions } from "~/features/gamification/index.server";
import { eq } from "drizzle-orm";
import { schema, type AppDatabase } from "~/utils/db.server";

/** Everything a post produced: post_created, each reply's reply_created/reply_to_other, each like_received. Call inside the deleting unit (`tx`). */
export async function revokePostContributions(tx: AppDatabase, postId: number): Promise<number> {
  const id = String(postId);
  const { replies } = schema;
  const replyIds = (await tx.select({ id: replies.id }).from(replies).where(eq(replies.postId, postId))).map((row) => String(row.id));
  return await revokeContributions([
    { kinds: ["post_created"], subjectIds: [id] },
    { kinds: ["reply_created", "reply_to_other"], subjectIds: replyIds },
    { kinds: ["like_received"], subjectPrefix: `${id}:` },
  ]);
}

/** What a set of replies produced (a reply and its sub-thread). */
export async function revokeReplyContributions(replyIds: number[]): Promise<number> {
  return revokeContributions([{ kinds: ["reply_created", "reply_to_other"], subjectIds: replyIds.map(String) }]);
}
