/**
 * The mail feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export { forgetMailTo } from "./erase.server";
export { enqueueMail, getOutboxSummary, MAX_ATTEMPTS } from "./outbox.server";
export { enqueueNotificationMail, getMailPreferences, isMailEnabled, notificationMailAddress, type NotificationMailKind, notificationMailKinds, readUnsubscribeToken, setMailPreference, unsubscribeWithToken, wantsNotificationMail } from "./preferences.server";
export { publicUrl } from "./templates.server";
export { sendTestEmail } from "./test-mail.server";
export { type BatchKey, windowedMailBatches } from "./windowed-batch.server";
