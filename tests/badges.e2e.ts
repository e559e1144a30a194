/** /badges, /badge-guide and the community and badge JSON endpoints. */
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, goto, jsModes, makeUser, pagePerTest, pathOf, registerViaApi, registerViaUi, visible } from "./support/browser";
import { apiSessionCookie } from "./support/members";

const browser = browserPerFile();
const baseURL = inject("baseURL");

const GUIDE_CATEGORIES = [
  "Getting Started",
  "Community Participation",
  "Content Creation",
  "Community Engagement",
  "Community Support",
  "Expertise",
  "Entertainment",
  "Knowledge Sharing",
  "Mastery",
];

describe.each(jsModes)("badges pages ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("shows a new member's badges: overall progress, stat cards, Explorer earned, the rest available, the platinum mastery badge", async () => {
    await registerViaUi(page(), makeUser());
    await goto(page(), "/badges");
    await visible(page().getByRole("heading", { name: "My Badges & Progress", level: 1 }));
    expect(await page().getByTestId("overall-percent").textContent()).toBe("10%");
    for (const [label, value] of [
      ["earned", "1"],
      ["in-progress", "0"],
      ["locked", "9"],
      ["total", "10"],
    ]) {
      expect(await page().getByTestId(`stat-${label}`).textContent(), label).toContain(value);
    }
    await visible(page().getByTestId("badge-earned").filter({ hasText: "Explorer" }));
    expect(await page().getByTestId("badge-locked").count()).toBe(9);
    await visible(page().locator('[data-badge-type="quads_master"]').getByText("Platinum"));

    await page().getByRole("link", { name: "How to earn badges" }).click();
    await visible(page().getByRole("heading", { name: "How to Earn Badges", level: 1 }));
    expect(pathOf(page())).toBe("/badge-guide");
  });

  it("the badge guide groups the badges by their nine categories, with the points table, tips and the two buttons", async () => {
    await registerViaUi(page(), makeUser());
    await goto(page(), "/badge-guide");
    for (const category of GUIDE_CATEGORIES) await visible(page().getByRole("heading", { name: category, level: 2 }));
    expect(await page().getByTestId("guide-badge").count()).toBe(10);
    await visible(page().getByText("Reply to 5 posts or comments"));
    await visible(page().getByRole("heading", { name: "Points for taking part" }));
    await visible(page().getByRole("cell", { name: "Starting a discussion" }));
    await visible(page().getByRole("heading", { name: "Tips" }));
    expect(await page().getByRole("link", { name: "Join Discussions" }).getAttribute("href")).toBe("/discussions");
    expect(await page().getByRole("link", { name: "Attend Meetings" }).getAttribute("href")).toBe("/meetings");
  });
});

describe("community and badge API", () => {
  it("answers visitors 401 and members the documented fields", async () => {
    for (const path of ["/api/community/stats", "/api/community/contributors", "/api/user/badges"]) {
      const response = await fetch(`${baseURL}${path}`);
      expect(response.status, path).toBe(401);
      expect(await response.json()).toEqual({ message: "Unauthorized" });
    }
    const user = makeUser();
    await registerViaApi(baseURL, user);
    const cookie = await apiSessionCookie(baseURL, user.email, user.password);
    const get = (path: string) => fetch(`${baseURL}${path}`, { headers: { Cookie: cookie } });

    const stats = await (await get("/api/community/stats")).json();
    expect(stats).toMatchObject({ totalMembers: expect.any(Number), totalPosts: expect.any(Number), totalMeetings: expect.any(Number) });

    const contributors = (await (await get("/api/community/contributors")).json()) as Record<string, unknown>[];
    expect(Array.isArray(contributors)).toBe(true);
    expect(contributors.length).toBeLessThanOrEqual(50);
    // E-mail addresses are private: only the member's own row carries one (docs/members.md).
    for (const contributor of contributors) {
      const keys = contributor.email === user.email ? ["displayName", "email", "firstName", "id", "points"] : ["displayName", "firstName", "id", "points"];
      expect(Object.keys(contributor).sort()).toEqual(keys);
    }

    const records = (await (await get("/api/user/badges")).json()) as { isCompleted: boolean; badge: { name: string } }[];
    expect(records).toEqual([expect.objectContaining({ isCompleted: true, badge: expect.objectContaining({ name: "Explorer" }) })]);

    const badges = (await (await fetch(`${baseURL}/api/badges`)).json()) as { type: string }[];
    expect(badges).toHaveLength(10);

    const write = await fetch(`${baseURL}/api/community/stats`, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/json" }, body: "{}" });
    expect(write.status).toBe(405);
  });
});
