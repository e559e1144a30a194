/**
 * A SQLite file with the demo community (reference data, then app/features/demo's replay), for
 * tests that need real content in a database of their own: `tsx scripts/lib/test-support/seed-demo-database.ts`
 * with DATABASE_URL=file:<path> (run as a child process: the app's modules bind the database at import).
 */
import { seedDemoContent } from "../../../app/features/demo/index.server";
import { seedReferenceData } from "../../../app/features/settings/index.server";
import { closeDb, prepareDatabase } from "../../../app/utils/db.server";

await prepareDatabase();
await seedReferenceData({ communityName: "Quads" });
await seedDemoContent({ now: new Date("2026-11-01T12:00:00.000Z"), adminEmail: "admin@quads.example", adminPasswordHash: "admin-hash", memberPasswordHash: "member-hash" });
await closeDb();
