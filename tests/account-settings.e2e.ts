/**
 * Account settings (/settings/account, docs/accounts.md) with JavaScript on and off: every form is
 * a plain HTML form. The e2e server writes mail as .eml files, which the e-mail change follows.
 */
import { describe, expect, inject, it } from "vitest";
import { apiRequest } from "./support/admin";
import { expectToast, browserPerFile, goto, jsModes, loginViaUi, pagePerTest, pathOf, uniqueEmail, visible } from "./support/browser";
import { apiCall, createApiMember, createPostViaApi, signInContext, uniqueToken, type ApiMember } from "./support/discussions";
import { linkFromMail, waitForMail } from "./support/mail";

const browser = browserPerFile();
const baseURL = inject("baseURL");

describe.each(jsModes)("account settings ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  /** Signs the member in through the form (so this browser is a session with a device) and opens the settings. */
  async function openSettingsAs(member: ApiMember) {
    await loginViaUi(page(), member.email, member.password, member.displayName);
    await goto(page(), "/settings/account");
    await visible(page().getByRole("heading", { name: "Account settings", level: 1 }));
  }

  it("is linked from the header and the profile; visitors are sent to sign in and come back", async () => {
    const member = await createApiMember(baseURL);
    await goto(page(), "/settings/account");
    expect(pathOf(page())).toBe("/login");
    expect(new URL(page().url()).searchParams.get("redirectTo")).toBe("/settings/account");
    await page().getByLabel("Email", { exact: true }).fill(member.email);
    await page().getByLabel("Password", { exact: true }).fill(member.password);
    await page().getByRole("button", { name: "Sign In", exact: true }).click();
    await visible(page().getByRole("heading", { name: "Account settings", level: 1 }));
    await goto(page(), "/profile");
    await page().getByRole("main").getByRole("link", { name: "Account settings" }).click();
    await visible(page().getByRole("heading", { name: "Account settings", level: 1 }));
    // The header's member menu, on a small screen and on a wide one.
    for (const width of [800, 1400]) {
      await page().setViewportSize({ width, height: 800 });
      await goto(page(), "/");
      await page().getByRole("banner").getByLabel("Open menu").click();
      await page().getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Account settings" }).click();
      await visible(page().getByRole("heading", { name: "Account settings", level: 1 }));
    }
  });

  it("changes the password: a wrong current password is refused, then the other session is signed out", async () => {
    const member = await createApiMember(baseURL);
    const otherSession = member.cookie;
    await openSettingsAs(member);
    const sessions = page().getByRole("region", { name: "Sessions" });
    await visible(sessions.getByText("This device"));
    // The API registration and sign-in made sessions of their own.
    expect(await sessions.getByRole("listitem").count()).toBeGreaterThanOrEqual(2);

    const form = page().getByRole("region", { name: "Change password" });
    await form.getByLabel("Current password").fill("not my password");
    await form.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
    await form.getByLabel("Confirm new password").fill("a brand new passphrase");
    await form.getByRole("button", { name: "Change password" }).click();
    await visible(form.getByText("Your current password is not correct."));
    expect((await apiRequest(baseURL, "GET", "/api/auth/user", { cookie: otherSession })).status).toBe(200);

    const started = Date.now();
    await form.getByLabel("Current password").fill(member.password);
    await form.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
    await form.getByLabel("Confirm new password").fill("a brand new passphrase");
    await form.getByRole("button", { name: "Change password" }).click();
    await expectToast(page(), "Password changed", "Your other sessions were signed out.");
    expect((await apiRequest(baseURL, "GET", "/api/auth/user", { cookie: otherSession })).status).toBe(401);
    await waitForMail(member.email, /password was changed/, { after: started });
    await goto(page(), "/settings/account");
    expect(await page().getByRole("region", { name: "Sessions" }).getByRole("listitem").count()).toBe(1);
  });

  it("changes the e-mail only once the link sent to the new address is followed; an address in use is refused", async () => {
    const member = await createApiMember(baseURL);
    const other = await createApiMember(baseURL);
    await openSettingsAs(member);
    const form = page().getByRole("region", { name: "Change e-mail" });
    await form.getByLabel("New e-mail").fill(other.email);
    await form.getByLabel("Current password").fill(member.password);
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await visible(form.getByText(/already in use/));
    expect(await form.getByLabel("New e-mail").inputValue()).toBe(other.email);

    const newEmail = uniqueEmail("moved");
    const started = Date.now();
    await form.getByLabel("New e-mail").fill(newEmail);
    await form.getByLabel("Current password").fill(member.password);
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await expectToast(page(), "Check your inbox", newEmail);
    await visible(page().getByTestId("pending-email").filter({ hasText: newEmail }));
    await visible(page().getByRole("region", { name: "Change e-mail" }).getByText(member.email, { exact: true }));
    await waitForMail(member.email, /is about to change/, { after: started });
    const link = await waitForMail(newEmail, /Confirm your new e-mail/, { after: started });

    await goto(page(), linkFromMail(link, "/verify-email"));
    await visible(page().getByText(`Thank you: ${newEmail} is verified.`));
    await goto(page(), "/settings/account");
    await visible(page().getByRole("region", { name: "Change e-mail" }).getByText(newEmail, { exact: true }));
    expect(await page().getByTestId("pending-email").count()).toBe(0);
  });

  it("saves the notification e-mail preferences", async () => {
    const member = await createApiMember(baseURL);
    await openSettingsAs(member);
    const section = page().getByRole("region", { name: "Notification e-mails" });
    await section.getByLabel("Replies to my posts and replies").uncheck();
    await section.getByLabel("A weekly digest of the most active discussions").check();
    await section.getByRole("button", { name: "Save" }).click();
    await expectToast(page(), "Success", "Your e-mail preferences are saved.");
    expect(await page().getByRole("region", { name: "Notification e-mails" }).getByLabel("Replies to my posts and replies").isChecked()).toBe(false);
    const { json } = await apiCall(baseURL, member, "GET", "/api/account/notification-preferences");
    expect(json).toEqual({ replies: false, mentions: true, messages: true, meetingReminders: true, weeklyDigest: true });
  });

  it("signs out the other sessions", async () => {
    const member = await createApiMember(baseURL);
    await openSettingsAs(member);
    await page().getByRole("button", { name: "Sign out other sessions" }).click();
    await expectToast(page(), "Success", /Signed out \d+ other sessions?\./);
    expect((await apiRequest(baseURL, "GET", "/api/auth/user", { cookie: member.cookie })).status).toBe(401);
    await visible(page().getByRole("region", { name: "Sessions" }).getByText("This device"));
  });

  it("downloads the member's data: their own rows, nobody else's", async () => {
    const member = await createApiMember(baseURL);
    const other = await createApiMember(baseURL);
    const token = uniqueToken("exp");
    const ownPost = await createPostViaApi(baseURL, member, { title: `Mine ${token}` });
    await createPostViaApi(baseURL, other, { title: `Theirs ${token}` });
    await apiCall(baseURL, other, "POST", `/api/posts/${ownPost.id}/replies`, { content: `Their reply ${token}` });
    await openSettingsAs(member);
    const [download] = await Promise.all([page().waitForEvent("download"), page().getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^quads-data-.+\.json$/);
    const response = await context().request.get("/settings/account/export");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment;/);
    const text = await response.text();
    const data = JSON.parse(text) as { profile: { email: string }; posts: { title: string }[] };
    expect(data.profile.email).toBe(member.email);
    expect(data.posts.map((post) => post.title)).toEqual([`Mine ${token}`]);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain(`Theirs ${token}`);
    expect(text).not.toContain(`Their reply ${token}`);
  });

  it("deletes the account: posts and replies stay under 'Deleted member', counters stay exact", async () => {
    const leaving = await createApiMember(baseURL);
    const other = await createApiMember(baseURL);
    const token = uniqueToken("del");
    const keptPost = await createPostViaApi(baseURL, leaving, { title: `Kept ${token}` });
    const otherPost = await createPostViaApi(baseURL, other, { title: `Other ${token}` });
    await apiCall(baseURL, other, "POST", `/api/posts/${keptPost.id}/replies`, { content: `Reply by the other ${token}` });
    await apiCall(baseURL, leaving, "POST", `/api/posts/${otherPost.id}/replies`, { content: `Reply by the leaver ${token}` });
    await apiCall(baseURL, other, "POST", `/api/posts/${keptPost.id}/like`);
    await apiCall(baseURL, leaving, "POST", `/api/posts/${otherPost.id}/like`);

    await openSettingsAs(leaving);
    const section = page().getByRole("region", { name: "Delete my account" });
    await visible(section.getByText(/Your posts and replies stay, shown as written by .Deleted member./));
    await section.getByLabel("Your password").fill("not my password");
    await section.getByRole("button", { name: "Delete my account" }).click();
    await visible(section.getByText("Your current password is not correct."));
    await section.getByLabel("Your password").fill(leaving.password);
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expectToast(page(), "Account deleted", "Your account and personal data are deleted.");
    expect(pathOf(page())).toBe("/");
    expect((await apiRequest(baseURL, "GET", "/api/auth/user", { cookie: leaving.cookie })).status).toBe(401);

    const kept = await apiCall<{ likesCount: number; repliesCount: number }>(baseURL, other, "GET", `/api/posts/${keptPost.id}`);
    expect(kept.json).toMatchObject({ likesCount: 1, repliesCount: 1 });
    const others = await apiCall<{ likesCount: number; repliesCount: number }>(baseURL, other, "GET", `/api/posts/${otherPost.id}`);
    expect(others.json).toMatchObject({ likesCount: 0, repliesCount: 1 });

    await signInContext(context(), baseURL, other);
    await goto(page(), `/post/${otherPost.id}`);
    await visible(page().getByText(`Reply by the leaver ${token}`));
    await visible(page().getByText("Deleted member").first());
    const login = await fetch(`${baseURL}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: leaving.email, password: leaving.password }) });
    expect(login.status).toBe(401);
  });
});

describe("/api/account over HTTP", () => {
  it("routes every endpoint: 401 signed out, 400 for bad input or a wrong password, 200 when right", async () => {
    const endpoints: [string, string, unknown?][] = [
      ["POST", "/api/account/password", { currentPassword: "x", newPassword: "y" }],
      ["POST", "/api/account/email", { currentPassword: "x", email: "a@example.com" }],
      ["GET", "/api/account/notification-preferences"],
      ["PUT", "/api/account/notification-preferences", { replies: false }],
      ["GET", "/api/account/sessions"],
      ["DELETE", "/api/account/sessions"],
      ["GET", "/api/account/export"],
      ["DELETE", "/api/account", { password: "x" }],
    ];
    for (const [method, path, body] of endpoints) expect((await apiRequest(baseURL, method, path, { body })).status, `${method} ${path}`).toBe(401);

    const member = await createApiMember(baseURL);
    const wrong = await apiCall<{ errors: Record<string, string[]> }>(baseURL, member, "POST", "/api/account/password", { currentPassword: "not my password", newPassword: "a brand new passphrase" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.currentPassword).toEqual(["Your current password is not correct."]);
    expect((await apiCall(baseURL, member, "PUT", "/api/account/notification-preferences", { weeklyDigest: "yes" })).status).toBe(400);
    const sessions = await apiCall<{ id: string; device: string; current: boolean }[]>(baseURL, member, "GET", "/api/account/sessions");
    expect(sessions.status).toBe(200);
    expect(sessions.json.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(sessions.json)).not.toContain(member.cookie.split("=")[1]);
    expect((await apiCall(baseURL, member, "DELETE", "/api/account", { password: "not my password" })).status).toBe(400);
    expect((await apiCall(baseURL, member, "DELETE", "/api/account", { password: member.password })).status).toBe(200);
    expect((await apiCall(baseURL, member, "GET", "/api/account/sessions")).status).toBe(401);
  });
});
