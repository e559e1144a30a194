/**
 * Password reset (docs/accounts.md): 'Forgot password?' sends a single-use link valid 60 minutes
 * (the newest link voids older ones); the answer is the same, and takes about as long, whether or
 * not the address has an account. Using the link sets the new password, signs the member out
 * everywhere (the route signs them in on this device) and e-mails them that it changed.
 */
import { eq } from "drizzle-orm";
import { recordAudit } from "~/features/audit/index.server";
import { enqueueMail, publicUrl } from "~/features/mail/index.server";
import { readDb, schema, write } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, isAppError, notFound } from "~/utils/errors.server";
import { consumeRateLimit, resetRateLimit } from "~/utils/rate-limit.server";
import type { User } from "../../../db/schema";
import { parseOrThrow } from "~/utils/validation.server";
import type { RequestMeta } from "./auth.server";
import { findUserByEmail, findUserById } from "./user-lookup.server";
import { consumeToken, findUsableToken, generateToken, issueToken, voidTokens } from "./email-tokens.server";
import { hashPassword } from "./password.server";
import { forgotPasswordSchema, resetPasswordSchema } from "./schemas";
import { literalLimit } from "~/utils/sql-dialect.server";

/** The one answer to every 'Forgot password?' request. */
export const FORGOT_PASSWORD_ANSWER = "If an account exists for that e-mail, we have sent a link to reset your password.";
export const RESET_LINK_INVALID = "This reset link has expired or was already used. Ask for a new one on the 'Forgot password?' page.";
/** Every request takes at least this long, so a known address cannot be told from an unknown one by timing. */
export const FORGOT_PASSWORD_MIN_MS = 250;

function forgotPasswordLimits(clientIp: string, email: string) {
  const env = getEnv();
  return {
    perIp: { key: `forgot:ip:${clientIp}`, limit: env.FORGOT_PASSWORD_RATE_LIMIT_PER_IP, windowSeconds: env.FORGOT_PASSWORD_RATE_LIMIT_WINDOW_SECONDS },
    perAddress: { key: `forgot:address:${email}`, limit: env.FORGOT_PASSWORD_RATE_LIMIT_PER_ADDRESS, windowSeconds: env.FORGOT_PASSWORD_RATE_LIMIT_WINDOW_SECONDS },
  };
}

/** Enqueues the reset link for a member (inside the caller's unit of work when there is one). */
async function sendResetLink(user: Pick<User, "id" | "email" | "displayName">, { isSentByAdmin = false } = {}) {
  const token = await issueToken({ userId: user.id, email: user.email, purpose: "password_reset" });
  const community = getEnv().COMMUNITY_NAME;
  await enqueueMail({
    to: user.email,
    subject: `Reset your ${community} password`,
    kind: "password_reset",
    content: {
      heading: "Reset your password",
      paragraphs: [
        `Hi ${user.displayName},`,
        isSentByAdmin
          ? `An administrator of ${community} sent you this link to choose a new password.`
          : `Someone (hopefully you) asked to reset the password of your ${community} account.`,
        "The link works once and for 60 minutes.",
      ],
      action: { label: "Choose a new password", url: publicUrl(`/reset-password?token=${token}`) },
      footnote: "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    },
  });
}

/**
 * 'Forgot password?': always the same answer (FORGOT_PASSWORD_ANSWER), after at least
 * FORGOT_PASSWORD_MIN_MS. 400 for a malformed address, 429 past the per-IP limit; past the
 * per-address limit nothing more is sent (the answer does not change).
 */
export async function requestPasswordReset(input: unknown, meta: RequestMeta): Promise<{ message: string }> {
  const started = Date.now();
  const { email } = parseOrThrow(forgotPasswordSchema, input);
  const limits = forgotPasswordLimits(meta.clientIp, email);
  await consumeRateLimit(limits.perIp, "password reset requests");
  try {
    await consumeRateLimit(limits.perAddress, "password reset requests for this address");
    const user = await findUserByEmail(email);
    if (user) await write(() => sendResetLink(user));
    else generateToken(); // the same work either way
  } catch (error) {
    if (!isAppError(error) || error.status !== 429) throw error;
  }
  const wait = FORGOT_PASSWORD_MIN_MS - (Date.now() - started);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { message: FORGOT_PASSWORD_ANSWER };
}

/** Whether a reset link can still be used (the page shows the form or 'expired'). */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  return Boolean(await findUsableToken(token, "password_reset"));
}

/**
 * Sets the new password from a reset link: 400 (field messages) for a weak password, 400
 * RESET_LINK_INVALID for an unknown, used or expired link. Every session of the member is deleted
 * and their failed sign-in lock lifted; they get a 'your password was changed' e-mail.
 */
export async function resetPassword(input: unknown): Promise<User> {
  const { token, password } = parseOrThrow(resetPasswordSchema, input);
  if (!(await findUsableToken(token, "password_reset"))) throw badRequest(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] });
  const passwordHash = await hashPassword(password);
  const user = await write(async (tx) => {
    const now = new Date();
    const stored = await findUsableToken(token, "password_reset", now);
    if (!stored || !(await consumeToken(stored.id, now))) throw badRequest(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] });
    const current = await findUserById(stored.userId);
    if (!current) throw badRequest(RESET_LINK_INVALID, { token: [RESET_LINK_INVALID] });
    await voidTokens({ userId: current.id, purpose: "password_reset", now });
    // Following a link sent to the address proves the member receives mail there.
    const provesAddress = !current.emailVerifiedAt && stored.email.toLowerCase() === current.email.toLowerCase();
    const [updated] = await tx
      .update(schema.users)
      .set({ password: passwordHash, updatedAt: now, ...(provesAddress ? { emailVerifiedAt: now } : {}) })
      .where(eq(schema.users.id, current.id))
      .returning();
    await tx.delete(schema.sessions).where(eq(schema.sessions.userId, current.id));
    await sendPasswordChangedNotice(updated);
    return updated;
  });
  await resetRateLimit(`auth:account:${user.email.toLowerCase()}`);
  return user;
}

/** The 'your password was changed' e-mail (also for the account settings' password change), inside the caller's unit of work. */
export async function sendPasswordChangedNotice(user: Pick<User, "email" | "displayName">) {
  const community = getEnv().COMMUNITY_NAME;
  await enqueueMail({
    to: user.email,
    subject: `Your ${community} password was changed`,
    kind: "password_changed",
    content: {
      heading: "Your password was changed",
      paragraphs: [`Hi ${user.displayName},`, `The password of your ${community} account was just changed, and every other device was signed out.`],
      action: { label: "Sign in", url: publicUrl("/login") },
      footnote: "If this was not you, reset your password now with 'Forgot password?' on the sign-in page.",
    },
  });
}

/** An admin sends a member a reset link (Manage Users); audited. 404 for an unknown member. */
export async function sendResetLinkAsAdmin({ actor, userId }: { actor: { id: string; email: string }; userId: string }): Promise<void> {
  await write(async () => {
    const [user] = await readDb().select().from(schema.users).where(eq(schema.users.id, userId)).limit(literalLimit(1));
    if (!user) throw notFound("User not found");
    await sendResetLink(user, { isSentByAdmin: true });
    await recordAudit({ actor, action: "user.password_reset_sent", targetType: "user", targetId: user.id, summary: `reset link sent to ${user.email}` });
  });
}
