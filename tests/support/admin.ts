/**
 * Helpers for the admin panel's browser tests: the e2e admin account (registered once, by
 * whichever test needs it first), signing in through the JSON API (fast: no form round trip),
 * and plain API calls with a session cookie.
 */
import type { BrowserContext, Page } from "playwright-core";
import { ADMIN_EMAIL } from "./constants";
import { withDatabase } from "./db";
import { goto, isJavaScriptEnabled, makeUser, visible, type TestUser } from "./browser";

/** The e2e admin (ADMIN_EMAIL). Every test file uses these details, so whoever registers it first, the password is the same. */
export const e2eAdmin: TestUser = makeUser({ email: ADMIN_EMAIL, firstName: "Grace", lastName: "Hopper", displayName: "Admiral Grace" });

/**
 * Registers a user through the API; an e-mail that already exists (409) is fine. The e2e admin's
 * address is then marked verified: ADMIN_EMAIL rights need a verified address (docs/accounts.md;
 * tests/password-reset.e2e.ts follows real verification links).
 */
export async function ensureRegistered(baseURL: string, user: TestUser): Promise<void> {
  const response = await fetch(`${baseURL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password, firstName: user.firstName, lastName: user.lastName, displayName: user.displayName }),
  });
  if (response.status !== 201 && response.status !== 409) throw new Error(`register ${user.email}: ${response.status} ${await response.text()}`);
  if (user.email === ADMIN_EMAIL) {
    withDatabase((db) => db.prepare("update users set email_verified_at = ? where lower(email) = lower(?) and email_verified_at is null").run(Date.now(), user.email));
  }
}

/** Signs in through POST /api/auth/login and returns the session cookie ("quads_session=…"). */
export async function sessionCookieFor(baseURL: string, user: Pick<TestUser, "email" | "password">): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`login ${user.email}: ${response.status} ${await response.text()}`);
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  if (!cookie.startsWith("quads_session=")) throw new Error(`login ${user.email}: no session cookie`);
  return cookie;
}

/** Puts a signed-in session for `user` into the browser context. */
export async function signInContext(context: BrowserContext, baseURL: string, user: Pick<TestUser, "email" | "password">): Promise<void> {
  const cookie = await sessionCookieFor(baseURL, user);
  const [name, ...value] = cookie.split("=");
  await context.addCookies([{ name, value: value.join("="), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

/** Registers (if needed) and signs in the e2e admin in this page's context. */
export async function signInAsAdmin(page: Page, baseURL: string): Promise<void> {
  await ensureRegistered(baseURL, e2eAdmin);
  await signInContext(page.context(), baseURL, e2eAdmin);
}

/** Registers a fresh member through the API and returns their details. */
export async function createMemberViaApi(baseURL: string, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = makeUser(overrides);
  await ensureRegistered(baseURL, user);
  return user;
}

/** A JSON request with a session cookie (or none, as a visitor). */
export async function apiRequest(baseURL: string, method: string, path: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (cookie) headers.Cookie = cookie;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${baseURL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** Opens an admin tab and waits for the panel. */
export async function openAdminTab(page: Page, path: string): Promise<void> {
  await goto(page, path);
  await visible(page.getByRole("heading", { name: "Admin Panel", level: 1 }));
}

/** Submits a row form: with JavaScript the change itself saves; without it, the Save button does. */
export async function saveWithoutJavaScript(page: Page, saveButton: ReturnType<Page["getByRole"]>): Promise<void> {
  if (!isJavaScriptEnabled(page)) await saveButton.click();
}
