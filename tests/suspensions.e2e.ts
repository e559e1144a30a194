/**
 * Suspensions and silencing (docs/moderation.md), with JavaScript on and off: a moderator suspends
 * a member from the profile page, the member's next page load is signed out, signing in shows the
 * reason and the end date, and lifting lets them in again; Manage Users shows a silence on the
 * member's row and lifts it from there.
 */
import { describe, expect, inject, it } from "vitest";
import { apiRequest, createMemberViaApi, e2eAdmin, openAdminTab, sessionCookieFor, signInAsAdmin, signInContext } from "./support/admin";
import { browserPerFile, expectToast, goto, jsModes, loginViaUi, newContext, pagePerTest, pathOf, submitLoginForm, visible, waitForToast } from "./support/browser";
import { setRole } from "./support/db";
import { userIdByEmail } from "./support/members";

const browser = browserPerFile();
const baseURL = inject("baseURL");

describe.each(jsModes)("suspensions ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("a moderator suspends a member from the profile: signed out at once, sign-in shows the reason and end date; lifting lets them in", async () => {
    const member = await createMemberViaApi(baseURL);
    const moderatorUser = await createMemberViaApi(baseURL, { displayName: `Mod ${Date.now().toString(36)}` });
    setRole(moderatorUser.email, "moderator");
    const memberId = userIdByEmail(member.email);

    // The member is signed in in another browser.
    const memberContext = await newContext(browser(), { javaScriptEnabled: js, baseURL });
    try {
      await signInContext(memberContext, baseURL, member);
      const memberPage = await memberContext.newPage();
      await goto(memberPage, "/");
      await visible(memberPage.getByRole("heading", { name: `Welcome back, ${member.displayName}!` }));

      await signInContext(page().context(), baseURL, moderatorUser);
      await goto(page(), `/members/${memberId}`);
      const section = page().locator("#moderation");
      await visible(section.getByRole("heading", { name: "Moderation" }));
      await visible(section.getByText("Not suspended or silenced."));

      // A missing reason is refused with the choices kept.
      await section.getByRole("radio", { name: /^Suspend/ }).check();
      await section.getByLabel("Duration").selectOption("7");
      await section.getByRole("button", { name: "Apply" }).click();
      await visible(section.getByText("Give a reason: the member sees it.").first());
      expect(await section.getByLabel("Duration").inputValue()).toBe("7");

      await section.getByLabel("Reason (the member sees it)").fill("Posting spam links");
      await section.getByRole("button", { name: "Apply" }).click();
      await expectToast(page(), "Success", "Member suspended");
      const notice = page().locator("#moderation").getByTestId("active-restriction");
      await visible(notice);
      expect(await notice.textContent()).toMatch(/Suspended until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC.*Posting spam links/);

      // The member's next page load is signed out.
      await goto(memberPage, "/profile");
      await visible(memberPage.getByRole("button", { name: "Sign In", exact: true }));
      expect(pathOf(memberPage)).toBe("/login");

      // Signing in shows the reason and the end date, only after the right password.
      await submitLoginForm(memberPage, member.email, member.password);
      await visible(memberPage.getByText(/Your account is suspended until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC: Posting spam links/).first());
      await submitLoginForm(memberPage, member.email, "not the password");
      await visible(memberPage.getByText("Invalid email or password").first());
      expect(await memberPage.getByText(/Posting spam links/).count()).toBe(0);

      // Lifting it early lets them in.
      await page().locator("#moderation").getByRole("button", { name: /^Lift/ }).click();
      await waitForToast(page(), "Success", "Suspension lifted");
      await visible(page().locator("#moderation").getByText("Not suspended or silenced."));
      await loginViaUi(memberPage, member.email, member.password, member.displayName);
    } finally {
      await memberContext.close();
    }
  });

  it("Manage Users shows a member's silence on their row and lifts it", async () => {
    const member = await createMemberViaApi(baseURL);
    await signInAsAdmin(page(), baseURL);
    const adminCookie = await sessionCookieFor(baseURL, e2eAdmin);
    const memberId = userIdByEmail(member.email);
    const silenced = await apiRequest(baseURL, "POST", `/api/admin/users/${memberId}/suspension`, {
      cookie: adminCookie,
      body: { kind: "silence", days: null, reason: "Cooling off" },
    });
    expect(silenced).toEqual({ status: 201, body: { kind: "silence", reason: "Cooling off", endsAt: null } });

    // The silenced member can still read, but cannot post.
    const memberCookie = await sessionCookieFor(baseURL, member);
    expect((await apiRequest(baseURL, "GET", "/api/posts", { cookie: memberCookie })).status).toBe(200);
    const [category] = (await apiRequest(baseURL, "GET", "/api/categories", { cookie: memberCookie })).body as { id: number }[];
    const refused = await apiRequest(baseURL, "POST", "/api/posts", { cookie: memberCookie, body: { title: "Hello", content: "Hi", categoryId: category.id } });
    expect(refused).toEqual({ status: 403, body: { message: "Your account is silenced until it is lifted by a moderator: Cooling off" } });

    await openAdminTab(page(), `/admin/users?search=${encodeURIComponent(member.email)}`);
    const row = page().locator(`[data-testid="user-row"][data-user-email="${member.email}"]`);
    const notice = row.getByTestId("active-restriction");
    await visible(notice);
    expect(await notice.textContent()).toContain("Silenced until it is lifted by a moderator");
    expect(await notice.textContent()).toContain("Cooling off");

    await row.getByRole("button", { name: `Lift for ${member.displayName}` }).click();
    await expectToast(page(), "Success", "Silence lifted");
    await row.getByTestId("active-restriction").waitFor({ state: "detached" });
    expect((await apiRequest(baseURL, "DELETE", `/api/admin/users/${memberId}/suspension`, { cookie: adminCookie })).status).toBe(404);
  });
});
