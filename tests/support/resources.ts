/**
 * Helpers for the resources and artists browser tests: accounts created through the JSON API
 * (fast), signed in by handing their session cookie to the browser context, and fixtures
 * (resources, artists) created through the admin API.
 */
import type { BrowserContext } from "playwright-core";
import { inject } from "vitest";
import { makeUser, type TestUser } from "./browser";
import { setRole } from "./db";

export type ApiAccount = TestUser & { cookie: string };

/** Registers a new account through /api/auth/register and returns it with its session cookie ("name=value"). */
export async function registerAccount(overrides: Partial<TestUser> = {}, role?: "admin" | "moderator"): Promise<ApiAccount> {
  const user = makeUser(overrides);
  const response = await fetch(`${inject("baseURL")}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password, firstName: user.firstName, lastName: user.lastName, displayName: user.displayName }),
  });
  if (response.status !== 201) throw new Error(`POST /api/auth/register answered ${response.status}: ${await response.text()}`);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0];
  if (!cookie.startsWith("quads_session=")) throw new Error("registration gave no session cookie");
  if (role) setRole(user.email, role);
  return { ...user, cookie };
}

/** Signs the browser context in as the account (its session cookie). */
export async function signInContext(context: BrowserContext, account: ApiAccount): Promise<void> {
  const [name, ...rest] = account.cookie.split("=");
  await context.addCookies([{ name, value: rest.join("="), url: inject("baseURL"), httpOnly: true, sameSite: "Lax" }]);
}

/** Calls the JSON API as the account; throws unless the status is the expected one. */
export async function apiAs<T = unknown>(account: ApiAccount | null, method: string, path: string, body?: unknown, expected = 200): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (account) headers.Cookie = account.cookie;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${inject("baseURL")}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status} (expected ${expected}): ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A short unique marker for titles and names, so searches find only this test's fixtures. */
export function uniqueMarker(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

export type CreatedResource = { id: number; title: string; url: string; embedUrl: string | null };
export type CreatedArtist = { id: number; name: string };

export function createResourceViaApi(admin: ApiAccount, fields: Record<string, unknown>): Promise<CreatedResource> {
  return apiAs<CreatedResource>(admin, "POST", "/api/admin/resources", fields, 201);
}

export function createArtistViaApi(admin: ApiAccount, fields: Record<string, unknown>): Promise<CreatedArtist> {
  return apiAs<CreatedArtist>(admin, "POST", "/api/admin/music-artists", fields, 201);
}

export { makeUser };
