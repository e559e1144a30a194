/**
 * The admin feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export { loadAddTab, submitAddTab } from "./add-tab.server";
export { loadManageList, submitManageList } from "./manage-list.server";
export { type AdminActionFailure, adminSuccess, answerAdminForm, formValues } from "./responses.server";
