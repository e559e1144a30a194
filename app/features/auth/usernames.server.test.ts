import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { updateProfile } from "~/features/members/profile.server";
import { AppError } from "~/utils/errors.server";
import { appErrorOfAsync } from "~/test/errors";
import { updateFooterSettings } from "~/features/settings/settings.server";
import { isReservedUsername, isValidUsername, pickUsername, usernameBaseOf } from "./usernames";
import { findUserByUsername, generateUsername } from "./usernames.server";
import { registerUser } from "./auth.server";

describe("usernameBaseOf", () => {
  it("builds a valid username from any display name", () => {
    expect(usernameBaseOf("Ada Lovelace")).toBe("ada_lovelace");
    expect(usernameBaseOf("Zoë Müller")).toBe("zoe_muller");
    expect(usernameBaseOf("Bob - Smith!!")).toBe("bob_smith");
    expect(usernameBaseOf("X")).toBe("member_x");
    expect(usernameBaseOf("日本語")).toBe("member");
    expect(usernameBaseOf("A very long display name indeed")).toHaveLength(16);
    for (const name of ["Ada Lovelace", "Zoë", "__x__", "ab", "", "A very long display name indeed"]) {
      expect(isValidUsername(usernameBaseOf(name))).toBe(true);
    }
  });

  it("adds a number when the name is taken, staying within 20 characters", () => {
    const taken = new Set(["ada", "ada2"]);
    expect(pickUsername("Ada", (candidate) => taken.has(candidate))).toBe("ada3");
    const long = "abcdefghijklmnop";
    const takenLong = new Set([long, ...Array.from({ length: 98 }, (_, index) => `${long}${index + 2}`.slice(0, 20))]);
    const picked = pickUsername(long, (candidate) => takenLong.has(candidate) || candidate.length > 20 || !candidate.startsWith("abcd"));
    expect(picked.length).toBeLessThanOrEqual(20);
    expect(isValidUsername(picked)).toBe(true);
  });
});

describe("usernames in the database", () => {
  it("gives every new member a unique username from their display name", async () => {
    const first = await createMember({ displayName: "Grace Hopper" });
    const second = await createMember({ displayName: "Grace Hopper" });
    const third = await createMember({ displayName: "grace.hopper" });
    expect(first.username).toBe("grace_hopper");
    expect(second.username).toBe("grace_hopper2");
    expect(third.username).toBe("grace_hopper3");
    expect(await generateUsername("Grace Hopper")).toBe("grace_hopper4");
    expect((await findUserByUsername("Grace_Hopper2"))?.id).toBe(second.id);
  });

  it("lets a member change it: 409 when taken, 400 when invalid, stored lowercase", async () => {
    const owner = await createMember({ displayName: "Taken Name" });
    const member = await createMember({ displayName: "Someone" });
    const taken = await updateProfile(member.id, { username: owner.username }).catch((error: unknown) => error);
    expect(taken).toBeInstanceOf(AppError);
    expect((taken as AppError).status).toBe(409);
    expect((taken as AppError).fieldErrors?.username?.[0]).toMatch(/taken/);
    for (const invalid of ["ab", "has space", "way_too_long_for_a_username", "dash-es", "émile"]) {
      const error = await updateProfile(member.id, { username: invalid }).catch((caught: unknown) => caught);
      expect((error as AppError).status, invalid).toBe(400);
      expect((error as AppError).fieldErrors?.username?.[0]).toMatch(/3–20 characters/);
    }
    const updated = await updateProfile(member.id, { username: "New_Name_1" });
    expect(updated.username).toBe("new_name_1");
    expect((await updateProfile(member.id, { username: "new_name_1" })).username).toBe("new_name_1");
  });
});

describe("reserved usernames", () => {
  it("compares case-insensitively, ignoring -, _, . and trailing digits", () => {
    for (const name of ["admin", "ADMIN", "Ad_min", "ad.min", "admin_2", "administrator", "moderator", "mod", "mod99", "staff", "support", "system", "root", "quads", "webmaster", "postmaster", "abuse", "security", "help", "info", "noreply", "no_reply", "official", "everyone", "here", "null", "undefined", "api", "www"]) {
      expect(isReservedUsername(name), name).toBe(true);
    }
    for (const name of ["ada_admirer", "modern_art", "rooted", "helper_bee", "grace_hopper", "infosec_jo"]) expect(isReservedUsername(name), name).toBe(false);
    expect(isReservedUsername("quads_community", ["Quads Community"])).toBe(true);
  });

  it("refuses them to members (400 under username) on registration and profile changes; an admin may take one", async () => {
    const registration = (username: string) => ({ email: `reserved-${Math.random().toString(36).slice(2)}@example.com`, password: "correct-horse-battery", firstName: "A", lastName: "B", displayName: "AB", username });
    for (const username of ["admin", "Moderator", "sup_port", "quads"]) {
      const refused = await appErrorOfAsync(registerUser(registration(username), { clientIp: "reserved-test" }));
      expect(refused?.status, username).toBe(400);
      expect(refused?.fieldErrors?.username?.[0]).toBe("That username is reserved. Please choose another.");
    }
    expect((await registerUser(registration("ada_codes"), { clientIp: "reserved-test" })).username).toBe("ada_codes");
    // The form's empty field: the username is made from the display name.
    expect((await registerUser({ ...registration(""), displayName: "Empty Field" }, { clientIp: "reserved-test" })).username).toBe("empty_field");

    const member = await createMember({ displayName: "Plain Member" });
    const refused = await appErrorOfAsync(updateProfile(member.id, { username: "Staff" }));
    expect(refused?.status).toBe(400);
    expect(refused?.fieldErrors?.username?.[0]).toMatch(/reserved/);
    const admin = await createMember({ role: "admin", displayName: "The Admin" });
    expect((await updateProfile(admin.id, { username: "staff" })).username).toBe("staff");
  });

  it("reserves the community's name from the settings (COMMUNITY_NAME and the footer's company name)", async () => {
    const admin = await createMember({ role: "admin" });
    await updateFooterSettings({ actor: admin, input: { companyName: "Prompt Circle" } });
    const member = await createMember();
    expect((await appErrorOfAsync(updateProfile(member.id, { username: "prompt_circle" })))?.status).toBe(400);
    expect((await appErrorOfAsync(updateProfile(member.id, { username: "quads" })))?.status).toBe(400);
  });

  it("never generates one: a reserved display name gives member_<name>", async () => {
    expect((await createMember({ displayName: "Admin" })).username).toBe("member_admin");
    expect((await createMember({ displayName: "Support" })).username).toBe("member_support");
    expect(await generateUsername("Root")).toBe("member_root");
  });
});
