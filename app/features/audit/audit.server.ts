/**
 * recordAudit(): every admin action (and moderators' actions on content) is written here,
 * inside the same unit of work as the action, with who did it, what, and when.
 * listAuditEntries(): the log admins read on /admin/audit, newest first, a page at a time.
 */
import { count, desc } from "drizzle-orm";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";

export type AuditInput = {
  actor: { id: string; email: string };
  /** A dotted verb, e.g. "user.role_changed", "meeting.created", "post.deleted". */
  action: string;
  /** "user", "meeting", "resource", "artist", "post", "reply", "comment", "platform_setting", "footer_settings". */
  targetType: string;
  targetId?: string | number | null;
  /** A short human summary shown in the log ("member → moderator", a title…). */
  summary?: string;
  /** When it happened, if not now (the demo community's history). */
  at?: Date;
};

/** The audit row's insert (awaited in a unit of work, or run by the synchronous twin). */
const insertAuditEntry = (db: AppDatabase, input: AuditInput) =>
  db.insert(schema.auditLog).values({
    actorId: input.actor.id,
    actorEmail: input.actor.email,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId == null ? null : String(input.targetId),
    summary: (input.summary ?? "").slice(0, 300),
    ...(input.at ? { createdAt: input.at } : {}),
  });

/** Writes an audit entry: inside the action's unit of work (a savepoint of it), or alone. */
export async function recordAudit(input: AuditInput): Promise<void> {
  await write((tx) => insertAuditEntry(tx, input));
}

export const AUDIT_PAGE_SIZE = 25;

export type AuditEntryView = {
  id: number;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string | null;
  summary: string;
  createdAt: Date;
};

/** One page of the audit log, newest first. */
export async function listAuditEntries({ page = 1, pageSize = AUDIT_PAGE_SIZE }: { page?: number; pageSize?: number } = {}) {
  const db = readDb();
  const [totalRow] = await db.select({ total: count() }).from(schema.auditLog);
  const total = totalRow?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const currentPage = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const entries: AuditEntryView[] = await db
    .select({
      id: schema.auditLog.id,
      actorEmail: schema.auditLog.actorEmail,
      action: schema.auditLog.action,
      targetType: schema.auditLog.targetType,
      targetId: schema.auditLog.targetId,
      summary: schema.auditLog.summary,
      createdAt: schema.auditLog.createdAt,
    })
    .from(schema.auditLog)
    .orderBy(desc(schema.auditLog.createdAt), desc(schema.auditLog.id))
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize);
  return { entries, total, page: currentPage, pageCount };
}

const actionLabels: Record<string, string> = {
  "user.role_changed": "Changed a user's role",
  "user.deleted": "Deleted a user",
  "user.suspended": "Suspended a member",
  "user.silenced": "Silenced a member",
  "user.suspension_lifted": "Lifted a suspension",
  "user.silence_lifted": "Lifted a silence",
  "platform_setting.updated": "Updated a platform link",
  "footer_settings.updated": "Updated the footer settings",
};

/** A readable label for an action ("meeting.created" → "Meeting created" when not listed). */
export function describeAuditAction(action: string): string {
  const known = actionLabels[action];
  if (known) return known;
  const [subject = action, verb = ""] = action.split(".");
  const words = `${subject} ${verb}`.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
