/**
 * The role-to-permission table, in one place. Every route and /api endpoint asks `can()`.
 * docs/permissions.md explains it; moderators hold content:moderate and members:suspend (decision 0054,
 * docs/moderation.md);
 * app/routes/authorization-matrix.test.ts checks every privileged endpoint against it.
 */
import type { Actor } from "./actor";

/** What the permission rules read of a user. */
export type RoleHolder = Pick<Actor, "role" | "email" | "emailVerifiedAt">;

export const permissions = [
  "content:moderate", // pin/unpin and delete any post or reply, hide artist comments, the reports queue (docs/moderation.md)
  "meetings:manage",
  "resources:manage",
  "artists:manage",
  "users:manage",
  "settings:manage",
  "admin:access",
  "members:suspend", // suspend or silence a member, lift it (docs/moderation.md)
] as const;
export type Permission = (typeof permissions)[number];

const moderatorPermissions: Permission[] = ["content:moderate", "members:suspend"];
const adminPermissions: Permission[] = [...permissions];

export const rolePermissions: Record<"member" | "moderator" | "admin", readonly Permission[]> = {
  member: [],
  moderator: moderatorPermissions,
  admin: adminPermissions,
};

/**
 * An ADMIN_EMAIL account: its e-mail is listed and verified (the member followed a link sent to
 * it). Claiming a listed address never grants admin rights by itself (docs/permissions.md).
 */
export function isListedAdmin(user: RoleHolder, adminEmails: readonly string[]): boolean {
  return user.emailVerifiedAt !== null && adminEmails.includes(user.email.toLowerCase());
}

/** Admin rights: role admin, or an ADMIN_EMAIL account (isListedAdmin). */
export function isAdmin(user: RoleHolder | null | undefined, adminEmails: readonly string[]): boolean {
  if (!user) return false;
  return user.role === "admin" || isListedAdmin(user, adminEmails);
}

/** Moderator rights: role moderator or admin, or an ADMIN_EMAIL account. */
export function isModerator(user: RoleHolder | null | undefined, adminEmails: readonly string[]): boolean {
  if (!user) return false;
  return user.role === "moderator" || isAdmin(user, adminEmails);
}

/** Whether the user holds a permission. */
export function can(user: RoleHolder | null | undefined, permission: Permission, adminEmails: readonly string[]): boolean {
  if (!user) return false;
  if (isAdmin(user, adminEmails)) return rolePermissions.admin.includes(permission);
  const role = user.role as keyof typeof rolePermissions;
  return (rolePermissions[role] ?? []).includes(permission);
}
