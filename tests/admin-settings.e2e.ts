/** Platform Settings: social and support links, the footer switch and text, the audit log, with JavaScript on and off. */
import { afterAll, describe, expect, inject, it } from "vitest";
import type { Page } from "playwright-core";
import { apiRequest, createMemberViaApi, e2eAdmin, ensureRegistered, openAdminTab, saveWithoutJavaScript, sessionCookieFor, signInAsAdmin } from "./support/admin";
import { browserPerFile, expectToast, goto, isJavaScriptEnabled, jsModes, pagePerTest, visible } from "./support/browser";

const browser = browserPerFile();
const baseURL = inject("baseURL");

function platformRow(page: Page, platform: string) {
  return page.locator(`[data-testid="platform-setting"][data-platform="${platform}"]`);
}

/** Types a URL into a platform row and saves it: with JavaScript by leaving the field, without by the row's Save button. */
async function setPlatformUrl(page: Page, platform: string, label: string, url: string) {
  const input = page.getByLabel(`${label} URL`);
  await input.fill(url);
  if (isJavaScriptEnabled(page)) await input.press("Tab");
  else await platformRow(page, platform).getByRole("button", { name: `Save ${label}` }).click();
}

afterAll(async () => {
  // Leave the shared e2e server as other files expect it: footer on, links cleared.
  await ensureRegistered(baseURL, e2eAdmin);
  const cookie = await sessionCookieFor(baseURL, e2eAdmin);
  await apiRequest(baseURL, "PUT", "/api/admin/footer-settings", { cookie, body: { isActive: true, companyName: "Quads", showSocialLinks: true, showSupportLinks: true } });
  for (const platform of ["youtube", "support_link"]) {
    await apiRequest(baseURL, "PUT", `/api/admin/platform-settings/${platform}`, { cookie, body: { url: "", isActive: true } });
  }
});

describe.each(jsModes)("Platform Settings ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("sets a social link: it shows (cut at 30 characters) in the tab, the footer and the sidebar's Follow Us", async () => {
    const url = `https://www.youtube.com/@quads-community-${js ? "on" : "off"}-${Date.now().toString(36)}`;
    await signInAsAdmin(page(), baseURL);
    await openAdminTab(page(), "/admin/settings");
    await visible(page().getByRole("heading", { name: "Platform Links" }));
    expect(await page().getByTestId("platform-setting").count()).toBe(10);

    await setPlatformUrl(page(), "youtube", "YouTube", url);
    await expectToast(page(), "Success", "Platform setting updated successfully");
    const preview = platformRow(page(), "youtube").getByTestId("link-preview");
    await visible(preview);
    expect(await preview.textContent()).toBe(`${url.slice(0, 30)}...`);

    const footerLink = page().getByTestId("global-footer").getByRole("link", { name: "YouTube" });
    await visible(footerLink);
    expect(await footerLink.getAttribute("href")).toBe(url);
    expect(await footerLink.getAttribute("target")).toBe("_blank");
    const sidebarLink = page().getByRole("complementary", { name: "Sidebar" }).getByRole("link", { name: "YouTube" });
    expect(await sidebarLink.getAttribute("href")).toBe(url);

    // Visitors see it among the landing page's follow links.
    const landing = await (await fetch(`${baseURL}/`)).text();
    expect(landing).toContain(`href="${url}"`);

    // Everyone reads the links through the admin-named path.
    const links = await apiRequest(baseURL, "GET", "/api/admin/platform-settings");
    expect(links.status).toBe(200);
    expect(links.body).toContainEqual(expect.objectContaining({ platform: "youtube", url, isActive: true }));
  });

  it("shows 'Support Us' in the sidebar while the support link is active, and hides it when switched off", async () => {
    const url = `https://support.example.com/${js ? "on" : "off"}`;
    await signInAsAdmin(page(), baseURL);
    await openAdminTab(page(), "/admin/settings");
    await setPlatformUrl(page(), "support_link", "Support Us", url);
    await expectToast(page(), "Success", "Platform setting updated successfully");
    const sidebar = page().getByRole("complementary", { name: "Sidebar" });
    await visible(sidebar.getByRole("link", { name: "Support Us" }));
    expect(await sidebar.getByRole("link", { name: "Support Us" }).getAttribute("href")).toBe(url);
    await visible(page().getByTestId("global-footer").getByRole("link", { name: "Support Us" }));

    await page().getByLabel("Support Us active").uncheck();
    await saveWithoutJavaScript(page(), platformRow(page(), "support_link").getByRole("button", { name: "Save Support Us" }));
    await expectToast(page(), "Success", "Platform setting updated successfully");
    await sidebar.getByRole("link", { name: "Support Us" }).waitFor({ state: "detached" });
    expect(await page().getByLabel("Support Us active").isChecked()).toBe(false);

    await page().getByLabel("Support Us active").check();
    await saveWithoutJavaScript(page(), platformRow(page(), "support_link").getByRole("button", { name: "Save Support Us" }));
    await visible(sidebar.getByRole("link", { name: "Support Us" }));
  });

  it("refuses anything but an http(s) address with 'Failed to update platform setting' and keeps the input", async () => {
    await signInAsAdmin(page(), baseURL);
    await openAdminTab(page(), "/admin/settings");
    await setPlatformUrl(page(), "facebook", "Facebook", "javascript:alert(1)");
    await expectToast(page(), "Error", "Failed to update platform setting");
    await visible(platformRow(page(), "facebook").getByRole("alert"));
    expect(await page().getByLabel("Facebook URL").inputValue()).toBe("javascript:alert(1)");
    expect(await page().getByTestId("global-footer").getByRole("link", { name: "Facebook" }).count()).toBe(0);
  });

  it("renames the footer, switches it off (hidden everywhere) and on again; the audit log lists it", async () => {
    const companyName = `Quads ${js ? "On" : "Off"} Collective`;
    await signInAsAdmin(page(), baseURL);
    await openAdminTab(page(), "/admin/settings");
    await page().getByLabel("Company Name").fill(companyName);
    await page().getByRole("button", { name: "Save Footer Settings" }).click();
    await expectToast(page(), "Success", "Footer settings updated successfully");
    await visible(page().getByTestId("global-footer").getByText(companyName, { exact: true }));

    await page().getByLabel("Footer Active").uncheck();
    await saveWithoutJavaScript(page(), page().getByRole("button", { name: "Save Footer Settings" }));
    await expectToast(page(), "Success", "Footer settings updated successfully");
    // On several boxes the page after the redirect may come from a box that has not yet heard of the
    // write (its notification takes milliseconds: decision 0109, a known window); the next view has.
    await expect.poll(async () => (await page().getByTestId("global-footer").count()) === 0 || (await page().reload(), false), { timeout: 10_000 }).toBe(true);
    // Members and visitors see no footer either.
    const member = await createMemberViaApi(baseURL);
    const memberHtml = await (await fetch(`${baseURL}/profile`, { headers: { Cookie: await sessionCookieFor(baseURL, member) } })).text();
    expect(memberHtml).not.toContain('data-testid="global-footer"');
    expect(await apiRequest(baseURL, "GET", "/api/admin/footer-settings")).toMatchObject({ status: 200, body: { isActive: false, companyName } });

    await page().getByLabel("Footer Active").check();
    await saveWithoutJavaScript(page(), page().getByRole("button", { name: "Save Footer Settings" }));
    await expect.poll(async () => (await page().getByTestId("global-footer").count()) === 1 || (await page().reload(), false), { timeout: 10_000 }).toBe(true);

    await goto(page(), "/admin/audit");
    const newest = page().getByTestId("audit-entry").first();
    await visible(newest);
    expect(await newest.getAttribute("data-action")).toBe("footer_settings.updated");
    expect(await newest.textContent()).toContain(e2eAdmin.email);
    await visible(page().getByTestId("audit-entry").filter({ hasText: "youtube" }).first());
  });
});

describe("/api/admin/platform-settings and footer-settings writes", () => {
  it("answer visitors 401, members 403, unknown platforms 404 and bad URLs 400", async () => {
    await ensureRegistered(baseURL, e2eAdmin);
    const adminCookie = await sessionCookieFor(baseURL, e2eAdmin);
    const memberCookie = await sessionCookieFor(baseURL, await createMemberViaApi(baseURL));
    const body = { url: "https://threads.net/@quads" };
    expect((await apiRequest(baseURL, "PUT", "/api/admin/platform-settings/threads", { body })).status).toBe(401);
    expect((await apiRequest(baseURL, "PUT", "/api/admin/platform-settings/threads", { cookie: memberCookie, body })).status).toBe(403);
    expect((await apiRequest(baseURL, "PUT", "/api/admin/platform-settings/myspace", { cookie: adminCookie, body })).status).toBe(404);
    expect((await apiRequest(baseURL, "PUT", "/api/admin/platform-settings/threads", { cookie: adminCookie, body: { url: "ftp://x.example" } })).status).toBe(400);
    expect((await apiRequest(baseURL, "PUT", "/api/admin/footer-settings", { body: { isActive: true } })).status).toBe(401);
    expect((await apiRequest(baseURL, "PUT", "/api/admin/footer-settings", { cookie: memberCookie, body: { isActive: true } })).status).toBe(403);
    const saved = await apiRequest(baseURL, "PUT", "/api/admin/platform-settings/threads", { cookie: adminCookie, body: { ...body, id: 99, updatedBy: "x" } });
    expect(saved).toMatchObject({ status: 200, body: { platform: "threads", url: body.url, isActive: true } });
    await apiRequest(baseURL, "PUT", "/api/admin/platform-settings/threads", { cookie: adminCookie, body: { url: "" } });
  });
});
