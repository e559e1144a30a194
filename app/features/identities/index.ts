/**
 * The identities feature's client-safe entry: plain values and types (never a .server module or
 * zod: docs/decisions/0099-feature-entries.md).
 */
export { identityEmailConstraints } from "./constraints";
export { isProviderId, type IdentityView, type ProviderView } from "./providers";
