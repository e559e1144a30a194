/**
 * Browser helpers for the e2e suite (playwright-core + Vitest, no @playwright/test): launching
 * the system Chromium, one context per test (JavaScript on or off), and the sign-up and sign-in
 * flows through the real forms.
 *
 * With JavaScript on, React Router submits forms with fetch and navigates client-side, so helpers wait
 * for content (a heading, a message), never for URLs or load events.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Response } from "playwright-core";

/** Debian's Chromium; CHROMIUM_PATH overrides it (as in scripts/ensure-chromium.sh). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const VIEWPORT = { width: 1280, height: 800 };

/** Both runs every flow goes through. */
export const jsModes = [
  { js: true, mode: "JavaScript on" },
  { js: false, mode: "JavaScript off" },
] as const;

/** Launches the Debian Chromium (headless). One per test file. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error("Chromium is missing: run `apt-get install -y chromium` (npm test installs it)");
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

const javaScriptByContext = new WeakMap<BrowserContext, boolean>();

/** A fresh context (own cookies) at 1280x800; baseURL lets pages go to paths like "/login". */
export async function newContext(
  browser: Browser,
  { javaScriptEnabled, baseURL }: { javaScriptEnabled: boolean; baseURL?: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({ javaScriptEnabled, baseURL, viewport: VIEWPORT, locale: "en-US" });
  context.setDefaultTimeout(10_000);
  context.setDefaultNavigationTimeout(15_000);
  javaScriptByContext.set(context, javaScriptEnabled);
  return context;
}

export function isJavaScriptEnabled(page: Page): boolean {
  return javaScriptByContext.get(page.context()) ?? true;
}

/** Resolves once React has hydrated the document (the body carries a React fiber). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")), undefined, {
    timeout: 10_000,
  });
}

/** A document navigation; with JavaScript on it also waits for hydration so clicks are handled by React Router. */
export async function goto(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  if (isJavaScriptEnabled(page)) await waitForHydration(page);
  return response;
}

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the locator is visible (Vitest's expect does not auto-wait like Playwright Test's). */
export async function visible(locator: Locator, timeout?: number): Promise<Locator> {
  await locator.first().waitFor({ state: "visible", timeout });
  return locator;
}

/** The toast (role status) with the given title. */
export function toast(page: Page, title: string): Locator {
  return page.getByRole("status").filter({ has: page.getByText(title, { exact: true }) });
}

/** Waits for a toast with this title and checks its description. */
export async function expectToast(page: Page, title: string, description: string | RegExp): Promise<void> {
  const found = toast(page, title).first();
  await found.waitFor({ state: "visible" });
  const text = (await found.textContent()) ?? "";
  const matches = typeof description === "string" ? text.includes(description) : description.test(text);
  if (!matches) throw new Error(`Toast '${title}' reads '${text}', expected it to contain ${String(description)}`);
}

/** Waits for a toast with this title whose text contains the description (a previous toast may still be on screen). */
export async function waitForToast(page: Page, title: string, description: string): Promise<void> {
  await toast(page, title).filter({ hasText: description }).first().waitFor({ state: "visible" });
}

let counter = 0;

/** A unique, valid e-mail address for this run. */
export function uniqueEmail(prefix = "member"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.example.com`;
}

export type TestUser = { firstName: string; lastName: string; displayName: string; email: string; password: string };

/** A new member's details; the display name is unique so pages can be searched for it. */
export function makeUser(overrides: Partial<TestUser> = {}): TestUser {
  const email = overrides.email ?? uniqueEmail();
  const tag = email.split("@")[0].split("-").slice(1).join("").slice(-8);
  return {
    firstName: "Ada",
    lastName: "Lovelace",
    displayName: `Ada ${tag}`,
    email,
    password: "correct horse battery",
    ...overrides,
  };
}

/** Opens /login on the Register tab through the tab link, as a person would. */
export async function openRegisterTab(page: Page): Promise<void> {
  await goto(page, "/login");
  await page.getByRole("tab", { name: "Register" }).click();
  await visible(page.getByLabel("Display Name"));
}

/** Fills the Register tab (already open) and submits it. */
export async function submitRegisterForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel("First Name").fill(user.firstName);
  await page.getByLabel("Last Name").fill(user.lastName);
  await page.getByLabel("Display Name").fill(user.displayName);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Registers through the form and waits for the dashboard greeting. */
export async function registerViaUi(page: Page, user: TestUser): Promise<void> {
  await openRegisterTab(page);
  await submitRegisterForm(page, user);
  await visible(page.getByRole("heading", { name: `Welcome back, ${user.displayName}!` }));
}

/** Fills the Login tab of /login and submits it (no outcome awaited). */
export async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  await goto(page, "/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs in through the form and waits for the dashboard greeting. */
export async function loginViaUi(page: Page, email: string, password: string, displayName?: string): Promise<void> {
  await submitLoginForm(page, email, password);
  await visible(page.getByRole("heading", { name: displayName ? `Welcome back, ${displayName}!` : /^Welcome back, / }));
}

/** Creates an account through the JSON API (no browser): for tests that need an existing member. */
export async function registerViaApi(baseURL: string, user: TestUser): Promise<void> {
  const response = await fetch(`${baseURL}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: user.displayName,
    }),
  });
  if (response.status !== 201) throw new Error(`POST /api/auth/register answered ${response.status}: ${await response.text()}`);
}

/** Saves a screenshot of a failed test's page under test-results/e2e/ (git-ignored). */
export async function screenshotOnFailure(page: Page | undefined, testName: string): Promise<void> {
  if (!page || page.isClosed()) return;
  const directory = path.resolve("test-results/e2e");
  mkdirSync(directory, { recursive: true });
  const file = path.join(directory, `${testName.replace(/[^a-z0-9]+/gi, "-").slice(0, 120)}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
}

/**
 * Registers the hooks of a test file: one browser for the whole file (call at the top level).
 * Returns a getter, since the browser exists only once beforeAll has run.
 */
export function browserPerFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser is not launched yet (browserPerFile's beforeAll has not run)");
    return browser;
  };
}

/**
 * Registers the hooks of a describe block: a fresh context and page per test, JavaScript on or
 * off, pointed at the e2e server; a failed test leaves a screenshot in test-results/e2e/.
 */
export function pagePerTest(getBrowser: () => Browser, javaScriptEnabled: boolean): { page: () => Page; context: () => BrowserContext } {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeEach(async () => {
    context = await newContext(getBrowser(), { javaScriptEnabled, baseURL: inject("baseURL") });
    page = await context.newPage();
  });
  afterEach(async (testContext) => {
    if (testContext.task.result?.state === "fail") {
      await screenshotOnFailure(page, `${testContext.task.name} js-${javaScriptEnabled ? "on" : "off"}`);
    }
    await context?.close();
    context = undefined;
    page = undefined;
  });
  return {
    page: () => {
      if (!page) throw new Error("No page: pagePerTest's beforeEach has not run");
      return page;
    },
    context: () => {
      if (!context) throw new Error("No context: pagePerTest's beforeEach has not run");
      return context;
    },
  };
}
