/**
 * A separate process for the engine's concurrency test: records and revokes contributions for
 * one member against the same database as its siblings (DATABASE_URL: a SQLite file or a PostgreSQL
 * database), each in a unit of work. Usage: worker.ts <userId> <index>.
 */
import { closeDb, prepareDatabase } from "~/utils/db.server";
import { recordContribution, revokeContribution } from "../contributions.server";

const [userId, index] = process.argv.slice(2);
if (!userId || index === undefined) throw new Error("usage: concurrency-worker.ts <userId> <index>");

await prepareDatabase();
for (let step = 0; step < 40; step += 1) {
  await recordContribution({ userId, kind: "post_created", subjectId: step });
  if (step < 20) await recordContribution({ userId, kind: "reply_created", subjectId: `w${index}-${step}` });
  if (step >= 20 && step < 30) await revokeContribution({ userId, kind: "reply_created", subjectId: `w${index}-${step - 20}` });
}
// PostgreSQL: the pool would keep the process alive.
await closeDb();
