/**
 * Which e-mails a member wants, and the one-click unsubscribe (RFC 8058) that switches one off.
 * `mail_preferences` holds a row only for a kind a member changed from its default; the account
 * settings page reads and writes the same rows (docs/accounts.md). Unsubscribe links carry a
 * signed token (HMAC of member and kind with SESSION_SECRET): they work signed out.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, exists, notExists, sql, type SQL } from "drizzle-orm";
import { isNotSuspendedAt, isSuspendedAt } from "~/features/moderation/index.server";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { badRequest } from "~/utils/errors.server";
import { enqueueMail } from "./outbox.server";
import { publicUrl, type MailContent } from "./templates.server";
import { literalLimit } from "~/utils/sql-dialect.server";

/** The notification e-mails a member can switch on or off, with their defaults. */
export const notificationMailKinds = {
  replies: { label: "Replies to my posts and replies", isOnByDefault: true },
  mentions: { label: "Mentions", isOnByDefault: true },
  messages: { label: "Private messages", isOnByDefault: true },
  meeting_reminders: { label: "Meeting reminders", isOnByDefault: true },
  weekly_digest: { label: "The weekly digest", isOnByDefault: false },
} as const;
export type NotificationMailKind = keyof typeof notificationMailKinds;

export function isNotificationMailKind(value: string): value is NotificationMailKind {
  return Object.hasOwn(notificationMailKinds, value);
}

/** The member's recorded choice for one kind (no row: the default). */
function choiceOf(db: AppDatabase, userId: string, kind: NotificationMailKind) {
  return db
    .select({ enabled: schema.mailPreferences.enabled })
    .from(schema.mailPreferences)
    .where(and(eq(schema.mailPreferences.userId, userId), eq(schema.mailPreferences.kind, kind)))
    .limit(literalLimit(1));
}

/** Whether the member wants this kind of mail (their choice, else the default). */
export async function isMailEnabled(userId: string, kind: NotificationMailKind): Promise<boolean> {
  const [row] = await choiceOf(readDb(), userId, kind);
  return row ? row.enabled : notificationMailKinds[kind].isOnByDefault;
}

/** Every kind with the member's current choice. */
export async function getMailPreferences(userId: string): Promise<Record<NotificationMailKind, boolean>> {
  const rows = await readDb().select().from(schema.mailPreferences).where(eq(schema.mailPreferences.userId, userId));
  const result = {} as Record<NotificationMailKind, boolean>;
  for (const kind of Object.keys(notificationMailKinds) as NotificationMailKind[]) {
    result[kind] = rows.find((row) => row.kind === kind)?.enabled ?? notificationMailKinds[kind].isOnByDefault;
  }
  return result;
}

/** Records the member's choice for one kind (a savepoint of the caller's unit of work, if any). */
export async function setMailPreference(userId: string, kind: NotificationMailKind, enabled: boolean): Promise<void> {
  const now = new Date();
  await write((tx) =>
    tx
      .insert(schema.mailPreferences)
      .values({ userId, kind, enabled, updatedAt: now })
      .onConflictDoUpdate({ target: [schema.mailPreferences.userId, schema.mailPreferences.kind], set: { enabled, updatedAt: now } }),
  );
}

function signature(payload: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`unsubscribe:${payload}`).digest("base64url");
}

/** The signed token of an unsubscribe link: `<member>.<kind>.<signature>`. */
export function createUnsubscribeToken(userId: string, kind: NotificationMailKind): string {
  const payload = `${userId}.${kind}`;
  return `${payload}.${signature(payload)}`;
}

const BAD_LINK = "This unsubscribe link is not valid. Open the newest e-mail and use its link, or sign in to change your e-mail settings.";

/** Reads a token; 400 when it is malformed or its signature does not match. */
export function readUnsubscribeToken(token: string): { userId: string; kind: NotificationMailKind } {
  const parts = token.split(".");
  if (parts.length !== 3) throw badRequest(BAD_LINK);
  const [userId, kind, given] = parts;
  const expected = Buffer.from(signature(`${userId}.${kind}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected) || !isNotificationMailKind(kind)) throw badRequest(BAD_LINK);
  return { userId, kind };
}

/** Switches off the kind a token names (one click, signed out); answers what was switched off. */
export async function unsubscribeWithToken(token: string): Promise<{ kind: NotificationMailKind; label: string }> {
  const { userId, kind } = readUnsubscribeToken(token);
  // A deleted member's link changes nothing; the check and the write in one unit.
  await write(async (tx) => {
    const [member] = await tx.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.id, userId)).limit(literalLimit(1));
    if (member) await setMailPreference(userId, kind, false);
  });
  return { kind, label: notificationMailKinds[kind].label };
}

/** The unsubscribe page of a member and kind (the link in the mail and the List-Unsubscribe target). */
export function unsubscribeUrl(userId: string, kind: NotificationMailKind): string {
  return publicUrl(`/unsubscribe?token=${encodeURIComponent(createUnsubscribeToken(userId, kind))}`);
}

/** The RFC 8058 headers of a notification mail. */
export function listUnsubscribeHeaders(userId: string, kind: NotificationMailKind): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl(userId, kind)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/**
 * Where a member's notification mail goes: their address unless they are suspended (a suspended
 * member gets no news), else null. An unverified address gets it too, as the registration's own
 * verification e-mail does; every message carries its one-click unsubscribe (docs/accounts.md).
 * Account mail (reset, verification) does not ask this.
 */
export async function notificationMailAddress(userId: string, now = new Date()): Promise<string | null> {
  const [row] = await recipientOf(readDb(), userId);
  return addressOf(row, now);
}

function recipientOf(db: AppDatabase, userId: string) {
  return db.select({ email: schema.users.email, suspendedUntil: schema.users.suspendedUntil }).from(schema.users).where(eq(schema.users.id, userId)).limit(literalLimit(1));
}

function addressOf(row: { email: string; suspendedUntil: Date | null } | undefined, now: Date): string | null {
  if (!row) return null;
  if (isSuspendedAt(row.suspendedUntil, now)) return null;
  return row.email;
}

/**
 * The same rules as notificationMailAddress and isMailEnabled, as a condition on the `users`
 * table (a Drizzle expression, typed by db/schema.ts), for the scheduled jobs that pick many
 * members at once: they select from `users` and add it to their WHERE.
 */
export function wantsNotificationMail(kind: NotificationMailKind, now: Date): SQL {
  const { mailPreferences, users } = schema;
  // A subquery only (the caller's statement runs it): built on whichever handle, the SQL is the same.
  const chosen = (enabled: boolean) =>
    readDb()
      .select({ one: sql`1` })
      .from(mailPreferences)
      .where(and(eq(mailPreferences.userId, users.id), eq(mailPreferences.kind, kind), eq(mailPreferences.enabled, enabled)));
  const choice = notificationMailKinds[kind].isOnByDefault ? notExists(chosen(false)) : exists(chosen(true));
  return and(isNotSuspendedAt(now), choice)!;
}

export type NotificationMail = {
  user: { id: string };
  kind: NotificationMailKind;
  subject: string;
  content: Omit<MailContent, "unsubscribeUrl">;
};

/**
 * Enqueues a notification e-mail when the member wants this kind and may get notification mail
 * (notificationMailAddress): List-Unsubscribe headers and the unsubscribe link included. Returns
 * the outbox id, or null when nothing was enqueued. Inside the caller's unit of work (a savepoint).
 */
export async function enqueueNotificationMail(mail: NotificationMail): Promise<number | null> {
  if (!(await isMailEnabled(mail.user.id, mail.kind))) return null;
  const to = await notificationMailAddress(mail.user.id);
  if (!to) return null;
  return enqueueMail(notificationMessage(mail, to));
}

function notificationMessage({ user, kind, subject, content }: NotificationMail, to: string) {
  return {
    to,
    subject,
    kind,
    headers: listUnsubscribeHeaders(user.id, kind),
    content: { ...content, unsubscribeUrl: unsubscribeUrl(user.id, kind) },
  };
}
