/**
 * The identities feature's public server entry (external sign-in: GitHub, Google, Discord, the
 * generic OpenID Connect provider; docs/decisions/0099-feature-entries.md, 0112-external-sign-in.md).
 */
export { disconnectIdentity, listIdentities } from "./identities.server";
export { listProviders } from "./provider-clients.server";
export { identityEmailSchema } from "./schemas";
export { beginExternalSignIn, completeExternalSignIn, finishWithEmail, isConfiguredProvider, pendingProfileOf } from "./sign-in-flow.server";
