/**
 * Password reset and e-mail verification through the real mail pipeline, with JavaScript on and
 * off: the e2e server has no SMTP_URL, so its mail worker writes .eml files (docs/accounts.md)
 * that the test reads and follows, as a self-hoster would.
 */
import { describe, expect, inject, it } from "vitest";
import { apiRequest, createMemberViaApi, openAdminTab, sessionCookieFor, signInAsAdmin } from "./support/admin";
import { browserPerFile, expectToast, goto, jsModes, loginViaUi, makeUser, pagePerTest, pathOf, registerViaUi, uniqueEmail, visible } from "./support/browser";
import { linkFromMail, waitForMail } from "./support/mail";

const browser = browserPerFile();
const baseURL = inject("baseURL");
const ANSWER = "If an account exists for that e-mail, we have sent a link to reset your password.";

describe.each(jsModes)("password reset ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("gives the same answer for an unknown address", async () => {
    await goto(page(), "/forgot-password");
    await page().getByLabel("Email", { exact: true }).fill(uniqueEmail("nobody"));
    await page().getByRole("button", { name: "Send reset link" }).click();
    await visible(page().getByText(ANSWER));
  });

  it("resets through the e-mailed link, signs out the other session, and the link works once", async () => {
    const member = await createMemberViaApi(baseURL);
    const otherSession = await sessionCookieFor(baseURL, member);
    const asked = Date.now();

    await goto(page(), "/login");
    await page().getByRole("link", { name: "Forgot password?" }).click();
    await visible(page().getByRole("heading", { name: "Forgot your password?" }));
    expect(pathOf(page())).toBe("/forgot-password");
    await page().getByLabel("Email", { exact: true }).fill(member.email);
    await page().getByRole("button", { name: "Send reset link" }).click();
    await visible(page().getByText(ANSWER));

    const mail = await waitForMail(member.email, /Reset your .* password/, { after: asked });
    expect(mail.html).toContain("/reset-password?token=");
    const link = linkFromMail(mail, "/reset-password");

    await goto(page(), link);
    await page().getByLabel("New password", { exact: true }).fill("a fresh secret phrase");
    await page().getByLabel("Confirm new password").fill("a different phrase");
    await page().getByRole("button", { name: "Set new password" }).click();
    await visible(page().getByText("The two passwords do not match"));

    await page().getByLabel("New password", { exact: true }).fill("a fresh secret phrase");
    await page().getByLabel("Confirm new password").fill("a fresh secret phrase");
    await page().getByRole("button", { name: "Set new password" }).click();
    await expectToast(page(), "Password changed", "Other devices were signed out.");
    expect(pathOf(page())).toBe("/");
    await visible(page().getByRole("heading", { name: `Welcome back, ${member.displayName}!` }));

    expect((await apiRequest(baseURL, "GET", "/api/auth/user", { cookie: otherSession })).status).toBe(401);
    await waitForMail(member.email, /password was changed/, { after: asked });

    await goto(page(), link);
    await visible(page().getByText(/This reset link has expired or was already used/));

    await page().context().clearCookies();
    await loginViaUi(page(), member.email, "a fresh secret phrase", member.displayName);
  });
});

describe.each(jsModes)("e-mail verification ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("shows the banner until the member follows the link; 'Resend verification e-mail' sends a new one", async () => {
    const member = makeUser();
    const started = Date.now();
    await registerViaUi(page(), member);
    const banner = page().getByTestId("verify-email-banner");
    await visible(banner);
    await waitForMail(member.email, /Confirm your e-mail/, { after: started });

    const resentAt = Date.now();
    await banner.getByRole("button", { name: "Resend verification e-mail" }).click();
    await expectToast(page(), "Verification e-mail sent", member.email);
    const resent = await waitForMail(member.email, /Confirm your e-mail/, { after: resentAt });

    await goto(page(), linkFromMail(resent, "/verify-email"));
    await visible(page().getByText(`Thank you: ${member.email} is verified.`));
    await goto(page(), "/");
    await visible(page().getByRole("heading", { name: `Welcome back, ${member.displayName}!` }));
    expect(await page().getByTestId("verify-email-banner").count()).toBe(0);
  });
});

describe.each(jsModes)("admin mail tab ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("lists the queue and sends a test e-mail to the admin", async () => {
    await signInAsAdmin(page(), baseURL);
    await openAdminTab(page(), "/admin/users");
    await page().getByRole("link", { name: "Mail", exact: true }).click();
    await visible(page().getByRole("heading", { name: "Mail", level: 2 }));
    const started = Date.now();
    await page().getByRole("button", { name: "Send test e-mail" }).click();
    await expectToast(page(), "Success", "Test e-mail queued");
    const mail = await waitForMail("admin-e2e@example.com", /Test e-mail from/, { after: started });
    expect(mail.text).toContain("data/mail/");
    await goto(page(), "/admin/mail");
    await visible(page().getByTestId("mail-row").filter({ hasText: "Test e-mail from" }).first());
  });
});
