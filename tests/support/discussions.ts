/**
 * Discussion helpers for the browser tests: members signed in through the JSON API (fast),
 * their session handed to a browser context, and posts/replies/likes created through /api.
 */
import type { BrowserContext } from "playwright-core";
import { makeUser, registerViaApi, type TestUser } from "./browser";

export type ApiMember = TestUser & { cookie: string; id: string };

/** Registers a member through the API and signs them in; returns their session cookie ("quads_session=..."). */
export async function createApiMember(baseURL: string, overrides: Partial<TestUser> = {}): Promise<ApiMember> {
  const user = makeUser(overrides);
  await registerViaApi(baseURL, user);
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (response.status !== 200) throw new Error(`POST /api/auth/login answered ${response.status}: ${await response.text()}`);
  const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0];
  const body = (await response.json()) as { id: string };
  return { ...user, cookie, id: body.id };
}

/** Puts a member's session into a browser context (as if they had signed in there). */
export async function signInContext(context: BrowserContext, baseURL: string, member: ApiMember): Promise<void> {
  const [name, ...value] = member.cookie.split("=");
  await context.addCookies([{ name, value: value.join("="), url: baseURL }]);
}

/** Calls the JSON API as a member. */
export async function apiCall<T = unknown>(baseURL: string, member: ApiMember, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { Cookie: member.cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as T };
}

export type ApiPost = { id: number; title: string; categoryId: number; likesCount: number; repliesCount: number };

/** The id and name of the first category (by name). */
export async function firstCategory(baseURL: string, member: ApiMember): Promise<{ id: number; name: string }> {
  const { json } = await apiCall<{ id: number; name: string }[]>(baseURL, member, "GET", "/api/categories");
  return json[0];
}

export async function createPostViaApi(
  baseURL: string,
  member: ApiMember,
  post: { title: string; content?: string; categoryId?: number },
): Promise<ApiPost> {
  const categoryId = post.categoryId ?? (await firstCategory(baseURL, member)).id;
  const { status, json } = await apiCall<ApiPost>(baseURL, member, "POST", "/api/posts", { content: "Posted by the test suite.", ...post, categoryId });
  if (status !== 201) throw new Error(`POST /api/posts answered ${status}: ${JSON.stringify(json)}`);
  return json;
}

/** A short unique word for titles, so a search finds exactly this test's posts. */
export function uniqueToken(prefix = "zq"): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}
