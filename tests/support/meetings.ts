/** Helpers for the meetings browser tests: accounts and meetings through the JSON API. */
import type { BrowserContext } from "playwright-core";
import { registerViaApi, type TestUser } from "./browser";

/** Signs in through POST /api/auth/login and returns the session cookie ("quads_session=..."). */
export async function signInViaApi(baseURL: string, user: TestUser): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`POST /api/auth/login answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .find((pair) => pair.startsWith("quads_session="));
  if (!cookie) throw new Error("No session cookie after /api/auth/login");
  return cookie;
}

/** Registers the account unless it exists (another test file may have made it), then signs in. */
export async function ensureSignedIn(baseURL: string, user: TestUser): Promise<string> {
  try {
    await registerViaApi(baseURL, user);
  } catch {
    // Already registered: sign in below.
  }
  return signInViaApi(baseURL, user);
}

/** Puts a session cookie into a browser context, so its pages are signed in. */
export async function useSession(context: BrowserContext, baseURL: string, cookie: string): Promise<void> {
  const [name, ...value] = cookie.split("=");
  await context.addCookies([{ name, value: value.join("="), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

export type CreatedMeeting = { id: number; title: string; scheduledAt: string; series?: { id: number }[] };

/** POST /api/admin/meetings with an admin's session cookie. */
export async function createMeetingViaApi(baseURL: string, adminCookie: string, body: Record<string, unknown>): Promise<CreatedMeeting> {
  const response = await fetch(`${baseURL}/api/admin/meetings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: adminCookie },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`POST /api/admin/meetings answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as CreatedMeeting;
}

/** A date-time some days ahead, as the form's datetime-local value (UTC, the e2e server's zone). */
export function localDateTimeInDays(days: number, hour = 18, minute = 30): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, minute, 0, 0);
  return date.toISOString().slice(0, 16);
}
