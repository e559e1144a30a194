/**
 * Per-request compression, in one place (server.ts installs it first). The `compression`
 * middleware compresses through a zlib stream on the thread pool; a body that is complete when it
 * is sent (one `res.end(body)` with nothing written before: a rendered document or /api answer,
 * app/utils/rendered-body.ts, or any `res.send`) is compressed instead in one synchronous call,
 * with the middleware's own decision and options (decision 0127: the same bytes for 30–45 % less
 * CPU). The one-call step wraps `res.end` just inside the middleware, so a middleware installed
 * later (the page cache, app/utils/page-cache.server.ts) still sees the body as it was rendered.
 * server/compression.test.ts runs it side by side with the middleware alone and fails when an
 * upgrade of `compression` decides differently.
 */
import zlib from "node:zlib";
import compression from "compression";
import Negotiator from "negotiator";
import type express from "express";

/**
 * Brotli for what is compressed per request (pages, /api answers): quality 3 with a 256 KB window
 * (every page fits). Quality 3 compresses a 40 KB page in 0.36 ms of CPU instead of the default
 * quality 4's 0.56 ms, for ≈7 % more bytes; with the default 4 MB window, 50 responses compressed
 * at once cost 0.74 ms each (the window's memory), with 256 KB 0.42 ms (docs/performance.md,
 * "Fifth slice"). Scripts and styles are compressed once, at build time (scripts/compress-assets.mjs).
 */
const BROTLI_PARAMS = { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 };

/** Never compress (nor buffer) an event stream: each event must leave at once (docs/discussions.md, "Live updates"). */
function shouldCompress(request: express.Request, response: express.Response): boolean {
  return !String(response.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(request, response);
}

/**
 * The compression middleware, then the one-call step for complete bodies (server.ts: `app.use`
 * before anything that writes an answer).
 */
export function compressionMiddleware(): express.RequestHandler[] {
  return [compression({ brotli: { params: BROTLI_PARAMS }, filter: shouldCompress }), compressCompleteBodies];
}

type End = (chunk?: unknown, encoding?: unknown, callback?: unknown) => express.Response;

/**
 * Wraps `res.end`: a body given whole to `end` (nothing written before, headers not sent) goes
 * through `compressWholeBody`; anything else (a stream's chunks, an empty end) passes to the
 * middleware's stream as before.
 */
function compressCompleteBodies(request: express.Request, response: express.Response, next: express.NextFunction): void {
  const write = response.write as (...args: unknown[]) => boolean;
  const end = response.end as End;
  let wrote = false;
  response.write = function (this: express.Response, ...args: unknown[]) {
    wrote = true;
    return write.apply(this, args);
  } as express.Response["write"];
  response.end = function (this: express.Response, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    const body = wrote || this.headersSent ? undefined : bytesOf(chunk, encoding);
    if (body !== undefined) {
      const sent = compressWholeBody(request, this, body);
      if (sent !== body) return end.call(this, sent, typeof encoding === "function" ? encoding : callback);
    }
    return end.call(this, chunk, encoding, callback);
  } as express.Response["end"];
  next();
}

function bytesOf(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return undefined;
}

// What the middleware (compression 1.8) offers and prefers, its size threshold, and its
// Cache-Control test: node_modules/compression/index.js.
const ENCODINGS = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br"];
const THRESHOLD_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

/**
 * A complete body, compressed as the middleware would compress it (the same decision, in its order:
 * filter, `no-transform`, `Vary`, size, an existing Content-Encoding, HEAD, the negotiation), but in
 * one call: the Content-Encoding and Content-Length are set and the compressed bytes come back.
 * When the middleware would not compress, the same `body` comes back (the middleware then decides
 * the same and passes it through); a compressed answer it leaves alone ("already encoded").
 */
export function compressWholeBody(request: express.Request, response: express.Response, body: Buffer): Buffer {
  if (!shouldCompress(request, response)) return body;
  if (NO_TRANSFORM.test(String(response.getHeader("Cache-Control") ?? ""))) return body;
  response.vary("Accept-Encoding");
  if (Number(response.getHeader("Content-Length")) < THRESHOLD_BYTES || body.length < THRESHOLD_BYTES) return body;
  if ((response.getHeader("Content-Encoding") ?? "identity") !== "identity") return body;
  if (request.method === "HEAD" || !request.headers["accept-encoding"]) return body;
  // negotiator 0.6.4 takes the preferred encodings as a second argument (its index.js), as the
  // middleware passes them; @types/negotiator does not declare it yet.
  const negotiator = new Negotiator(request) as unknown as { encoding(available: string[], preferred: string[]): string | undefined };
  const method = negotiator.encoding(ENCODINGS, PREFERRED);
  let compressed: Buffer;
  if (method === "br") {
    compressed = zlib.brotliCompressSync(body, { params: { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  } else if (method === "gzip") {
    compressed = zlib.gzipSync(body);
  } else if (method === "deflate") {
    compressed = zlib.deflateSync(body);
  } else {
    return body;
  }
  response.setHeader("Content-Encoding", method);
  response.setHeader("Content-Length", compressed.length);
  return compressed;
}
