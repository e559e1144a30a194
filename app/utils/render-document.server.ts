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
import { renderToPipeableStream } from "react-dom/server";

export type RenderDocumentOptions = {
  nonce: string;
  /** The render is aborted this long after it started if it has not completed. */
  timeoutMs: number;
  /** Called for each error React reports (the document is still produced: an error boundary's). */
  onError: (error: unknown) => void;
};

/** The element rendered to text; rejects when the shell fails to render. */
export function renderDocument(element: ReactNode, { nonce, timeoutMs, onError }: RenderDocumentOptions): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let abortRender = () => {};
    const timer = setTimeout(() => abortRender(), timeoutMs);
    const document = new Writable({
      emitClose: false,
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
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
