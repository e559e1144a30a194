/**
 * External identities' rules (docs/accounts.md, "Sign-in with external identities"; decision
 * 0112): who an identity signs in, when an account is created or linked, connecting and
 * disconnecting from account settings. The only code touching `user_identities`.
 *
 * An existing account is never taken over: an identity is linked to an account by its e-mail only
 * when the provider verified the address AND the account's address is verified; otherwise the
 * member signs in with their password and connects the provider from account settings.
 */
import { and, asc, eq } from "drizzle-orm";
import { recordAudit } from "~/features/audit/index.server";
import { createUserRecord, findUserByEmail, findUserById, generateUsername, hasPassword, NO_PASSWORD, sendVerificationEmail } from "~/features/auth/index.server";
import { assertNotSuspended } from "~/features/moderation/index.server";
import { isUniqueViolation, readDb, schema, write } from "~/utils/db.server";
import { conflict, notFound } from "~/utils/errors.server";
import { parseOrThrow } from "~/utils/validation.server";
import type { User } from "../../../db/schema";
import type { ExternalProfile } from "./profiles.server";
import { providerName } from "./provider-clients.server";
import type { IdentityView, ProviderId } from "./providers";
import { identityEmailSchema } from "./schemas";
import { literalLimit } from "~/utils/sql-dialect.server";

/** The member is told to sign in with their password and connect the provider from account settings. */
export const takeoverRefused = (provider: ProviderId, email: string) =>
  conflict(`An account already uses ${email}. Sign in with your password, then connect ${providerName(provider)} from Account settings → Connected accounts.`, {
    email: [`An account already uses ${email}. Sign in with your password, then connect ${providerName(provider)} from Account settings.`],
  });

export const LAST_WAY_TO_SIGN_IN = "This is your only way to sign in. Set a password first (Account settings → Set a password), then disconnect it.";

type AccountByEmail = Pick<User, "id" | "emailVerifiedAt">;

/**
 * The linking rule for an identity not connected yet (pure: tested in identities.server.test.ts).
 * - "link": the provider verified the address and the account with it has verified it too;
 * - "refuse": an account uses the address but one side has not verified it (never taken over);
 * - "create": no account uses a verified address: a new account;
 * - "ask-email": the provider gave no verified address and no account uses the one it gave.
 */
export function decideNewIdentity(profile: Pick<ExternalProfile, "email" | "isEmailVerified">, account: AccountByEmail | undefined): "link" | "refuse" | "create" | "ask-email" {
  if (account) return profile.isEmailVerified && account.emailVerifiedAt ? "link" : "refuse";
  return profile.email && profile.isEmailVerified ? "create" : "ask-email";
}

export type SignInOutcome = { kind: "signed-in"; user: User; isNewAccount: boolean } | { kind: "needs-email" };

async function ownerOf(provider: ProviderId, subject: string): Promise<User | undefined> {
  const [row] = await readDb()
    .select({ userId: schema.userIdentities.userId })
    .from(schema.userIdentities)
    .where(and(eq(schema.userIdentities.provider, provider), eq(schema.userIdentities.subject, subject)))
    .limit(literalLimit(1));
  return row ? findUserById(row.userId) : undefined;
}

/**
 * An external sign-in's profile → the member it signs in: the identity's owner, an account linked
 * by verified e-mail on both sides, or a new account. 403 when the member is suspended (as at
 * password sign-in), 409 when an account with the address cannot be linked; "needs-email" when the
 * provider gave no verified address (the /auth/email step).
 */
export async function signInWithProfile(profile: ExternalProfile): Promise<SignInOutcome> {
  const owner = await ownerOf(profile.provider, profile.subject);
  if (owner) {
    await assertNotSuspended(owner);
    return { kind: "signed-in", user: owner, isNewAccount: false };
  }
  const account = profile.email ? await findUserByEmail(profile.email) : undefined;
  switch (decideNewIdentity(profile, account)) {
    case "link": {
      await assertNotSuspended(account!);
      await connectIdentity({ user: account!, profile, how: "linked by verified e-mail" });
      return { kind: "signed-in", user: account!, isNewAccount: false };
    }
    case "refuse":
      throw takeoverRefused(profile.provider, profile.email!);
    case "create":
      return { kind: "signed-in", user: await createAccountFromProfile(profile, profile.email!, true), isNewAccount: true };
    case "ask-email":
      return { kind: "needs-email" };
  }
}

/**
 * /auth/email: the address a member gives when the provider gave no verified one. The account is
 * created unverified and the usual verification link is sent (docs/accounts.md); 409 when an
 * account already uses the address (never taken over), 400 for a bad address.
 */
export async function createAccountWithEmail(profile: ExternalProfile, input: unknown): Promise<User> {
  const { email } = parseOrThrow(identityEmailSchema, input);
  if (await findUserByEmail(email)) throw takeoverRefused(profile.provider, email);
  if (await ownerOf(profile.provider, profile.subject)) throw conflict(`This ${providerName(profile.provider)} account is already connected to a member. Sign in with it again.`);
  return createAccountFromProfile(profile, email, false);
}

/** A new account from a profile: no password, names from the provider, a free username from its login, joined now. */
async function createAccountFromProfile(profile: ExternalProfile, email: string, isEmailVerified: boolean): Promise<User> {
  const username = await generateUsername(profile.login ?? profile.displayName);
  const now = new Date();
  try {
    return await write(async (tx) => {
      const user = await createUserRecord({
        email,
        password: NO_PASSWORD,
        firstName: profile.firstName,
        lastName: profile.lastName,
        displayName: profile.displayName,
        username,
        joinedAt: now,
        // The provider verified it (decision 0112); otherwise the usual link below.
        emailVerifiedAt: isEmailVerified ? now : null,
      });
      await tx.insert(schema.userIdentities).values({ userId: user.id, provider: profile.provider, subject: profile.subject, connectedAt: now });
      if (!isEmailVerified) await sendVerificationEmail(user);
      await recordAudit({ actor: user, action: "identity.account_created", targetType: "user", targetId: user.id, summary: `Joined with ${providerName(profile.provider)}` });
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error, "users.email")) throw takeoverRefused(profile.provider, email);
    if (isUniqueViolation(error)) throw conflict("That sign-in was completed twice at once. Please sign in again.");
    throw error;
  }
}

/**
 * Connects a profile's identity to a member: from account settings ('Connect'), or automatically
 * by verified e-mail. 409 when the identity belongs to another member or the member already has
 * another identity of that provider. Connecting one they already have is nothing.
 */
export async function connectIdentity({ user, profile, how = "from account settings" }: { user: Pick<User, "id" | "email">; profile: ExternalProfile; how?: string }): Promise<void> {
  const name = providerName(profile.provider);
  const owner = await ownerOf(profile.provider, profile.subject);
  if (owner?.id === user.id) return;
  if (owner) throw conflict(`This ${name} account is already connected to another member.`);
  try {
    await write(async (tx) => {
      await tx.insert(schema.userIdentities).values({ userId: user.id, provider: profile.provider, subject: profile.subject, connectedAt: new Date() });
      await recordAudit({ actor: user, action: "identity.connected", targetType: "user", targetId: user.id, summary: `${name} (${how})` });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`Your account is already connected to another ${name} account. Disconnect it first.`);
    throw error;
  }
}

/**
 * 'Disconnect' and DELETE /api/account/identities/{provider}: 404 when not connected, 409
 * LAST_WAY_TO_SIGN_IN when it is the member's last way to sign in (no password, no other identity).
 */
export async function disconnectIdentity({ userId, provider }: { userId: string; provider: ProviderId }): Promise<void> {
  const name = providerName(provider);
  await write(async (tx) => {
    const [user] = await tx.select().from(schema.users).where(eq(schema.users.id, userId)).limit(literalLimit(1));
    if (!user) throw notFound("Please sign in again.");
    const identities = await tx.select({ provider: schema.userIdentities.provider }).from(schema.userIdentities).where(eq(schema.userIdentities.userId, userId));
    if (!identities.some((identity) => identity.provider === provider)) throw notFound(`${name} is not connected to your account.`);
    if (!hasPassword(user) && identities.length === 1) throw conflict(LAST_WAY_TO_SIGN_IN);
    await tx.delete(schema.userIdentities).where(and(eq(schema.userIdentities.userId, userId), eq(schema.userIdentities.provider, provider)));
    await recordAudit({ actor: user, action: "identity.disconnected", targetType: "user", targetId: user.id, summary: name });
  });
}

/** The member's connected identities, oldest first: `{ provider, name, connectedAt }`. */
export async function listIdentities(userId: string): Promise<IdentityView[]> {
  const rows = await readDb()
    .select({ provider: schema.userIdentities.provider, connectedAt: schema.userIdentities.connectedAt })
    .from(schema.userIdentities)
    .where(eq(schema.userIdentities.userId, userId))
    .orderBy(asc(schema.userIdentities.connectedAt));
  return rows.map((row) => ({ provider: row.provider as ProviderId, name: providerName(row.provider as ProviderId), connectedAt: row.connectedAt.toISOString() }));
}
