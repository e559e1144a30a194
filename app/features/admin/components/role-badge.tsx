import { roleBadgeClass } from "../format";

/** A user's role as a coloured badge: admin red, moderator blue, member grey. */
export function RoleBadge({ role }: { role: string }) {
  return (
    <span data-testid="role-badge" data-role={role} className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${roleBadgeClass[role] ?? roleBadgeClass.member}`}>
      {role}
    </span>
  );
}
