/** Registration, sign-in, sign-out and the member-page guard, with JavaScript on and off. */
import { describe, expect, inject, it } from "vitest";
import {
  expectToast,
  goto,
  jsModes,
  loginViaUi,
  makeUser,
  openRegisterTab,
  pathOf,
  registerViaApi,
  registerViaUi,
  submitLoginForm,
  submitRegisterForm,
  browserPerFile,
  pagePerTest,
  visible,
} from "./support/browser";

const browser = browserPerFile();
const baseURL = inject("baseURL");

describe.each(jsModes)("authentication ($mode)", ({ js }) => {
  const { page } = pagePerTest(browser, js);

  it("registers through the Register tab and lands on the dashboard", async () => {
    const user = makeUser();
    await goto(page(), "/login");
    const registerTab = page().getByRole("tab", { name: "Register" });
    expect(await registerTab.getAttribute("href")).toBe("/login?tab=register");

    await registerViaUi(page(), user);

    expect(pathOf(page())).toBe("/");
    await expectToast(page(), "Welcome!", "Your account has been created successfully.");
    const header = page().getByRole("banner");
    await visible(header.getByText(user.displayName, { exact: true }));
  });

  it("refuses a short password and keeps what was typed", async () => {
    const user = makeUser({ password: "short7!" });
    await openRegisterTab(page());
    await submitRegisterForm(page(), user);

    await visible(page().getByText("Password must be at least 8 characters").first());
    expect(pathOf(page())).toBe("/login");
    expect(await page().getByLabel("Email", { exact: true }).inputValue()).toBe(user.email);
    expect(await page().getByLabel("First Name").inputValue()).toBe(user.firstName);
    expect(await page().getByLabel("Display Name").inputValue()).toBe(user.displayName);
  });

  it("refuses a reserved username (400), keeps what was typed and says why", async () => {
    const user = makeUser();
    await openRegisterTab(page());
    await page().getByLabel("Username (optional)").fill("Ad_min");
    await submitRegisterForm(page(), user);

    await visible(page().getByText("That username is reserved. Please choose another.").first());
    expect(pathOf(page())).toBe("/login");
    expect(await page().getByLabel("Username (optional)").inputValue()).toBe("Ad_min");
    expect(await page().getByLabel("Email", { exact: true }).inputValue()).toBe(user.email);
    expect(await page().getByLabel("Display Name").inputValue()).toBe(user.displayName);
  });

  it("signs in from a link whose redirectTo leaves the site (a tab after the slash) and stays on the site", async () => {
    const user = makeUser();
    await registerViaApi(baseURL, user);
    await goto(page(), `/login?redirectTo=${encodeURIComponent("/\t/evil.test/phish")}`);
    await page().getByLabel("Email", { exact: true }).fill(user.email);
    await page().getByLabel("Password", { exact: true }).fill(user.password);
    await page().getByRole("button", { name: "Sign In", exact: true }).click();

    await visible(page().getByRole("heading", { name: `Welcome back, ${user.displayName}!` }));
    expect(new URL(page().url()).host).toBe(new URL(baseURL).host);
    expect(pathOf(page())).toBe("/");
  });

  it("refuses an e-mail that is already registered", async () => {
    const existing = makeUser();
    await registerViaApi(baseURL, existing);

    await openRegisterTab(page());
    await submitRegisterForm(page(), makeUser({ email: existing.email, displayName: "Someone Else" }));

    await expectToast(page(), "Registration Failed", /already (exists|in use|used|registered|taken)/i);
    expect(pathOf(page())).toBe("/login");
    await visible(page().getByRole("button", { name: "Create Account" }));
    expect(await page().getByLabel("Email", { exact: true }).inputValue()).toBe(existing.email);
  });

  it("signs in with the right password", async () => {
    const user = makeUser();
    await registerViaApi(baseURL, user);

    await loginViaUi(page(), user.email, user.password, user.displayName);

    expect(pathOf(page())).toBe("/");
    await expectToast(page(), "Success", "Welcome back!");
    await visible(page().getByRole("banner").getByText(user.displayName, { exact: true }));
  });

  it("refuses a wrong password, stays on /login and keeps the e-mail", async () => {
    const user = makeUser();
    await registerViaApi(baseURL, user);

    await submitLoginForm(page(), user.email, "not the password");

    await expectToast(page(), "Login Failed", "Invalid email or password");
    expect(pathOf(page())).toBe("/login");
    await visible(page().getByRole("heading", { name: "Welcome to the community" }));
    expect(await page().getByLabel("Email", { exact: true }).inputValue()).toBe(user.email);
  });

  it("asks for a valid e-mail address", async () => {
    await submitLoginForm(page(), "not-an-email", "whatever123");

    await visible(page().getByText("Please enter a valid email address").first());
    expect(pathOf(page())).toBe("/login");
    expect(await page().getByLabel("Email", { exact: true }).inputValue()).toBe("not-an-email");
    // The server answers (zod is not in the browser, decision 0066): its toast, JavaScript on or off.
    await expectToast(page(), "Login Failed", "Please enter a valid email address");
    const email = page().getByLabel("Email", { exact: true });
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await email.getAttribute("aria-describedby")).toBe("login-form-email-error");
    // With JavaScript the first invalid field gets the focus, as Conform did.
    if (js) expect(await page().evaluate(() => document.activeElement?.id)).toBe("login-form-email");
  });

  it("logs out from the profile; member pages then lead to /login with 'Unauthorized'", async () => {
    const user = makeUser();
    await registerViaUi(page(), user);

    await goto(page(), "/profile");
    await page().getByRole("button", { name: "Logout" }).click();
    await visible(page().getByRole("heading", { name: "Welcome to the community" }));
    expect(pathOf(page())).toBe("/login");
    const cookies = await page().context().cookies();
    expect(cookies.find((cookie) => cookie.name === "quads_session")?.value ?? "").toBe("");

    const response = await goto(page(), "/discussions");
    expect(response?.status()).toBe(200);
    expect(pathOf(page())).toBe("/login");
    // The session cookie is gone: the same sign-in prompt as for someone who never signed in.
    await expectToast(page(), "Please sign in", "Sign in or create an account to see this page.");
    await visible(page().getByRole("heading", { name: "Welcome to the community" }));
  });

  it("sends a visitor who never signed in on a member page to /login with a sign-in prompt", async () => {
    await goto(page(), "/meetings");
    expect(pathOf(page())).toBe("/login");
    await expectToast(page(), "Please sign in", "Sign in or create an account to see this page.");
    await visible(page().getByRole("heading", { name: "Welcome to the community" }));
  });

  it("tells someone whose session ended 'You are logged out. Logging in again...'", async () => {
    await page().context().addCookies([{ name: "quads_session", value: "an-expired-session", url: baseURL }]);
    await goto(page(), "/meetings");
    expect(pathOf(page())).toBe("/login");
    await expectToast(page(), "Unauthorized", "You are logged out. Logging in again...");
  });

  it("shows one toast at a time: a failed sign-in replaces the sign-in prompt", async () => {
    const user = makeUser();
    await registerViaApi(baseURL, user);
    await goto(page(), "/meetings");
    await expectToast(page(), "Please sign in", "Sign in or create an account to see this page.");
    await submitLoginForm(page(), user.email, "not the password");
    await expectToast(page(), "Login Failed", "Invalid email or password");
    expect(await page().getByTestId("toast").count()).toBe(1);
  });
});
