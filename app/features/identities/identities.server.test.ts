/** The linking rules of external identities (docs/accounts.md, "Sign-in with external identities"; decision 0112), on both engines. */
import { describe, expect, it } from "vitest";
import { suspendMember } from "~/features/moderation/index.server";
import { changePassword } from "~/features/account/index.server";
import { rows, scalar } from "~/test/db";
import { appErrorOfAsync } from "~/test/errors";
import { createMember, uniqueEmail } from "~/test/factories";
import type { ExternalProfile } from "./profiles.server";
import { connectIdentity, createAccountWithEmail, decideNewIdentity, disconnectIdentity, LAST_WAY_TO_SIGN_IN, listIdentities, signInWithProfile } from "./identities.server";

let subjects = 0;
function profileOf(overrides: Partial<ExternalProfile> = {}): ExternalProfile {
  subjects += 1;
  return { provider: "github", subject: `subject-${subjects}-${Date.now()}`, email: uniqueEmail("external"), isEmailVerified: true, firstName: "Grace", lastName: "Hopper", displayName: "Grace Hopper", login: "grace", ...overrides };
}

describe("decideNewIdentity", () => {
  const verifiedAccount = { id: "a", emailVerifiedAt: new Date() };
  const unverifiedAccount = { id: "a", emailVerifiedAt: null };
  it.each([
    ["links only when both sides verified the address", { email: "x@y.z", isEmailVerified: true }, verifiedAccount, "link"],
    ["refuses an unverified account (no takeover)", { email: "x@y.z", isEmailVerified: true }, unverifiedAccount, "refuse"],
    ["refuses when the provider did not verify the address", { email: "x@y.z", isEmailVerified: false }, verifiedAccount, "refuse"],
    ["creates an account for a new verified address", { email: "x@y.z", isEmailVerified: true }, undefined, "create"],
    ["asks for an address when the provider's is not verified", { email: "x@y.z", isEmailVerified: false }, undefined, "ask-email"],
    ["asks for an address when the provider gave none", { email: null, isEmailVerified: false }, undefined, "ask-email"],
  ] as const)("%s", (_name, profile, account, expected) => {
    expect(decideNewIdentity(profile, account)).toBe(expected);
  });
});

describe("signInWithProfile", () => {
  it("creates a verified account without a password, with a username from the login, and signs into it the next time", async () => {
    const profile = profileOf({ login: "octo_grace" });
    const first = await signInWithProfile(profile);
    if (first.kind !== "signed-in") throw new Error("expected a sign-in");
    expect(first.isNewAccount).toBe(true);
    expect(first.user).toMatchObject({ email: profile.email, password: "", firstName: "Grace", lastName: "Hopper", displayName: "Grace Hopper" });
    expect(first.user.username).toMatch(/^octo_grace\d*$/);
    expect(first.user.emailVerifiedAt).not.toBeNull();
    const again = await signInWithProfile(profile);
    expect(again).toMatchObject({ kind: "signed-in", isNewAccount: false, user: { id: first.user.id } });
    expect(await scalar("select count(*) from audit_log where action = 'identity.account_created' and target_id = ?", first.user.id)).toBe(1);
  });

  it("links an account whose address is verified when the provider verified it too", async () => {
    const member = await createMember();
    const outcome = await signInWithProfile(profileOf({ email: member.email.toUpperCase() }));
    expect(outcome).toMatchObject({ kind: "signed-in", isNewAccount: false, user: { id: member.id } });
    expect((await listIdentities(member.id)).map((identity) => identity.provider)).toEqual(["github"]);
  });

  it("never takes over an account whose address is not verified (409 with the way to connect)", async () => {
    const member = await createMember({ emailVerifiedAt: null });
    const error = await appErrorOfAsync(signInWithProfile(profileOf({ email: member.email })));
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/Sign in with your password, then connect GitHub from Account settings/);
    expect(await listIdentities(member.id)).toEqual([]);
  });

  it("never links by an address the provider did not verify", async () => {
    const member = await createMember();
    expect((await appErrorOfAsync(signInWithProfile(profileOf({ email: member.email, isEmailVerified: false })))).status).toBe(409);
  });

  it("asks for an address when the provider gave no verified one; the account is then unverified and gets the usual link", async () => {
    const profile = profileOf({ email: null, isEmailVerified: false });
    expect(await signInWithProfile(profile)).toEqual({ kind: "needs-email" });
    const email = uniqueEmail("asked");
    const user = await createAccountWithEmail(profile, { email });
    expect(user.emailVerifiedAt).toBeNull();
    expect(await scalar("select count(*) from auth_tokens where user_id = ? and purpose = 'email_verification'", user.id)).toBe(1);
    expect((await appErrorOfAsync(createAccountWithEmail(profileOf({ email: null, isEmailVerified: false }), { email }))).status).toBe(409);
  });

  it("refuses a suspended member with the reason", async () => {
    const profile = profileOf();
    const first = await signInWithProfile(profile);
    if (first.kind !== "signed-in") throw new Error("expected a sign-in");
    const moderator = await createMember({ role: "admin" });
    await suspendMember({ actor: moderator, userId: first.user.id, kind: "suspend", days: 7, reason: "Spam" });
    const error = await appErrorOfAsync(signInWithProfile(profile));
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/suspended .*Spam/);
  });
});

describe("connect and disconnect", () => {
  it("refuses an identity another member holds, and a second identity of the same provider", async () => {
    const holder = await createMember();
    const other = await createMember();
    const profile = profileOf();
    await connectIdentity({ user: holder, profile });
    await connectIdentity({ user: holder, profile }); // again: nothing
    expect((await appErrorOfAsync(connectIdentity({ user: other, profile }))).status).toBe(409);
    expect((await appErrorOfAsync(connectIdentity({ user: holder, profile: profileOf() }))).status).toBe(409);
    expect(await rows("select action from audit_log where target_id = ? order by id", holder.id)).toEqual([{ action: "identity.connected" }]);
  });

  it("refuses to disconnect the last way to sign in until a password is set (without the current one)", async () => {
    const profile = profileOf();
    const outcome = await signInWithProfile(profile);
    if (outcome.kind !== "signed-in") throw new Error("expected a sign-in");
    const error = await appErrorOfAsync(disconnectIdentity({ userId: outcome.user.id, provider: "github" }));
    expect(error.status).toBe(409);
    expect(error.message).toBe(LAST_WAY_TO_SIGN_IN);
    await changePassword({ userId: outcome.user.id, input: { newPassword: "a much better passphrase" }, currentSid: undefined, meta: { clientIp: "127.0.0.1" } });
    await disconnectIdentity({ userId: outcome.user.id, provider: "github" });
    expect(await listIdentities(outcome.user.id)).toEqual([]);
    expect((await appErrorOfAsync(disconnectIdentity({ userId: outcome.user.id, provider: "github" }))).status).toBe(404);
  });

  it("lets a member with a password disconnect their only identity", async () => {
    const member = await createMember();
    await connectIdentity({ user: member, profile: profileOf({ provider: "oidc" }) });
    await disconnectIdentity({ userId: member.id, provider: "oidc" });
    expect(await scalar("select count(*) from audit_log where action = 'identity.disconnected' and target_id = ?", member.id)).toBe(1);
  });
});
