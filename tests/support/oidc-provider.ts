/**
 * A real OpenID Connect provider for the external sign-in tests: the certified `oidc-provider`
 * package, in-process on a free port, with its development login page (any login and password;
 * '[ Cancel ]' aborts with access_denied). The login typed is the account's `sub`; its claims come
 * from `accounts` (e-mail, whether it is verified, names), or a verified `<login>@sso.example.com`.
 * Consent is granted at once (the grant is made on the first authorization).
 */
import type { Server } from "node:http";
import Provider, { type Configuration } from "oidc-provider";
import { freePort } from "../../scripts/lib/app-server";

export type TestAccount = { email?: string; email_verified?: boolean; given_name?: string; family_name?: string; name?: string; preferred_username?: string };

export type TestProvider = { issuer: string; accounts: Map<string, TestAccount>; close: () => Promise<void> };

export const TEST_CLIENT = { id: "quads-e2e", secret: "quads-e2e-secret-0123456789" };

/** The issuer's address before it starts (the app needs it at start; the provider needs the app's address). */
export async function reserveIssuer(): Promise<string> {
  return `http://localhost:${await freePort()}`;
}

export async function startTestProvider(issuer: string, redirectUri: string): Promise<TestProvider> {
  const accounts = new Map<string, TestAccount>();
  const configuration: Configuration = {
    clients: [{ client_id: TEST_CLIENT.id, client_secret: TEST_CLIENT.secret, redirect_uris: [redirectUri], token_endpoint_auth_method: "client_secret_post", grant_types: ["authorization_code"], response_types: ["code"] }],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name", "preferred_username"] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ["e2e-cookie-key-0123456789"] },
    async findAccount(_context, id) {
      const account = accounts.get(id) ?? { email: `${id}@sso.example.com`, email_verified: true };
      return { accountId: id, claims: () => ({ sub: id, preferred_username: id, ...account }) };
    },
    async loadExistingGrant(context) {
      const grant = new context.oidc.provider.Grant({ clientId: context.oidc.client!.clientId, accountId: context.oidc.session!.accountId! });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "name", "given_name", "family_name", "preferred_username"]);
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, configuration);
  const server: Server = provider.listen(Number(new URL(issuer).port));
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return { issuer, accounts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
