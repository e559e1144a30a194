/**
 * Read-your-writes across boxes (docs/decisions/0121-read-your-writes-across-boxes.md).
 *
 * Every cache of a box (the page cache, `cachedUntilWrite`, the settings cache) is fresh once the
 * box has heard of a commit; on PostgreSQL another box's commit is heard through its notification,
 * milliseconds later (decision 0109). A browser that wrote through box B and is sent by the load
 * balancer to box A right away (the redirect after a form, the next fetch) could get A's copy from
 * before its own write. So an answer to a request that may have written (any method but GET, HEAD
 * and OPTIONS) carries a short cookie, and a request carrying it first waits until its box has heard
 * of every commit made before it (`catchUpWithOtherProcesses`: one notification round trip, a
 * millisecond or two). Other browsers' requests pay nothing.
 */
import type { NextFunction, Request, Response } from "express";
import type onHeaders from "on-headers";

export const WROTE_COOKIE = "quads_wrote";
/** How long after a write a browser's requests catch up first: far longer than a notification takes. */
export const WROTE_SECONDS = 10;

const READ_ONLY_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${WROTE_COOKIE}=(\\d{1,16})`);
/** A box's clock may be this far ahead of the box that set the cookie. */
const CLOCK_SKEW_MS = 2_000;

/**
 * Whether a Cookie header carries the mark of a write in the last WROTE_SECONDS. The mark is the
 * write's time: a client that keeps cookies past their Max-Age (a script joining every Set-Cookie
 * it ever got) is not made to wait on every request forever.
 */
export function wroteRecently(cookieHeader: string | undefined, now = Date.now()): boolean {
  const value = cookieHeader === undefined ? undefined : COOKIE_VALUE.exec(cookieHeader)?.[1];
  if (value === undefined) return false;
  const age = now - Number(value);
  return age > -CLOCK_SKEW_MS && age < WROTE_SECONDS * 1000;
}

/** The Set-Cookie value of a request that may have written at `now` (its `Secure` is added over HTTPS by server.ts's privateByDefault). */
export function wroteCookie(now = Date.now()): string {
  return `${WROTE_COOKIE}=${now}; Max-Age=${WROTE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`;
}

/**
 * The middleware: `catchUp` waits until this process has heard of every earlier commit (never
 * rejects); `whenHeaders` is the `on-headers` package (server.ts loads it). The cookie goes on
 * successful answers (2xx, 3xx: a refused form wrote nothing others cache) after the app's own
 * cookies, so a client that takes the first Set-Cookie still gets the session's.
 */
export function readYourWrites(catchUp: () => Promise<void>, whenHeaders: typeof onHeaders) {
  return async function readYourWritesMiddleware(request: Request, response: Response, next: NextFunction) {
    if (!READ_ONLY_METHODS.has(request.method)) {
      whenHeaders(response, () => {
        if (response.statusCode >= 400) return;
        const cookies = response.getHeader("Set-Cookie");
        const list = cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [String(cookies)];
        response.setHeader("Set-Cookie", [...list, wroteCookie()]);
      });
    }
    if (wroteRecently(request.get("cookie"))) await catchUp().catch(() => undefined);
    next();
  };
}
