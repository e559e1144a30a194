/**
 * Members, profiles and the dashboard's badge cards, with JavaScript on and off: a new member
 * earns Explorer, posts and replies until Discusser progresses and is earned, edits the profile
 * (valid and invalid), filters the members directory and opens a public profile.
 */
import { describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { browserPerFile, expectToast, goto, jsModes, loginViaUi, makeUser, pagePerTest, pathOf, registerViaApi, registerViaUi, visible } from "./support/browser";
import { addDiscussionHistory, recomputeBadges, setSkillLevel, userIdByEmail } from "./support/members";

const browser = browserPerFile();
const baseURL = inject("baseURL");

const card = (page: Page, heading: string) => page.locator("section", { has: page.getByRole("heading", { name: heading, exact: true }) }).last();

describe.each(jsModes)("members and profiles ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("a new member earns Explorer; posting and replying advance Sharer and Discusser until Discusser is earned", async () => {
    const user = makeUser();
    await registerViaUi(page(), user);

    await visible(card(page(), "My Badges").getByText("Explorer", { exact: true }));
    await visible(page().getByTestId("welcome-latest-badge").getByText("1 badge earned"));
    await visible(card(page(), "Badge Progress").getByText("Start participating to earn badges!"));

    addDiscussionHistory(user.email, { posts: 2, replies: 3 });
    recomputeBadges();
    await goto(page(), "/");
    const progress = card(page(), "Badge Progress");
    await visible(progress.getByText("Discusser", { exact: true }));
    await visible(progress.getByText("60%", { exact: true }));
    await visible(progress.getByText("Reply to 5 posts or comments"));
    expect(await page().getByTestId("welcome-points").textContent()).toBe(String(2 * 10 + 3 * 5));

    await goto(page(), "/badges");
    const inProgress = page().getByTestId("badge-progress").filter({ hasText: "Discusser" });
    await visible(inProgress.getByText("3 / 5"));

    addDiscussionHistory(user.email, { replies: 2 });
    expect(recomputeBadges()).toMatch(/badges earned [1-9]/);
    await goto(page(), "/badges");
    await visible(page().getByTestId("badge-earned").filter({ hasText: "Discusser" }));
    await goto(page(), "/");
    await visible(card(page(), "My Badges").getByText("Discusser", { exact: true }));
  }, 60_000); // registration, posts, replies and a recompute through the UI: 4–6 s on a quiet box, past 30 s at load 14 on two boxes

  it("edits the profile: saves valid input with a toast, keeps invalid input with the field message", async () => {
    const user = makeUser();
    await registerViaApi(baseURL, user);
    await loginViaUi(page(), user.email, user.password, user.displayName);

    await goto(page(), "/profile");
    await visible(page().getByRole("heading", { name: user.displayName }));
    for (const tile of ["points", "badges", "posts", "meetings"]) await visible(page().getByTestId(`tile-${tile}`));
    await page().getByRole("button", { name: "Edit Profile" }).click();
    await visible(page().getByRole("heading", { name: "Edit Profile" }));
    const newName = `${user.displayName} Edited`;
    await page().getByLabel("Display Name").fill(newName);
    await page().getByLabel("Skill Level").selectOption("expert");
    await page().getByLabel("Bio").fill("I build evaluation harnesses for LLMs.");
    await page().getByLabel("Interests").fill("Evaluation, RAG, Agents, Music");
    await page().getByRole("button", { name: "Save Changes" }).click();

    await expectToast(page(), "Success", "Profile updated successfully!");
    await visible(page().getByRole("heading", { name: newName }));
    await visible(page().getByText("I build evaluation harnesses for LLMs."));
    await visible(page().getByTestId("profile-label").getByText("expert"));
    expect(pathOf(page())).toBe("/profile");

    await page().getByRole("button", { name: "Edit Profile" }).click();
    await visible(page().getByRole("heading", { name: "Edit Profile" }));
    await page().getByLabel("First Name").fill("   ");
    await page().getByLabel("Bio").fill("Typed before the error");
    await page().getByRole("button", { name: "Save Changes" }).click();

    await expectToast(page(), "Error", "Failed to update profile. Please try again.");
    await visible(page().getByText("First name is required"));
    expect(await page().getByLabel("Bio").inputValue()).toBe("Typed before the error");
    expect(await page().getByLabel("Display Name").inputValue()).toBe(newName);

    await page().getByRole("link", { name: "Cancel" }).click();
    await visible(page().getByRole("button", { name: "Edit Profile" }));
    await visible(page().getByText("I build evaluation harnesses for LLMs."));
  });

  it("saves the profile when Enter is pressed in a field (Save is the form's default button)", async () => {
    const user = makeUser();
    await registerViaApi(baseURL, user);
    await loginViaUi(page(), user.email, user.password, user.displayName);

    await goto(page(), "/profile");
    await page().getByRole("button", { name: "Edit Profile" }).click();
    await visible(page().getByRole("heading", { name: "Edit Profile" }));
    const newName = `${user.displayName} Entered`;
    await page().getByLabel("Display Name").fill(newName);
    await page().getByLabel("Display Name").press("Enter");

    await expectToast(page(), "Success", "Profile updated successfully!");
    await visible(page().getByRole("heading", { name: newName }));
    expect(pathOf(page())).toBe("/profile");
  });

  it("filters the members directory in the URL and opens a public profile without the e-mail", async () => {
    const tag = `Zq${Date.now().toString(36).slice(-5)}${js ? "on" : "off"}`;
    const target = makeUser({ firstName: tag, lastName: "Target" });
    await registerViaApi(baseURL, target);
    setSkillLevel(target.email, "intermediate");
    const viewer = makeUser();
    await registerViaUi(page(), viewer);

    await goto(page(), "/members");
    await visible(page().getByRole("heading", { name: /Members$/, level: 1 }));
    for (const label of ["Total Members", "Discussions", "Meetings", "Active Contributors"]) await visible(page().getByTestId(`stat-${label.toLowerCase().replace(/\s+/g, "-")}`));

    await page().getByLabel("Search members").fill(tag.toLowerCase());
    await page().getByLabel("Skill level").selectOption("intermediate");
    await page().getByRole("button", { name: "Search", exact: true }).click();
    await visible(page().getByRole("heading", { name: "All Members (1)" }));
    const url = new URL(page().url());
    expect(url.searchParams.get("q")).toBe(tag.toLowerCase());
    expect(url.searchParams.get("skill")).toBe("intermediate");
    const memberCard = page().getByTestId("member-card");
    expect(await memberCard.count()).toBe(1);
    await visible(memberCard.getByText("Member since"));

    await page().getByLabel("Skill level").selectOption("expert");
    await page().getByRole("button", { name: "Search", exact: true }).click();
    await visible(page().getByText("No members found"));

    await goto(page(), `/members?q=${encodeURIComponent(tag)}`);
    await page().getByRole("link", { name: `${tag} Target` }).click();
    await visible(page().getByRole("heading", { name: target.displayName, level: 2 }));
    expect(pathOf(page())).toBe(`/members/${userIdByEmail(target.email)}`);
    await visible(page().getByText("Recent Activity"));
    expect(await page().getByText(target.email).count()).toBe(0);
    expect(await page().getByRole("button", { name: "Edit Profile" }).count()).toBe(0);
  });

  it("switches the leaderboard period in the URL", async () => {
    const user = makeUser();
    await registerViaUi(page(), user);
    await goto(page(), "/members");
    await page().getByRole("link", { name: "Last 7 days" }).click();
    await visible(page().locator('a[aria-current="page"]', { hasText: "Last 7 days" }));
    expect(new URL(page().url()).searchParams.get("period")).toBe("7d");
    await visible(page().getByRole("heading", { name: "Top Contributors" }));
  });
});
