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
  readonly [RENDERED_BODY]: string;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this[RENDERED_BODY] = text;
  }

  override text(): Promise<string> {
    return Promise.resolve(this[RENDERED_BODY]);
  }

  override json(): Promise<unknown> {
    return this.text().then((text) => JSON.parse(text) as unknown);
  }
}

/** A Response whose body (`text`) server.ts writes directly; its own web body stays empty. */
export function renderedResponse(text: string, init: ResponseInit): Response {
  return new RenderedResponse(text, init);
}

/** The body a response carries beside its (empty) web body, if any. */
export function renderedBodyOf(response: Response): string | undefined {
  return (response as Partial<RenderedResponse>)[RENDERED_BODY];
}
