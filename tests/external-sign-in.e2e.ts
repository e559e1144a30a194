/**
 * Sign-in with an external identity against a real OpenID Connect provider (tests/support/oidc-provider.ts),
 * on an app server of its own configured with OIDC_* pointing at it (docs/accounts.md, "Sign-in with
 * external identities"), with JavaScript on and off: the first sign-in creates the account, the next
 * signs into the same one, an existing verified account is linked, an unverified one is not taken
 * over, the last way to sign in cannot be disconnected, and cancelling at the provider comes back
 * to /login with a message. Also: a callback without the browser's flow (a wrong state, a replay)
 * is refused.
 */
import Database from "better-sqlite3";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInViaApi } from "../scripts/lib/app-server";
import { browserPerFile, goto, jsModes, loginViaUi, makeUser, newContext, registerViaApi, uniqueEmail, visible } from "./support/browser";
import { ADMIN_EMAIL } from "./support/constants";
import { reserveIssuer, startTestProvider, TEST_CLIENT, type TestProvider } from "./support/oidc-provider";
import { removeDirectory, startServer, stopServer, tempDirectory, type ServerProcess } from "./support/server-process";

const SSO_NAME = "Test SSO";
let server: ServerProcess;
let provider: TestProvider;
let directory: string;
const getBrowser = browserPerFile();

beforeAll(async () => {
  directory = tempDirectory("external-sign-in");
  const issuer = await reserveIssuer();
  server = await startServer(directory, { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: TEST_CLIENT.id, OIDC_CLIENT_SECRET: TEST_CLIENT.secret, OIDC_NAME: SSO_NAME, WEB_CONCURRENCY: "1" });
  provider = await startTestProvider(issuer, `${server.baseURL}/auth/oidc/callback`);
  const admin = makeUser({ email: ADMIN_EMAIL });
  await registerViaApi(server.baseURL, admin);
  markVerified(ADMIN_EMAIL);
  adminCookie = (await signInViaApi(server.baseURL, admin.email, admin.password)).cookie;
});

let adminCookie = "";

async function suspend(userId: string) {
  const response = await fetch(`${server.baseURL}/api/admin/users/${userId}/suspension`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseURL, cookie: adminCookie },
    body: JSON.stringify({ kind: "suspend", days: 7, reason: "Spam in the e2e test" }),
  });
  if (response.status !== 201) throw new Error(`suspension answered ${response.status}: ${await response.text()}`);
}

afterAll(async () => {
  await provider?.close();
  if (server) await stopServer(server);
  if (directory) removeDirectory(directory);
});

let loginCounter = 0;
const uniqueLogin = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(loginCounter += 1)}`;

function markVerified(email: string) {
  const db = new Database(server.databasePath);
  try {
    db.prepare("update users set email_verified_at = ? where lower(email) = lower(?)").run(Date.now(), email);
  } finally {
    db.close();
  }
}

async function openPage(js: boolean): Promise<Page> {
  const context = await newContext(getBrowser(), { javaScriptEnabled: js, baseURL: server.baseURL });
  return context.newPage();
}

/** /login → 'Continue with Test SSO' → the provider's login page → signed in with `login` (or cancelled). */
async function continueWithProvider(page: Page, login: string, { cancel = false, from = "/login" } = {}) {
  await goto(page, from);
  await page.getByRole("button", { name: `Continue with ${SSO_NAME}` }).click();
  await page.locator('input[name="login"]').waitFor();
  if (cancel) {
    await page.getByRole("link", { name: "[ Cancel ]" }).click();
    return;
  }
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

async function currentUser(page: Page): Promise<{ id: string; email: string; hasPassword: boolean; emailVerifiedAt: string | null } | null> {
  const response = await page.request.get(`${server.baseURL}/api/auth/user`);
  return response.ok() ? ((await response.json()) as { id: string; email: string; hasPassword: boolean; emailVerifiedAt: string | null }) : null;
}

describe("external sign-in: the API", () => {
  it("lists the configured provider for visitors", async () => {
    const response = await fetch(`${server.baseURL}/api/auth/providers`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: "oidc", name: SSO_NAME }]);
  });

  it("answers 401 to a visitor's identities and 404 for a provider that is not configured", async () => {
    expect((await fetch(`${server.baseURL}/api/account/identities`)).status).toBe(401);
    const start = await fetch(`${server.baseURL}/auth/github`, { method: "POST", headers: { origin: server.baseURL, "content-type": "application/x-www-form-urlencoded" }, body: "", redirect: "manual" });
    expect(start.status).toBe(404);
  });

  it("refuses a callback without the browser's flow (a wrong state or a replayed code) with a message on /login", async () => {
    const response = await fetch(`${server.baseURL}/auth/oidc/callback?code=stolen&state=other`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("quads_session="))).toBe(false);
  });
});

for (const { js, mode } of jsModes) {
  describe(`external sign-in (${mode})`, () => {
    it("creates the account at the first sign-in and signs into the same account the next time", async () => {
      const login = uniqueLogin(`first-${js ? "on" : "off"}`);
      provider.accounts.set(login, { email: `${login}@sso.example.com`, email_verified: true, given_name: "Grace", family_name: "Hopper", name: "Grace Hopper" });
      const page = await openPage(js);
      await continueWithProvider(page, login);
      await visible(page.getByText("Your account has been created successfully."));
      const created = await currentUser(page);
      expect(created).toMatchObject({ email: `${login}@sso.example.com`, hasPassword: false });
      expect(created?.emailVerifiedAt).not.toBeNull();
      await page.context().close();

      const again = await openPage(js);
      await continueWithProvider(again, login);
      await visible(again.getByText("Welcome back!"));
      expect((await currentUser(again))?.id).toBe(created?.id);

      // The last way to sign in cannot be disconnected: the way out is to set a password.
      await goto(again, "/settings/account");
      await again.getByRole("button", { name: `Disconnect ${SSO_NAME}` }).click();
      await visible(again.getByText(/This is your only way to sign in\. Set a password first/));
      const identities = (await (await again.request.get(`${server.baseURL}/api/account/identities`)).json()) as { provider: string }[];
      expect(identities.map((identity) => identity.provider)).toEqual(["oidc"]);

      // The way out: a password set without a current one; then disconnecting is allowed.
      await goto(again, "/settings/account");
      await again.getByLabel("New password", { exact: true }).fill("a much better passphrase");
      await again.getByLabel("Confirm new password", { exact: true }).fill("a much better passphrase");
      await again.getByRole("button", { name: "Set password" }).click();
      await visible(again.getByText("Your password is set"));
      expect(await currentUser(again)).toMatchObject({ hasPassword: true });
      await goto(again, "/settings/account");
      await again.getByRole("button", { name: `Disconnect ${SSO_NAME}` }).click();
      await visible(again.getByText("Disconnected. You can connect it again at any time."));
      await again.context().close();
    });

    it("keeps a same-origin redirectTo through the round trip", async () => {
      const login = uniqueLogin(`back-${js ? "on" : "off"}`);
      const page = await openPage(js);
      await continueWithProvider(page, login, { from: "/login?redirectTo=%2Fmembers" });
      await visible(page.getByText("Your account has been created successfully."));
      expect(new URL(page.url()).pathname).toBe("/members");
      await page.context().close();
    });

    it("links an existing account when both sides verified the address", async () => {
      const user = makeUser({ email: uniqueEmail("linked") });
      await registerViaApi(server.baseURL, user);
      markVerified(user.email);
      const login = uniqueLogin(`link-${js ? "on" : "off"}`);
      provider.accounts.set(login, { email: user.email, email_verified: true, name: "Ada Linked" });
      const page = await openPage(js);
      await continueWithProvider(page, login);
      await visible(page.getByText("Welcome back!"));
      expect(await currentUser(page)).toMatchObject({ email: user.email, hasPassword: true });
      await page.context().close();
    });

    it("never takes over an account whose address is not verified", async () => {
      const user = makeUser({ email: uniqueEmail("unverified") });
      await registerViaApi(server.baseURL, user);
      const login = uniqueLogin(`takeover-${js ? "on" : "off"}`);
      provider.accounts.set(login, { email: user.email, email_verified: true });
      const page = await openPage(js);
      await continueWithProvider(page, login);
      await visible(page.getByText(`An account already uses ${user.email}. Sign in with your password, then connect ${SSO_NAME}`));
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(await currentUser(page)).toBeNull();
      await page.context().close();
    });

    it("asks for an e-mail when the provider gives no verified one, and sends the usual verification link", async () => {
      const login = uniqueLogin(`ask-${js ? "on" : "off"}`);
      const email = uniqueEmail("asked");
      provider.accounts.set(login, { email: `${login}@unverified.example.com`, email_verified: false, name: "Alan Turing" });
      const page = await openPage(js);
      await continueWithProvider(page, login);
      await visible(page.getByRole("heading", { name: "One more step" }));
      expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(`${login}@unverified.example.com`);
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Create my account" }).click();
      await visible(page.getByText("Your account has been created. Follow the link we e-mailed you to confirm your address."));
      expect(await currentUser(page)).toMatchObject({ email, emailVerifiedAt: null, hasPassword: false });
      await page.context().close();
    });

    it("connects and disconnects the provider from account settings", async () => {
      const user = makeUser({ email: uniqueEmail("connect") });
      await registerViaApi(server.baseURL, user);
      const page = await openPage(js);
      await loginViaUi(page, user.email, user.password);
      await goto(page, "/settings/account");
      await page.getByRole("button", { name: `Connect ${SSO_NAME}` }).click();
      const login = uniqueLogin(`connect-${js ? "on" : "off"}`);
      await page.locator('input[name="login"]').fill(login);
      await page.locator('input[name="password"]').fill("anything");
      await page.getByRole("button", { name: "Sign-in" }).click();
      await visible(page.getByText(`${SSO_NAME} is connected: you can sign in with it.`));
      await visible(page.getByTestId("connected-accounts").getByText(/^Connected /));
      if (js) await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")));
      await page.getByRole("button", { name: `Disconnect ${SSO_NAME}` }).click();
      await visible(page.getByText("Disconnected. You can connect it again at any time."));
      const identities = (await (await page.request.get(`${server.baseURL}/api/account/identities`)).json()) as unknown[];
      expect(identities).toEqual([]);
      await page.context().close();
    });

    it("refuses a suspended member with the reason, as the password sign-in does", async () => {
      const login = uniqueLogin(`suspended-${js ? "on" : "off"}`);
      const first = await openPage(js);
      await continueWithProvider(first, login);
      await visible(first.getByText("Your account has been created successfully."));
      const member = await currentUser(first);
      await first.context().close();
      await suspend(member!.id);
      const page = await openPage(js);
      await continueWithProvider(page, login);
      await visible(page.getByText(/Your account is suspended .*: Spam in the e2e test/));
      expect(await currentUser(page)).toBeNull();
      await page.context().close();
    });

    it("refuses a callback whose state is not the browser's", async () => {
      const page = await openPage(js);
      await goto(page, "/login");
      await page.getByRole("button", { name: `Continue with ${SSO_NAME}` }).click();
      await page.locator('input[name="login"]').waitFor();
      await page.goto(`${server.baseURL}/auth/oidc/callback?code=forged&state=not-the-one&iss=${encodeURIComponent(provider.issuer)}`);
      await visible(page.getByText(`Signing in with ${SSO_NAME} did not work. Please try again.`));
      expect(await currentUser(page)).toBeNull();
      await page.context().close();
    });

    it("comes back to /login with a message when the member cancels at the provider", async () => {
      const page = await openPage(js);
      await continueWithProvider(page, "", { cancel: true });
      await visible(page.getByText(`You cancelled signing in with ${SSO_NAME}.`));
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(server.log()).toMatch(/"event":"external_sign_in_failed","provider":"oidc","message":"cancelled at Test SSO"/);
      await page.context().close();
    });
  });
}

describe("a provider that cannot be reached", () => {
  let broken: ServerProcess;
  let brokenDirectory: string;
  beforeAll(async () => {
    brokenDirectory = tempDirectory("external-sign-in-broken");
    // Nothing listens at this issuer: discovery fails.
    broken = await startServer(brokenDirectory, { OIDC_ISSUER: await reserveIssuer(), OIDC_CLIENT_ID: "x", OIDC_CLIENT_SECRET: "y", OIDC_NAME: SSO_NAME, WEB_CONCURRENCY: "1" });
  });
  afterAll(async () => {
    if (broken) await stopServer(broken);
    if (brokenDirectory) removeDirectory(brokenDirectory);
  });

  for (const { js, mode } of jsModes) {
    it(`stops nothing else: its button ends on /login with a message and a log line (${mode})`, async () => {
      const context = await newContext(getBrowser(), { javaScriptEnabled: js, baseURL: broken.baseURL });
      const page = await context.newPage();
      await goto(page, "/login");
      await page.getByRole("button", { name: `Continue with ${SSO_NAME}` }).click();
      await visible(page.getByText(`Signing in with ${SSO_NAME} is not available right now.`));
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(broken.log()).toMatch(/"event":"external_sign_in_failed","provider":"oidc","message":"Test SSO cannot be reached \(discovery failed\)"/);
      await context.close();
    });
  }
});
