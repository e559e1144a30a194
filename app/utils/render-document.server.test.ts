// @vitest-environment node
import { Writable } from "node:stream";
import { createElement, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderDocument } from "./render-document.server";

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
