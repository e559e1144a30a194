/**
 * What happens at start: parse the configuration, open the database (migrations run), seed the
 * reference data and, on a first start with SEED_DEMO on, the demo community; an existing database
 * without a points ledger gets one built from its history.
 */
import { randomBytes } from "node:crypto";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { hashPassword } from "~/features/auth/index.server";
import { seedDemoContent } from "~/features/demo/index.server";
import { recomputeAllBadges } from "~/features/gamification/index.server";
import { seedReferenceData } from "~/features/settings/index.server";
import { closeDb, prepareDatabase, readDb, reuseStatementsOnEveryConnection, schema, write } from "~/utils/db.server";
import { getEnv, type Env } from "~/utils/env.server";
import { literalLimit } from "~/utils/sql-dialect.server";

export const DEMO_ADMIN_EMAIL = "admin@quads.example";

/** Prepares configuration and database; throws a ConfigurationError (naming the variable) on bad config. */
export async function startApplication(): Promise<Env> {
  const env = getEnv();
  // Opening the database runs its migrations (app/utils/db.server.ts); the rest are units of work.
  await prepareDatabase();
  await seedReferenceData({ communityName: env.COMMUNITY_NAME });
  await verifyListedAdminsOnce(env.ADMIN_EMAIL);
  if (env.SEED_DEMO) await seedDemoIfEmpty();
  await backfillPointsLedger();
  return env;
}

/**
 * A cluster worker's start: the primary ran startApplication() (migrations, seeds, ledger
 * backfill) before forking, so a worker only parses the configuration and opens the database
 * (its migration check finds nothing pending and writes nothing).
 */
export async function startWorker(): Promise<Env> {
  const env = getEnv();
  await prepareDatabase();
  return env;
}

/**
 * A database created before the points engine has members but no ledger rows: build the
 * ledger (points and badges) once from the stored history, as `npm run badges:recompute` does.
 */
async function backfillPointsLedger() {
  const db = readDb();
  const [hasLedger] = await db.select({ id: schema.contributions.id }).from(schema.contributions).limit(literalLimit(1));
  if (hasLedger) return;
  const [hasUsers] = await db.select({ id: schema.users.id }).from(schema.users).limit(literalLimit(1));
  if (!hasUsers) return;
  await recomputeAllBadges({ onEarned: null });
}

async function countUsers(): Promise<number> {
  const [row] = await readDb().select({ total: count() }).from(schema.users);
  return row?.total ?? 0;
}

async function seedDemoIfEmpty() {
  if ((await countUsers()) > 0) return;
  const password = randomBytes(9).toString("base64url");
  const [adminPasswordHash, memberPasswordHash] = await Promise.all([
    hashPassword(password),
    hashPassword(randomBytes(16).toString("base64url")),
  ]);
  // seedDemoContent checks again inside its unit of work (another process may have seeded meanwhile).
  if ((await countUsers()) > 0) return;
  // The demo replays some 650 actions through the feature functions (decision 0082): reusing their
  // prepared statements, as the workers do (entry.server.tsx), takes about a quarter off its time.
  reuseStatementsOnEveryConnection();
  await seedDemoContent({ now: new Date(), adminEmail: DEMO_ADMIN_EMAIL, adminPasswordHash, memberPasswordHash });
  console.log(
    [
      "",
      "  Demo community created. Sign in as the demo admin:",
      `    e-mail:   ${DEMO_ADMIN_EMAIL}`,
      `    password: ${password}`,
      "  (shown once: note it now; set ADMIN_EMAIL to give your own account admin rights)",
      "",
    ].join("\n"),
  );
}

/**
 * ADMIN_EMAIL rights need a verified address (docs/accounts.md). Once, at the first start with
 * e-mail verification, the accounts that held those rights before (a listed address never changed
 * since registration) are marked verified, so an owner is not locked out by the upgrade. Accounts
 * registered afterwards verify through the link like everyone.
 */
async function verifyListedAdminsOnce(adminEmails: readonly string[]) {
  const marker = "migration:listedAdminsVerified";
  const { users, communitySettings } = schema;
  await write(async (tx) => {
    const [done] = await tx.select({ key: communitySettings.key }).from(communitySettings).where(eq(communitySettings.key, marker)).limit(literalLimit(1));
    if (done) return;
    const now = new Date();
    for (const email of adminEmails) {
      await tx
        .update(users)
        .set({ emailVerifiedAt: now })
        .where(and(isNull(users.emailVerifiedAt), isNull(users.emailChangedAt), eq(sql`lower(${users.email})`, email.toLowerCase())));
    }
    await tx.insert(communitySettings).values({ key: marker, value: true });
  });
}

/** Closes the database cleanly (graceful shutdown); safe to call twice. */
export async function stopApplication(): Promise<void> {
  try {
    await closeDb();
  } catch {
    // already closed
  }
}
