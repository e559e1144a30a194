/**
 * The discussions feature's client-safe entry: plain values, types and helpers that routes and other
 * features may import, in the browser too (never a .server module or zod: docs/decisions/0099-feature-entries.md).
 */
export { type ListCard, toCardRows } from "./card-rows";
export { formatPostDateTime, repliesLabel } from "./format";
export { messages } from "./messages";
