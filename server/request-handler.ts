/**
 * The Express side of React Router, on its public API: the Express request becomes a web Request
 * (as @react-router/express builds it), React Router's `createRequestHandler` answers it, and the
 * answer goes back to Express. One difference from the adapter: a response carrying its body
 * beside an empty web body (a rendered document, `jsonResponse`: app/utils/rendered-body.ts) is
 * written in one call instead of through a web stream (docs/decisions/0084-document-rendered-to-a-string.md,
 * docs/decisions/0091-public-apis-only.md). Everything else (streams, data requests, redirects, the
 * HEAD answer) is piped as the adapter does.
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type express from "express";
import { createRequestHandler as createReactRouterHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import type { RequestInfo } from "../app/utils/request-context";
import { renderedBodyOf } from "../app/utils/rendered-body";

/** What the build's server entry exports beside its renderer (app/entry.server.tsx). */
type EntryExports = { requestContextOf: (info: RequestInfo) => RouterContextProvider };

export function createRequestHandler(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: string,
  requestInfoOf: (request: express.Request, response: express.Response) => RequestInfo,
): express.RequestHandler {
  const handle = createReactRouterHandler(build, mode);
  return async (request, response, next) => {
    try {
      // The context key is the build's own object: take the context from the build being served.
      const { requestContextOf } = (typeof build === "function" ? await build() : build).entry.module as unknown as EntryExports;
      const answer = await handle(webRequestOf(request, response), requestContextOf(requestInfoOf(request, response)));
      await send(response, answer);
    } catch (error) {
      next(error);
    }
  };
}

/** The web Request for an Express request: the URL as Express sees it (trust proxy), aborted when the client goes away. */
export function webRequestOf(request: express.Request, response: express.Response): Request {
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
    init.body = createReadableStreamFromReadable(request);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

async function send(response: express.Response, answer: Response): Promise<void> {
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
    await writeReadableStreamToWritable(answer.body, response);
  } catch (error) {
    if (!response.destroyed && !response.writableEnded) throw error;
  }
}
