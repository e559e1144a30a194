/**
 * Changing a member's e-mail, the one way (docs/accounts.md, "Changing the e-mail"): the current
 * password is checked, a link goes to the NEW address (an `auth_tokens` row of purpose
 * email_change whose `email` is the new address), the old address gets a notice, and nothing
 * changes until the link is followed. Following it (verifyEmail) replaces the address, records
 * `emailChangedAt` and marks it verified, so it can grant ADMIN_EMAIL rights only once proven.
 * /settings/account, POST /api/account/email and PUT /api/profile (with `email`) all call this.
 */
import { sql } from "drizzle-orm";
import { enqueueMail, publicUrl } from "~/features/mail/index.server";
import { readDb, schema, write } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { badRequest } from "~/utils/errors.server";
import type { User } from "../../../db/schema";
import { parseOrThrow } from "~/utils/validation.server";
import { verifyCurrentPassword, type RequestMeta } from "./auth.server";
import { EMAIL_IN_USE, findUserById, isEmailUsedByOther } from "./user-lookup.server";
import { issueToken } from "./email-tokens.server";
import { changeEmailSchema } from "./schemas";
import { literalLimit } from "~/utils/sql-dialect.server";

export const EMAIL_UNCHANGED = "That is already your e-mail address.";

/**
 * Asks to change the member's e-mail to `email`: 400 with field messages for a bad address, the
 * same address, an address in use ('already in use') or a wrong current password; 429 when locked.
 * Returns the pending address.
 */
export async function requestEmailChange({ userId, input, meta }: { userId: string; input: unknown; meta: RequestMeta }): Promise<{ pendingEmail: string }> {
  const { email, currentPassword } = parseOrThrow(changeEmailSchema, input);
  const user = await findUserById(userId);
  if (!user) throw badRequest("Please sign in again.");
  await verifyCurrentPassword(user, currentPassword, meta);
  if (email === user.email.toLowerCase()) throw badRequest(EMAIL_UNCHANGED, { email: [EMAIL_UNCHANGED] });
  await write(async () => {
    if (await isEmailUsedByOther(email, user.id)) throw badRequest(EMAIL_IN_USE, { email: [EMAIL_IN_USE] });
    await sendEmailChangeLink(user, email);
  });
  return { pendingEmail: email };
}

/** The link to the new address and the notice to the old one (inside the caller's unit of work). */
async function sendEmailChangeLink(user: Pick<User, "id" | "email" | "displayName">, newEmail: string) {
  const token = await issueToken({ userId: user.id, email: newEmail, purpose: "email_change" });
  const community = getEnv().COMMUNITY_NAME;
  await enqueueMail({
    to: newEmail,
    subject: `Confirm your new e-mail for ${community}`,
    kind: "email_change",
    content: {
      heading: "Confirm your new e-mail address",
      paragraphs: [`Hi ${user.displayName},`, `You asked to use this address for your ${community} account. It takes effect when you confirm it. The link works for 7 days.`],
      action: { label: "Confirm my new e-mail", url: publicUrl(`/verify-email?token=${token}`) },
      footnote: `If you did not ask for this, ignore this e-mail: the account keeps its current address.`,
    },
  });
  await enqueueMail({
    to: user.email,
    subject: `Your ${community} e-mail is about to change`,
    kind: "email_change_notice",
    content: {
      heading: "Your e-mail is about to change",
      paragraphs: [
        `Hi ${user.displayName},`,
        `Someone signed in to your ${community} account asked to use ${newEmail} instead of this address. It changes only when the link we sent there is followed.`,
      ],
      action: { label: "Sign in", url: publicUrl("/login") },
      footnote: "If this was not you, change your password now on the account settings page, or use 'Forgot password?' on the sign-in page.",
    },
  });
}

/** The unconfirmed address the member asked for, if any (the newest unused, unexpired email_change link). */
export async function pendingEmailOf(userId: string): Promise<string | null> {
  const [row] = await readDb()
    .select({ email: schema.authTokens.email })
    .from(schema.authTokens)
    .where(
      sql`${schema.authTokens.userId} = ${userId} and ${schema.authTokens.purpose} = 'email_change' and ${schema.authTokens.usedAt} is null and ${schema.authTokens.expiresAt} > ${Date.now()}`,
    )
    .orderBy(sql`${schema.authTokens.id} desc`)
    .limit(literalLimit(1));
  return row?.email ?? null;
}
