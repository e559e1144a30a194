import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { updateProfile } from "~/features/members/profile.server";
import { AppError } from "~/utils/errors.server";
import { isValidUsername, pickUsername, usernameBaseOf } from "./usernames";
import { findUserByUsername, generateUsername } from "./usernames.server";

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
    expect(generateUsername("Grace Hopper")).toBe("grace_hopper4");
    expect(findUserByUsername("Grace_Hopper2")?.id).toBe(second.id);
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
