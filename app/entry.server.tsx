/**
 * Server entry: renders the document with the CSP nonce on every script, and exports
 * `appServer`, the start/stop hooks server.ts calls (configuration, database, seed).
 */
import { createRequestHandler as createReactRouterRequestHandler, isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider, type ServerBuild } from "react-router";
import { startMailDelivery, stopMailDelivery } from "./mail-worker.server";
import { closeLiveStreams, endLiveStreams, sweepLiveStreams } from "~/features/live/index.server";
import { startApplication, startWorker, stopApplication } from "./startup.server";
import { catchUpWithOtherProcesses, databaseIsHealthy, databaseVersion, engine, reuseStatementsOnEveryConnection } from "./utils/db.server";
import { logServerError } from "./utils/errors.server";
import { answerDatabaseErrorsOnEveryRoute } from "./utils/http.server";
import { NonceProvider } from "./utils/nonce-provider";
import { compactDocument } from "./utils/compact-document";
import { renderedResponse } from "./utils/rendered-body";
import { renderRouterDocument, type StreamedReason } from "./utils/render-document.server";
import { requestInfoOf } from "./utils/request-context";
import { storageIsHealthy, sweepUnusedUploads } from "~/features/uploads/index.server";

export const streamTimeout = 5_000;

/** Start hooks for server.ts; every process that serves HTTP reuses its prepared statements. */
export const appServer = {
  async start() {
    const env = await startApplication();
    // Pictures picked in an editor more than a day ago and never posted (docs/uploads.md).
    await sweepUnusedUploads();
    await sweepLiveStreams();
    reuseStatementsOnEveryConnection();
    return env;
  },
  async startWorker() {
    const env = await startWorker();
    // Streams of a worker that died without closing them stop counting against members' limits.
    await sweepLiveStreams();
    reuseStatementsOnEveryConnection();
    return env;
  },
  /** Closes the live register (its rows of this process's streams released first) and the database. */
  async stop() {
    await closeLiveStreams().catch(() => undefined); // the register's rows expire by themselves
    await stopApplication();
  },
  /** The outbox's sender and the notification-mail jobs in the single process (WEB_CONCURRENCY=1); a cluster runs them in its mail worker (server/mail-worker.ts). docs/decisions/0074-mail-outbox.md. */
  startMailSender: startMailDelivery,
  /** Stops the jobs and the sender, waiting briefly for a message being sent; call before stop(). */
  stopMailSender: stopMailDelivery,
  /** Ends the open live-update streams so that shutdown's wait for in-flight requests can finish. */
  endStreams: endLiveStreams,
  healthy: databaseIsHealthy,
  /** Whether the picture store (the local disk or the bucket, decision 0108) answers now: /healthz. */
  storageHealthy: storageIsHealthy,
  /** The database's write version (the page cache's freshness key). */
  databaseVersion,
  /** Whether other boxes may write to this database (PostgreSQL): read-your-writes then needs `catchUpWithOtherProcesses` (server/read-your-writes.ts). */
  writesCrossBoxes: engine === "postgres",
  catchUpWithOtherProcesses,
};
export type AppServer = typeof appServer;

/** The request context server.ts hands to React Router (app/utils/request-context.ts). */
export { requestContextOf } from "./utils/request-context";

/**
 * React Router's request handler and the stream helpers of `@react-router/node`, for
 * server/request-handler.ts: taken from the build, so that the server runs the one copy of React
 * Router the build bundles (its production build, vite.config.ts) and the handler's
 * `RouterContextProvider` is the class `requestContextOf` instantiates (docs/decisions/0096-react-router-production-build-on-the-server.md).
 * Every route's loader and action answer the database's failures as handlePage does (`answerDatabaseErrorsOnEveryRoute`).
 */
export function createRequestHandler(build: ServerBuild, mode?: string) {
  // A loader or action the database failed (PostgreSQL down, too busy) answers a readable 503 page, not a 500.
  return createReactRouterRequestHandler(answerDatabaseErrorsOnEveryRoute(build), mode);
}
export { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // React Router's own 4xx answers (405 for a route with no action, 404 for no route) are not server errors.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logServerError(error, request);
};

let warnedStreamed = false;
/** A document that could not be rendered with its payload ahead still answers (streamed); the operator learns once per process. */
function warnOnceStreamed(reason: StreamedReason) {
  if (warnedStreamed) return;
  warnedStreamed = true;
  const decision = "docs/decisions/0123-router-document-rendered-with-its-payload-ahead.md";
  console.warn(JSON.stringify({ level: "warn", time: new Date().toISOString(), event: "document_streamed", message: `A document was rendered through the streaming renderer: ${reason} (${decision}).` }));
}

/**
 * Renders the whole document, then answers with it in one piece. No loader defers data, so
 * streaming gained nothing: the hydration payload is read ahead and the page rendered with
 * `renderToString` (`renderRouterDocument`, decision 0123; the streaming renderer only as its
 * fallback), and the pieces go to server.ts beside an empty Response (app/utils/rendered-body.ts;
 * docs/decisions/0084-document-rendered-to-a-string.md, docs/decisions/0091-public-apis-only.md).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: Readonly<RouterContextProvider>,
) {
  const { cspNonce: nonce } = requestInfoOf(loadContext);
  let status = responseStatusCode;
  const pieces = await renderRouterDocument(
    routerContext,
    (context) => (
      <NonceProvider value={nonce}>
        <ServerRouter context={context} url={request.url} nonce={nonce} />
      </NonceProvider>
    ),
    {
      nonce,
      // Deferred data is rejected after streamTimeout; the render stops a second later.
      timeoutMs: streamTimeout + 1000,
      onError(error) {
        status = 500;
        if (!request.signal.aborted) logServerError(error, request);
      },
      onStreamed: warnOnceStreamed,
    },
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return renderedResponse(pieces.flatMap(compactDocument), { headers: responseHeaders, status });
}
