/** The admin panel's tabs, in the order of docs/admin.md; each is its own URL under /admin. */
export const adminTabs = [
  { slug: "users", label: "Manage Users" },
  { slug: "create-meetings", label: "Create Meetings" },
  { slug: "manage-meetings", label: "Manage Meetings" },
  { slug: "add-resources", label: "Add Resources" },
  { slug: "manage-resources", label: "Manage Resources" },
  { slug: "add-artists", label: "Add Artists" },
  { slug: "manage-artists", label: "Manage Artists" },
  { slug: "settings", label: "Platform Settings" },
] as const;

/**
 * The audit log is its own page (/admin/audit), linked beside the tabs rather than added to
 * them, so the tab bar stays exactly the eight (decision 0052).
 */
export const auditLogLink = { slug: "audit", label: "Audit Log" } as const;

/** The mail outbox (/admin/mail), linked beside the Audit Log for the same reason (decision 0052). */
export const mailLink = { slug: "mail", label: "Mail" } as const;
/**
 * The moderation tab: moderators (content:moderate) see the panel with this tab only; admins see
 * it after the eight, in a group of its own so the eight stay as docs/admin.md lists them
 * (docs/decisions/0072-reports-tab-for-moderators.md).
 */
export const moderationTabs = [{ slug: "reports", label: "Reports" }] as const;
