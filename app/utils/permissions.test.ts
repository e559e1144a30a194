import { describe, expect, it } from "vitest";
import { can, isAdmin, isModerator } from "./permissions";

const admins = ["owner@example.com"];
const member = { role: "member", email: "m@example.com", emailVerifiedAt: new Date() };
const moderator = { role: "moderator", email: "mod@example.com", emailVerifiedAt: new Date() };
const admin = { role: "admin", email: "a@example.com", emailVerifiedAt: new Date() };
const owner = { role: "member", email: "Owner@Example.com", emailVerifiedAt: new Date() };

describe("permissions", () => {
  it("grants admin rights to role admin and ADMIN_EMAIL accounts only", () => {
    expect([member, moderator, admin, owner].map((user) => isAdmin(user, admins))).toEqual([false, false, true, true]);
    expect(isAdmin(null, admins)).toBe(false);
  });
  it("never grants admin rights to a listed address that is not verified", () => {
    const changed = { ...owner, emailVerifiedAt: null };
    expect(isAdmin(changed, admins)).toBe(false);
    expect(isModerator(changed, admins)).toBe(false);
    expect(can(changed, "users:manage", admins)).toBe(false);
  });
  it("grants moderator rights to moderators, admins and ADMIN_EMAIL accounts", () => {
    expect([member, moderator, admin, owner].map((user) => isModerator(user, admins))).toEqual([false, true, true, true]);
  });
  it("lets moderators moderate content but not manage users or settings", () => {
    expect(can(moderator, "content:moderate", admins)).toBe(true);
    expect(can(moderator, "users:manage", admins)).toBe(false);
    expect(can(moderator, "settings:manage", admins)).toBe(false);
    expect(can(member, "content:moderate", admins)).toBe(false);
    expect(can(owner, "users:manage", admins)).toBe(true);
  });
});
