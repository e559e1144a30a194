/**
 * Hiding a post or a reply (docs/moderation.md): its author and moderators still see it, marked;
 * everyone else sees a notice instead (views.server.ts). The moderation feature decides when;
 * these write the columns, in the caller's unit of work when there is one (a savepoint of it).
 */
import { and, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import { schema, write } from "~/utils/db.server";
import type { HiddenReason } from "./views.server";

type Hiding = { by: string | null; reason: HiddenReason } | null;

async function setHidden(table: typeof schema.posts | typeof schema.replies, id: number, hiding: Hiding): Promise<boolean> {
  const changed = await write((tx) => {
    if (hiding === null) {
      return tx
        .update(table)
        .set({ hiddenAt: null, hiddenBy: null, hiddenReason: null })
        .where(and(eq(table.id, id), isNotNull(table.hiddenAt)))
        .returning({ id: table.id });
    }
    // A moderator's decision replaces an automatic hiding; hiding twice changes nothing.
    return tx
      .update(table)
      .set({ hiddenAt: new Date(), hiddenBy: hiding.by, hiddenReason: hiding.reason })
      .where(and(eq(table.id, id), or(isNull(table.hiddenAt), isNull(table.hiddenReason), ne(table.hiddenReason, hiding.reason))))
      .returning({ id: table.id });
  });
  return changed.length > 0;
}

/** Hides (or shows again, with null) a post; true when something changed. */
export function setPostHidden(postId: number, hiding: Hiding): Promise<boolean> {
  return setHidden(schema.posts, postId, hiding);
}

/** Hides (or shows again, with null) a reply; true when something changed. */
export function setReplyHidden(replyId: number, hiding: Hiding): Promise<boolean> {
  return setHidden(schema.replies, replyId, hiding);
}
