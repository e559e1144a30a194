/**
 * Express: compression, security headers (nonce-based CSP), CSRF defence, static assets with
 * long immutable caching, request logs, /healthz, then the Remix request handler. The app lives
 * in app/.
 *
 * In production the server uses every core: with WEB_CONCURRENCY > 1 (default: the number of
 * CPUs) this process is the cluster's primary. It has a short-lived setup worker run the
 * start-up work once (configuration, migrations, reference and demo seed), then forks the workers
 * that serve HTTP over the same SQLite file (WAL mode), restarts a crashed worker with a backoff,
 * and on SIGTERM/SIGINT asks every worker to finish its in-flight requests and close the
 * database. One more worker, the "mail" worker, runs the outbox's sender (exactly one per
 * cluster; docs/decisions/0074-mail-outbox.md); with WEB_CONCURRENCY=1 the single process does.
 * The primary itself never loads the app. See docs/operations.md.
 */
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import onHeaders from "on-headers";
import express, { type NextFunction, type Request, type Response } from "express";
import cluster, { type Worker } from "node:cluster";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AppServer } from "./app/entry.server";
import { bodyLimitFor, checkBodySize } from "./app/utils/body-limit";
import { checkCrossSiteRequest } from "./app/utils/csrf";
import { checkRequestShape } from "./app/utils/request-shape";
import { createPageCache } from "./app/utils/page-cache.server";

const isProduction = process.env.NODE_ENV === "production";
const SHUTDOWN_TIMEOUT_MS = 10_000;

const viteDevServer =
  isProduction || cluster.isWorker
    ? undefined
    : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

async function loadBuild(): Promise<ServerBuild> {
  if (viteDevServer) return (await viteDevServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  return (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
}

// The primary of a cluster never loads the app (it stays small): a short-lived "setup" worker
// runs the start-up work, then the HTTP workers start. Everyone else loads it once here.
const clusterRole = cluster.isWorker ? (process.env.QUADS_CLUSTER_ROLE ?? "http") : undefined;
const needsApp = cluster.isWorker || webConcurrency() === 1;
const initialBuild = needsApp ? await loadBuild() : undefined;
const appServer = initialBuild ? (initialBuild.entry.module as unknown as { appServer: AppServer }).appServer : (undefined as unknown as AppServer);

/** WEB_CONCURRENCY: worker processes; default the number of CPUs; 1 = no cluster (always 1 in development). */
function webConcurrency(): number {
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

if (clusterRole === "setup") {
  await runSetup();
} else if (clusterRole === "mail") {
  await runMailWorker();
} else if (cluster.isWorker) {
  await serve("worker");
} else if (webConcurrency() > 1) {
  await runPrimary(webConcurrency());
} else {
  await serve("single");
}

type Env = Awaited<ReturnType<AppServer["start"]>>;
type SetupDone = { type: "setup-done"; databasePath: string; communityName: string };

/** The setup worker: the start-up work (configuration, migrations, seeds), then report and exit. */
async function runSetup() {
  const env = await startOrExit();
  if (env.TRUST_PROXY.warning) console.warn(`Warning: ${env.TRUST_PROXY.warning}`);
  appServer.stop();
  const done: SetupDone = { type: "setup-done", databasePath: env.databasePath, communityName: env.COMMUNITY_NAME };
  process.send?.(done, () => process.exit(0));
}

/** The cluster's mail worker: delivers the outbox until SIGTERM (or its primary goes away). */
async function runMailWorker() {
  try {
    appServer.startWorker();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  appServer.startMailSender();
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await appServer.stopMailSender();
    appServer.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  process.on("disconnect", () => void stop());
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

/** Start-up once (migrations, seeds) in a setup worker, then fork the HTTP workers and look after them. */
async function runPrimary(workers: number) {
  const env = await setupOnce();
  const pidFile = writePidFile(env.databasePath);

  let stopping = false;
  let announced = false;
  const recentCrashes: number[] = [];
  const exitCodes: number[] = [];

  const roles = new Map<number, "http" | "mail">();
  const fork = (role: "http" | "mail" = "http") => roles.set(cluster.fork({ QUADS_CLUSTER_ROLE: role }).id, role);
  for (let index = 0; index < workers; index += 1) fork();
  fork("mail");

  cluster.on("listening", (_worker, address) => {
    if (announced) return;
    announced = true;
    console.log(`${env.communityName} is running at http://localhost:${address.port} (${workers} workers)`);
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

async function startOrExit(): Promise<Env> {
  try {
    return await appServer.start();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/** One HTTP server: the only process (WEB_CONCURRENCY=1, development) or a cluster worker. */
async function serve(role: "single" | "worker") {
  let env: Env;
  if (role === "worker") {
    try {
      env = appServer.startWorker();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  } else {
    env = await startOrExit();
  }
  const pidFile = role === "single" ? writePidFile(env.databasePath) : undefined;
  if (role === "single") appServer.startMailSender();
  const logEveryRequest = env.LOG_LEVEL === "debug" || env.LOG_LEVEL === "info";
  let stopping = false;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY.hops);
  if (env.TRUST_PROXY.warning && role === "single") console.warn(`Warning: ${env.TRUST_PROXY.warning}`);
  // Never compress (nor buffer) an event stream: each event must leave at once (docs/discussions.md, "Live updates").
  app.use(compression({ filter: (request, response) => !String(response.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(request, response) }));

  app.use((request, response, next) => {
    const nonce = randomBytes(16).toString("base64");
    const requestId = incomingRequestId(request.get("x-request-id")) ?? randomUUID();
    response.locals.cspNonce = nonce;
    response.locals.requestId = requestId;
    // The Remix request is built from these headers: errors logged in app/ carry the same id.
    request.headers["x-request-id"] = requestId;
    const https = request.secure;
    response.set({
      "Content-Security-Policy": isProduction ? contentSecurityPolicy(nonce) : "",
      "X-Content-Type-Options": "nosniff",
      "X-Frame-Options": "DENY",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
      "X-Request-Id": requestId,
      ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
    });
    if (!isProduction) response.removeHeader("Content-Security-Policy");
    if (stopping) response.set("Connection", "close");
    const started = process.hrtime.bigint();
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const status = response.writableFinished ? response.statusCode : 499; // 499: the client went away
      if (status < 500 && (!logEveryRequest || (request.path === "/healthz" && env.LOG_LEVEL !== "debug"))) return;
      logLine({
        level: status >= 500 ? "error" : "info",
        requestId,
        method: request.method,
        path: request.originalUrl,
        status,
        durationMs: Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100,
      });
    };
    response.once("finish", log);
    response.once("close", log);
    next();
  });

  app.use(refuseMalformedRequests);

  app.get("/healthz", (_request, response) => {
    const databaseOk = appServer.healthy();
    response
      .status(databaseOk ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: databaseOk ? "ok" : "error", db: databaseOk ? "ok" : "error", pid: process.pid, worker: cluster.worker?.id ?? 0 });
  });

  app.use(refuseOversizedBodies(env.UPLOAD_MAX_BYTES));
  app.use(refuseCrossSiteWrites);

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    app.use(onlyFiles(express.static("build/client", { maxAge: "1h", index: false })));
  }
  app.use(onlyFiles(express.static("public", { maxAge: "1h", index: false })));

  app.use(privateByDefault);

  // Pages and API answers asked for again by the same browser while the database is unchanged
  // (app/utils/page-cache.server.ts; PAGE_CACHE_SECONDS, 0 = off; never in development).
  const pageCache = createPageCache({
    ttlMs: viteDevServer ? 0 : env.PAGE_CACHE_SECONDS * 1000,
    version: appServer.databaseVersion,
    nonceOf: (response) => response.locals.cspNonce as string,
  });
  app.use(pageCache.middleware);

  app.all(
    "*",
    createRequestHandler({
      build: viteDevServer ? loadBuild : initialBuild!,
      mode: isProduction ? "production" : "development",
      getLoadContext: (request, response) => ({
        cspNonce: response.locals.cspNonce as string,
        clientIp: request.ip ?? request.socket.remoteAddress ?? "unknown",
        requestId: response.locals.requestId as string,
      }),
    }),
  );

  app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    logLine({
      level: "error",
      requestId: response.locals.requestId,
      method: request.method,
      path: request.originalUrl,
      message: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    if (response.headersSent) return;
    response.status(500).json({ message: "Something went wrong on our side. Please try again." });
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    if (role === "worker") return; // the primary announces the cluster
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    console.log(`${env.COMMUNITY_NAME} is running at http://localhost:${port}`);
  });

  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    if (role === "single") console.log(`${signal} received: finishing in-flight requests, then closing the database.`);
    // Live-update streams never end by themselves: end them so in-flight requests can finish.
    appServer.endStreams();
    const mailStopped = role === "single" ? appServer.stopMailSender() : Promise.resolve();
    server.close(() => {
      void mailStopped.then(() => {
        appServer.stop();
        if (pidFile) removePidFile(pidFile);
        process.exit(0);
      });
    });
    server.closeIdleConnections();
    // Keep-alive connections that were busy: close them as soon as their response is done.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    setTimeout(() => {
      logLine({ level: "error", msg: `in-flight requests did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting` });
      appServer.stop();
      if (pidFile) removePidFile(pidFile);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A worker whose primary is gone (killed) stops too instead of serving on alone.
  if (role === "worker") process.on("disconnect", () => shutdown("disconnect"));
}

/** Static files only for paths that name a file (an extension): pages skip the two stat() calls. */
function onlyFiles(handler: express.RequestHandler): express.RequestHandler {
  return (request, response, next) => (path.extname(request.path) ? handler(request, response, next) : next());
}

/** One JSON log line on stdout. */
function logLine(fields: Record<string, unknown>) {
  process.stdout.write(JSON.stringify({ time: new Date().toISOString(), pid: process.pid, ...fields }) + "\n");
}

/** A client- or proxy-supplied X-Request-Id is kept when it is short and plain; otherwise a fresh one. */
function incomingRequestId(value: string | undefined): string | undefined {
  return value && /^[\w.:-]{1,100}$/.test(value) ? value : undefined;
}

/**
 * `<database>.pid` beside the SQLite file, while a server runs on it: `npm run restore` refuses
 * to replace the file under a running server.
 */
function writePidFile(databasePath: string): string {
  const file = `${databasePath}.pid`;
  writeFileSync(file, `${process.pid}\n`);
  process.once("exit", () => removePidFile(file));
  return file;
}

function removePidFile(file: string) {
  try {
    if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file, { force: true });
  } catch {
    // already gone
  }
}

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * What Remix answers (pages, /api) is a member's own view: `Cache-Control: private, no-cache`
 * unless the route chose a policy, so no shared cache keeps it. Over HTTPS every cookie the app
 * sets (session, flash toast, time zone) carries `Secure`.
 */
function privateByDefault(request: Request, response: Response, next: NextFunction) {
  onHeaders(response, () => {
    if (!response.getHeader("Cache-Control")) response.setHeader("Cache-Control", "private, no-cache");
    if (!request.secure) return;
    const cookies = response.getHeader("Set-Cookie");
    if (cookies === undefined) return;
    const list = Array.isArray(cookies) ? cookies : [String(cookies)];
    response.setHeader(
      "Set-Cookie",
      list.map((cookie) => (/;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`)),
    );
  });
  next();
}

/**
 * Body size limits (app/utils/body-limit.ts): 413/411 before a byte of the body is read; forms
 * that carry a picture may send UPLOAD_MAX_BYTES (docs/uploads.md).
 */
function refuseOversizedBodies(uploadMaxBytes: number) {
  return (request: Request, response: Response, next: NextFunction) => {
    const check = checkBodySize({
      contentLength: request.get("content-length"),
      transferEncoding: request.get("transfer-encoding"),
      limitBytes: bodyLimitFor({ path: request.path, contentType: request.get("content-type"), uploadMaxBytes }),
    });
    if (check.ok) return next();
    // The unread body stays on the socket: close the connection after answering.
    response.set("Connection", "close");
    refuse(request, response, check.status, check.message);
  };
}

/** A refusal before Remix: JSON for /api and JSON clients, plain text otherwise. */
function refuse(request: Request, response: Response, status: number, message: string) {
  const wantsJson = request.path.startsWith("/api/") || request.accepts(["html", "json"]) === "json";
  if (wantsJson) return response.status(status).json({ message });
  response.status(status).type("text/plain").send(message);
}

/**
 * Requests no route can answer (app/utils/request-shape.ts): a target that is not a path, a
 * malformed Host, broken percent-encoding, a method the site does not use. A 400 or 405 here,
 * before they reach Remix (which would answer 500).
 */
function refuseMalformedRequests(request: Request, response: Response, next: NextFunction) {
  const forwardedHost = request.app.get("trust proxy") ? request.get("x-forwarded-host")?.split(",")[0].trim() : undefined;
  const check = checkRequestShape({ method: request.method, target: request.originalUrl, host: forwardedHost || request.get("host"), protocol: request.protocol });
  if (check.ok) return next();
  if (check.allow) response.set("Allow", check.allow);
  refuse(request, response, check.status, check.message);
}

/** CSRF defence (app/utils/csrf.ts) for every non-GET request. */
function refuseCrossSiteWrites(request: Request, response: Response, next: NextFunction) {
  const check = checkCrossSiteRequest({
    method: request.method,
    path: request.path,
    host: request.app.get("trust proxy") && request.get("x-forwarded-host") ? request.get("x-forwarded-host") : request.get("host"),
    protocol: request.protocol,
    origin: request.get("origin"),
    fetchSite: request.get("sec-fetch-site"),
    contentType: request.get("content-type"),
  });
  if (check.ok) return next();
  refuse(request, response, check.status, check.message);
}
