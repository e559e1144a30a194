/** Admin panel access: members are turned away, the ADMIN_EMAIL account gets the panel. */
import { describe, expect, inject, it } from "vitest";
import { e2eAdmin, ensureRegistered, openAdminTab, signInAsAdmin } from "./support/admin";
import { expectToast, goto, jsModes, loginViaUi, makeUser, pathOf, registerViaUi, browserPerFile, pagePerTest, visible } from "./support/browser";

const ADMIN_TABS = [
  "Manage Users",
  "Create Meetings",
  "Manage Meetings",
  "Add Resources",
  "Manage Resources",
  "Add Artists",
  "Manage Artists",
  "Platform Settings",
];

const browser = browserPerFile();
const baseURL = inject("baseURL");
// The admin account (ADMIN_EMAIL) is registered once by whichever test file needs it first.
const admin = e2eAdmin;

describe.each(jsModes)("admin panel ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("turns a member away from /admin with 'Access Denied' and shows no Admin Panel link", async () => {
    const member = makeUser();
    await registerViaUi(page(), member);
    expect(await page().getByRole("link", { name: "Admin Panel" }).count()).toBe(0);
    expect(await page().locator('a[href="/admin"], a[href^="/admin/"]').count()).toBe(0);

    await goto(page(), "/admin");

    await expectToast(page(), "Access Denied", "You need admin privileges to access this page.");
    expect(pathOf(page())).toBe("/");
    await visible(page().getByRole("heading", { name: `Welcome back, ${member.displayName}!` }));
    expect(await page().getByRole("heading", { name: "Admin Panel" }).count()).toBe(0);
    expect(await page().locator('a[href="/admin"]').count()).toBe(0);
  });

  it("sends a visitor from /admin to / with 'Access Denied'", async () => {
    await goto(page(), "/admin");
    await expectToast(page(), "Access Denied", "You need admin privileges to access this page.");
    expect(pathOf(page())).toBe("/");
    await visible(page().getByRole("heading", { name: "Level Up Your AI Journey" }));
  });

  it("gives the ADMIN_EMAIL account the Admin Panel link and the eight tabs in order", async () => {
    await ensureRegistered(baseURL, admin);
    await loginViaUi(page(), admin.email, admin.password, admin.displayName);

    const adminLink = page().getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin Panel" });
    await visible(adminLink);
    await adminLink.click();

    await visible(page().getByRole("heading", { name: "Admin Panel", level: 1 }));
    expect(pathOf(page())).toMatch(/^\/admin(\/|$)/);
    const tabs = page().getByRole("navigation", { name: "Admin sections" }).getByRole("link");
    expect((await tabs.allTextContents()).map((text) => text.trim())).toEqual(ADMIN_TABS);
    await visible(page().getByRole("link", { name: /Back to Dashboard/ }));

    // The panel is also reachable by typing its address.
    const response = await goto(page(), "/admin");
    expect(response?.status()).toBe(200);
    await visible(page().getByRole("heading", { name: "Admin Panel", level: 1 }));
  });

  it("links the Audit Log beside the tabs and answers 404 for an unknown tab", async () => {
    await signInAsAdmin(page(), baseURL);
    await openAdminTab(page(), "/admin");
    expect(pathOf(page())).toBe("/admin/users");
    await page().getByRole("link", { name: "Audit Log" }).click();
    await visible(page().getByRole("heading", { name: "Audit Log", level: 2 }));
    expect(pathOf(page())).toBe("/admin/audit");

    const response = await goto(page(), "/admin/no-such-tab");
    expect(response?.status()).toBe(404);
  });
});
