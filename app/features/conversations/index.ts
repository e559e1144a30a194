/**
 * The conversations feature's client-safe entry: plain values routes and components may import in
 * the browser too (never a .server module or zod: docs/decisions/0099-feature-entries.md).
 */
export { messageConstraints, newConversationConstraints } from "./constraints";
