/**
 * Renders a React element to one string through React's streaming renderer, once everything has
 * rendered (`onAllReady`: every Suspense boundary, React Router's hydration payload included).
 * app/entry.server.tsx renders each document with it (docs/decisions/0084-document-rendered-to-a-string.md).
 *
 * What a request leaves behind counts as much as what it does (docs/performance.md, "What every
 * request paid outside rendering"): the render's stop timer is cleared when the document is
 * complete, so a finished render is not kept alive for `timeoutMs` (its whole tree, at a few
 * hundred documents per second, went through the old generation and the garbage collector), and the
 * collecting stream does not emit "close", on which React aborts the finished render and ends the
 * stream a second time (a write-after-end error, built with its stack, per document).
 */
import { Writable } from "node:stream";
import type { ReactNode } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";

export type RenderDocumentOptions = {
  nonce: string;
  /** The render is aborted this long after it started if it has not completed. */
  timeoutMs: number;
  /** Called for each error React reports (the document is still produced: an error boundary's). */
  onError: (error: unknown) => void;
};

/** The size of the byte views React 18's Node renderer fills and writes (`VIEW_SIZE` in react-dom/server). */
const REACT_VIEW_SIZE = 2048;

/**
 * React 18.3's streaming renderer writes a whole 2,048-byte view when the next character does not fit
 * in it, unfilled bytes included: up to three NUL bytes in the middle of the text before a multi-byte
 * character (Japanese text, emoji, `\u2028`) that falls on a view's end (facebook/react#24985 and
 * #31134, fixed in React 19 by facebook/react#26228, not in 18). The document never holds a NUL of its
 * own (HTML text cannot: the parser turns it into U+FFFD), so trailing NULs of a full view are that gap.
 */
function withoutUnfilledTail(chunk: Buffer): Buffer {
  if (chunk.byteLength !== REACT_VIEW_SIZE || chunk[REACT_VIEW_SIZE - 1] !== 0) return chunk;
  let end = REACT_VIEW_SIZE;
  while (end > REACT_VIEW_SIZE - 3 && chunk[end - 1] === 0) end -= 1;
  return chunk.subarray(0, end);
}

/** The element rendered to text; rejects when the shell fails to render. */
export function renderDocument(element: ReactNode, { nonce, timeoutMs, onError }: RenderDocumentOptions): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let abortRender = () => {};
    const timer = setTimeout(() => abortRender(), timeoutMs);
    const document = new Writable({
      emitClose: false,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(withoutUnfilledTail(chunk));
        callback();
      },
      final(callback) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString("utf8"));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(element, {
      nonce,
      onAllReady: () => pipe(document),
      onShellError(error) {
        clearTimeout(timer);
        reject(error);
      },
      onError,
    });
    abortRender = abort;
  });
}

/** How a router document was rendered (`renderRouterDocument`): the reason when it was not with its payload ahead. */
export type StreamedReason = "a boundary suspended or failed in the string render" | "the string render threw";

export type RenderRouterDocumentOptions = RenderDocumentOptions & {
  /** Called when the document had to go through the streaming renderer after all (tests, and a warning once per process). */
  onStreamed?: (reason: StreamedReason) => void;
};

/**
 * Renders React Router's document (`render(context)`: a `<ServerRouter>`) with its hydration payload
 * read to its end first, so that nothing suspends and React's synchronous `renderToString` does the
 * work of the streaming renderer without its chunking, encoding and second render pass
 * (docs/decisions/0123-router-document-rendered-with-its-payload-ahead.md; the bytes are those of
 * `renderDocument`, compared side by side in render-router-document.server.test.tsx).
 *
 * The payload is handed to React Router's `StreamTransfer` through `renderMeta.streamCache`, a field
 * of the public `EntryContext` type that `StreamTransfer` fills itself chunk by chunk as it reads:
 * every chunk is there before it asks. If a version of React Router no longer reads it (or anything
 * else suspends, or the string render throws), the document is rendered again through the streaming
 * renderer from a fresh copy of the same payload: the answer is never worse than `renderDocument`'s.
 * The document comes back in pieces to be sent in order (the doctype, then the page).
 */
export async function renderRouterDocument(
  context: EntryContext,
  render: (context: EntryContext) => ReactNode,
  options: RenderRouterDocumentOptions,
): Promise<string[]> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return [await renderDocument(render(context), options)];
  const chunks = await readToEnd(stream);
  const decoder = new TextDecoder();
  const cache: StreamCache = {};
  // Exactly what StreamTransfer would read: each chunk decoded in turn, then the end.
  chunks.forEach((chunk, index) => (cache[index] = settled({ done: false, value: decoder.decode(chunk, { stream: true }) })));
  cache[chunks.length] = settled({ done: true, value: decoder.decode(undefined, { stream: true }) });
  context.renderMeta.streamCache = cache;
  // ServerRouter takes a reader of the stream; with every chunk in the cache it never reads from it.
  context.serverHandoffStream = streamOf(chunks);
  let reason: StreamedReason;
  try {
    const html = renderToString(render(context));
    // `<!--$!-->` marks a boundary left to the browser: it suspended (the payload not taken from the cache) or threw.
    // (Searching it also flattens React's string once; the doctype stays a piece of its own: no copy of the page.)
    if (!html.includes("<!--$!")) return ["<!DOCTYPE html>", html];
    reason = "a boundary suspended or failed in the string render";
  } catch {
    reason = "the string render threw";
  }
  options.onStreamed?.(reason);
  context.renderMeta.streamCache = undefined;
  context.serverHandoffStream = streamOf(chunks);
  return [await renderDocument(render(context), options)];
}

type StreamCache = NonNullable<NonNullable<EntryContext["renderMeta"]>["streamCache"]>;

function settled(result: { done: boolean; value: string }): StreamCache[number] {
  return Object.assign(Promise.resolve(), { result });
}

async function readToEnd(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  reader.releaseLock();
  return chunks;
}

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}
