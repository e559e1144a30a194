/**
 * The admin feature's client-safe entry: plain values, types and helpers that routes and other
 * features may import, in the browser too (never a .server module or zod: docs/decisions/0099-feature-entries.md).
 */
export { addedOn, previewLink } from "./format";
export { adminTabs, auditLogLink, mailLink, moderationTabs } from "./tabs";
