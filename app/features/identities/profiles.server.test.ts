/**
 * The providers' documented answers (recorded as fixtures) → the profile Quads keeps. GitHub:
 * GET /user and GET /user/emails (docs.github.com REST "Get the authenticated user", "List email
 * addresses for the authenticated user"); Discord: GET /users/@me (discord.com/developers "User
 * Object"); Google: the ID token's claims (developers.google.com/identity/openid-connect).
 */
import { describe, expect, it } from "vitest";
import { discordProfile, githubProfile, openIdProfile } from "./profiles.server";

const githubUser = {
  login: "octocat",
  id: 1,
  node_id: "MDQ6VXNlcjE=",
  avatar_url: "https://github.com/images/error/octocat_happy.gif",
  html_url: "https://github.com/octocat",
  type: "User",
  site_admin: false,
  name: "monalisa octocat",
  company: "GitHub",
  email: "octocat@github.com",
};
const githubEmails = [
  { email: "octocat@github.com", verified: true, primary: true, visibility: "public" },
  { email: "other@example.com", verified: true, primary: false, visibility: null },
];

describe("githubProfile", () => {
  it("takes the primary verified address, the name split in two and the login", () => {
    expect(githubProfile(githubUser, githubEmails)).toEqual({
      provider: "github",
      subject: "1",
      email: "octocat@github.com",
      isEmailVerified: true,
      firstName: "monalisa",
      lastName: "octocat",
      displayName: "monalisa octocat",
      login: "octocat",
    });
  });

  it("takes another verified address when the primary one is not verified", () => {
    const emails = [
      { email: "Primary@Example.com", verified: false, primary: true, visibility: "private" },
      { email: "Second@Example.com", verified: true, primary: false, visibility: null },
    ];
    expect(githubProfile(githubUser, emails)).toMatchObject({ email: "second@example.com", isEmailVerified: true });
  });

  it("gives no verified address for a private, unverified one, and the login as names when there is no name", () => {
    const profile = githubProfile({ ...githubUser, name: null, email: null }, [{ email: "octocat@users.noreply.github.com", verified: false, primary: true, visibility: "private" }]);
    expect(profile).toMatchObject({ email: null, isEmailVerified: false, firstName: "octocat", lastName: "", displayName: "octocat" });
  });

  it("keeps nothing of the avatar or profile URLs", () => {
    expect(JSON.stringify(githubProfile(githubUser, githubEmails))).not.toMatch(/https?:/);
  });
});

describe("discordProfile", () => {
  const discordUser = { id: "80351110224678912", username: "nelly", discriminator: "0", global_name: "Nelly Bly", avatar: "8342729096ea3675442027381ff50dfe", verified: true, email: "nelly@discord.com", flags: 64, premium_type: 1, public_flags: 64 };

  it("takes the id, the verified address, the global name and the username", () => {
    expect(discordProfile(discordUser)).toEqual({
      provider: "discord",
      subject: "80351110224678912",
      email: "nelly@discord.com",
      isEmailVerified: true,
      firstName: "Nelly",
      lastName: "Bly",
      displayName: "Nelly Bly",
      login: "nelly",
    });
  });

  it("treats an address Discord has not verified as unverified", () => {
    expect(discordProfile({ ...discordUser, verified: false })).toMatchObject({ email: "nelly@discord.com", isEmailVerified: false });
  });

  it("uses the username when there is no global name", () => {
    expect(discordProfile({ ...discordUser, global_name: null })).toMatchObject({ firstName: "nelly", lastName: "", displayName: "nelly" });
  });
});

describe("openIdProfile (Google and the generic provider)", () => {
  const googleClaims = {
    iss: "https://accounts.google.com",
    azp: "1234987819200.apps.googleusercontent.com",
    aud: "1234987819200.apps.googleusercontent.com",
    sub: "10769150350006150715113082367",
    email: "jsmith@example.com",
    email_verified: true,
    at_hash: "HK6E_P6Dh8Y93mRNtsDB1Q",
    hd: "example.com",
    iat: 1353601026,
    exp: 1353604926,
    nonce: "0394852-3190485-2490358",
    name: "John Smith",
    given_name: "John",
    family_name: "Smith",
    picture: "https://lh3.googleusercontent.com/a/photo.jpg",
  };

  it("maps Google's ID token claims", () => {
    expect(openIdProfile("google", googleClaims)).toEqual({
      provider: "google",
      subject: "10769150350006150715113082367",
      email: "jsmith@example.com",
      isEmailVerified: true,
      firstName: "John",
      lastName: "Smith",
      displayName: "John Smith",
      login: "jsmith",
    });
  });

  it("completes the ID token with UserInfo, keeps the token's sub, and reads email_verified sent as text", () => {
    const profile = openIdProfile("oidc", { sub: "abc" }, { sub: "other", email: "a@b.example", email_verified: "true", preferred_username: "ada", name: "Ada Lovelace" });
    expect(profile).toMatchObject({ subject: "abc", email: "a@b.example", isEmailVerified: true, login: "ada", firstName: "Ada", lastName: "Lovelace" });
  });

  it("says unverified when email_verified is missing or false", () => {
    expect(openIdProfile("oidc", { sub: "abc", email: "a@b.example" })).toMatchObject({ isEmailVerified: false });
    expect(openIdProfile("oidc", { sub: "abc", email: "a@b.example", email_verified: false })).toMatchObject({ isEmailVerified: false });
  });

  it("refuses a profile without a subject", () => {
    expect(() => openIdProfile("oidc", { email: "a@b.example" })).toThrow(/no id/);
  });
});
