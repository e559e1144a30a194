/**
 * A body already complete in memory (a rendered document, an /api answer) travels to server.ts
 * beside an empty web Response instead of inside it, and server.ts writes it to the socket in one
 * call. Giving it to `new Response()` cost a scan of the whole text for lone surrogates, its
 * encoding to bytes, a web ReadableStream and the adapter's piping of that stream back into Node's
 * response (docs/performance.md, "Fifth slice"; docs/decisions/0084-document-rendered-to-a-string.md).
 *
 * `text()` and `json()` still give the body (route tests read answers that way). The mark is a
 * `Symbol.for` key, so the development server's reloaded build and server.ts agree. A response
 * React Router rebuilds (its answer to HEAD) loses the mark and the body, as HEAD wants.
 */
const RENDERED_BODY = Symbol.for("quads.renderedBody");

class RenderedResponse extends Response {
  readonly [RENDERED_BODY]: string | readonly string[];

  constructor(text: string | readonly string[], init: ResponseInit) {
    super(null, init);
    this[RENDERED_BODY] = text;
  }

  override text(): Promise<string> {
    const body = this[RENDERED_BODY];
    return Promise.resolve(typeof body === "string" ? body : body.join(""));
  }

  override json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown);
  }
}

/**
 * A Response whose body server.ts writes directly; its own web body stays empty. The body may come
 * in pieces (a document: app/utils/compact-document.ts), written out as they are, never joined into
 * one more string first.
 */
export function renderedResponse(text: string | readonly string[], init: ResponseInit): Response {
  return new RenderedResponse(text, init);
}

/**
 * The body a response carries beside its (empty) web body, if any: as it is, or its pieces encoded
 * into one buffer. Joining the pieces of a large page into one string would copy it once more and
 * then encode that copy (a string over ≈64,000 characters is a large object for V8: each copy of
 * /music-artists' 140 KB cost ≈0.25 ms; docs/performance.md, "Sixth slice").
 */
export function renderedBodyOf(response: Response): string | Buffer | undefined {
  const body = (response as Partial<RenderedResponse>)[RENDERED_BODY];
  return body === undefined || typeof body === "string" ? body : encodePieces(body);
}

function encodePieces(pieces: readonly string[]): Buffer {
  let bytes = 0;
  for (const piece of pieces) bytes += Buffer.byteLength(piece);
  const buffer = Buffer.allocUnsafe(bytes);
  let offset = 0;
  for (const piece of pieces) offset += buffer.write(piece, offset);
  return buffer;
}
