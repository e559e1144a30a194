/**
 * What happens at start: parse the configuration, open the database (migrations run), seed the
 * reference data and, on a first start with SEED_DEMO on, the demo community; an existing database
 * without a points ledger gets one built from its history.
 */
import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { hashPassword } from "~/features/auth/index.server";
import { seedDemoContent } from "~/features/demo/index.server";
import { recomputeAllBadges } from "~/features/gamification/index.server";
import { seedReferenceData } from "~/features/settings/index.server";
import { closeDb, getDb, readDb, reuseStatementsOnEveryConnection, schema } from "~/utils/db.server";
import { getEnv, type Env } from "~/utils/env.server";

export const DEMO_ADMIN_EMAIL = "admin@quads.example";

/** Prepares configuration and database; throws a ConfigurationError (naming the variable) on bad config. */
export async function startApplication(): Promise<Env> {
  const env = getEnv();
  const db = getDb();
  seedReferenceData(db, { communityName: env.COMMUNITY_NAME });
  verifyListedAdminsOnce(env.ADMIN_EMAIL);
  if (env.SEED_DEMO) await seedDemoIfEmpty();
  await backfillPointsLedger();
  return env;
}

/**
 * A cluster worker's start: the primary ran startApplication() (migrations, seeds, ledger
 * backfill) before forking, so a worker only parses the configuration and opens the database
 * (its migration check finds nothing pending and writes nothing).
 */
export function startWorker(): Env {
  const env = getEnv();
  getDb();
  return env;
}

/**
 * A database created before the points engine has members but no ledger rows: build the
 * ledger (points and badges) once from the stored history, as `npm run badges:recompute` does.
 */
async function backfillPointsLedger() {
  const db = readDb();
  const [hasLedger] = await db.select({ id: schema.contributions.id }).from(schema.contributions).limit(1);
  if (hasLedger) return;
  const [hasUsers] = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
  if (!hasUsers) return;
  await recomputeAllBadges({ onEarned: null });
}

async function seedDemoIfEmpty() {
  const db = getDb();
  const { total } = db.select({ total: count() }).from(schema.users).get() ?? { total: 0 };
  if (total > 0) return;
  const password = randomBytes(9).toString("base64url");
  const [adminPasswordHash, memberPasswordHash] = await Promise.all([
    hashPassword(password),
    hashPassword(randomBytes(16).toString("base64url")),
  ]);
  const { total: again } = db.select({ total: count() }).from(schema.users).get() ?? { total: 0 };
  if (again > 0) return;
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
function verifyListedAdminsOnce(adminEmails: readonly string[]) {
  const marker = "migration:listedAdminsVerified";
  const db = getDb();
  db.$client
    .transaction(() => {
      if (db.select().from(schema.communitySettings).where(eq(schema.communitySettings.key, marker)).get()) return;
      const statement = db.$client.prepare("update users set email_verified_at = ? where email_verified_at is null and email_changed_at is null and lower(email) = ?");
      for (const email of adminEmails) statement.run(Date.now(), email.toLowerCase());
      db.insert(schema.communitySettings).values({ key: marker, value: true }).run();
    })
    .immediate();
}

/** Closes the database cleanly (graceful shutdown); safe to call twice. */
export function stopApplication() {
  try {
    closeDb();
  } catch {
    // already closed
  }
}
