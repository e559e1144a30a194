/**
 * The OAuth 2 / OpenID Connect side of external sign-in, on openid-client (decision 0112): which
 * providers are configured, the authorization URL (code flow, PKCE S256, state, and nonce for
 * OpenID Connect) and the callback's checks (state, PKCE, the ID token's signature, issuer,
 * audience, expiry and nonce), then the person's profile. The provider's tokens are used for the
 * profile and dropped; the server fetches no picture or URL of the provider.
 *
 * GitHub's and Discord's endpoints are fixed here and never configurable (so no setting can point
 * them elsewhere); their profile mapping is unit-tested with recorded answers and the flow itself
 * through the generic provider (tests/external-sign-in.e2e.ts).
 */
import * as client from "openid-client";
import { getEnv, isLoopbackHost, type Env } from "~/utils/env.server";
import { discordProfile, githubProfile, openIdProfile, type ExternalProfile } from "./profiles.server";
import type { ProviderId, ProviderView } from "./providers";

type ProviderSettings = {
  id: ProviderId;
  name: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** OpenID Connect (an ID token with a nonce) or plain OAuth 2 with a profile API. */
  isOpenId: boolean;
  /** Found by discovery at this issuer, or fixed endpoints. */
  issuer?: URL;
  endpoints?: { issuer: string; authorization_endpoint: string; token_endpoint: string };
  extraParameters?: Record<string, string>;
};

/** GitHub's OAuth endpoints (docs.github.com, "Authorizing OAuth apps"). */
export const GITHUB = {
  endpoints: { issuer: "https://github.com", authorization_endpoint: "https://github.com/login/oauth/authorize", token_endpoint: "https://github.com/login/oauth/access_token" },
  user: "https://api.github.com/user",
  emails: "https://api.github.com/user/emails",
};
/** Discord's OAuth2 endpoints (discord.com/developers/docs/topics/oauth2). */
export const DISCORD = {
  endpoints: { issuer: "https://discord.com", authorization_endpoint: "https://discord.com/oauth2/authorize", token_endpoint: "https://discord.com/api/oauth2/token" },
  user: "https://discord.com/api/users/@me",
};
export const GOOGLE_ISSUER = "https://accounts.google.com";

/** The configured providers, in the order of the buttons. */
export function configuredProviders(env: Env = getEnv()): ProviderSettings[] {
  const providers: ProviderSettings[] = [];
  if (env.GITHUB_CLIENT_ID) {
    providers.push({ id: "github", name: "GitHub", clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET, scope: "read:user user:email", isOpenId: false, endpoints: GITHUB.endpoints });
  }
  if (env.GOOGLE_CLIENT_ID) {
    providers.push({ id: "google", name: "Google", clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, scope: "openid email profile", isOpenId: true, issuer: new URL(GOOGLE_ISSUER), extraParameters: { prompt: "select_account" } });
  }
  if (env.DISCORD_CLIENT_ID) {
    providers.push({ id: "discord", name: "Discord", clientId: env.DISCORD_CLIENT_ID, clientSecret: env.DISCORD_CLIENT_SECRET, scope: "identify email", isOpenId: false, endpoints: DISCORD.endpoints });
  }
  if (env.OIDC_ISSUER) {
    providers.push({ id: "oidc", name: env.OIDC_NAME, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, scope: "openid email profile", isOpenId: true, issuer: new URL(env.OIDC_ISSUER) });
  }
  return providers;
}

/** GET /api/auth/providers and the /login buttons: `[{ id, name }]` of the configured providers. */
export function listProviders(): ProviderView[] {
  return configuredProviders().map(({ id, name }) => ({ id, name }));
}

/** The configured provider with this id, if any. */
export function providerSettingsOf(id: string): ProviderSettings | undefined {
  return configuredProviders().find((provider) => provider.id === id);
}

/** A provider's name for messages (configured or not). */
export function providerName(id: ProviderId): string {
  return providerSettingsOf(id)?.name ?? { github: "GitHub", google: "Google", discord: "Discord", oidc: "single sign-on" }[id];
}

/** `<PUBLIC_URL>/auth/<provider>/callback`: the redirect URI entered in the provider's console. */
export function callbackUrl(provider: ProviderId): string {
  return `${getEnv().PUBLIC_URL}/auth/${provider}/callback`;
}

/** What goes wrong with a provider, for the member's message (the operator's is the log line). */
export class ProviderFailure extends Error {
  constructor(
    readonly kind: "cancelled" | "unavailable" | "refused",
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = "ProviderFailure";
  }
}

/** Discovery is done once per process per provider; a failure is retried at the next use. */
const configurations = new Map<ProviderId, Promise<client.Configuration>>();

async function configurationOf(provider: ProviderSettings): Promise<client.Configuration> {
  let pending = configurations.get(provider.id);
  if (!pending) {
    pending = createConfiguration(provider);
    configurations.set(provider.id, pending);
    pending.catch(() => configurations.delete(provider.id));
  }
  try {
    return await pending;
  } catch (error) {
    throw new ProviderFailure("unavailable", `${provider.name} cannot be reached (discovery failed)`, error);
  }
}

async function createConfiguration(provider: ProviderSettings): Promise<client.Configuration> {
  const authentication = client.ClientSecretPost(provider.clientSecret);
  if (provider.issuer) {
    // Plain http only for a provider on this machine: env.server.ts accepts nothing else (decision 0112).
    const isLocal = provider.issuer.protocol === "http:" && isLoopbackHost(provider.issuer.hostname);
    return client.discovery(provider.issuer, provider.clientId, undefined, authentication, isLocal ? { execute: [client.allowInsecureRequests] } : undefined);
  }
  return new client.Configuration(provider.endpoints!, provider.clientId, undefined, authentication);
}

/** What the browser keeps between the start and the callback (the signed flow cookie, flow-cookie.server.ts). */
export type FlowChecks = { state: string; codeVerifier: string; nonce?: string };

/** The provider's authorization URL and the checks the callback needs. */
export async function startAuthorization(providerId: ProviderId): Promise<{ url: string; checks: FlowChecks }> {
  const provider = requireProvider(providerId);
  const configuration = await configurationOf(provider);
  const codeVerifier = client.randomPKCECodeVerifier();
  const checks: FlowChecks = { state: client.randomState(), codeVerifier, ...(provider.isOpenId ? { nonce: client.randomNonce() } : {}) };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(provider.id),
    scope: provider.scope,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state: checks.state,
    ...(checks.nonce ? { nonce: checks.nonce } : {}),
    ...provider.extraParameters,
  });
  return { url: url.href, checks };
}

function requireProvider(providerId: ProviderId): ProviderSettings {
  const provider = providerSettingsOf(providerId);
  if (!provider) throw new ProviderFailure("unavailable", `${providerId} is not configured`);
  return provider;
}

/**
 * The callback: checks the answer against the flow's checks, exchanges the code and reads the
 * profile. Throws ProviderFailure: "cancelled" (the member said no), "refused" (a wrong state, a
 * used code, a bad ID token) or "unavailable".
 */
export async function finishAuthorization(providerId: ProviderId, callbackSearch: string, checks: FlowChecks): Promise<ExternalProfile> {
  const provider = requireProvider(providerId);
  const configuration = await configurationOf(provider);
  // The URL the provider sent the browser to, built from PUBLIC_URL (never the request's Host).
  const currentUrl = new URL(callbackUrl(provider.id));
  currentUrl.search = callbackSearch;
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      ...(checks.nonce ? { expectedNonce: checks.nonce } : {}),
      idTokenExpected: provider.isOpenId,
    });
  } catch (error) {
    if (error instanceof client.AuthorizationResponseError && error.error === "access_denied") throw new ProviderFailure("cancelled", `cancelled at ${provider.name}`, error);
    throw new ProviderFailure("refused", `${provider.name} sign-in refused: ${describe(error)}`, error);
  }
  try {
    return await profileOf(provider, configuration, tokens);
  } catch (error) {
    throw new ProviderFailure("refused", `${provider.name} profile could not be read: ${describe(error)}`, error);
  }
}

function describe(error: unknown): string {
  if (error instanceof client.AuthorizationResponseError) return `${error.error}${error.error_description ? ` (${error.error_description})` : ""}`;
  return error instanceof Error ? error.message : String(error);
}

async function profileOf(provider: ProviderSettings, configuration: client.Configuration, tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): Promise<ExternalProfile> {
  const accessToken = tokens.access_token;
  if (provider.isOpenId) {
    const claims = tokens.claims();
    if (!claims) throw new Error("no ID token");
    const hasUserInfo = Boolean(configuration.serverMetadata().userinfo_endpoint);
    const userInfo = hasUserInfo ? await client.fetchUserInfo(configuration, accessToken, claims.sub) : {};
    return openIdProfile(provider.id, claims, userInfo);
  }
  if (provider.id === "github") {
    const headers = new Headers({ Accept: "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28" });
    const user = await readJson(client.fetchProtectedResource(configuration, accessToken, new URL(GITHUB.user), "GET", undefined, headers));
    const emails = await readJson(client.fetchProtectedResource(configuration, accessToken, new URL(GITHUB.emails), "GET", undefined, headers));
    return githubProfile(user as Record<string, unknown>, emails);
  }
  const user = await readJson(client.fetchProtectedResource(configuration, accessToken, new URL(DISCORD.user), "GET"));
  return discordProfile(user as Record<string, unknown>);
}

async function readJson(pending: Promise<Response>): Promise<unknown> {
  const response = await pending;
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`);
  return response.json();
}

