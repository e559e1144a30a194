/**
 * What the server compresses per request, in one place: the `compression` middleware (server.ts)
 * for anything that streams, and `compressWholeBody` for a body already complete in memory (a
 * rendered document, an /api answer: app/utils/rendered-body.ts), compressed in one synchronous
 * call instead of through a zlib stream on the thread pool (decision 0127: the same bytes for
 * 30–45 % less CPU). Both take the same options and decide the same way; the side-by-side test
 * (server/compression.test.ts) fails when an upgrade of `compression` decides differently.
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

/** The middleware, for streamed answers and files (server.ts). */
export function compressionMiddleware(): express.RequestHandler {
  return compression({ brotli: { params: BROTLI_PARAMS }, filter: shouldCompress });
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
 * one call: the Content-Encoding and Content-Length are set and the bytes to send come back. When
 * the middleware would not compress, the body comes back as it is (the middleware then decides the
 * same and passes it through); a compressed answer it leaves alone ("already encoded").
 */
export function compressWholeBody(request: express.Request, response: express.Response, body: string | Buffer): string | Buffer {
  if (!shouldCompress(request, response)) return body;
  if (NO_TRANSFORM.test(String(response.getHeader("Cache-Control") ?? ""))) return body;
  response.vary("Accept-Encoding");
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  if (bytes.length < THRESHOLD_BYTES) return body;
  if ((response.getHeader("Content-Encoding") ?? "identity") !== "identity") return body;
  if (request.method === "HEAD" || !request.headers["accept-encoding"]) return body;
  // negotiator 0.6.4 takes the preferred encodings as a second argument (its index.js), as the
  // middleware passes them; @types/negotiator does not declare it yet.
  const negotiator = new Negotiator(request) as unknown as { encoding(available: string[], preferred: string[]): string | undefined };
  const method = negotiator.encoding(ENCODINGS, PREFERRED);
  let compressed: Buffer;
  if (method === "br") {
    compressed = zlib.brotliCompressSync(bytes, { params: { ...BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  } else if (method === "gzip") {
    compressed = zlib.gzipSync(bytes);
  } else if (method === "deflate") {
    compressed = zlib.deflateSync(bytes);
  } else {
    return body;
  }
  response.setHeader("Content-Encoding", method);
  response.setHeader("Content-Length", compressed.length);
  return compressed;
}
