// @vitest-environment node
import { Writable } from "node:stream";
import { createElement, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderToString } from "react-dom/server";
import { renderDocument } from "./render-document.server";

/** What the string renderer writes for the same element (no boundaries here, so the same text). */
const renderToStaticMarkupOf = (element: Parameters<typeof renderToString>[0]) => renderToString(element);

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Suspends until `promise` settles (React 18's `use` is not public: the classic throw). */
function Delayed({ promise, read }: { promise: Promise<void>; read: () => string }) {
  const text = read();
  if (!text) throw promise;
  return createElement("p", null, text);
}

describe("renderDocument", () => {
  it("renders every boundary before resolving", async () => {
    let text = "";
    const promise = new Promise<void>((resolve) => setTimeout(() => ((text = "later"), resolve()), 5));
    const html = await renderDocument(
      createElement("main", null, createElement(Suspense, { fallback: createElement("p", null, "wait") }, createElement(Delayed, { promise, read: () => text }))),
      { nonce: "n0nce", timeoutMs: 5_000, onError: () => {} },
    );
    expect(html).toContain("later");
    expect(html).not.toContain("wait");
  });

  it("leaves no timer behind once the document is complete", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const html = await renderDocument(createElement("p", null, "done"), { nonce: "n", timeoutMs: 6_000, onError: () => {} });
    expect(html).toBe("<p>done</p>");
    // Before: the render's stop timer (and through it the whole finished render) stayed for 6 s.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not let React end the finished stream a second time", async () => {
    const ends = vi.spyOn(Writable.prototype, "end");
    await renderDocument(createElement("p", null, "once"), { nonce: "n", timeoutMs: 6_000, onError: () => {} });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Before: the stream's "close" made React abort the finished render and end it again (an error built per document).
    expect(ends).toHaveBeenCalledTimes(1);
  });

  it("aborts a render that does not complete in time, reporting the error", async () => {
    const never = new Promise<void>(() => {});
    const errors = vi.fn();
    const html = await renderDocument(
      createElement(Suspense, { fallback: createElement("p", null, "fallback") }, createElement(Delayed, { promise: never, read: () => "" })),
      { nonce: "n", timeoutMs: 10, onError: errors },
    );
    expect(html).toContain("fallback");
    expect(errors).toHaveBeenCalled();
  });
});

describe("renderDocument and multi-byte text", () => {
  it("writes no NUL where a character falls on the end of one of React's 2 KB views (React 18's unfilled tail)", async () => {
    for (const text of ["日本語のテキスト", "line \u2028 é ✓", "emoji 🎵🎶 and more", "é ✓ 𝄞 <b>"]) {
      const items = Array.from({ length: 400 }, (_, index) => createElement("li", { key: index }, `line ${index} ${text}`));
      const element = createElement("ul", null, items);
      const html = await renderDocument(element, { nonce: "n", timeoutMs: 5_000, onError: () => {} });
      expect(html.includes("\u0000")).toBe(false);
      expect(html).toBe(renderToStaticMarkupOf(element));
    }
  });
});
