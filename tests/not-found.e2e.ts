/** Unknown paths: 'Page Not Found' (404) for members, /login for visitors, JSON 404 under /api. */
import { describe, expect, it } from "vitest";
import { goto, jsModes, makeUser, pathOf, registerViaUi, browserPerFile, pagePerTest, visible } from "./support/browser";

const browser = browserPerFile();

describe.each(jsModes)("unknown paths ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("shows 'Page Not Found' with status 404 to a member", async () => {
    await registerViaUi(page(), makeUser());

    const response = await goto(page(), "/no-such-page");

    expect(response?.status()).toBe(404);
    await visible(page().getByRole("heading", { name: "Page Not Found" }));
    expect(pathOf(page())).toBe("/no-such-page");
  });

  it("sends a visitor to /login", async () => {
    const response = await goto(page(), "/no-such-page");

    expect(response?.status()).toBe(200);
    expect(pathOf(page())).toBe("/login");
    await visible(page().getByRole("heading", { name: "Welcome to the community" }));
  });

  it("answers a JSON 404 under /api", async () => {
    const response = await page().goto("/api/no-such");

    expect(response?.status()).toBe(404);
    expect(response?.headers()["content-type"]).toMatch(/^application\/json/);
    const body = (await response?.json()) as { message?: unknown };
    expect(typeof body.message).toBe("string");
  });
});
