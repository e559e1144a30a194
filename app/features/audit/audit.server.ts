/**
 * recordAudit(): every admin action (and moderators' actions on content) is written here,
 * inside the same transaction as the action, with who did it, what, and when.
 */
import { getDb, schema } from "~/utils/db.server";

export type AuditInput = {
  actor: { id: string; email: string };
  /** A dotted verb, e.g. "user.role_changed", "meeting.created", "post.deleted". */
  action: string;
  /** "user", "meeting", "resource", "artist", "post", "reply", "comment", "platform_setting", "footer_settings". */
  targetType: string;
  targetId?: string | number | null;
  /** A short human summary shown in the log ("member → moderator", a title…). */
  summary?: string;
};

export function recordAudit(input: AuditInput): void {
  getDb()
    .insert(schema.auditLog)
    .values({
      actorId: input.actor.id,
      actorEmail: input.actor.email,
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId == null ? null : String(input.targetId),
      summary: (input.summary ?? "").slice(0, 300),
    })
    .run();
}
