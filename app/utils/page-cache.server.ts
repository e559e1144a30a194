/**
 * The page cache (docs/decisions/0067-page-cache.md): an in-process cache in front of React Router for
 * GET responses, so a page asked for again by the same browser, while nothing in the database has
 * changed, is answered without rendering it again.
 *
 * Correctness rules, each enforced here:
 * - The key is the site (protocol, Host, X-Forwarded-Proto/-Host), the full URL and the whole Cookie header: one member's page (their
 *   session cookie) is never served to another, nor to a visitor; a toast or time-zone cookie is
 *   part of the key too.
 * - An entry is only used while the database's write version (PRAGMA data_version, which moves
 *   when another process commits, plus this connection's total_changes()) equals the version read
 *   BEFORE the page was rendered: any write anywhere (a reply, a like, a sign-out, a deleted
 *   member, a setting) makes every entry stale. The version is read once per request.
 * - Entries also expire after `ttlMs` (default 10 s), which bounds how stale time-dependent text
 *   can get ("5 minutes ago", a meeting that just started).
 * - Memory holds only pages that can still be served: a new write version empties the cache, and
 *   storing a page drops the expired ones before it (docs/performance.md, "Footprint").
 * - Only 200 responses without Set-Cookie and without `Cache-Control: no-store` are kept, only for
 *   HTML, JSON and React Router's single-fetch data, and only up to `maxEntryBytes`.
 * - The CSP nonce is per response: a reused page gets the current request's nonce in place of the
 *   one it was rendered with. For gzip the page is kept compressed as the pieces between nonces
 *   (each a raw-deflate segment ending on a byte boundary), and the new nonce goes in between as a
 *   stored block: a valid gzip stream without compressing anything per request.
 */
import type { NextFunction, Request, Response } from "express";
import { constants, crc32, deflateRawSync } from "node:zlib";

export type PageCacheOptions = {
  /** How long an entry may be reused, in milliseconds (0 = the cache is off). */
  ttlMs: number;
  /** The database's write version; read once per request. */
  version: () => string;
  /** The CSP nonce this response's page carries (set by an earlier middleware). */
  nonceOf: (response: Response) => string | undefined;
  maxEntries?: number;
  maxBytes?: number;
  maxEntryBytes?: number;
  now?: () => number;
};

type Entry = {
  version: string;
  expires: number;
  status: number;
  headers: Array<[string, number | string | string[]]>;
  /** The body split at the nonce it was rendered with (one piece when it has none). */
  pieces: Buffer[];
  /** The same pieces as raw-deflate segments, made on the first gzip hit. */
  deflated?: Buffer[];
  bytes: number;
};

const CACHEABLE_TYPE = /^(text\/html|application\/json|text\/x-script)\b/i;
/** Headers never replayed: per-response or about the encoding this cache decides itself. */
const SKIPPED_HEADERS = new Set(["set-cookie", "content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "vary"]);
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]);
/** An empty final fixed-Huffman block: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

export type PageCacheStats = { hits: number; misses: number; stored: number; entries: number; bytes: number };

export function createPageCache(options: PageCacheOptions) {
  const maxEntries = options.maxEntries ?? 2_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxEntryBytes = options.maxEntryBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const stats = { hits: 0, misses: 0, stored: 0 };
  let totalBytes = 0;
  /** The newest write version a request has read: an entry of any other version can never be served again. */
  let latestVersion: string | undefined;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    totalBytes -= entry.bytes;
    entries.delete(key);
  }

  function store(key: string, entry: Entry) {
    // Rendered before a write that committed meanwhile: stale already.
    if (entry.version !== latestVersion) return;
    remove(key);
    // The least recently used first: drop the expired ones there (never served again either).
    const time = now();
    for (const [oldest, kept] of entries) {
      if (kept.expires > time) break;
      remove(oldest);
    }
    entries.set(key, entry);
    totalBytes += entry.bytes;
    stats.stored += 1;
    for (const [oldest] of entries) {
      if (entries.size <= maxEntries && totalBytes <= maxBytes) break;
      remove(oldest);
    }
  }

  /**
   * The database changed: every entry is stale for good (the version never goes back), so all of
   * them go at once instead of waiting to be pushed out (docs/performance.md, "Footprint").
   */
  function observeVersion(version: string) {
    if (version === latestVersion) return;
    latestVersion = version;
    entries.clear();
    totalBytes = 0;
  }

  function serve(request: Request, response: Response, entry: Entry, nonce: string | undefined) {
    response.status(entry.status);
    for (const [name, value] of entry.headers) response.setHeader(name, value);
    response.setHeader("Vary", "Accept-Encoding");
    response.setHeader("X-Page-Cache", "hit");
    const fill = Buffer.from(nonce ?? "");
    let body: Buffer;
    if (request.acceptsEncodings("gzip", "identity") === "gzip") {
      entry.deflated ??= entry.pieces.map((piece) => deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH }));
      body = gzipAround(entry.pieces, entry.deflated, fill);
      response.setHeader("Content-Encoding", "gzip");
    } else {
      body = Buffer.concat(entry.pieces.flatMap((piece, index) => (index === 0 ? [piece] : [fill, piece])));
    }
    response.setHeader("Content-Length", body.length);
    response.end(request.method === "HEAD" ? undefined : body);
  }

  function capture(response: Response, key: string, version: string) {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const presetHeaders = new Set(response.getHeaderNames());
    const collect = (chunk: unknown, encoding: unknown) => {
      if (tooBig || chunk === undefined || chunk === null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
          : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      size += buffer.length;
      if (size > maxEntryBytes) {
        tooBig = true;
        chunks.length = 0;
      } else {
        chunks.push(Buffer.from(buffer)); // a copy: the writer may reuse its buffer
      }
    };
    const write = response.write;
    const end = response.end;
    response.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response["write"];
    response.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
      collect(chunk, rest[0]);
      if (!tooBig) keep();
      return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
    } as Response["end"];

    function keep() {
      if (response.statusCode !== 200 || response.getHeader("set-cookie") !== undefined) return;
      const type = String(response.getHeader("content-type") ?? "");
      if (!CACHEABLE_TYPE.test(type)) return;
      if (/no-store/i.test(String(response.getHeader("cache-control") ?? ""))) return;
      const body = Buffer.concat(chunks);
      const headers: Entry["headers"] = [];
      for (const name of response.getHeaderNames()) {
        if (presetHeaders.has(name) || SKIPPED_HEADERS.has(name)) continue;
        const value = response.getHeader(name);
        if (value !== undefined) headers.push([name, value]);
      }
      const nonce = options.nonceOf(response);
      const pieces = nonce ? split(body, Buffer.from(nonce)) : [body];
      store(key, { version, expires: now() + options.ttlMs, status: 200, headers, pieces, bytes: body.length * 2 });
    }
  }

  function middleware(request: Request, response: Response, next: NextFunction) {
    if (options.ttlMs <= 0 || (request.method !== "GET" && request.method !== "HEAD")) return next();
    // The live-update stream never ends and is never the same twice (docs/discussions.md, "Live updates").
    if (request.path === "/events") return next();
    const key = `${siteOf(request)}\n${request.originalUrl}\n${request.get("cookie") ?? ""}`;
    const version = options.version();
    observeVersion(version);
    const entry = entries.get(key);
    if (entry && entry.version === version && entry.expires > now()) {
      stats.hits += 1;
      entries.delete(key); // most recently used last
      entries.set(key, entry);
      return serve(request, response, entry, options.nonceOf(response));
    }
    stats.misses += 1;
    if (entry) remove(key);
    response.setHeader("X-Page-Cache", "miss");
    if (request.method === "GET") capture(response, key, version);
    next();
  }

  return {
    middleware,
    stats: (): PageCacheStats => ({ ...stats, entries: entries.size, bytes: totalBytes }),
    clear: () => {
      entries.clear();
      totalBytes = 0;
    },
  };
}

/**
 * The site a request addresses, as the app may see it: the protocol, Host, X-Forwarded-Proto and
 * X-Forwarded-Host (the forwarded ones kept whether a proxy is trusted or not: a client that varies
 * them only splits its own entries). Absolute links follow PUBLIC_URL, not these (docs/operations.md),
 * but a page rendered for one host is never replayed for another.
 */
function siteOf(request: Request): string {
  return `${request.protocol} ${request.get("x-forwarded-proto") ?? ""} ${request.get("host") ?? ""} ${request.get("x-forwarded-host") ?? ""}`;
}

/** The body's pieces between occurrences of `marker`. */
export function split(body: Buffer, marker: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let found = body.indexOf(marker, start); found !== -1; found = body.indexOf(marker, start)) {
    pieces.push(body.subarray(start, found));
    start = found + marker.length;
  }
  pieces.push(body.subarray(start));
  return pieces;
}

/**
 * A gzip stream of `pieces` joined with `fill`: each piece's raw-deflate segment (ending with a
 * sync flush, so on a byte boundary) with `fill` between them as stored blocks, an empty final
 * block, then the CRC-32 and length of the whole text.
 */
export function gzipAround(pieces: Buffer[], deflated: Buffer[], fill: Buffer): Buffer {
  const stored = storedBlocks(fill);
  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(stored);
      crc = crcOf(fill, crc);
      length += fill.length;
    }
    parts.push(deflated[index]);
    crc = crcOf(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** CRC-32 continued over `data` (Node's crc32 answers 0 for some empty inputs instead of the running value). */
function crcOf(data: Buffer, crc: number): number {
  return data.length === 0 ? crc : crc32(data, crc);
}

/** `data` as non-final stored deflate blocks (at most 65,535 bytes each), starting on a byte boundary. */
function storedBlocks(data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += 65_535) {
    const chunk = data.subarray(offset, offset + 65_535);
    const header = Buffer.alloc(5);
    header[0] = 0x00; // BFINAL 0, BTYPE 00 (stored), padding to the byte boundary
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return Buffer.concat(blocks);
}
