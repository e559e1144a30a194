import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readDb, schema, write } from "~/utils/db.server";
import { uniqueEmail } from "~/test/factories";
import { loginWithPassword, registerUser, toCurrentUser } from "./auth.server";
import { appErrorOfAsync } from "~/test/errors";

const meta = { clientIp: "10.0.0.1" };
const validRegistration = () => ({
  email: uniqueEmail("new"),
  password: "long-enough-password",
  firstName: "Grace",
  lastName: "Hopper",
  displayName: "Amazing Grace",
});

describe("registerUser", () => {
  it("creates a member with a hashed password and the Explorer badge earned", async () => {
    const input = validRegistration();
    const user = await registerUser(input, meta);
    expect(user.email).toBe(input.email);
    expect(user.role).toBe("member");
    expect(user.skillLevel).toBe("beginner");
    expect(user.points).toBe(0);
    expect(user.password).toMatch(/^scrypt\$/);
    expect(user.password).not.toContain(input.password);
    const badges = await readDb()
      .select({ type: schema.badges.type, isCompleted: schema.userBadges.isCompleted })
      .from(schema.userBadges)
      .innerJoin(schema.badges, eq(schema.badges.id, schema.userBadges.badgeId))
      .where(eq(schema.userBadges.userId, user.id));
    expect(badges).toEqual([{ type: "explorer", isCompleted: true }]);
  });

  it("refuses a duplicate e-mail, whatever its case, with 409", async () => {
    const input = validRegistration();
    await registerUser(input, meta);
    const error = await appErrorOfAsync(registerUser({ ...input, email: input.email.toUpperCase() }, meta));
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/already exists/);
  });

  it("explains bad input per field: short password, invalid e-mail, missing names", async () => {
    const short = await appErrorOfAsync(registerUser({ ...validRegistration(), password: "short" }, meta));
    expect(short.status).toBe(400);
    expect(short.fieldErrors?.password).toEqual(["Password must be at least 8 characters"]);
    const email = await appErrorOfAsync(registerUser({ ...validRegistration(), email: "not-an-email" }, meta));
    expect(email.fieldErrors?.email).toEqual(["Please enter a valid email address"]);
    const missing = await appErrorOfAsync(registerUser({ email: uniqueEmail(), password: "long-enough-password" }, meta));
    expect(Object.keys(missing.fieldErrors ?? {}).sort()).toEqual(["displayName", "firstName", "lastName"]);
  });

  it("refuses passwords made only of spaces and the most common passwords, per field", async () => {
    const spaces = await appErrorOfAsync(registerUser({ ...validRegistration(), password: "        " }, meta));
    expect([spaces.status, spaces.fieldErrors?.password]).toEqual([400, ["Password cannot be only spaces"]]);
    const common = await appErrorOfAsync(registerUser({ ...validRegistration(), password: "12345678" }, meta));
    expect(common.status).toBe(400);
    expect(common.fieldErrors?.password?.[0]).toMatch(/too common/);
  });
});

describe("loginWithPassword", () => {
  it("signs in with the right password and refuses a wrong one with 401", async () => {
    const input = validRegistration();
    const created = await registerUser(input, meta);
    const user = await loginWithPassword({ email: input.email.toUpperCase(), password: input.password }, meta);
    expect(user.id).toBe(created.id);
    const wrong = await appErrorOfAsync(loginWithPassword({ email: input.email, password: "wrong-password" }, meta));
    expect(wrong.status).toBe(401);
    expect(wrong.message).toBe("Invalid email or password");
    const unknown = await appErrorOfAsync(loginWithPassword({ email: uniqueEmail(), password: "whatever" }, meta));
    expect(unknown.status).toBe(401);
  });

  it("requires a valid e-mail and a password", async () => {
    const error = await appErrorOfAsync(loginWithPassword({ email: "nope", password: "" }, meta));
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ email: ["Please enter a valid email address"], password: ["Password is required"] });
  });

  it("blocks an account after too many failed attempts with a 429 that says when to retry", async () => {
    const input = validRegistration();
    await registerUser(input, meta);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await appErrorOfAsync(loginWithPassword({ email: input.email, password: "wrong-password" }, meta))).status).toBe(401);
    }
    const blocked = await appErrorOfAsync(loginWithPassword({ email: input.email, password: "wrong-password" }, meta));
    expect(blocked.status).toBe(429);
    expect(blocked.message).toMatch(/try again in \d+ minutes?/);
    expect(blocked.headers?.["Retry-After"]).toMatch(/^\d+$/);
  });

  it("refuses a locked account without checking the password: the right one gets the same 429", async () => {
    const input = validRegistration();
    await registerUser(input, meta);
    for (let attempt = 0; attempt < 6; attempt += 1) await loginWithPassword({ email: input.email, password: "wrong-password" }, meta).catch(() => undefined);
    const right = await appErrorOfAsync(loginWithPassword({ email: input.email, password: input.password }, meta));
    const wrong = await appErrorOfAsync(loginWithPassword({ email: input.email, password: "another-guess" }, meta));
    expect([right.status, wrong.status]).toEqual([429, 429]);
    expect(right.message).toBe(wrong.message.replace(/\d+ (minute|second)s?/, right.message.match(/\d+ (minute|second)s?/)![0]));
  });
});

describe("toCurrentUser", () => {
  it("never exposes the password hash and grants admin rights to ADMIN_EMAIL accounts once their address is verified", async () => {
    const registered = await registerUser({ ...validRegistration(), email: "owner@example.com" }, meta);
    expect(toCurrentUser(registered).isAdmin).toBe(false);
    const owner = (await write((tx) => tx.update(schema.users).set({ emailVerifiedAt: new Date() }).where(eq(schema.users.id, registered.id)).returning()))[0];
    const shaped = toCurrentUser(owner);
    expect(shaped).not.toHaveProperty("password");
    expect(shaped.isAdmin).toBe(true);
    expect(shaped.isModerator).toBe(true);
    const member = toCurrentUser(await registerUser(validRegistration(), meta));
    expect(member.isAdmin).toBe(false);
  });
});
