/**
 * Accounts: registration, sign-in and the public shape of a user. The page actions (through
 * remix-auth's FormStrategy) and the /api/auth routes both call these functions.
 */
import { randomUUID } from "node:crypto";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { recordContribution } from "~/features/gamification/index.server";
import { assertNotSuspended } from "~/features/moderation/index.server";
import { isUniqueViolation, schema, write } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, conflict, unauthorized } from "~/utils/errors.server";
import { isAdmin, isModerator } from "~/utils/permissions";
import { assertWithinRateLimit, consumeRateLimit, resetRateLimit } from "~/utils/rate-limit.server";
import type { User } from "../../../db/schema";
import { sendVerificationEmail } from "./email-verification.server";
import { findUserByEmail } from "./user-lookup.server";
import { hashPassword, verifyPassword } from "./password.server";
import { USERNAME_TAKEN } from "./usernames";
import { assertUsernameAvailable, generateUsername } from "./usernames.server";
import { loginSchema, registerSchema, type LoginInput, type RegisterInput } from "./schemas";
import { parseOrThrow } from "~/utils/validation.server";

export type RequestMeta = { clientIp: string };

/** What the current user may see of their own account: everything but the password hash. */
export function toCurrentUser(user: User) {
  const { password: _password, discussionsSeenAt: _seen, suspendedUntil: _suspendedUntil, feedToken: _feedToken, ...rest } = user;
  const adminEmails = getEnv().ADMIN_EMAIL;
  // avatarUrl: the member's avatar (256 px; docs/uploads.md) or null for the initials.
  // hasPassword: false for an account made by an external sign-in until a password is set (docs/accounts.md).
  return { ...rest, hasPassword: hasPassword(user), avatarUrl: user.avatarUploadId ? user.profileImageUrl : null, isAdmin: isAdmin(user, adminEmails), isModerator: isModerator(user, adminEmails) };
}
export type CurrentUser = ReturnType<typeof toCurrentUser>;

function authLimits() {
  const env = getEnv();
  return {
    perIp: (ip: string) => ({ key: `auth:ip:${ip}`, limit: env.AUTH_RATE_LIMIT_PER_IP, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS }),
    perAccount: (email: string) => ({
      key: `auth:account:${email}`,
      limit: env.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    }),
  };
}

/** Signs a member in with e-mail and password; throws 400, 401 ('Invalid email or password'), 403 (suspended) or 429. */
export async function loginWithPassword(input: unknown, meta: RequestMeta): Promise<User> {
  const limits = authLimits();
  await consumeRateLimit(limits.perIp(meta.clientIp), "sign-in attempts");
  const { email, password }: LoginInput = parseOrThrow(loginSchema, input);
  const accountLimit = limits.perAccount(email);
  // A locked account is refused before the password is checked (docs/decisions/0007-rate-limits.md).
  await assertWithinRateLimit(accountLimit, "failed sign-in attempts for this account");
  const user = await findUserByEmail(email);
  const isValid = user ? await verifyPassword(password, user.password) : await verifyPassword(password, DUMMY_HASH);
  if (!user || !isValid) {
    await consumeRateLimit(accountLimit, "failed sign-in attempts for this account");
    throw unauthorized("Invalid email or password");
  }
  await resetRateLimit(accountLimit.key);
  // Only now that the password is verified: a suspended member learns why (403, docs/moderation.md).
  await assertNotSuspended(user);
  return user;
}

/**
 * Whether the member can sign in with a password: an account made by an external sign-in has
 * none (an empty `password`, which no password matches) until one is set (decision 0112).
 */
export function hasPassword(user: Pick<User, "password">): boolean {
  return user.password !== NO_PASSWORD;
}

/** The stored `password` of an account without one (external sign-in): verifyPassword matches nothing against it. */
export const NO_PASSWORD = "";

/**
 * Counts an external sign-in's callback against the same per-IP limit as a password sign-in
 * (docs/decisions/0007-rate-limits.md); 429 beyond it.
 */
export async function countSignInAttempt(meta: RequestMeta): Promise<void> {
  await consumeRateLimit(authLimits().perIp(meta.clientIp), "sign-in attempts");
}

export const NO_PASSWORD_YET = "You have no password yet: set one under 'Set a password' first.";

export const CURRENT_PASSWORD_WRONG = "Your current password is not correct.";
export const CURRENT_PASSWORD_NEEDED = "Enter your current password.";

/**
 * Checks a signed-in member's password before a sensitive change (account settings, e-mail
 * change, account deletion) with sign-in's limits: the per-IP count and the per-account lock,
 * checked before the password (docs/decisions/0007-rate-limits.md). 400 with a field message
 * under `field` when it is wrong, 429 when locked.
 */
export async function verifyCurrentPassword(user: Pick<User, "email" | "password">, password: unknown, meta: RequestMeta, field = "currentPassword") {
  const limits = authLimits();
  await consumeRateLimit(limits.perIp(meta.clientIp), "password attempts");
  if (!hasPassword(user)) throw badRequest(NO_PASSWORD_YET, { [field]: [NO_PASSWORD_YET] });
  if (typeof password !== "string" || password.length === 0) throw badRequest(CURRENT_PASSWORD_NEEDED, { [field]: [CURRENT_PASSWORD_NEEDED] });
  const accountLimit = limits.perAccount(user.email.toLowerCase());
  await assertWithinRateLimit(accountLimit, "failed sign-in attempts for this account");
  if (password.length > 1000 || !(await verifyPassword(password, user.password))) {
    await consumeRateLimit(accountLimit, "failed sign-in attempts for this account");
    throw badRequest(CURRENT_PASSWORD_WRONG, { [field]: [CURRENT_PASSWORD_WRONG] });
  }
}

// Verifying against a fixed hash when the e-mail is unknown keeps response times alike.
const DUMMY_HASH = "scrypt$32768$8$1$c2FsdHNhbHRzYWx0c2FsdA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** Creates an account; throws 400 on bad input, 409 when the e-mail is taken, 429 when rate-limited. */
export async function registerUser(input: unknown, meta: RequestMeta): Promise<User> {
  await consumeRateLimit(authLimits().perIp(meta.clientIp), "registration attempts");
  const data: RegisterInput = parseOrThrow(registerSchema, input);
  const emailTaken = () => conflict("An account with this email already exists. Please sign in instead.", {
    email: ["An account with this email already exists. Please sign in instead."],
  });
  if (await findUserByEmail(data.email)) throw emailTaken();
  if (data.username) await assertUsernameAvailable(data.username);
  const passwordHash = await hashPassword(data.password);
  const now = new Date();
  try {
    // The account and its verification e-mail in one unit of work (docs/accounts.md).
    return await write(async () => {
      const user = await createUserRecord({ ...data, password: passwordHash, joinedAt: now });
      await sendVerificationEmail(user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users.username")) throw conflict(USERNAME_TAKEN, { username: [USERNAME_TAKEN] });
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

type NewUser = Omit<typeof schema.users.$inferInsert, "id" | "username"> & { id?: string; username?: string };

/**
 * Inserts a user row and records joining (the engine awards Explorer) in one unit of work; the
 * username is generated from the display name unless given (docs/discussions.md, "Mentions").
 */
export async function createUserRecord(values: NewUser): Promise<User> {
  return write(async (tx) => {
    const username = values.username ?? (await generateUsername(values.displayName));
    const [user] = await tx
      .insert(schema.users)
      .values({ id: randomUUID(), ...values, username })
      .returning();
    await recordContribution({ userId: user.id, kind: "joined", subjectId: user.id, at: user.joinedAt });
    return user;
  });
}

function formToObject(form: FormData): Record<string, string> {
  const object: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") object[key] = value;
  return object;
}

/**
 * remix-auth with two form strategies, "login" and "register", over the functions above.
 * One per request, so each strategy sees its own request's client IP.
 */
export function getAuthenticator(meta: RequestMeta): Authenticator<User> {
  const authenticator = new Authenticator<User>();
  authenticator.use(new FormStrategy(({ form }) => loginWithPassword(formToObject(form), meta)), "login");
  authenticator.use(new FormStrategy(({ form }) => registerUser(formToObject(form), meta)), "register");
  return authenticator;
}
