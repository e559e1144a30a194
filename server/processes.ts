/**
 * Process management for server.ts: the cluster's primary (a setup worker runs the start-up work
 * once, then HTTP workers and the one mail worker (its own entry, server/mail-worker.ts) are forked
 * and restarted with a backoff after a crash; SIGTERM/SIGINT stop them gracefully), the setup and
 * mail workers, WEB_CONCURRENCY, the `<database>.pid` file and the JSON log line. See
 * docs/operations.md.
 */
import cluster, { type Worker } from "node:cluster";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import type { AppServer } from "../app/entry.server";

const isProduction = process.env.NODE_ENV === "production";
export const SHUTDOWN_TIMEOUT_MS = 10_000;

export type Env = Awaited<ReturnType<AppServer["start"]>>;
/** What the setup worker tells the primary: where the database is, the name, and whether this box runs a mail worker (MAIL_WORKER). */
type SetupDone = { type: "setup-done"; databasePath: string; communityName: string; isMailWorkerOn: boolean };

/** WEB_CONCURRENCY: worker processes; default the number of CPUs; 1 = no cluster (always 1 in development). */
export function webConcurrency(): number {
  if (!isProduction) return 1;
  const raw = process.env.WEB_CONCURRENCY?.trim();
  if (!raw) return availableParallelism();
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    console.error("Invalid configuration:\n  WEB_CONCURRENCY: must be a positive whole number (1 = one process, no cluster)");
    process.exit(1);
  }
  return value;
}

export async function startOrExit(appServer: AppServer): Promise<Env> {
  try {
    return await appServer.start();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** The setup worker: the start-up work (configuration, migrations, seeds), then report and exit. */
export async function runSetup(appServer: AppServer) {
  const env = await startOrExit(appServer);
  if (env.TRUST_PROXY.warning) console.warn(`Warning: ${env.TRUST_PROXY.warning}`);
  if (env.publicUrlWarning) console.warn(`Warning: ${env.publicUrlWarning}`);
  if (env.sessionSecretWarning) console.warn(`Warning: ${env.sessionSecretWarning}`);
  await appServer.stop();
  const done: SetupDone = { type: "setup-done", databasePath: env.databasePath, communityName: env.COMMUNITY_NAME, isMailWorkerOn: env.MAIL_WORKER };
  process.send?.(done, () => process.exit(0));
}

/** What the mail worker runs: server/mail-worker.ts gives the outbox's sender and the mail jobs. */
export type MailDelivery = { start(): void | Promise<void>; stop(): Promise<void> };

/** The cluster's mail worker: delivers the outbox until SIGTERM (or its primary goes away). A start that fails (throws or rejects) ends it with code 1. */
export function runMailWorker(delivery: MailDelivery) {
  const failed = (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  };
  try {
    // Awaited in the background: the stop handlers below are in place while it opens the database.
    Promise.resolve(delivery.start()).catch(failed);
  } catch (error) {
    failed(error);
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await delivery.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  process.on("disconnect", () => void stop());
}

/**
 * The workers the primary forks: `workers` HTTP workers and the mail worker, which a box with
 * MAIL_WORKER=false goes without: it sends no mail and runs no mail jobs, another box's mail worker
 * does (docs/decisions/0110-background-work-once.md).
 */
export function rolesToFork(workers: number, isMailWorkerOn: boolean): ("http" | "mail")[] {
  return [...Array.from({ length: workers }, () => "http" as const), ...(isMailWorkerOn ? (["mail"] as const) : [])];
}

/** Runs the setup worker and waits for it: its configuration summary, or the primary exits with its code. */
function setupOnce(): Promise<SetupDone> {
  return new Promise((resolve) => {
    const setup = cluster.fork({ QUADS_CLUSTER_ROLE: "setup" });
    let done: SetupDone | undefined;
    setup.on("message", (message: SetupDone) => {
      if (message?.type === "setup-done") done = message;
    });
    setup.on("exit", (code) => {
      if (done && code === 0) resolve(done);
      else process.exit(code || 1); // the setup worker printed why (e.g. a bad variable)
    });
  });
}

/**
 * Start-up once (migrations, seeds) in a setup worker, then fork the HTTP workers and the mail
 * worker (unless MAIL_WORKER=false) and look after them. The setup and HTTP workers run this process's own script; the mail
 * worker runs `mailWorkerEntry`, a small script of its own (server/mail-worker.ts).
 */
export async function runPrimary(workers: number, mailWorkerEntry: string) {
  const env = await setupOnce();
  const pidFile = writePidFile(env.databasePath);

  let stopping = false;
  let announced = false;
  const recentCrashes: number[] = [];
  const exitCodes: number[] = [];

  const roles = new Map<number, "http" | "mail">();
  const serverEntry = process.argv[1];
  const fork = (role: "http" | "mail" = "http") => {
    // Every worker runs with the primary's own flags: V8 sizes the HTTP workers' young generation (decision 0124).
    cluster.setupPrimary({ exec: role === "mail" ? mailWorkerEntry : serverEntry, execArgv: process.execArgv });
    roles.set(cluster.fork({ QUADS_CLUSTER_ROLE: role }).id, role);
  };
  for (const role of rolesToFork(workers, env.isMailWorkerOn)) fork(role);

  cluster.on("listening", (_worker, address) => {
    if (announced) return;
    announced = true;
    console.log(`${env.communityName} is running at http://localhost:${address.port} (${workers} workers${env.isMailWorkerOn ? "" : ", no mail worker: MAIL_WORKER=false"})`);
  });

  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) {
      exitCodes.push(code ?? 1);
      if (Object.keys(cluster.workers ?? {}).length === 0) finish();
      return;
    }
    const now = Date.now();
    recentCrashes.push(now);
    while (recentCrashes.length && recentCrashes[0] < now - 60_000) recentCrashes.shift();
    const delay = Math.min(30_000, 250 * 2 ** (recentCrashes.length - 1));
    const role = roles.get(worker.id) ?? "http";
    roles.delete(worker.id);
    logLine({ level: "error", msg: "worker exited; restarting", role, workerPid: worker.process.pid, code, signal, restartInMs: delay });
    setTimeout(() => {
      if (!stopping) fork(role);
    }, delay).unref();
  });

  function finish() {
    removePidFile(pidFile);
    process.exit(exitCodes.every((code) => code === 0) ? 0 : 1);
  }

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: the workers finish their in-flight requests, then close the database.`);
    const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    if (running.length === 0) finish();
    for (const worker of running) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      removePidFile(pidFile);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS + 2_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** One JSON log line on stdout. */
export function logLine(fields: Record<string, unknown>) {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), pid: process.pid, ...fields }) + "\n");
}

/**
 * `<database>.pid` beside the SQLite file, while a server runs on it: `npm run restore` refuses
 * to replace the file under a running server.
 */
export function writePidFile(databasePath: string): string {
  const file = `${databasePath}.pid`;
  writeFileSync(file, `${process.pid}\n`);
  process.once("exit", () => removePidFile(file));
  return file;
}

export function removePidFile(file: string) {
  try {
    if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}
