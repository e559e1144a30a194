/**
 * The browser's side of an external sign-in, in signed short-lived cookies under /auth
 * (decision 0112): the flow's checks (state, PKCE verifier, nonce) from the start to the callback,
 * which a request without them, or with another state, cannot pass; and, when the provider gave
 * no verified e-mail, the profile waiting for the member's address (/auth/email). Nothing of it
 * is a credential of the provider.
 */
import { createCookie } from "react-router";
import { z } from "zod";
import { getEnv } from "~/utils/env.server";
import { isSecureRequest } from "~/utils/session.server";
import { PROVIDER_IDS } from "./providers";

const FLOW_SECONDS = 10 * 60;
const PENDING_SECONDS = 30 * 60;

const flowSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  nonce: z.string().min(1).optional(),
  /** Where to go after signing in (a same-origin path: safeRedirectPath). */
  redirectTo: z.string(),
  /** Set when a signed-in member connects the provider from account settings. */
  connectUserId: z.string().optional(),
});
export type SignInFlow = z.infer<typeof flowSchema>;

const pendingSchema = z.object({
  provider: z.enum(PROVIDER_IDS),
  subject: z.string().min(1),
  email: z.string().nullable(),
  isEmailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  login: z.string().nullable(),
  redirectTo: z.string(),
});
export type PendingProfile = z.infer<typeof pendingSchema>;

type Cookies = { flow: ReturnType<typeof createCookie>; pending: ReturnType<typeof createCookie> };
let cookies: Cookies | undefined;

function cookiesOf(): Cookies {
  const secrets = [getEnv().SESSION_SECRET];
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/auth", secrets };
  cookies ??= {
    flow: createCookie("quads_auth_flow", { ...options, maxAge: FLOW_SECONDS }),
    pending: createCookie("quads_auth_pending", { ...options, maxAge: PENDING_SECONDS }),
  };
  return cookies;
}

async function read<T>(cookie: ReturnType<typeof createCookie>, schema: z.ZodType<T>, request: Request): Promise<T | null> {
  const parsed = schema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  return parsed.success ? parsed.data : null;
}

/** The Set-Cookie of a new flow. */
export function saveFlow(request: Request, flow: SignInFlow): Promise<string> {
  return cookiesOf().flow.serialize(flow, { secure: isSecureRequest(request) });
}

/** The request's flow, if it carries a valid one (signed by us, not expired). */
export function readFlow(request: Request): Promise<SignInFlow | null> {
  return read(cookiesOf().flow, flowSchema, request);
}

/** The Set-Cookie that ends the flow: a callback is answered once (a replayed one finds no flow). */
export function clearFlow(request: Request): Promise<string> {
  return cookiesOf().flow.serialize("", { maxAge: 0, secure: isSecureRequest(request) });
}

export function savePending(request: Request, pending: PendingProfile): Promise<string> {
  return cookiesOf().pending.serialize(pending, { secure: isSecureRequest(request) });
}

export function readPending(request: Request): Promise<PendingProfile | null> {
  return read(cookiesOf().pending, pendingSchema, request);
}

export function clearPending(request: Request): Promise<string> {
  return cookiesOf().pending.serialize("", { maxAge: 0, secure: isSecureRequest(request) });
}
