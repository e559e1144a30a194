// npm run badges:recompute: rebuilds every member's contributions ledger, points and badges from
// the stored history with the current rules (app/features/gamification/rules.ts). Idempotent; safe
// while the server runs (one unit of work). Members are notified of badges the rebuild awards.
import { notifyBadgeEarned } from "../app/features/gamification/engine.server";
import { recomputeAllBadges } from "../app/features/gamification/recompute.server";
import { closeDb, prepareDatabase } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";

const env = getEnv();
await prepareDatabase();
const started = Date.now();
const summary = await recomputeAllBadges({ onEarned: notifyBadgeEarned });
await closeDb();
console.log(
  [
    `Recomputed points and badges of ${summary.members} members in ${Date.now() - started} ms (${env.databasePath}):`,
    `  contributions added ${summary.contributionsAdded}, removed ${summary.contributionsRemoved}, revalued ${summary.contributionsRevalued}`,
    `  members whose points changed ${summary.pointsChanged}, badges earned ${summary.badgesEarned}`,
  ].join("\n"),
);
