/**
 * The page cache (docs/decisions/0067-page-cache.md) on the real app: a repeated GET from the
 * same browser is answered without rendering, with a fresh CSP nonce that the browser accepts;
 * nothing is ever served to another member or after any write (a new post, a sign-out).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newContext, waitForHydration } from "./support/browser";
import { apiCall, createApiMember, createPostViaApi, signInContext, type ApiMember } from "./support/discussions";

const baseURL = inject("baseURL");
let alice: ApiMember;
let bob: ApiMember;
let browser: Browser;

const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];

async function get(path: string, member?: ApiMember) {
  const response = await fetch(`${baseURL}${path}`, { headers: member ? { Cookie: member.cookie } : {} });
  return { response, html: await response.text(), cache: response.headers.get("x-page-cache") };
}

/** GETs until the answer comes from the cache (the cluster has two workers, each with its own cache). */
async function getHit(path: string, member?: ApiMember) {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const answer = await get(path, member);
    if (answer.cache === "hit") return answer;
  }
  throw new Error(`${path} never came from the page cache`);
}

beforeAll(async () => {
  alice = await createApiMember(baseURL, { firstName: "Alice", displayName: "Alice Cache" });
  bob = await createApiMember(baseURL, { firstName: "Bob", displayName: "Bob Cache" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("page cache", () => {
  it("answers a repeated page from the cache with this response's own nonce in the page and the CSP", async () => {
    const first = await get("/discussions", alice);
    expect(first.response.status).toBe(200);
    const hit = await getHit("/discussions", alice);
    const nonce = nonceOf(hit.html);
    expect(nonce).toBeTruthy();
    expect(hit.response.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(hit.html).not.toContain(nonceOf(first.html)!);
    expect(hit.html).toContain("Alice Cache");
  });

  it("never serves one member's page to another member or to a visitor", async () => {
    await getHit("/", alice);
    const bobs = await get("/", bob);
    expect(bobs.html).toContain("Bob Cache");
    expect(bobs.html).not.toContain("Alice Cache");
    const visitor = await get("/");
    expect(visitor.html).not.toContain("Alice Cache");
    expect(visitor.html).not.toContain("Bob Cache");
  });

  it("shows a new post at once: any write makes cached pages stale, in every worker", async () => {
    await getHit("/discussions", alice);
    const title = `Fresh after a write ${Date.now()}`;
    await createPostViaApi(baseURL, bob, { title });
    for (let attempt = 0; attempt < 4; attempt += 1) {
      expect((await get("/discussions", alice)).html).toContain(title);
    }
  });

  it("a signed-out session's cookie never gets the member's cached page back", async () => {
    const carol = await createApiMember(baseURL, { firstName: "Carol", displayName: "Carol Cache" });
    expect((await getHit("/profile", carol)).html).toContain("Carol Cache");
    expect((await apiCall(baseURL, carol, "POST", "/api/auth/logout")).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const after = await get("/profile", carol);
      expect(after.html).not.toContain("Carol Cache");
    }
  });

  it("a cached page runs its scripts in the browser (the CSP accepts the swapped nonce)", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true, baseURL });
    await signInContext(context, baseURL, alice);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    let sawHit = false;
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/discussions" && response.headers()["x-page-cache"] === "hit") sawHit = true;
    });
    for (let attempt = 0; attempt < 6 && !sawHit; attempt += 1) {
      await page.goto("/discussions");
      await waitForHydration(page);
    }
    expect(sawHit).toBe(true);
    expect(violations).toEqual([]);
    await context.close();
  });
});
