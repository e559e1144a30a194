/**
 * Server entry: streams the document with the CSP nonce on every script, and exports
 * `appServer`, the start/stop hooks server.ts calls (configuration, database, seed).
 */
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { databaseIsHealthy, startApplication, startWorker, stopApplication } from "./utils/startup.server";
import { logServerError } from "./utils/errors.server";
import { NonceProvider } from "./utils/nonce-provider";

export const streamTimeout = 5_000;

export const appServer = { start: startApplication, startWorker, stop: stopApplication, healthy: databaseIsHealthy };
export type AppServer = typeof appServer;

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  logServerError(error, request);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logServerError(error, request);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
