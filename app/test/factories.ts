/** Test helpers: create members directly and build requests for loaders/actions. */
import { randomUUID } from "node:crypto";
import { createUserRecord } from "~/features/auth/auth.server";
import { hashPassword } from "~/features/auth/password.server";
import { createUserSession } from "~/utils/session.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { requestContextOf, type RequestInfo } from "~/utils/request-context";

let counter = 0;

export function uniqueEmail(prefix = "member") {
  counter += 1;
  return `${prefix}-${counter}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A member with a verified e-mail unless `emailVerifiedAt: null` is given (ADMIN_EMAIL rights need one; docs/accounts.md). */
export async function createMember(overrides: Partial<Parameters<typeof createUserRecord>[0]> & { plainPassword?: string } = {}) {
  const { plainPassword = "correct-horse-battery", ...rest } = overrides;
  return createUserRecord({
    email: uniqueEmail(),
    password: await hashPassword(plainPassword),
    firstName: "Test",
    lastName: "Member",
    displayName: "Tester",
    emailVerifiedAt: new Date(),
    ...rest,
  });
}

/** A request carrying the session cookie of a freshly signed-in user. */
export async function signedInRequest(userId: string, url = "http://localhost/", init: RequestInit = {}) {
  const setCookie = await createUserSession(new Request("http://localhost/"), userId);
  const cookie = setCookie.split(";")[0];
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return new Request(url, { ...init, headers });
}

/** The request context a loader or action gets from server.ts (app/utils/request-context.ts). */
export const testContext = testContextFor({});

/** A request context with some values changed (a client IP of the test's own). */
export function testContextFor(info: Partial<RequestInfo>) {
  return requestContextOf({ cspNonce: "test", clientIp: "127.0.0.1", requestId: "test", ...info });
}

/**
 * A loader's or action's arguments, as React Router gives them: the request as sent
 * (v8_passThroughRequests) and `url`, the page's URL (a data request's `.data` ending, its `_routes`
 * parameter and an empty `index` removed), and the request context.
 */
export function routeArgs(request: Request, params: Record<string, string | undefined> = {}, context = testContext) {
  return { request, params, context, url: pageUrlOf(request), pattern: "" } as LoaderFunctionArgs & ActionFunctionArgs;
}

function pageUrlOf(request: Request): URL {
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) url.pathname = url.pathname.endsWith("/_.data") ? url.pathname.slice(0, -"_.data".length) : url.pathname.slice(0, -".data".length);
  url.searchParams.delete("_routes");
  if (url.searchParams.getAll("index").every((value) => value === "")) url.searchParams.delete("index");
  return url;
}

/** The same request as a data request (JavaScript on): `/page.data?…&_routes=<routeId>`, as React Router's client sends it. */
export function asDataRequest(request: Request, routeId: string): Request {
  const url = new URL(request.url);
  url.pathname = url.pathname === "/" ? "/_.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  url.searchParams.set("_routes", routeId);
  return new Request(url, request);
}
