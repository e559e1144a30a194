/** Browser-visible security: a nonce-based CSP that the pages obey, and the session cookie's flags. */
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { goto, makeUser, registerViaUi, browserPerFile, pagePerTest, visible } from "./support/browser";

const browser = browserPerFile();

type Violation = { directive: string; blockedURI: string };

/** Collects console errors, page errors and CSP violation events of a page. */
async function watch(page: Page) {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  // Runs before any page script (injected by the browser, so the CSP does not apply to it).
  await page.addInitScript(() => {
    const store = window as unknown as { __cspViolations: Violation[] };
    store.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      store.__cspViolations.push({ directive: event.violatedDirective, blockedURI: event.blockedURI });
    });
  });
  return {
    consoleErrors,
    violations: () => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations),
  };
}

describe("security headers and cookies (JavaScript on)", () => {
  const { page, context } = pagePerTest(browser, true);

  it("serves a nonce-based CSP that the landing and login pages follow", async () => {
    const watcher = await watch(page());

    for (const [url, heading] of [
      ["/", "Level Up Your AI Journey"],
      ["/login", "Welcome to the community"],
    ] as const) {
      const response = await goto(page(), url);
      expect(response?.status()).toBe(200);
      const csp = response?.headers()["content-security-policy"] ?? "";
      const nonce = /script-src[^;]*'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1];
      expect(nonce, `CSP of ${url}: ${csp}`).toBeTruthy();
      expect(csp).toMatch(/object-src 'none'/);
      expect(csp).toMatch(/frame-ancestors 'none'/);
      await visible(page().getByRole("heading", { name: heading }));

      // Every script on the page carries this response's nonce (and the app did hydrate).
      const scriptNonces = await page().evaluate(() => Array.from(document.scripts, (script) => script.nonce));
      expect(scriptNonces.length).toBeGreaterThan(0);
      expect(new Set(scriptNonces)).toEqual(new Set([nonce]));
      // So does every modulepreload link (React Router's and those Vite's helper adds for a chunk loaded
      // on use): without the nonce the browser refuses the preload, and the scripts only download
      // once the whole document is parsed (docs/decisions/0081-slow-connection-first-view.md).
      const sentPreloads = ((await response?.text()) ?? "").match(/<link\b[^>]*\brel="modulepreload"[^>]*>/g) ?? [];
      expect(sentPreloads.length).toBeGreaterThan(0);
      expect(sentPreloads.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
      const preloads = await page().evaluate(() =>
        Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => ({ href: link.getAttribute("href"), nonce: link.nonce })),
      );
      expect(preloads.filter((link) => link.nonce !== nonce)).toEqual([]);

      expect(await watcher.violations(), `CSP violations on ${url}`).toEqual([]);
    }
    expect(watcher.consoleErrors.filter((text) => /content security policy|csp/i.test(text))).toEqual([]);
    // Nothing else went wrong in the console either (a 404 favicon, a hydration mismatch...).
    expect(watcher.consoleErrors).toEqual([]);
  });

  it("keeps the session in an HttpOnly, SameSite=Lax cookie", async () => {
    await registerViaUi(page(), makeUser());

    const session = (await context().cookies()).find((cookie) => cookie.name === "quads_session");
    expect(session, "quads_session cookie").toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    expect(session?.path).toBe("/");
    expect(await page().evaluate(() => document.cookie)).not.toContain("quads_session");
  });
});
