/**
 * E-mail verification (docs/accounts.md): registration sends a link valid 7 days; following it
 * records `users.email_verified_at`. Unverified members see a banner with 'Resend verification
 * e-mail' (rate-limited). With the admin setting 'Require a verified e-mail to post' on, they
 * may read but not post, reply, rate or comment (the contribution guard, moderation's
 * contribution-guard.server.ts, refuses them).
 */
import { eq } from "drizzle-orm";
import { enqueueMail, publicUrl } from "~/features/mail/index.server";
import { schema, write } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { badRequest } from "~/utils/errors.server";
import { consumeRateLimit } from "~/utils/rate-limit.server";
import type { User } from "../../../db/schema";
import { parseOrThrow } from "~/utils/validation.server";
import { EMAIL_IN_USE, findUserById, isEmailUsedByOther } from "./user-lookup.server";
import { consumeToken, findUsableToken, issueToken, voidTokens } from "./email-tokens.server";
import { verifyEmailSchema } from "./schemas";

export const VERIFY_LINK_INVALID = "This verification link has expired or was already used. Sign in and use 'Resend verification e-mail'.";

/** Enqueues a verification link to the member's address (inside the caller's unit of work when there is one). */
export async function sendVerificationEmail(user: Pick<User, "id" | "email" | "displayName">): Promise<void> {
  const token = await issueToken({ userId: user.id, email: user.email, purpose: "email_verification" });
  const community = getEnv().COMMUNITY_NAME;
  await enqueueMail({
    to: user.email,
    subject: `Confirm your e-mail for ${community}`,
    kind: "email_verification",
    content: {
      heading: "Confirm your e-mail address",
      paragraphs: [`Hi ${user.displayName},`, `Welcome to ${community}! Please confirm that this is your e-mail address. The link works for 7 days.`],
      action: { label: "Confirm my e-mail", url: publicUrl(`/verify-email?token=${token}`) },
      footnote: `If you did not create an account on ${community}, ignore this e-mail.`,
    },
  });
}

/** Follows a verification link: the member's address is verified. 400 VERIFY_LINK_INVALID otherwise. */
export async function verifyEmail(input: unknown): Promise<User> {
  const { token } = parseOrThrow(verifyEmailSchema, input);
  return write(async (tx) => {
    const now = new Date();
    const stored = await findUsableToken(token, ["email_verification", "email_change"], now);
    const user = stored ? await findUserById(stored.userId) : undefined;
    if (stored && user && stored.purpose === "email_change") {
      // A confirmed change: the new address replaces the old one (docs/accounts.md, "Changing the e-mail").
      if (await isEmailUsedByOther(stored.email, user.id)) throw badRequest(EMAIL_IN_USE, { token: [EMAIL_IN_USE] });
      if (!(await consumeToken(stored.id, now))) throw badRequest(VERIFY_LINK_INVALID, { token: [VERIFY_LINK_INVALID] });
      await voidTokens({ userId: user.id, purpose: "email_verification", now });
      await voidTokens({ userId: user.id, purpose: "email_change", now });
      const [changed] = await tx
        .update(schema.users)
        .set({ email: stored.email, emailChangedAt: now, emailVerifiedAt: now, updatedAt: now })
        .where(eq(schema.users.id, user.id))
        .returning();
      return changed;
    }
    // A link sent to an earlier address proves nothing about the current one.
    if (!stored || !user || stored.email.toLowerCase() !== user.email.toLowerCase() || !(await consumeToken(stored.id, now))) {
      throw badRequest(VERIFY_LINK_INVALID, { token: [VERIFY_LINK_INVALID] });
    }
    if (user.emailVerifiedAt) return user;
    const [verified] = await tx.update(schema.users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(schema.users.id, user.id)).returning();
    return verified;
  });
}

/** 'Resend verification e-mail': 400 when already verified, 429 past VERIFY_EMAIL_RATE_LIMIT per member. */
export async function resendVerificationEmail(user: Pick<User, "id">): Promise<{ email: string }> {
  const env = getEnv();
  const current = await findUserById(user.id);
  if (!current) throw badRequest("Please sign in again.");
  if (current.emailVerifiedAt) throw badRequest("Your e-mail address is already verified.");
  await consumeRateLimit({ key: `verify:user:${current.id}`, limit: env.VERIFY_EMAIL_RATE_LIMIT, windowSeconds: env.VERIFY_EMAIL_RATE_LIMIT_WINDOW_SECONDS }, "verification e-mails");
  await write(() => sendVerificationEmail(current));
  return { email: current.email };
}
