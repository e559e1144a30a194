/**
 * Manage Users: the list admins see, role changes and deletions. The page action
 * (/admin/users) and the /api/admin/users routes call these functions; each write runs in one
 * unit of work with its audit entry and re-checks its guards inside it (decision 0102).
 */
import { keepMessagesOf } from "~/features/conversations/index.server";
import { and, count, desc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { recordAudit } from "~/features/audit/index.server";
import { refreshBadges } from "~/features/gamification/index.server";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { atLeastZero, executeSql, inJsonIds, literalLimit, queryRows } from "~/utils/sql-dialect.server";
import { getEnv } from "~/utils/env.server";
import { conflict, forbidden, notFound } from "~/utils/errors.server";
import { isAdmin, isListedAdmin } from "~/utils/permissions";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { User } from "../../../db/schema";
import { changeRoleSchema, userListQuerySchema, type UserListQuery, type UserRole } from "./schemas";
import { releaseUploads, uploadHashesOwnedBy } from "~/features/uploads/index.server";
import { validationError } from "~/utils/validation.server";
import type { ActorRef } from "~/utils/actor";
import { DELETED_MEMBER_ID, DELETED_MEMBER_NAME } from "~/utils/deleted-member";
import { forgetMailTo, notificationMailKinds, setMailPreference, type NotificationMailKind } from "~/features/mail/index.server";
import { refreshResourceRatings } from "~/features/resources/index.server";

export const USERS_PAGE_SIZE = 20;
export const USERS_API_PAGE_SIZE = 200;
export const USERS_API_MAX_PAGE_SIZE = 500;


/** What admins see of a user: never the password hash or session data. */
export function toAdminUser(user: User) {
  const adminEmails = getEnv().ADMIN_EMAIL;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    profileImageUrl: user.profileImageUrl,
    avatarUrl: user.avatarUploadId ? user.profileImageUrl : null,
    skillLevel: user.skillLevel,
    role: user.role,
    points: user.points,
    joinedAt: user.joinedAt,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    /** Admin rights, from the role or from ADMIN_EMAIL. */
    isAdmin: isAdmin(user, adminEmails),
    /** An ADMIN_EMAIL account: its rights come from configuration, so it cannot be demoted or deleted here. */
    isAdminEmail: isListedAdmin(user, adminEmails),
  };
}
export type AdminUser = ReturnType<typeof toAdminUser>;

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Users, newest first, filtered by first name, last name, display name or e-mail, one page at a time. */
export async function listUsers(query: UserListQuery = {}, defaultPageSize = USERS_PAGE_SIZE) {
  const { search, page, pageSize: requestedPageSize } = userListQuerySchema.parse(query);
  const pageSize = requestedPageSize ?? defaultPageSize;
  const db = readDb();
  let where: SQL | undefined;
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    const like = (column: SQLiteColumn) => sql`lower(${column}) like ${pattern} escape '\\'`;
    where = or(like(schema.users.firstName), like(schema.users.lastName), like(schema.users.displayName), like(schema.users.email));
  }
  where = and(ne(schema.users.id, DELETED_MEMBER_ID), where);
  const [totalRow] = await db.select({ total: count() }).from(schema.users).where(where);
  const total = totalRow?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const currentPage = Math.min(page, pageCount);
  const rows = await db
    .select()
    .from(schema.users)
    .where(where)
    .orderBy(desc(schema.users.createdAt), desc(schema.users.id))
    .limit(pageSize)
    .offset((currentPage - 1) * pageSize);
  return { users: rows.map(toAdminUser), total, page: currentPage, pageCount, pageSize, search: search ?? "" };
}

/** How many accounts hold admin rights (role admin or ADMIN_EMAIL); inside a unit of work, counting its own writes. */
export async function countAdmins(): Promise<number> {
  const adminEmails = getEnv().ADMIN_EMAIL;
  const byEmail = adminEmails.length
    ? sql`(${schema.users.emailVerifiedAt} is not null and lower(${schema.users.email}) in (${sql.join(
        adminEmails.map((email) => sql`${email}`),
        sql`, `,
      )}))`
    : sql`0`;
  const [row] = await readDb().select({ total: count() }).from(schema.users).where(or(eq(schema.users.role, "admin"), byEmail));
  return row?.total ?? 0;
}

async function findUser(userId: string): Promise<User | undefined> {
  const [user] = await readDb().select().from(schema.users).where(eq(schema.users.id, userId)).limit(literalLimit(1));
  return user;
}

/** Re-reads the actor inside the unit of work: an admin demoted a moment ago can no longer act. */
async function requireActingAdmin(actor: ActorRef): Promise<User> {
  const current = await findUser(actor.id);
  if (!current || !isAdmin(current, getEnv().ADMIN_EMAIL)) throw forbidden("You need admin privileges to do this.");
  return current;
}

function guardTarget(actor: ActorRef, target: User, what: "role" | "delete") {
  if (target.id === actor.id) {
    throw forbidden(what === "role" ? "You cannot change your own role." : "You cannot delete your own account.");
  }
  if (isListedAdmin(target, getEnv().ADMIN_EMAIL)) {
    throw forbidden(
      what === "role"
        ? "This account's admin rights come from ADMIN_EMAIL: its role cannot be changed here."
        : "This account's admin rights come from ADMIN_EMAIL: it cannot be deleted here.",
    );
  }
}

/** Changes a user's role. 400 bad role, 403 self / ADMIN_EMAIL / actor no longer admin, 404 unknown user, 409 last admin. */
export async function changeUserRole({ actor, userId, input }: { actor: ActorRef; userId: string; input: unknown }): Promise<AdminUser> {
  const parsed = changeRoleSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, "Choose a role: member, moderator or admin.");
  const role: UserRole = parsed.data.role;
  return write(async (tx) => {
    await requireActingAdmin(actor);
    const target = await findUser(userId);
    if (!target) throw notFound("User not found.");
    guardTarget(actor, target, "role");
    if (target.role === role) return toAdminUser(target);
    const [updated] = await tx.update(schema.users).set({ role, updatedAt: new Date() }).where(eq(schema.users.id, userId)).returning();
    if ((await countAdmins()) === 0) throw conflict("You cannot demote the last admin: promote someone else first.");
    await recordAudit({
      actor,
      action: "user.role_changed",
      targetType: "user",
      targetId: userId,
      summary: `${target.email}: ${target.role} → ${role}`,
    });
    return toAdminUser(updated);
  });
}

type DoomedReply = { id: number; postId: number };

/**
 * An admin deletes a user (Manage Users): the account and everything that cascades from it,
 * posts and replies included, with exact counters (removeAccount). 403 self / ADMIN_EMAIL / actor
 * no longer admin, 404 unknown, 409 last admin. Audited.
 */
export async function deleteUser({ actor, userId }: { actor: ActorRef; userId: string }): Promise<{ id: string; email: string }> {
  return removeAccount({
    userId,
    isKeepingContent: false,
    guard: async (target) => {
      await requireActingAdmin(actor);
      guardTarget(actor, target, "delete");
    },
    lastAdminMessage: "You cannot delete the last admin: promote someone else first.",
    audit: (target) => recordAudit({ actor, action: "user.deleted", targetType: "user", targetId: userId, summary: `${target.email} (${target.role})` }),
  });
}

/**
 * A member deletes their own account ('Delete my account', DELETE /api/account): the same
 * removeAccount, but their posts and replies stay, shown as 'Deleted member' (DELETED_MEMBER_ID).
 * The caller checks the password. 409 when it would leave no account with admin rights.
 */
export async function deleteOwnAccount({ userId }: { userId: string }): Promise<{ id: string; email: string }> {
  return removeAccount({
    userId,
    isKeepingContent: true,
    guard: async () => undefined,
    lastAdminMessage: "You are the last admin: make another member an admin before you delete your account.",
  });
}

/** The placeholder author of kept posts and replies (app/utils/deleted-member.ts), made once; inside the deletion's unit of work. */
async function ensureDeletedMemberRow(tx: AppDatabase) {
  await tx
    .insert(schema.users)
    .values({
      id: DELETED_MEMBER_ID,
      email: "deleted-member@invalid",
      // Not a hash verifyPassword accepts: nobody can sign in as it.
      password: "!",
      firstName: DELETED_MEMBER_NAME,
      lastName: "",
      displayName: DELETED_MEMBER_NAME,
      // Outside the username rule (app/features/auth/usernames.ts), so no member can take it or mention it.
      username: "-deleted-",
      joinedAt: new Date(0),
      // Also kept out of @mention suggestions, which skip suspended members.
      suspendedUntil: new Date("9999-12-31T00:00:00Z"),
    })
    .onConflictDoNothing();
  // No notification mail is ever queued for it.
  for (const kind of Object.keys(notificationMailKinds) as NotificationMailKind[]) await setMailPreference(DELETED_MEMBER_ID, kind, false);
}

/**
 * The one account deletion (docs/decisions/0051-deleting-a-user.md): deletes a user and everything
 * that cascades from the account (sessions, links, preferences, blocks, likes, ratings, comments,
 * registrations, contributions, badges) in one unit of work, keeping every counter exact:
 * likes and replies counts of other members' posts, meeting attendee counts, resource ratings, and
 * other members' points that came from this user (likes they gave, replies under removed content).
 * With `isKeepingContent` the user's posts and replies first move to the 'Deleted member' row, so
 * they, the replies under them and the points others earned there all stay.
 */
async function removeAccount({
  userId,
  isKeepingContent,
  guard,
  lastAdminMessage,
  audit,
}: {
  userId: string;
  isKeepingContent: boolean;
  guard: (target: User) => Promise<void>;
  lastAdminMessage: string;
  audit?: (target: User) => Promise<void>;
}): Promise<{ id: string; email: string }> {
  // The member's pictures go with them when nothing else uses them (docs/uploads.md).
  const hashes = await uploadHashesOwnedBy(userId);
  // forgetMailTo is a synchronous helper of an unconverted feature: inside this unit it joins it (decision 0102).
  const deleted = await write(async (tx) => {
    const target = await findUser(userId);
    if (!target || target.id === DELETED_MEMBER_ID) throw notFound("User not found.");
    await guard(target);
    const { posts, replies, postLikes, meetingAttendees, resourceRatings, authTokens } = schema;
    if (isKeepingContent) {
      await ensureDeletedMemberRow(tx);
      await tx.update(posts).set({ authorId: DELETED_MEMBER_ID }).where(eq(posts.authorId, userId));
      await tx.update(replies).set({ authorId: DELETED_MEMBER_ID }).where(eq(replies.authorId, userId));
      await keepMessagesOf(userId, DELETED_MEMBER_ID);
    }
    // The recursive walk, the JSON id sets (sql-dialect.server.ts) below have no builder form (docs/decisions/0077-data-access-style.md).

    // 1. What the cascade will remove, read before it happens.
    const doomedReplies = await queryRows<DoomedReply>(
      tx,
      sql`with recursive doomed(id) as (
            select id from replies
             where author_id = ${userId} or post_id in (select id from posts where author_id = ${userId})
            union
            select replies.id from replies join doomed on replies.parent_reply_id = doomed.id
          )
          select replies.id as id, replies.post_id as "postId" from replies where replies.id in (select id from doomed)`,
    );
    const ownPostIds = new Set((await tx.select({ id: posts.id }).from(posts).where(eq(posts.authorId, userId))).map((row) => row.id));
    const repliedPostIds = [...new Set(doomedReplies.map((reply) => reply.postId))].filter((postId) => !ownPostIds.has(postId));
    const likedPostIds = (await tx.select({ postId: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, userId)))
      .map((row) => row.postId)
      .filter((postId) => !ownPostIds.has(postId));
    const meetingIds = (await tx.select({ id: meetingAttendees.meetingId }).from(meetingAttendees).where(eq(meetingAttendees.userId, userId))).map((row) => row.id);
    const resourceIds = (await tx.select({ id: resourceRatings.resourceId }).from(resourceRatings).where(eq(resourceRatings.userId, userId))).map((row) => row.id);

    // 2. Other members' contributions that came from this user: likes they gave (subject
    //    `${postId}:${userId}`) and replies that disappear with their posts and replies.
    const replySubjects = JSON.stringify(doomedReplies.map((reply) => String(reply.id)));
    const removedContributions = await queryRows<{ userId: string; points: number }>(
      tx,
      sql`delete from contributions
           where user_id <> ${userId}
             and ((kind = 'like_received' and subject_id like '%:' || ${userId})
               or (kind in ('reply_created', 'reply_to_other') and ${inJsonIds(tx, sql.raw("subject_id"), replySubjects, "text")}))
           returning user_id as "userId", points`,
    );

    const pendingAddresses = (
      await tx
        .selectDistinct({ email: authTokens.email })
        .from(authTokens)
        .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "email_change")))
    ).map((row) => row.email);

    // 3. The deletion itself; foreign keys cascade (sessions included, so the user is signed out).
    await tx.delete(schema.users).where(eq(schema.users.id, userId));
    // Their addresses leave the outbox too (what was sent to them, and anything still waiting).
    for (const email of new Set([target.email, ...pendingAddresses])) await forgetMailTo(email);

    // 4. Counters recomputed from what is left, set-based.
    const ids = (values: Array<number | string>) => JSON.stringify(values);
    await executeSql(
      tx,
      sql`update posts set
            likes_count = (select count(*) from post_likes where post_likes.post_id = posts.id),
            replies_count = (select count(*) from replies where replies.post_id = posts.id)
          where ${inJsonIds(tx, sql.raw("id"), ids([...new Set([...likedPostIds, ...repliedPostIds])]))}`,
    );
    await executeSql(
      tx,
      sql`update meetings set attendees_count = (select count(*) from meeting_attendees where meeting_attendees.meeting_id = meetings.id)
          where ${inJsonIds(tx, sql.raw("id"), ids(meetingIds))}`,
    );
    await refreshResourceRatings(tx, resourceIds);
    const pointsLost = new Map<string, number>();
    for (const row of removedContributions) pointsLost.set(row.userId, (pointsLost.get(row.userId) ?? 0) + row.points);
    for (const [memberId, points] of pointsLost) {
      await tx
        .update(schema.users)
        .set({ points: atLeastZero(tx, sql`${schema.users.points} - ${points}`) })
        .where(eq(schema.users.id, memberId));
    }
    for (const memberId of pointsLost.keys()) await refreshBadges(memberId, { kinds: ["like_received", "reply_created", "reply_to_other"] });

    // Only removing an account with admin rights can leave none (a fresh install may have none at all).
    if (isAdmin(target, getEnv().ADMIN_EMAIL) && (await countAdmins()) === 0) throw conflict(lastAdminMessage);
    await audit?.(target);
    return { id: userId, email: target.email };
  });
  void releaseUploads(hashes);
  return deleted;
}

