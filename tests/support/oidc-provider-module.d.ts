/**
 * The little of `oidc-provider` (no types of its own; @types/oidc-provider is not installed) that
 * tests/support/oidc-provider.ts uses.
 */
declare module "oidc-provider" {
  import type { Server } from "node:http";

  type Claims = Record<string, unknown> & { sub: string };
  type Grant = { addOIDCScope(scope: string): void; addOIDCClaims(claims: string[]): void; save(): Promise<string> };
  type Context = { oidc: { provider: Provider; client?: { clientId: string }; session?: { accountId?: string } } };

  export type Configuration = {
    clients: Array<Record<string, unknown>>;
    claims?: Record<string, string[]>;
    features?: Record<string, { enabled: boolean }>;
    pkce?: { required: () => boolean };
    cookies?: { keys: string[] };
    findAccount: (context: Context, id: string) => Promise<{ accountId: string; claims: () => Claims | Promise<Claims> }>;
    loadExistingGrant?: (context: Context) => Promise<Grant | undefined>;
  };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: new (options: { clientId: string; accountId: string }) => Grant;
    listen(port: number): Server;
  }
}
