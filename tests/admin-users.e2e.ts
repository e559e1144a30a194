/** Manage Users: search, role change (taking effect for that user), delete (with Undo when JavaScript is on), with JavaScript on and off. */
import { describe, expect, inject, it } from "vitest";
import { apiRequest, createMemberViaApi, e2eAdmin, ensureRegistered, openAdminTab, saveWithoutJavaScript, sessionCookieFor, signInAsAdmin, signInContext } from "./support/admin";
import { browserPerFile, expectToast, goto, jsModes, newContext, pagePerTest, pathOf, visible, waitForToast } from "./support/browser";

const browser = browserPerFile();
const baseURL = inject("baseURL");

describe.each(jsModes)("Manage Users ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("finds a member by e-mail, makes them an admin, and they get the Admin Panel at once", async () => {
    const member = await createMemberViaApi(baseURL);
    // The member is signed in elsewhere before the change.
    const memberContext = await newContext(browser(), { javaScriptEnabled: js, baseURL });
    try {
      await signInContext(memberContext, baseURL, member);
      const memberPage = await memberContext.newPage();
      await goto(memberPage, "/");
      await visible(memberPage.getByRole("heading", { name: `Welcome back, ${member.displayName}!` }));
      expect(await memberPage.getByRole("link", { name: "Admin Panel" }).count()).toBe(0);

      await signInAsAdmin(page(), baseURL);
      await openAdminTab(page(), "/admin/users");
      await page().getByRole("searchbox", { name: "Search users" }).fill(member.email);
      await page().getByRole("button", { name: "Search", exact: true }).click();
      await visible(page().getByText(`1 user matching “${member.email}”`));
      const row = page().locator(`[data-testid="user-row"][data-user-email="${member.email}"]`);
      expect(await page().getByTestId("user-row").count()).toBe(1);
      expect(await row.getByTestId("role-badge").textContent()).toBe("member");

      await row.getByRole("combobox", { name: `Role for ${member.displayName}` }).selectOption("admin");
      await saveWithoutJavaScript(page(), row.getByRole("button", { name: `Save role for ${member.displayName}` }));

      await expectToast(page(), "Success", "User role updated successfully");
      await visible(page().locator(`[data-testid="user-row"][data-user-email="${member.email}"] [data-role="admin"]`));
      expect(new URL(page().url()).searchParams.get("search")).toBe(member.email);

      // The member's next request sees the new role.
      await goto(memberPage, "/");
      await visible(memberPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin Panel" }));
      await goto(memberPage, "/admin/users");
      await visible(memberPage.getByRole("heading", { name: "Admin Panel", level: 1 }));
    } finally {
      await memberContext.close();
    }
  });

  it("deletes a user without a confirmation and signs them out; the audit log shows who did it", async () => {
    const member = await createMemberViaApi(baseURL);
    const memberCookie = await sessionCookieFor(baseURL, member);
    await signInAsAdmin(page(), baseURL);
    await openAdminTab(page(), `/admin/users?search=${encodeURIComponent(member.email)}`);
    const row = page().locator(`[data-testid="user-row"][data-user-email="${member.email}"]`);
    const deleteButton = row.getByRole("button", { name: `Delete ${member.displayName}` });

    if (js) {
      // With JavaScript: the row goes at once and 'Undo' brings it back before anything is sent.
      await deleteButton.click();
      await row.waitFor({ state: "detached" });
      await page().getByTestId("undo-delete").getByRole("button", { name: "Undo" }).click();
      await visible(row);
      expect((await apiRequest(baseURL, "GET", "/api/auth/user", { cookie: memberCookie })).status).toBe(200);
    }

    await deleteButton.click();
    await expectToast(page(), "Success", "User deleted successfully");
    await row.waitFor({ state: "detached" });
    await visible(page().getByText("No users found"));

    // Their session is gone with the account.
    expect((await apiRequest(baseURL, "GET", "/api/auth/user", { cookie: memberCookie })).status).toBe(401);

    await page().getByRole("link", { name: "Audit Log" }).click();
    const newest = page().getByTestId("audit-entry").first();
    await visible(newest);
    expect(await newest.getAttribute("data-action")).toBe("user.deleted");
    expect(await newest.textContent()).toContain(member.email);
    expect(await newest.textContent()).toContain(e2eAdmin.email);
  });

  it("grants and revokes the Supporter badge from a user's row", async () => {
    const member = await createMemberViaApi(baseURL);
    const memberCookie = await sessionCookieFor(baseURL, member);
    const hasSupporter = async () => {
      const records = (await apiRequest(baseURL, "GET", "/api/user/badges", { cookie: memberCookie })).body as { isCompleted: boolean; badge: { type: string } }[];
      return records.some((record) => record.isCompleted && record.badge.type === "supporter");
    };
    await signInAsAdmin(page(), baseURL);
    await openAdminTab(page(), `/admin/users?search=${encodeURIComponent(member.email)}`);
    const row = page().locator(`[data-testid="user-row"][data-user-email="${member.email}"]`);

    await row.getByRole("button", { name: `Grant Supporter for ${member.displayName}` }).click();
    await expectToast(page(), "Success", "Supporter badge granted");
    await visible(row.getByRole("button", { name: `Revoke Supporter for ${member.displayName}` }));
    expect(new URL(page().url()).searchParams.get("search")).toBe(member.email);
    expect(await hasSupporter()).toBe(true);

    await row.getByRole("button", { name: `Revoke Supporter for ${member.displayName}` }).click();
    await waitForToast(page(), "Success", "Supporter badge revoked");
    await visible(row.getByRole("button", { name: `Grant Supporter for ${member.displayName}` }));
    expect(await hasSupporter()).toBe(false);
  });

  it("offers no role change or deletion on the admin's own row", async () => {
    await signInAsAdmin(page(), baseURL);
    await openAdminTab(page(), `/admin/users?search=${encodeURIComponent(e2eAdmin.email)}`);
    const row = page().locator(`[data-testid="user-row"][data-user-email="${e2eAdmin.email}"]`);
    await visible(row);
    expect(await row.getByRole("button").count()).toBe(0);
    await visible(row.getByText("This is you"));
    expect(pathOf(page())).toBe("/admin/users");
  });
});

describe("/api/admin/users", () => {
  it("answers visitors 401, members and moderators 403, admins the list; guards with 400/403/404", async () => {
    await ensureRegistered(baseURL, e2eAdmin);
    const adminCookie = await sessionCookieFor(baseURL, e2eAdmin);
    const member = await createMemberViaApi(baseURL);
    const memberCookie = await sessionCookieFor(baseURL, member);
    const target = await createMemberViaApi(baseURL);

    expect((await apiRequest(baseURL, "GET", "/api/admin/users")).status).toBe(401);
    expect((await apiRequest(baseURL, "GET", "/api/admin/users", { cookie: memberCookie })).status).toBe(403);
    const list = await apiRequest(baseURL, "GET", `/api/admin/users?search=${encodeURIComponent(target.email)}`, { cookie: adminCookie });
    expect(list.status).toBe(200);
    const [found] = list.body as Record<string, unknown>[];
    expect(found).toMatchObject({ email: target.email, role: "member", displayName: target.displayName });
    expect(found).not.toHaveProperty("password");

    const rolePath = `/api/admin/users/${String(found.id)}/role`;
    expect((await apiRequest(baseURL, "PUT", rolePath, { body: { role: "moderator" } })).status).toBe(401);
    expect((await apiRequest(baseURL, "PUT", rolePath, { cookie: memberCookie, body: { role: "moderator" } })).status).toBe(403);
    expect((await apiRequest(baseURL, "PUT", rolePath, { cookie: adminCookie, body: { role: "overlord" } })).status).toBe(400);
    const promoted = await apiRequest(baseURL, "PUT", rolePath, { cookie: adminCookie, body: { role: "moderator" } });
    expect(promoted).toMatchObject({ status: 200, body: { role: "moderator" } });
    const moderatorCookie = await sessionCookieFor(baseURL, target);
    expect((await apiRequest(baseURL, "GET", "/api/admin/users", { cookie: moderatorCookie })).status).toBe(403);

    expect((await apiRequest(baseURL, "DELETE", "/api/admin/users/no-such-user", { cookie: adminCookie })).status).toBe(404);
    const self = (await apiRequest(baseURL, "GET", `/api/admin/users?search=${encodeURIComponent(e2eAdmin.email)}`, { cookie: adminCookie })).body as { id: string }[];
    expect((await apiRequest(baseURL, "DELETE", `/api/admin/users/${self[0].id}`, { cookie: adminCookie })).status).toBe(403);
    expect((await apiRequest(baseURL, "DELETE", `/api/admin/users/${String(found.id)}`, { cookie: adminCookie })).status).toBe(200);
  });
});
