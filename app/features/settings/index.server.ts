/**
 * The settings feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export { isVerifiedEmailRequiredToPost, setVerifiedEmailRequiredToPost } from "./community-settings.server";
export { seedReferenceData } from "./reference-data.server";
export { footerFormToInput, platformFormToInput } from "./schemas";
export { getFooterSettings, getPublicSettings, listPlatformSettings, updateFooterSettings, updatePlatformSetting } from "./settings.server";
