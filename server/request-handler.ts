/**
 * The Express side of React Router, on its public API: the Express request becomes a web Request
 * (as @react-router/express builds it), React Router's `createRequestHandler` answers it, and the
 * answer goes back to Express. One difference from the adapter: a response carrying its body
 * beside an empty web body (a rendered document, `jsonResponse`: app/utils/rendered-body.ts) is
 * written in one call instead of through a web stream, and so compressed in one call too
 * (server/compression.ts, decision 0127; docs/decisions/0084-document-rendered-to-a-string.md,
 * docs/decisions/0091-public-apis-only.md). Everything else (streams, data requests, redirects, the
 * HEAD answer) is piped as the adapter does.
 *
 * React Router itself (`createRequestHandler`, the stream helpers of `@react-router/node`) comes
 * from the build's server entry (app/entry.server.tsx), never from an import here: the build
 * bundles the package's production build, and one copy serves the app and this handler
 * (docs/decisions/0096-react-router-production-build-on-the-server.md; scripts/build-server.mjs
 * fails when this file imports React Router again).
 */
import type express from "express";
import type { ServerBuild } from "react-router";
import type * as ServerEntry from "../app/entry.server";
import type { RequestInfo } from "../app/utils/request-context";
import { renderedBodyOf } from "../app/utils/rendered-body";

/** What the build's server entry exports beside its renderer (app/entry.server.tsx). */
type EntryExports = Pick<typeof ServerEntry, "requestContextOf" | "createRequestHandler" | "createReadableStreamFromReadable" | "writeReadableStreamToWritable">;
type ReactRouterHandler = ReturnType<EntryExports["createRequestHandler"]>;

/** One React Router handler per build (a development server hands a new build after each change). */
type Served = { entry: EntryExports; handle: ReactRouterHandler };

export function createRequestHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string,
  requestInfoOf: (request: express.Request, response: express.Response) => RequestInfo,
): express.RequestHandler {
  const servedBuilds = new WeakMap<ServerBuild, Served>();
  const servedOf = (current: ServerBuild): Served => {
    let served = servedBuilds.get(current);
    if (!served) {
      const entry = current.entry.module as unknown as EntryExports;
      served = { entry, handle: entry.createRequestHandler(current, mode) };
      servedBuilds.set(current, served);
    }
    return served;
  };
  return async (request, response, next) => {
    try {
      const { entry, handle } = servedOf(typeof build === "function" ? await build() : build);
      const answer = await handle(webRequestOf(request, response, entry.createReadableStreamFromReadable), entry.requestContextOf(requestInfoOf(request, response)));
      await send(response, answer, entry.writeReadableStreamToWritable);
    } catch (error) {
      next(error);
    }
  };
}

/** The web Request for an Express request: the URL as Express sees it (trust proxy), aborted when the client goes away. */
export function webRequestOf(request: express.Request, response: express.Response, readableStreamOf: EntryExports["createReadableStreamFromReadable"]): Request {
  const forwardedPort = request.app?.enabled("trust proxy") ? request.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const port = [forwardedPort, request.get("host")?.split(":")[1]].map((value) => Number.parseInt(value ?? "", 10)).find(Number.isSafeInteger);
  const hostname = request.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const url = new URL(`${request.protocol}://${hostname}${port ? `:${port}` : ""}${request.originalUrl}`);
  const headers = new Headers();
  for (const [key, values] of Object.entries(request.headers)) {
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else if (values) headers.set(key, values);
  }
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, signal: controller.signal };
  response.on("finish", () => (controller = null));
  response.on("close", () => controller?.abort());
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = readableStreamOf(request);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(response: express.Response, answer: Response, writeStream: EntryExports["writeReadableStreamToWritable"]): Promise<void> {
  if (response.destroyed || response.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  response.statusMessage = answer.statusText;
  response.status(answer.status);
  for (const [key, value] of answer.headers) response.append(key, value);
  const body = renderedBodyOf(answer);
  if (body !== undefined) {
    response.end(body);
    return;
  }
  if (answer.headers.get("Content-Type")?.match(/text\/event-stream/i)) response.flushHeaders();
  if (!answer.body) {
    response.end();
    return;
  }
  try {
    await writeStream(answer.body, response);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
}
