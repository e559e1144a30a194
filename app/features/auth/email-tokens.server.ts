/**
 * Single-use links sent by e-mail (password reset, e-mail verification): 32 random bytes in the
 * link, only their sha256 in `auth_tokens`. Issuing a link voids the member's older links of the
 * same purpose (the newest one counts). docs/accounts.md.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { readDb, schema, write } from "~/utils/db.server";
import { literalLimit } from "~/utils/sql-dialect.server";

export type TokenPurpose = "password_reset" | "email_verification" | "email_change";

export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  email_verification: 7 * 24 * 60 * 60 * 1000,
  email_change: 7 * 24 * 60 * 60 * 1000,
};

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh random token (base64url of 32 bytes) and its hash. */
export function generateToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, tokenHash: hashToken(token) };
}

/** Stores a new link for the member (call inside the unit of work that sends it); older unused ones of this purpose stop working. */
export async function issueToken({ userId, email, purpose, now = new Date() }: { userId: string; email: string; purpose: TokenPurpose; now?: Date }): Promise<string> {
  const { token, tokenHash } = generateToken();
  await write(async (tx) => {
    await voidTokens({ userId, purpose, now });
    await tx.insert(schema.authTokens).values({ userId, purpose, tokenHash, email, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]), createdAt: now });
  });
  return token;
}

/** Marks the member's unused links of this purpose as used. */
export async function voidTokens({ userId, purpose, now = new Date() }: { userId: string; purpose: TokenPurpose; now?: Date }): Promise<void> {
  await write((tx) =>
    tx
      .update(schema.authTokens)
      .set({ usedAt: now })
      .where(and(eq(schema.authTokens.userId, userId), eq(schema.authTokens.purpose, purpose), isNull(schema.authTokens.usedAt))),
  );
}

/** The stored link for a token when it is unused and unexpired, else undefined. */
export async function findUsableToken(token: string, purpose: TokenPurpose | TokenPurpose[], now = new Date()) {
  if (typeof token !== "string" || token.length < 20 || token.length > 200) return undefined;
  const [row] = await readDb()
    .select()
    .from(schema.authTokens)
    .where(and(eq(schema.authTokens.tokenHash, hashToken(token)), inArray(schema.authTokens.purpose, Array.isArray(purpose) ? purpose : [purpose])))
    .limit(literalLimit(1));
  if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return undefined;
  return row;
}

/** Uses a link up (single use): true when this call did it, false when another request was first. */
export async function consumeToken(id: number, now = new Date()): Promise<boolean> {
  const used = await write((tx) =>
    tx
      .update(schema.authTokens)
      .set({ usedAt: now })
      .where(and(eq(schema.authTokens.id, id), isNull(schema.authTokens.usedAt)))
      .returning({ id: schema.authTokens.id }),
  );
  return used.length === 1;
}
