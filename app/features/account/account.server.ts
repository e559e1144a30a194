/**
 * Account settings (docs/accounts.md, "Account settings"): /settings/account and /api/account call
 * these. Every password-checking action goes through verifyCurrentPassword (sign-in's limits).
 * Reads go through readDb() and writes through units of work (decision 0102); the sessions and
 * tokens are written by app/utils/session.server.ts and auth inside those units (savepoints of
 * them), the mail preferences and notices by mail's synchronous helpers, which join them.
 */
import { exportConversationsOf } from "~/features/conversations/index.server";
import { eq } from "drizzle-orm";
import { verifyCurrentPassword, type RequestMeta, findUserById, voidTokens, hashPassword, hasPassword, sendPasswordChangedNotice, changePasswordSchema, deleteAccountSchema, setPasswordSchema } from "~/features/auth/index.server";
import { parseOrThrow } from "~/utils/validation.server";
import { getMailPreferences, setMailPreference, type NotificationMailKind } from "~/features/mail/index.server";
import { deleteOwnAccount } from "~/features/users/index.server";
import { readDb, schema, write } from "~/utils/db.server";
import { badRequest } from "~/utils/errors.server";
import { resetRateLimit } from "~/utils/rate-limit.server";
import { deleteOtherSessions, listMemberSessions, publicSessionId } from "~/utils/session.server";
import { deviceNameOf } from "./devices.server";
import { notificationPreferencesSchema } from "./schemas";

async function requireMember(userId: string) {
  const user = await findUserById(userId);
  if (!user) throw badRequest("Please sign in again.");
  return user;
}

/**
 * 'Change password': the current password, then the new one (registration's rules). Every OTHER
 * session of the member is deleted (`currentSid` stays), and the 'password changed' notice is sent.
 * 400 with field messages, 429 when locked. Returns how many sessions were signed out.
 */
export async function changePassword({ userId, input, currentSid, meta }: { userId: string; input: unknown; currentSid: string | undefined; meta: RequestMeta }) {
  const user = await requireMember(userId);
  // A member who joined with an external identity has no password to give: they set one (decision 0112).
  const isSetting = !hasPassword(user);
  const { newPassword } = isSetting ? parseOrThrow(setPasswordSchema, input) : parseOrThrow(changePasswordSchema, input);
  if (!isSetting) await verifyCurrentPassword(user, (input as { currentPassword?: unknown }).currentPassword, meta);
  const passwordHash = await hashPassword(newPassword);
  const signedOut = await write(async (tx) => {
    const now = new Date();
    const [updated] = await tx.update(schema.users).set({ password: passwordHash, updatedAt: now }).where(eq(schema.users.id, user.id)).returning();
    // A reset link sent before the change would undo it.
    await voidTokens({ userId: user.id, purpose: "password_reset", now });
    const count = await deleteOtherSessions(user.id, currentSid);
    await sendPasswordChangedNotice(updated);
    return count;
  });
  await resetRateLimit(`auth:account:${user.email.toLowerCase()}`);
  return { signedOutSessions: signedOut };
}

export type AccountSession = { id: string; device: string; lastSeenAt: string | null; signedInAt: string | null; current: boolean };

/** The member's active sessions for the page and GET /api/account/sessions: an opaque id, never the sid. */
export async function listAccountSessions({ userId, currentSid }: { userId: string; currentSid: string | undefined }): Promise<AccountSession[]> {
  const currentId = currentSid ? publicSessionId(currentSid) : null;
  return (await listMemberSessions(userId)).map((session) => ({
    id: session.id,
    device: deviceNameOf(session.userAgent),
    lastSeenAt: session.lastSeenAt?.toISOString() ?? null,
    signedInAt: session.createdAt?.toISOString() ?? null,
    current: session.id === currentId,
  }));
}

/** 'Sign out other sessions' and DELETE /api/account/sessions: every session but this one. */
export async function signOutOtherSessions({ userId, currentSid }: { userId: string; currentSid: string | undefined }): Promise<{ signedOutSessions: number }> {
  if (!currentSid) throw badRequest("Please sign in again.");
  return { signedOutSessions: await deleteOtherSessions(userId, currentSid) };
}

export type NotificationPreferences = { replies: boolean; mentions: boolean; messages: boolean; meetingReminders: boolean; weeklyDigest: boolean };

/** The API's camelCase keys for the mail kinds of app/features/mail/preferences.server.ts. */
const kindOfKey: Record<keyof NotificationPreferences, NotificationMailKind> = {
  replies: "replies",
  mentions: "mentions",
  messages: "messages",
  meetingReminders: "meeting_reminders",
  weeklyDigest: "weekly_digest",
};

/** The member's notification e-mail choices, `{ replies, mentions, messages, meetingReminders, weeklyDigest }`. */
export async function getNotificationPreferences(userId: string): Promise<NotificationPreferences> {
  const byKind = await getMailPreferences(userId);
  return Object.fromEntries(Object.entries(kindOfKey).map(([key, kind]) => [key, byKind[kind]])) as NotificationPreferences;
}

/** Saves the given choices (keys left out stay as they are); 400 for anything but booleans of the five keys. */
export async function updateNotificationPreferences({ userId, input }: { userId: string; input: unknown }): Promise<NotificationPreferences> {
  const values = parseOrThrow(notificationPreferencesSchema, input);
  await write(async () => {
    for (const [key, enabled] of Object.entries(values) as [keyof NotificationPreferences, boolean | undefined][]) {
      if (enabled !== undefined) await setMailPreference(userId, kindOfKey[key], enabled);
    }
  });
  return await getNotificationPreferences(userId);
}

/**
 * 'Download my data' and GET /api/account/export: the member's own rows only (profile, posts,
 * replies, likes, ratings, comments, meeting registrations, badges, points history), and the
 * private conversations they are in. Other members appear nowhere else in it, and there only by
 * username: no names, no e-mails.
 */
export async function exportAccountData(userId: string) {
  const user = await requireMember(userId);
  const db = readDb();
  const meetingRows = await db
    .select({ meetingId: schema.meetingAttendees.meetingId, title: schema.meetings.title, scheduledAt: schema.meetings.scheduledAt, registeredAt: schema.meetingAttendees.registeredAt, attended: schema.meetingAttendees.attended })
    .from(schema.meetingAttendees)
    .innerJoin(schema.meetings, eq(schema.meetings.id, schema.meetingAttendees.meetingId))
    .where(eq(schema.meetingAttendees.userId, userId));
  const badgeRows = await db
    .select({ name: schema.badges.name, type: schema.badges.type, earnedAt: schema.userBadges.earnedAt, progress: schema.userBadges.progress, isCompleted: schema.userBadges.isCompleted })
    .from(schema.userBadges)
    .innerJoin(schema.badges, eq(schema.badges.id, schema.userBadges.badgeId))
    .where(eq(schema.userBadges.userId, userId));
  const posts = await db
    .select({ id: schema.posts.id, title: schema.posts.title, content: schema.posts.content, categoryId: schema.posts.categoryId, createdAt: schema.posts.createdAt, updatedAt: schema.posts.updatedAt })
    .from(schema.posts)
    .where(eq(schema.posts.authorId, userId));
  const replies = await db
    .select({ id: schema.replies.id, postId: schema.replies.postId, parentReplyId: schema.replies.parentReplyId, content: schema.replies.content, createdAt: schema.replies.createdAt })
    .from(schema.replies)
    .where(eq(schema.replies.authorId, userId));
  const likes = await db.select({ postId: schema.postLikes.postId, createdAt: schema.postLikes.createdAt }).from(schema.postLikes).where(eq(schema.postLikes.userId, userId));
  const resourceRatings = await db
    .select({ resourceId: schema.resourceRatings.resourceId, rating: schema.resourceRatings.rating, createdAt: schema.resourceRatings.createdAt })
    .from(schema.resourceRatings)
    .where(eq(schema.resourceRatings.userId, userId));
  const artistRatings = await db
    .select({ artistId: schema.artistRatings.artistId, rating: schema.artistRatings.rating, createdAt: schema.artistRatings.createdAt })
    .from(schema.artistRatings)
    .where(eq(schema.artistRatings.userId, userId));
  const artistComments = await db
    .select({ id: schema.artistComments.id, artistId: schema.artistComments.artistId, comment: schema.artistComments.comment, createdAt: schema.artistComments.createdAt })
    .from(schema.artistComments)
    .where(eq(schema.artistComments.userId, userId));
  const pointsHistory = await db
    .select({ kind: schema.contributions.kind, subjectId: schema.contributions.subjectId, points: schema.contributions.points, createdAt: schema.contributions.createdAt })
    .from(schema.contributions)
    .where(eq(schema.contributions.userId, userId));
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      emailVerifiedAt: user.emailVerifiedAt,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: user.displayName,
      username: user.username,
      city: user.city,
      state: user.state,
      phoneNumber: user.phoneNumber,
      skillLevel: user.skillLevel,
      role: user.role,
      bio: user.bio,
      interests: user.interests,
      points: user.points,
      avatarUrl: user.avatarUploadId ? user.profileImageUrl : null,
      joinedAt: user.joinedAt,
    },
    notificationPreferences: await getNotificationPreferences(userId),
    posts,
    replies,
    likes,
    resourceRatings,
    artistRatings,
    artistComments,
    meetingRegistrations: meetingRows,
    badges: badgeRows,
    pointsHistory,
    // Private conversations the member is in, with their messages (docs/messages.md, "Privacy").
    conversations: await exportConversationsOf(userId),
  };
}

/** The file name of the export ("quads-data-<username>-2026-11-23.json"). */
export function exportFileName(username: string, now = new Date()): string {
  return `quads-data-${username.replace(/[^a-z0-9_]/gi, "")}-${now.toISOString().slice(0, 10)}.json`;
}

/** The export as a JSON attachment (GET /api/account/export and /settings/account/export). */
export async function exportResponse(user: { id: string; username: string }): Promise<Response> {
  return new Response(JSON.stringify(await exportAccountData(user.id), null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(user.username)}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * 'Delete my account' and DELETE /api/account: the password, then the one account deletion
 * (deleteOwnAccount: personal data and sessions gone, posts and replies kept under 'Deleted
 * member', counters exact). 400 wrong password, 409 last admin, 429 locked.
 */
export async function deleteAccount({ userId, input, meta }: { userId: string; input: unknown; meta: RequestMeta }) {
  const { password } = parseOrThrow(deleteAccountSchema, input);
  const user = await requireMember(userId);
  await verifyCurrentPassword(user, password, meta, "password");
  return deleteOwnAccount({ userId: user.id });
}
