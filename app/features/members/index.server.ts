/**
 * The members feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export { countMembers, getCommunityStats, getMemberProfile, listMembers, listTopContributors } from "./members.server";
export { updateProfile } from "./profile.server";
export { profileFormSchema } from "./schemas";
export { suggestMembers } from "./suggest.server";
