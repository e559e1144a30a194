/**
 * Accessibility and valid HTML on every screen (see docs/accessibility.md):
 * - axe-core (WCAG 2.1 A/AA and best practices) on each screen as a visitor, a member and an
 *   admin, light and dark theme, 1280 px and 390 px wide, and with a toast open: 0 violations;
 *   a failure names the rule and the elements.
 * - html-validate (.htmlvalidate.json: the recommended preset, stylistic rules off) on the HTML
 *   the server sends for each screen: 0 errors.
 * - the keyboard: from the top of the dashboard, Tab reaches the skip link first, then the main
 *   content, and the focused element always shows a focus indicator; on the visitor's account
 *   pages (forgot and reset password, e-mail verification, unsubscribe) the skip link moves the
 *   focus to <main>, JavaScript on and off.
 * - text without CSS (a text browser, a copy and paste): adjacent navigation links, a name and its
 *   role badge have whitespace between them, as the server sends them and after React renders.
 *
 * One browser and one context per account and theme; screens in a loop, so the file stays fast.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { FileSystemConfigLoader, HtmlValidate, type Message } from "html-validate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { e2eAdmin, ensureRegistered, sessionCookieFor } from "./support/admin";
import { jsModes, launchBrowser, newContext, uniqueEmail, waitForHydration } from "./support/browser";
import { apiCall, createApiMember, createPostViaApi, type ApiMember } from "./support/discussions";
import { createMeetingViaApi } from "./support/meetings";

const baseURL = inject("baseURL");
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];
const WIDTHS = [1280, 390] as const;
const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];
type Who = "visitor" | "member" | "admin";

let browser: Browser;
let member: ApiMember;
let adminCookie: string;
let postId: number;
let meetingId: number;
let artistId: number;
let resourceId: number;
let conversationId: number;

type AxeResult = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }> };

/** Runs axe-core in the page (injected through the DevTools protocol, so the nonce CSP does not block it). */
async function axeViolations(page: Page): Promise<AxeResult[]> {
  const alreadyThere = await page.evaluate(() => "axe" in window);
  if (!alreadyThere) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<{ violations: AxeResult[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, html: node.html.slice(0, 200), failureSummary: node.failureSummary })),
    }));
  }, AXE_TAGS);
}

function describeViolations(violations: AxeResult[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map((node) => `    ${JSON.stringify(node.target)} ${node.html}\n      ${(node.failureSummary ?? "").replace(/\n/g, " ")}`)
        .join("\n");
      return `  ${violation.id} (${violation.impact}): ${violation.help}\n${nodes}`;
    })
    .join("\n");
}

const htmlValidate = new HtmlValidate(new FileSystemConfigLoader());

function describeMessages(messages: Message[], html: string): string {
  const lines = html.split("\n");
  return messages
    .map((message) => `  ${message.ruleId}: ${message.message} (line ${message.line}:${message.column}) ${lines[message.line - 1]?.slice(Math.max(0, message.column - 40), message.column + 80) ?? ""}`)
    .join("\n");
}

const cookieOf = (who: Who) => (who === "member" ? member.cookie : who === "admin" ? adminCookie : undefined);

const contexts = new Map<string, BrowserContext>();
const pages = new Map<string, Page>();

/** One page per account and theme, reused from screen to screen. */
async function pageFor(who: Who, theme: Theme): Promise<Page> {
  const key = `${who}-${theme}`;
  const known = pages.get(key);
  if (known && !known.isClosed()) return known;
  const page = await (await contextFor(who, theme)).newPage();
  pages.set(key, page);
  return page;
}

/** One context per account and theme (the theme cookie, as the theme form sets it). */
async function contextFor(who: Who, theme: Theme): Promise<BrowserContext> {
  const key = `${who}-${theme}`;
  const known = contexts.get(key);
  if (known) return known;
  const context = await newContext(browser, { javaScriptEnabled: true, baseURL });
  const cookies: Array<{ name: string; value: string; url: string }> = [{ name: "quads_theme", value: theme, url: baseURL }];
  const session = cookieOf(who);
  if (session) {
    const [name, ...value] = session.split("=");
    cookies.push({ name, value: value.join("="), url: baseURL });
  }
  await context.addCookies(cookies);
  contexts.set(key, context);
  return context;
}

type Screen = { name: string; who: Who; path: () => string };

// The eight tabs, the Mail tab (a table that scrolls sideways at 390 px) and Reports (one reported post, see beforeAll).
const adminTabs = ["users", "create-meetings", "manage-meetings", "add-resources", "manage-resources", "add-artists", "manage-artists", "settings", "audit", "mail", "reports"];

const screens: Screen[] = [
  { name: "landing", who: "visitor", path: () => "/" },
  { name: "login", who: "visitor", path: () => "/login" },
  { name: "register", who: "visitor", path: () => "/login?tab=register" },
  { name: "badge guide (visitor)", who: "visitor", path: () => "/badge-guide" },
  { name: "not found", who: "visitor", path: () => "/no-such-page" },
  { name: "artist page (visitor)", who: "visitor", path: () => `/music-artists/${artistId}` },
  { name: "dashboard", who: "member", path: () => "/" },
  { name: "discussions", who: "member", path: () => "/discussions" },
  { name: "new discussion", who: "member", path: () => "/discussions/new" },
  { name: "post", who: "member", path: () => `/post/${postId}` },
  { name: "meetings", who: "member", path: () => "/meetings" },
  { name: "members", who: "member", path: () => "/members" },
  { name: "profile of another member", who: "member", path: () => "/members/" + encodeURIComponent(adminId) },
  { name: "own profile", who: "member", path: () => "/profile" },
  { name: "edit profile", who: "member", path: () => "/profile?edit=1" },
  { name: "account settings", who: "member", path: () => "/settings/account" },
  { name: "resources", who: "member", path: () => "/resources" },
  { name: "music artists", who: "member", path: () => "/music-artists" },
  { name: "artist page", who: "member", path: () => `/music-artists/${artistId}` },
  { name: "badges", who: "member", path: () => "/badges" },
  { name: "badge guide", who: "member", path: () => "/badge-guide" },
  { name: "notifications", who: "member", path: () => "/notifications" },
  { name: "messages", who: "member", path: () => "/messages" },
  { name: "new message", who: "member", path: () => "/messages/new" },
  { name: "conversation", who: "member", path: () => `/messages/${conversationId}` },
  { name: "meetings (admin)", who: "admin", path: () => "/meetings" },
  { name: "new meeting", who: "admin", path: () => "/meetings/new" },
  { name: "edit meeting", who: "admin", path: () => `/meetings/${meetingId}/edit` },
  { name: "new resource", who: "admin", path: () => "/resources/new" },
  { name: "resources (admin)", who: "admin", path: () => `/resources#resource-${resourceId}` },
  ...adminTabs.map((tab): Screen => ({ name: `admin ${tab}`, who: "admin", path: () => `/admin/${tab}` })),
];

let adminId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  member = await createApiMember(baseURL);
  await ensureRegistered(baseURL, e2eAdmin);
  adminCookie = await sessionCookieFor(baseURL, e2eAdmin);
  const adminUser = (await (await fetch(`${baseURL}/api/auth/user`, { headers: { Cookie: adminCookie } })).json()) as { id: string };
  adminId = adminUser.id;
  const post = await createPostViaApi(baseURL, member, { title: "Accessible by everyone", content: "A post with **a reply** and a like." });
  postId = post.id;
  await apiCall(baseURL, member, "POST", `/api/posts/${postId}/replies`, { content: "A first reply." });
  await apiCall(baseURL, member, "POST", `/api/posts/${postId}/like`);
  const admin = { cookie: adminCookie } as ApiMember;
  const meeting = await createMeetingViaApi(baseURL, adminCookie, {
    title: "Accessibility review",
    description: "We go through every screen.",
    scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    joinZoomUrl: "https://example.com/join",
  });
  meetingId = meeting.id;
  const artist = await apiCall<{ id: number }>(baseURL, admin, "POST", "/api/admin/music-artists", { name: `Axe Artist ${Date.now()}`, genre: "Ambient", featured: true });
  artistId = artist.json.id;
  const resource = await apiCall<{ id: number }>(baseURL, admin, "POST", "/api/admin/resources", {
    title: "Readable by all",
    url: "https://example.com/a11y",
    description: "A guide.",
    resourceType: "article",
  });
  resourceId = resource.json.id;
  await apiCall(baseURL, member, "POST", `/api/artists/${artistId}/rate`, { rating: 4 });
  // A private conversation the member is in (the admin wrote it; docs/messages.md), with a reply from the member.
  const memberUser = (await apiCall<{ username: string }>(baseURL, member, "GET", "/api/auth/user")).json;
  const conversation = await apiCall<{ id: number }>(baseURL, admin, "POST", "/api/conversations", { to: [memberUser.username], subject: "Welcome", content: "Welcome to the **community**." });
  conversationId = conversation.json.id;
  await apiCall(baseURL, member, "POST", `/api/conversations/${conversationId}/messages`, { content: "Thank you!" });
  // A message in the outbox (the Mail tab's table) and a reported post (the Reports tab's queue).
  await fetch(`${baseURL}/api/auth/forgot-password`, { method: "POST", headers: { "Content-Type": "application/json", Origin: baseURL }, body: JSON.stringify({ email: member.email }) });
  const reported = await createPostViaApi(baseURL, member, { title: "Reported for the queue", content: "Someone will report this." });
  const reporter = await createApiMember(baseURL);
  expect((await apiCall(baseURL, reporter, "POST", "/api/reports", { targetType: "post", targetId: reported.id, reason: "spam" })).status).toBe(201);
});

afterAll(async () => {
  for (const context of contexts.values()) await context.close();
  await browser?.close();
});

describe("axe-core: no violations (WCAG 2.1 A/AA and best practices)", () => {
  for (const screen of screens) {
    it(`${screen.who}: ${screen.name}`, async () => {
      const failures: string[] = [];
      for (const theme of THEMES) {
        const page = await pageFor(screen.who, theme);
        // The HTML does not depend on the width: one load, checked at 1280 px and then at 390 px.
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await page.goto(screen.path());
        await waitForHydration(page);
        for (const width of WIDTHS) {
          if (width !== WIDTHS[0]) await page.setViewportSize({ width, height: 844 });
          const violations = await axeViolations(page);
          if (violations.length > 0) failures.push(`${screen.path()} (${theme}, ${width} px):\n${describeViolations(violations)}`);
        }
      }
      expect(failures, failures.join("\n")).toEqual([]);
    });
  }

  it("visitor and member: with a toast open (light and dark, 1280 and 390 px)", async () => {
    const failures: string[] = [];
    for (const theme of THEMES) {
      for (const width of WIDTHS) {
        const context = await newContext(browser, { javaScriptEnabled: true, baseURL });
        await context.addCookies([{ name: "quads_theme", value: theme, url: baseURL }]);
        const page = await context.newPage();
        try {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
          await page.goto("/login");
          await waitForHydration(page);
          // A failed sign-in: the red error toast.
          await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
          await page.getByLabel("Password", { exact: true }).fill("not the password");
          await page.getByRole("button", { name: "Sign In", exact: true }).click();
          await page.getByTestId("toast").waitFor({ state: "visible" });
          let violations = await axeViolations(page);
          if (violations.length > 0) failures.push(`error toast on /login (${theme}, ${width} px):\n${describeViolations(violations)}`);
          // A sign-in: the welcome toast on the dashboard.
          await page.getByLabel("Email", { exact: true }).fill(member.email);
          await page.getByLabel("Password", { exact: true }).fill(member.password);
          await page.getByRole("button", { name: "Sign In", exact: true }).click();
          await page.getByRole("heading", { name: /^Welcome back, / }).waitFor({ state: "visible" });
          await page.getByTestId("toast").waitFor({ state: "visible" });
          violations = await axeViolations(page);
          if (violations.length > 0) failures.push(`success toast on / (${theme}, ${width} px):\n${describeViolations(violations)}`);
        } finally {
          await context.close();
        }
      }
    }
    expect(failures, failures.join("\n")).toEqual([]);
  }, 90_000); // four contexts, eight sign-in attempts (scrypt) and eight axe runs: past 30 s on a loaded box

  it("member: the System theme follows a dark prefers-color-scheme", async () => {
    const context = await newContext(browser, { javaScriptEnabled: true, baseURL });
    const [name, ...value] = member.cookie.split("=");
    await context.addCookies([{ name, value: value.join("="), url: baseURL }]);
    const page = await context.newPage();
    try {
      await page.emulateMedia({ colorScheme: "dark" });
      await page.goto("/");
      await waitForHydration(page);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background, "the page background in dark mode").not.toMatch(/rgb\(248, 250, 252\)|oklch\(0\.98/);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("html-validate: the HTML of every screen is valid", () => {
  for (const screen of screens) {
    it(`${screen.who}: ${screen.name}`, async () => {
      const cookie = cookieOf(screen.who);
      const response = await fetch(`${baseURL}${screen.path()}`, { headers: cookie ? { Cookie: `${cookie}; quads_theme=dark` } : { Cookie: "quads_theme=dark" } });
      const html = await response.text();
      const report = await htmlValidate.validateString(html, "page.html");
      const messages = report.results.flatMap((result) => result.messages);
      expect(messages.length, `${screen.path()}:\n${describeMessages(messages, html)}`).toBe(0);
    });
  }
});

describe("theme and toasts without JavaScript too", () => {
  for (const javaScriptEnabled of [true, false]) {
    const mode = javaScriptEnabled ? "JavaScript on" : "JavaScript off";

    it(`${mode}: Light / Dark / System from the menu; the server renders the choice`, async () => {
      const context = await newContext(browser, { javaScriptEnabled, baseURL });
      const page = await context.newPage();
      try {
        await page.goto("/login");
        if (javaScriptEnabled) await waitForHydration(page);
        expect(await page.getAttribute("html", "data-theme")).toBe("system");
        for (const [label, theme] of [["Dark", "dark"], ["Light", "light"], ["System", "system"]] as const) {
          await page.locator("summary", { hasText: "Theme:" }).click();
          await page.getByRole("button", { name: label, exact: true }).click();
          await page.waitForFunction((expected) => document.documentElement.dataset.theme === expected, theme);
          expect(await page.locator("summary", { hasText: "Theme:" }).textContent()).toBe(`Theme: ${label}`);
          expect(await page.locator(`button[name="theme"][value="${theme}"]`).getAttribute("aria-pressed")).toBe("true");
          const cookie = (await context.cookies()).find((item) => item.name === "quads_theme");
          expect(cookie?.value).toBe(theme);
        }
        expect(new URL(page.url()).pathname).toBe("/login");
        // The first byte already carries the theme (no flash): the server reads the cookie.
        const html = await (await fetch(`${baseURL}/login`, { headers: { Cookie: "quads_theme=dark" } })).text();
        expect(html).toMatch(/<html[^>]*data-theme="dark"/);
      } finally {
        await context.close();
      }
    });

    it(`${mode}: the ✕ hides a toast, and a toast leaves on its own`, async () => {
      const context = await newContext(browser, { javaScriptEnabled, baseURL });
      const page = await context.newPage();
      try {
        await page.setViewportSize({ width: 390, height: 844 });
        await page.goto("/meetings");
        if (javaScriptEnabled) await waitForHydration(page);
        const shown = page.getByTestId("toast");
        await shown.waitFor({ state: "visible" });
        expect(await shown.textContent()).toContain("Sign in or create an account to see this page.");
        await page.getByRole("link", { name: "Dismiss notification" }).click();
        await shown.waitFor({ state: "hidden" });

        await page.goto("/meetings");
        await shown.waitFor({ state: "visible" });
        // Without a click it leaves by itself (a timer with JavaScript, a CSS animation without).
        await shown.waitFor({ state: "hidden", timeout: 12_000 });
      } finally {
        await context.close();
      }
    });
  }
});

describe("keyboard", () => {
  it("from the top of the dashboard, Tab reaches the skip link first, then the main content; focus is visible", async () => {
    const context = await contextFor("member", "light");
    const page = await context.newPage();
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/");
      await waitForHydration(page);
      await page.keyboard.press("Tab");
      const first = await page.evaluate(() => ({ text: document.activeElement?.textContent?.trim(), href: document.activeElement?.getAttribute("href") }));
      expect(first).toEqual({ text: "Skip to content", href: "#main" });
      await page.keyboard.press("Enter");
      await page.waitForFunction(() => document.activeElement?.id === "main");
      await page.keyboard.press("Tab");
      const insideMain = await page.evaluate(() => Boolean(document.activeElement?.closest("main")));
      expect(insideMain, "after the skip link, Tab lands inside <main>").toBe(true);

      // Every stop of the first 40 has a visible focus indicator (an outline or a box-shadow ring).
      await page.goto("/");
      await waitForHydration(page);
      for (let step = 0; step < 40; step += 1) {
        await page.keyboard.press("Tab");
        const focus = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return null;
          const style = getComputedStyle(element);
          const hasOutline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
          const hasRing = style.boxShadow !== "none" && style.boxShadow !== "";
          const box = element.getBoundingClientRect();
          return { html: element.outerHTML.slice(0, 120), visible: hasOutline || hasRing, onScreen: box.width > 0 && box.height > 0 };
        });
        if (!focus) continue;
        expect(focus.visible, `no focus indicator on ${focus.html}`).toBe(true);
        expect(focus.onScreen, `focused element is not on screen: ${focus.html}`).toBe(true);
      }
    } finally {
      await page.close();
    }
  });
});

describe("skip link on the visitor's account pages", () => {
  for (const { js, mode } of jsModes) {
    it(`${mode}: Tab, then Enter, moves the focus to <main> on /forgot-password, /reset-password, /verify-email and /unsubscribe`, async () => {
      const context = await newContext(browser, { javaScriptEnabled: js, baseURL });
      const page = await context.newPage();
      try {
        for (const path of ["/forgot-password", "/reset-password", "/verify-email", "/unsubscribe"]) {
          await page.goto(path);
          if (js) await waitForHydration(page);
          await page.keyboard.press("Tab");
          expect(await page.evaluate(() => document.activeElement?.getAttribute("href")), path).toBe("#main");
          await page.keyboard.press("Enter");
          await page.waitForFunction(() => document.activeElement?.id === "main", undefined, { timeout: 5_000 }).catch(() => undefined);
          const focused = await page.evaluate(() => ({ tag: document.activeElement?.tagName, id: document.activeElement?.id }));
          expect(focused, `${path}: the skip link's target takes the focus`).toEqual({ tag: "MAIN", id: "main" });
        }
      } finally {
        await context.close();
      }
    });
  }
});

/**
 * Where the text between two adjacent items of a container has no whitespace ("Dashboard|Discussions"),
 * as a text browser would show them run together. Items: the `itemSelector` matches in the container,
 * leaving out any inside another match.
 */
async function itemsRunTogether(page: Page, containerSelector: string, itemSelector = "a, button"): Promise<string[]> {
  return page.evaluate(
    ([container, item]) => {
      const joined: string[] = [];
      for (const element of document.querySelectorAll(container)) {
        const matches = [...element.querySelectorAll(item)];
        const items = matches.filter((candidate) => !matches.some((other) => other !== candidate && other.contains(candidate)));
        for (let index = 1; index < items.length; index += 1) {
          const range = document.createRange();
          range.setStartAfter(items[index - 1]);
          range.setEndBefore(items[index]);
          if (!/\s/.test(range.toString())) joined.push(`${items[index - 1].textContent?.trim()}|${items[index].textContent?.trim()}`);
        }
      }
      return joined;
    },
    [containerSelector, itemSelector] as const,
  );
}

const normalizedText = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim());

describe("text without CSS: navigation items, names and badges do not run together", () => {
  for (const { js, mode } of jsModes) {
    it(`${mode}: the header, the mobile menu, the sidebar, the admin tabs and an author line`, async () => {
      const context = await newContext(browser, { javaScriptEnabled: js, baseURL });
      const [name, ...value] = adminCookie.split("=");
      await context.addCookies([{ name, value: value.join("="), url: baseURL }]);
      const page = await context.newPage();
      const check = async (where: string) => {
        expect(await normalizedText(page, 'nav[aria-label="Main"]'), where).toBe("Dashboard Discussions Meetings Members Resources Music Artists Admin Panel");
        expect(await normalizedText(page, 'aside[aria-label="Sidebar"] nav'), where).toMatch(/^Dashboard Discussions( \d+ \(\d+ new\))? Weekly Meetings Members \d+ \(\d+ in total\) AI Resources AI Music Artists My Badges/);
        for (const selector of ['nav[aria-label="Main"]', 'nav[aria-label="Mobile"]', 'nav[aria-label="Sidebar navigation"]', ".header-bar"]) {
          expect(await itemsRunTogether(page, selector), `${where}: ${selector}`).toEqual([]);
        }
      };
      try {
        await page.goto("/admin/reports");
        if (js) await waitForHydration(page);
        await check("/admin/reports");
        expect(await itemsRunTogether(page, 'nav[aria-label="Admin sections"], nav[aria-label="Moderation"]')).toEqual([]);
        expect(await normalizedText(page, 'nav[aria-label="Admin sections"]')).toBe(
          "Manage Users Create Meetings Manage Meetings Add Resources Manage Resources Add Artists Manage Artists Platform Settings",
        );

        // A moderator's post: the name, the 'Moderator' badge and the date.
        const writer = await createApiMember(baseURL, { displayName: "Lead Writer" });
        expect((await apiCall(baseURL, { cookie: adminCookie } as ApiMember, "PUT", `/api/admin/users/${writer.id}/role`, { role: "moderator" })).status).toBe(200);
        const post = await createPostViaApi(baseURL, writer, { title: `Written by a moderator ${Date.now()}`, content: "With a role badge." });
        const authorLine = /^L Lead Writer Moderator [A-Z][a-z]{2} \d{1,2}, \d{4}$/;
        if (js) {
          // After a client-side navigation React renders the same text.
          await page.locator('nav[aria-label="Main"]').getByRole("link", { name: "Discussions" }).click();
          await page.getByRole("heading", { name: "Community Discussions", level: 1 }).waitFor();
          await check("/discussions after a client-side navigation");
        } else {
          await page.goto("/discussions");
        }
        const card = page.getByTestId("post-card").filter({ hasText: post.title });
        expect(await card.locator(".author-line").evaluate((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim())).toMatch(authorLine);
        expect(await itemsRunTogether(page, '[data-testid="post-card"] .author-line', ":scope > *")).toEqual([]);
        await page.goto(`/post/${post.id}`);
        if (js) await waitForHydration(page);
        expect(await normalizedText(page, "article .author-line")).toMatch(authorLine);
      } finally {
        await context.close();
      }
    });

    it(`${mode}: meeting, artist and resource cards and a reply's actions`, async () => {
      const admin = { cookie: adminCookie } as ApiMember;
      // An artist with listen links and a comment, and a rated resource (its rating beside the byline).
      const artist = await apiCall<{ id: number; name: string }>(baseURL, admin, "POST", "/api/admin/music-artists", {
        name: `Spaced Artist ${Date.now()}`,
        genre: "Ambient",
        featured: true,
        spotifyUrl: "https://open.spotify.com/artist/spaced",
        youtubeUrl: "https://www.youtube.com/@spaced",
      });
      expect((await apiCall(baseURL, member, "POST", `/api/artists/${artist.json.id}/comment`, { comment: "Lovely." })).status).toBe(201);
      expect((await apiCall(baseURL, member, "POST", `/api/resources/${resourceId}/rate`, { rating: 5 })).status).toBe(200);
      const context = await newContext(browser, { javaScriptEnabled: js, baseURL });
      const [name, ...value] = adminCookie.split("=");
      await context.addCookies([{ name, value: value.join("="), url: baseURL }]);
      const page = await context.newPage();
      const open = async (path: string) => {
        await page.goto(path);
        if (js) await waitForHydration(page);
      };
      try {
        await open("/meetings");
        const meeting = `#meeting-${meetingId}`;
        for (const selector of [`${meeting} > div:first-child > div`, `${meeting} > div:nth-child(2)`, `${meeting} > p:last-of-type`, `${meeting} > div:nth-child(n + 3)`]) {
          expect(await itemsRunTogether(page, selector, ":scope > *"), selector).toEqual([]);
        }
        expect(await normalizedText(page, `${meeting} > p:last-of-type`)).toMatch(/^\w+, \w+ \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M \S+ \d+ attending$/);

        await open(`/music-artists?q=${encodeURIComponent(artist.json.name)}`);
        const card = `section[aria-labelledby="all-artists"] [data-testid="artist-card"]`;
        for (const selector of [`${card} > div:first-child > div > p`, `${card} .comments p:first-of-type`]) {
          expect(await itemsRunTogether(page, selector, ":scope > *"), selector).toEqual([]);
        }
        expect(await itemsRunTogether(page, `${card} .listen`)).toEqual([]);
        expect(await normalizedText(page, `${card} > div:first-child > div > p`)).toBe("Ambient Featured 0 plays");
        expect(await normalizedText(page, `${card} > p.listen`)).toBe("Spotify YouTube");

        await open(`/resources#resource-${resourceId}`);
        const resource = `#resource-${resourceId}`;
        for (const selector of [`${resource} > div:first-child > div > div`, `${resource} > div:nth-of-type(3)`]) {
          expect(await itemsRunTogether(page, selector, ":scope > *"), selector).toEqual([]);
        }
        expect(await normalizedText(page, `${resource} > div:nth-of-type(3)`)).toMatch(/^By .+ ★ 5\.0\/5 \(1 review\)$/);

        // The admin reads the member's reply: Reply, Quote, Report and Delete.
        await open(`/post/${postId}`);
        expect(await itemsRunTogether(page, ".reply-actions")).toEqual([]);
        expect(await normalizedText(page, ".reply-actions")).toMatch(/^Reply Quote Report( \S+)* Delete$/);
      } finally {
        await context.close();
      }
    });
  }
});
