/**
 * The notifications feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export { notifyAllMembers } from "./announce.server";
export { deleteNotificationsAbout, hasUnreadNotification, listNotifications, markAllNotificationsRead, markDiscussionsSeen, markNotificationRead, NOTIFICATIONS_PAGE_SIZE } from "./notifications.server";
export { notify } from "./notify.server";
export { readShellCounts, shellCountColumns, type ShellCounts } from "./shell-counts.server";
