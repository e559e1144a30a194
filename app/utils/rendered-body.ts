/**
 * A rendered document travels from app/entry.server.tsx to server.ts beside an empty web
 * Response instead of inside it: server.ts writes the string to the socket in one call. Giving it
 * to `new Response()` cost a scan of the whole page for lone surrogates, its encoding to bytes, a
 * web ReadableStream and the adapter's piping of that stream back into Node's response
 * (docs/performance.md, "Fifth slice"; docs/decisions/0084-document-rendered-to-a-string.md).
 *
 * The mark is a `Symbol.for` key, so the development server's reloaded build and server.ts agree.
 * A response Remix rebuilds (its answer to HEAD) loses the mark and the body, as HEAD wants.
 */
const RENDERED_BODY = Symbol.for("quads.renderedBody");

type Marked = Response & { [RENDERED_BODY]?: string };

/** A Response whose body (`html`) only server.ts reads; its own web body stays empty. */
export function renderedResponse(html: string, init: ResponseInit): Response {
  const response = new Response(null, init) as Marked;
  response[RENDERED_BODY] = html;
  return response;
}

/** The body a response carries beside its (empty) web body, if any. */
export function renderedBodyOf(response: Response): string | undefined {
  return (response as Marked)[RENDERED_BODY];
}
