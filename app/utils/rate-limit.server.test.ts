import { afterEach, describe, expect, it, vi } from "vitest";
import { consumeRateLimit, resetRateLimit } from "./rate-limit.server";
import { appErrorOf, statusOf } from "~/test/errors";

describe("consumeRateLimit", () => {
  afterEach(() => vi.useRealTimers());

  it("allows `limit` attempts per window, then answers 429 until the window ends", () => {
    vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z"), toFake: ["Date"] });
    const limit = { key: "test:window", limit: 3, windowSeconds: 60 };
    expect([1, 2, 3].map(() => statusOf(() => consumeRateLimit(limit)))).toEqual(["ok", "ok", "ok"]);
    expect(statusOf(() => consumeRateLimit(limit))).toBe(429);
    vi.setSystemTime(new Date("2026-01-01T00:01:01Z"));
    expect(statusOf(() => consumeRateLimit(limit))).toBe("ok");
  });

  it("says when to retry, and a reset forgets the key", () => {
    const limit = { key: "test:reset", limit: 1, windowSeconds: 120 };
    consumeRateLimit(limit, "posts");
    expect(appErrorOf(() => consumeRateLimit(limit, "posts")).message).toBe("Too many posts. Please try again in 2 minutes.");
    resetRateLimit(limit.key);
    expect(statusOf(() => consumeRateLimit(limit))).toBe("ok");
  });
});
