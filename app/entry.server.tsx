/**
 * Server entry: renders the document with the CSP nonce on every script, and exports
 * `appServer`, the start/stop hooks server.ts calls (configuration, database, seed).
 */
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { startMailDelivery, stopMailDelivery } from "./mail-worker.server";
import { endLiveStreams, sweepLiveStreams } from "./features/live/live.server";
import { startApplication, startWorker, stopApplication } from "./startup.server";
import { databaseIsHealthy, databaseVersion } from "./utils/db.server";
import { logServerError } from "./utils/errors.server";
import { NonceProvider } from "./utils/nonce-provider";
import { renderedResponse } from "./utils/rendered-body";
import { getDb } from "./utils/db.server";
import { reusePreparedStatements } from "./utils/statement-cache.server";
import { sweepUnusedUploads } from "./features/uploads/uploads.server";

export const streamTimeout = 5_000;

/** Start hooks for server.ts; every process that serves HTTP reuses its prepared statements. */
export const appServer = {
  async start() {
    const env = await startApplication();
    // Pictures picked in an editor more than a day ago and never posted (docs/uploads.md).
    await sweepUnusedUploads();
    sweepLiveStreams();
    reusePreparedStatements(getDb().$client);
    return env;
  },
  startWorker() {
    const env = startWorker();
    // Streams of a worker that died without closing them stop counting against members' limits.
    sweepLiveStreams();
    reusePreparedStatements(getDb().$client);
    return env;
  },
  stop: stopApplication,
  /** The outbox's sender and the notification-mail jobs in the single process (WEB_CONCURRENCY=1); a cluster runs them in its mail worker (server/mail-worker.ts). docs/decisions/0074-mail-outbox.md. */
  startMailSender: startMailDelivery,
  /** Stops the jobs and the sender, waiting briefly for a message being sent; call before stop(). */
  stopMailSender: stopMailDelivery,
  /** Ends the open live-update streams so that shutdown's wait for in-flight requests can finish. */
  endStreams: endLiveStreams,
  healthy: databaseIsHealthy,
  /** The database's write version (the page cache's freshness key). */
  databaseVersion,
};
export type AppServer = typeof appServer;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // Remix's own 4xx answers (405 for a route with no action, 404 for no route) are not server errors.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logServerError(error, request);
};

/**
 * Renders the whole document to a string, then answers with it in one piece. No loader defers
 * data, so streaming gained nothing, while handing React's ~40 small chunks one by one through a
 * web stream and the compression middleware cost more than the rendering; and with the hydration
 * payload read first (readHandoffAhead) nothing suspends, so React's synchronous string renderer
 * does the same work without its stream's encoding and scheduling: 12–25 % less CPU per page
 * (docs/performance.md, "Fifth slice"; the bytes are identical; decision 0084). A component that did suspend
 * would have its boundary rendered in the browser instead.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  await readHandoffAhead(remixContext);
  const html = renderToString(
    <NonceProvider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // renderToString leaves out the doctype the streaming renderer wrote before <html>.
  return renderedResponse(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

type HandoffCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

/**
 * Reads Remix's hydration payload (the loader data as a turbo-stream) to its end before the render
 * and gives it to Remix's StreamTransfer through the cache StreamTransfer keeps in `renderMeta`,
 * chunk by chunk, exactly as it would have read them. StreamTransfer then renders its scripts
 * at once instead of suspending on each read, which made React render the page in two passes
 * with a round trip through the event loop in between (docs/performance.md, "Fifth slice").
 * Nothing here defers data, so the payload is complete as soon as the loaders are; a deferred
 * value would only be waited for before the render rather than during it (the document is sent
 * in one piece either way).
 */
async function readHandoffAhead(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const cache: HandoffCache = {};
  for (let index = 0; ; index++) {
    const { done, value } = await reader.read();
    cache[index] = Object.assign(Promise.resolve(), { result: { done, value: decoder.decode(value, { stream: true }) } });
    if (done) break;
  }
  // StreamTransfer still takes a reader of the (now finished) stream; it never reads from it.
  reader.releaseLock();
  context.renderMeta.streamCache = cache;
}
