/**
 * The external identity providers Quads knows (docs/accounts.md, "Sign-in with external
 * identities"): plain values, safe in the browser.
 */
export const PROVIDER_IDS = ["github", "google", "discord", "oidc"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** Whether a URL segment names one of the providers (configured or not). */
export function isProviderId(value: unknown): value is ProviderId {
  return typeof value === "string" && (PROVIDER_IDS as readonly string[]).includes(value);
}

/** A configured provider as pages and GET /api/auth/providers show it. */
export type ProviderView = { id: ProviderId; name: string };

/** A member's connected identity as the settings page and GET /api/account/identities show it. */
export type IdentityView = { provider: ProviderId; name: string; connectedAt: string };

/** Where each provider's button posts (`POST /auth/<provider>`). */
export const providerStartPath = (provider: ProviderId) => `/auth/${provider}`;
