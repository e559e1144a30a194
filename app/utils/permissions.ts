/**
 * The role-to-permission table, in one place. Every route and /api endpoint asks `can()`.
 * docs/permissions.md explains it; moderators hold content:moderate only (decision 0054);
 * app/routes/authorization-matrix.test.ts checks every privileged endpoint against it.
 */
type RoleHolder = { role: string; email: string };

export const permissions = [
  "content:moderate", // pin/unpin and delete any post or reply, hide artist comments, the reports queue (docs/moderation.md)
  "meetings:manage",
  "resources:manage",
  "artists:manage",
  "users:manage",
  "settings:manage",
  "admin:access",
] as const;
export type Permission = (typeof permissions)[number];

const moderatorPermissions: Permission[] = ["content:moderate"];
const adminPermissions: Permission[] = [...permissions];

export const rolePermissions: Record<"member" | "moderator" | "admin", readonly Permission[]> = {
  member: [],
  moderator: moderatorPermissions,
  admin: adminPermissions,
};

function isListedAdmin(user: RoleHolder, adminEmails: readonly string[]) {
  return adminEmails.includes(user.email.toLowerCase());
}

/** Admin rights: role admin, or an account whose e-mail is in ADMIN_EMAIL. */
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
