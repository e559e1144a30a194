/** The signed-out landing page, with JavaScript on and off; the JavaScript-on run also refreshes docs/screenshot.png. */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { goto, jsModes, browserPerFile, pagePerTest, visible } from "./support/browser";

const BADGES = [
  { name: "Explorer", level: "Beginner" },
  { name: "Community Helper", level: "Intermediate" },
  { name: "Resource Guru", level: "Advanced" },
  { name: "Meeting Regular", level: "Active" },
  { name: "Supporter", level: "Patron" },
  { name: "AI Innovator", level: "Expert" },
];

const SOCIAL_HOSTS = /youtube\.com|facebook\.com|twitter\.com|x\.com|instagram\.com|tiktok\.com|patreon\.com|threads\.net/;

const browser = browserPerFile();

describe.each(jsModes)("landing page ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("shows the tagline, the sign-in link, the badge levels and no social links", async () => {
    const response = await goto(page(), "/");
    expect(response?.status()).toBe(200);

    await visible(page().getByText("AI Community Platform", { exact: true }).first());
    const signIn = page().getByRole("link", { name: "Already a member? Sign In Here" });
    await visible(signIn);
    expect(await signIn.getAttribute("href")).toBe("/login");

    const badges = page().getByRole("region", { name: "Level Up Your AI Journey" });
    await visible(badges.getByRole("heading", { name: "Level Up Your AI Journey" }));
    const items = badges.getByRole("listitem");
    expect(await items.count()).toBe(BADGES.length);
    for (const badge of BADGES) {
      const item = items.filter({ has: page().getByRole("heading", { name: badge.name, exact: true }) });
      expect(await item.count(), `badge ${badge.name}`).toBe(1);
      expect(await item.textContent()).toContain(badge.level);
    }

    // No platform link is configured (reference data only): no follow list, no social link at all.
    expect(await page().getByRole("list", { name: /follow us/i }).count()).toBe(0);
    const hrefs = await page()
      .locator("a[href]")
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href") ?? ""));
    expect(hrefs.filter((href) => SOCIAL_HOSTS.test(href))).toEqual([]);
    expect(await page().locator('a[target="_blank"]').count()).toBe(0);

    // Signed out, the landing page draws its own frame: no member navigation.
    expect(await page().getByRole("navigation", { name: "Main" }).count()).toBe(0);
  });

  it("sends the sign-in link to the login card", async () => {
    await goto(page(), "/");
    await page().getByRole("link", { name: "Already a member? Sign In Here" }).click();
    await visible(page().getByRole("heading", { name: "Welcome to the community" }));
    expect(new URL(page().url()).pathname).toBe("/login");
  });
});

describe("README screenshot (JavaScript on)", () => {
  const { page } = pagePerTest(browser, true);

  it("saves a full-page screenshot for the README (docs/screenshot.png)", async () => {
    await goto(page(), "/");
    await visible(page().getByRole("heading", { name: "Level Up Your AI Journey" }));
    await page().evaluate(() => document.fonts.ready.then(() => undefined));
    const file = path.resolve("docs/screenshot.png");
    mkdirSync(path.dirname(file), { recursive: true });
    const image = await page().screenshot({ path: file, fullPage: true });
    expect(image.byteLength).toBeGreaterThan(10_000);
    expect(page().viewportSize()).toEqual({ width: 1280, height: 800 });
  });
});
