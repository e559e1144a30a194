/**
 * Background work with several processes on one SQLite file (as a cluster's, or two servers started
 * on one file): the outbox's senders, a killed one, MAIL_WORKER=false. The suite is
 * test-support/several-boxes.ts; on PostgreSQL it runs whole in several-boxes.server.pg.test.ts,
 * so the "unit-pg" project skips it here.
 */
import { describe } from "vitest";
import { engine } from "~/utils/db.server";
import { severalBoxesTests } from "./test-support/several-boxes";

describe.skipIf(engine === "postgres")("several processes on one SQLite file", () => {
  severalBoxesTests({ withJobs: false });
});
