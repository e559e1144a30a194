/**
 * The cluster's mail worker, an entry of its own (build/mail-worker.js, built by
 * scripts/build-server.mjs): it opens the database and runs the outbox's sender and the
 * notification-mail jobs (app/mail-worker.server.ts), and loads nothing else: no Express, no
 * React, no Remix build (docs/decisions/0089-mail-worker-entry.md; docs/performance.md,
 * "Footprint"). The primary forks it (server/processes.ts); it stops on SIGTERM or when the
 * primary goes away.
 */
import { startMailDelivery, stopMailDelivery } from "../app/mail-worker.server";
import { closeDb, prepareDatabase, reuseStatementsOnEveryConnection } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";
import { runMailWorker } from "./processes";

runMailWorker({
  async start() {
    // The setup worker applied the migrations: this parses the configuration and opens the database
    // (on PostgreSQL the engine's pool and write-version listener: decision 0105).
    if (!getEnv().MAIL_WORKER) {
      // The primary does not fork it then (server/processes.ts); started by hand, it has nothing to do.
      console.log("MAIL_WORKER=false: this box sends no mail (another box's mail worker does).");
      process.exit(0);
    }
    await prepareDatabase();
    // The jobs run the same few queries every few seconds: compile them once (as the HTTP workers do).
    reuseStatementsOnEveryConnection();
    startMailDelivery();
  },
  async stop() {
    await stopMailDelivery();
    await closeDb();
  },
});
