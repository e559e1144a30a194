/**
 * Express, the request pipeline: compression, security headers (nonce-based CSP), CSRF defence,
 * static assets with long immutable caching, request logs, /healthz, then React Router's request
 * handler. The app lives in app/.
 *
 * In production the server uses every core: with WEB_CONCURRENCY > 1 (default: the number of
 * CPUs) this process is the cluster's primary, which never loads the app; its setup, HTTP and
 * mail workers, restarts and graceful stop live in server/processes.ts (the mail worker is a
 * script of its own, server/mail-worker.ts, that runs the outbox's sender, exactly one per
 * cluster: docs/decisions/0074-mail-outbox.md and 0089; with WEB_CONCURRENCY=1 the single process
 * does). See docs/operations.md.
 */
import type { ServerBuild } from "react-router";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import path from "node:path";
import type { Duplex } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AppServer } from "./app/entry.server";
import { bodyLimitFor, checkBodySize, drainLimitFor } from "./app/utils/body-limit";
import { checkCrossSiteRequest } from "./app/utils/csrf";
import { externalSignInOrigins } from "./app/utils/env.server";
import { checkRequestShape, clientErrorAnswer } from "./app/utils/request-shape";
import { createPageCache } from "./app/utils/page-cache.server";
import { readYourWrites } from "./server/read-your-writes";
import { chooseAssetEncoding, precompressedName, type AssetEncoding } from "./app/utils/precompressed";
import {
  logLine,
  removePidFile,
  runPrimary,
  runSetup,
  SHUTDOWN_TIMEOUT_MS,
  startOrExit,
  webConcurrency,
  writePidFile,
  type Env,
} from "./server/processes";

const isProduction = process.env.NODE_ENV === "production";

const viteDevServer =
  isProduction || cluster.isWorker
    ? undefined
    : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

async function loadBuild(): Promise<ServerBuild> {
  if (viteDevServer) return (await viteDevServer.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  return (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
}

// The primary of a cluster never loads the app (it stays small): a short-lived "setup" worker
// runs the start-up work, then the HTTP workers start. Everyone else loads it once here.
const clusterRole = cluster.isWorker ? (process.env.QUADS_CLUSTER_ROLE ?? "http") : undefined;
const needsApp = cluster.isWorker || webConcurrency() === 1;
const initialBuild = needsApp ? await loadBuild() : undefined;
const appServer = initialBuild ? (initialBuild.entry.module as unknown as { appServer: AppServer }).appServer : (undefined as unknown as AppServer);
// Express, its middleware and React Router's request handler: loaded by the processes that load the
// app only, so the cluster's primary never does (about 15 MB less: docs/performance.md, "Footprint").
const { express, compressionMiddleware, onHeaders, createRequestHandler } = needsApp ? await loadHttpStack() : ({} as HttpStack);

async function loadHttpStack() {
  const [{ default: express }, { compressionMiddleware }, { default: onHeaders }, { createRequestHandler }] = await Promise.all([
    import("express"),
    import("./server/compression"),
    import("on-headers"),
    import("./server/request-handler"),
  ]);
  return { express, compressionMiddleware, onHeaders, createRequestHandler };
}
type HttpStack = Awaited<ReturnType<typeof loadHttpStack>>;

if (clusterRole === "setup") {
  await runSetup(appServer);
} else if (cluster.isWorker) {
  await serve("worker");
} else if (webConcurrency() > 1) {
  await runPrimary(webConcurrency(), mailWorkerEntry());
} else {
  await serve("single");
}

/**
 * The mail worker's script beside this one: build/mail-worker.js next to build/server.js
 * (scripts/build-server.mjs), or server/mail-worker.ts when this file runs from source.
 */
function mailWorkerEntry(): string {
  const isSource = import.meta.url.endsWith(".ts");
  return fileURLToPath(new URL(isSource ? "./server/mail-worker.ts" : "./mail-worker.js", import.meta.url));
}

/** One HTTP server: the only process (WEB_CONCURRENCY=1, development) or a cluster worker. */
async function serve(role: "single" | "worker") {
  let env: Env;
  if (role === "worker") {
    try {
      env = await appServer.startWorker();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  } else {
    env = await startOrExit(appServer);
  }
  const pidFile = role === "single" ? writePidFile(env.databasePath) : undefined;
  if (role === "single") appServer.startMailSender();
  const logEveryRequest = env.LOG_LEVEL === "debug" || env.LOG_LEVEL === "info";
  let stopping = false;

  const signInOrigins = externalSignInOrigins(env);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY.hops);
  if (env.TRUST_PROXY.warning && role === "single") console.warn(`Warning: ${env.TRUST_PROXY.warning}`);
  if (env.publicUrlWarning && role === "single") console.warn(`Warning: ${env.publicUrlWarning}`);
  if (env.sessionSecretWarning && role === "single") console.warn(`Warning: ${env.sessionSecretWarning}`);
  // Per-request compression (brotli quality 3, a 256 KB window); a body sent whole (a rendered page,
  // an /api answer) in one synchronous call, with the middleware's decision (server/compression.ts).
  app.use(compressionMiddleware());

  app.use((request, response, next) => {
    const nonce = randomBytes(16).toString("base64");
    const requestId = incomingRequestId(request.get("x-request-id")) ?? randomUUID();
    response.locals.cspNonce = nonce;
    response.locals.requestId = requestId;
    // The web request is built from these headers: errors logged in app/ carry the same id.
    request.headers["x-request-id"] = requestId;
    const https = request.secure;
    response.set({
      "Content-Security-Policy": isProduction ? contentSecurityPolicy(nonce, signInOrigins) : "",
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

  // The database and the picture store (the local disk or the bucket: docs/operations.md, "Health check").
  app.get("/healthz", async (_request, response) => {
    const [databaseOk, storageOk] = await Promise.all([appServer.healthy(), appServer.storageHealthy()]);
    const isOk = databaseOk && storageOk;
    response
      .status(isOk ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ status: isOk ? "ok" : "error", db: databaseOk ? "ok" : "error", storage: storageOk ? "ok" : "error", pid: process.pid, worker: cluster.worker?.id ?? 0 });
  });

  app.use(refuseOversizedBodies(env.UPLOAD_MAX_BYTES));
  app.use(refuseCrossSiteWrites);

  if (viteDevServer) {
    app.use(viteDevServer.middlewares);
  } else {
    // The build's brotli/gzip copies of the assets when the browser accepts them (docs/decisions/0081-slow-connection-first-view.md).
    const assets = express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false });
    app.use("/assets", precompressedAssets("build/client/assets", assets), assets);
    app.use(onlyFiles(express.static("build/client", { maxAge: "1h", index: false })));
  }
  app.use(onlyFiles(express.static("public", { maxAge: "1h", index: false })));

  app.use(privateByDefault);

  // A browser's request right after its write through another box sees that write (decision 0121).
  if (appServer.writesCrossBoxes) app.use(readYourWrites(appServer.catchUpWithOtherProcesses, onHeaders));

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
    createRequestHandler(viteDevServer ? loadBuild : initialBuild!, isProduction ? "production" : "development", (request, response) => ({
      cspNonce: response.locals.cspNonce as string,
      clientIp: request.ip ?? request.socket.remoteAddress ?? "unknown",
      requestId: response.locals.requestId as string,
    })),
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
  answerClientErrors(server);

  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    if (role === "single") console.log(`${signal} received: finishing in-flight requests, then closing the database.`);
    // Live-update streams never end by themselves: end them so in-flight requests can finish.
    appServer.endStreams();
    const mailStopped = role === "single" ? appServer.stopMailSender() : Promise.resolve();
    server.close(() => {
      void mailStopped.then(async () => {
        await appServer.stop();
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
      // Exiting anyway: the database's connections close with the process.
      void appServer.stop();
      if (pidFile) removePidFile(pidFile);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  // A worker whose primary is gone (killed) stops too instead of serving on alone.
  if (role === "worker") process.on("disconnect", () => shutdown("disconnect"));
}

/**
 * A request Node's parser refuses (a header block over its 16 KB limit, a malformed head, a head
 * that took too long) gets a readable answer (`clientErrorAnswer`: 431, 400, 408) instead of
 * Node's default, which closes at once: the client, still sending its headers, sees a reset
 * connection instead of the answer. What it still sends is read and dropped until it stops, or
 * for 5 s at most, so the close does not reset the answer away (see docs/operations.md,
 * "What the server refuses"). Nothing is written into a response that has started.
 */
function answerClientErrors(server: Server) {
  const lastResponse = new WeakMap<Duplex, ServerResponse>();
  const answered = new WeakSet<Duplex>();
  server.on("request", (request: IncomingMessage, response: ServerResponse) => lastResponse.set(request.socket, response));
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // The parser keeps refusing what arrives after its first error: that was answered already.
    if (answered.has(socket)) return;
    const response = lastResponse.get(socket);
    if (error.code === "ECONNRESET" || !socket.writable || (response && response.headersSent && !response.writableEnded)) return socket.destroy();
    answered.add(socket);
    socket.end(clientErrorAnswer(error.code));
    socket.once("end", () => socket.destroy());
    setTimeout(() => socket.destroy(), 5_000).unref();
  });
}

/** Static files only for paths that name a file (an extension): pages skip the two stat() calls. */
function onlyFiles(handler: RequestHandler): RequestHandler {
  return (request, response, next) => (path.extname(request.path) ? handler(request, response, next) : next());
}

/**
 * Sends `x.js.br` or `x.js.gz` for `x.js` when the build wrote it (scripts/compress-assets.mjs) and
 * the request accepts that encoding (app/utils/precompressed.ts), through the same static handler,
 * with the original file's type; the compression middleware leaves an answer that already has a
 * Content-Encoding alone. The list of files is read once: the build does not change while the
 * server runs (if a copy has gone all the same, the plain file is served as before).
 */
function precompressedAssets(directory: string, serveStatic: RequestHandler): RequestHandler {
  let files: Set<string>;
  try {
    files = new Set(readdirSync(directory));
  } catch {
    files = new Set();
  }
  return (request, response, next) => {
    if (request.method !== "GET" && request.method !== "HEAD") return next();
    const name = request.path.slice(1);
    const available = new Set((["br", "gzip"] as AssetEncoding[]).filter((encoding) => files.has(precompressedName(name, encoding))));
    if (available.size === 0) return next();
    response.vary("Accept-Encoding");
    const encoding = chooseAssetEncoding(request.get("accept-encoding"), available);
    if (!encoding) return next();
    const url = request.url;
    response.type(path.extname(name)).set("Content-Encoding", encoding);
    request.url = `/${precompressedName(name, encoding)}`;
    void serveStatic(request, response, (error?: unknown) => {
      request.url = url;
      response.removeHeader("Content-Encoding");
      response.removeHeader("Content-Type");
      next(error);
    });
  };
}

/** A client- or proxy-supplied X-Request-Id is kept when it is short and plain; otherwise a fresh one. */
function incomingRequestId(value: string | undefined): string | undefined {
  return value && /^[\w.:-]{1,100}$/.test(value) ? value : undefined;
}

/** `formOrigins`: the external sign-in providers' pages the sign-in buttons' posts are redirected to (decision 0112). */
function contentSecurityPolicy(nonce: string, formOrigins: string[]): string {
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
    ["form-action 'self'", ...formOrigins].join(" "),
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * What React Router answers (pages, /api) is a member's own view: `Cache-Control: private, no-cache`
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
 * Body size limits (app/utils/body-limit.ts): 413/411 from the headers; forms that carry a picture
 * may send UPLOAD_MAX_BYTES (docs/uploads.md). A refused body is read and thrown away first (at
 * most `drainLimitFor`, while it keeps coming), then the answer goes and the connection closes:
 * closing on a client that is still sending resets the connection (EPIPE, ECONNRESET), and the
 * client may never read the 413.
 */
function refuseOversizedBodies(uploadMaxBytes: number) {
  const drainLimit = drainLimitFor(uploadMaxBytes);
  return (request: Request, response: Response, next: NextFunction) => {
    const check = checkBodySize({
      contentLength: request.get("content-length"),
      transferEncoding: request.get("transfer-encoding"),
      limit: bodyLimitFor({ path: request.path, contentType: request.get("content-type"), uploadMaxBytes }),
    });
    if (check.ok) return next();
    response.set("Connection", "close");
    const declaredBytes = Number(request.get("content-length"));
    // A body of unknown length, or larger than the bound, is answered at once and cut off.
    if (check.status !== 413 || !(declaredBytes <= drainLimit)) return refuse(request, response, check.status, check.message);
    drainBody(request, drainLimit, () => refuse(request, response, check.status, check.message));
  };
}

/** A refused body's bytes stop coming for this long: answer anyway (a client that lies about its Content-Length). */
const DRAIN_IDLE_MS = 2000;

/** Reads and discards a request's body, then calls `done` once: at its end, past `limitBytes`, after DRAIN_IDLE_MS without a byte, or when the client goes. */
function drainBody(request: Request, limitBytes: number, done: () => void) {
  let receivedBytes = 0;
  let isDone = false;
  const finish = () => {
    if (isDone) return;
    isDone = true;
    clearTimeout(idle);
    done();
  };
  const idle = setTimeout(finish, DRAIN_IDLE_MS);
  request.on("data", (chunk: Buffer) => {
    receivedBytes += chunk.length;
    idle.refresh();
    if (receivedBytes > limitBytes) finish();
  });
  request.once("end", finish);
  request.once("error", finish);
  request.once("close", finish);
}

/**
 * A refusal before React Router: JSON for /api and JSON clients; a body too large for a page (past what
 * the app reads, docs/uploads.md) a short page with a way back to the form; plain text otherwise.
 */
function refuse(request: Request, response: Response, status: number, message: string) {
  const wants = request.path.startsWith("/api/") ? "json" : request.accepts(["html", "json"]);
  if (wants === "json") return response.status(status).json({ message });
  if (wants === "html" && status === 413) return response.status(status).type("html").send(refusalPage(message, request.path));
  response.status(status).type("text/plain").send(message);
}

function refusalPage(message: string, backTo: string): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too large</title></head><body><main><h1>Too large</h1><p>${escape(message)}</p><p><a href="${escape(backTo.replace(/\.data$/, ""))}">Back to the form</a></p></main></body></html>`;
}

/**
 * Requests no route can answer (app/utils/request-shape.ts): a target that is not a path, a
 * malformed Host, broken percent-encoding, a method the site does not use. A 400 or 405 here,
 * before they reach React Router (which would answer 500).
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
