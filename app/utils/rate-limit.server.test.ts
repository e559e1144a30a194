import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { assertWithinRateLimit, consumeRateLimit, resetRateLimit } from "./rate-limit.server";
import { appErrorOfAsync, statusOfAsync } from "~/test/errors";
import { engine, readDb, schema, write } from "./db.server";

async function countOf(key: string) {
  const [row] = await readDb().select({ count: schema.rateLimits.count }).from(schema.rateLimits).where(eq(schema.rateLimits.key, key));
  return row?.count;
}

describe("consumeRateLimit", () => {
  afterEach(() => vi.useRealTimers());

  it("allows `limit` attempts per window, then answers 429 until the window ends", async () => {
    vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z"), toFake: ["Date"] });
    const limit = { key: "test:window", limit: 3, windowSeconds: 60 };
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await statusOfAsync(() => consumeRateLimit(limit))).toBe("ok");
    expect(await statusOfAsync(() => consumeRateLimit(limit))).toBe(429);
    vi.setSystemTime(new Date("2026-01-01T00:01:01Z"));
    expect(await statusOfAsync(() => consumeRateLimit(limit))).toBe("ok");
  });

  it("says when to retry, and a reset forgets the key", async () => {
    const limit = { key: "test:reset", limit: 1, windowSeconds: 120 };
    await consumeRateLimit(limit, "posts");
    expect((await appErrorOfAsync(() => consumeRateLimit(limit, "posts"))).message).toBe("Too many posts. Please try again in 2 minutes.");
    await resetRateLimit(limit.key);
    expect(await statusOfAsync(() => consumeRateLimit(limit))).toBe("ok");
  });

  it("counts every one of many attempts made at once, exactly: `limit` pass, the others get 429", async () => {
    const limit = { key: "test:race", limit: 5, windowSeconds: 60 };
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => statusOfAsync(() => consumeRateLimit(limit))));
    expect(outcomes.filter((outcome) => outcome === "ok")).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 429)).toHaveLength(7);
    expect(await countOf(limit.key)).toBe(12);
    await expect(assertWithinRateLimit(limit)).rejects.toMatchObject({ status: 429 });
  });

  // SQLite's one writer: the attempts wait for the held unit. PostgreSQL's units run side by side (decision 0105): nothing waits.
  it.skipIf(engine === "postgres")("counts the attempts made at once while another unit of work holds the writer, after it", async () => {
    const limit = { key: "test:queued", limit: 100, windowSeconds: 60 };
    let release!: () => void;
    const held = write(() => new Promise<void>((resolve) => (release = resolve)));
    const attempts = Promise.all(Array.from({ length: 4 }, () => consumeRateLimit(limit)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await countOf(limit.key)).toBeUndefined();
    release();
    await held;
    await attempts;
    expect(await countOf(limit.key)).toBe(4);
  });

  it("inside a unit of work the attempt is part of it: rolled back with it, committed with it", async () => {
    const limit = { key: "test:inside", limit: 10, windowSeconds: 60 };
    await expect(
      write(async () => {
        await consumeRateLimit(limit);
        throw new Error("refused later");
      }),
    ).rejects.toThrow("refused later");
    expect(await countOf(limit.key)).toBeUndefined();
    await write(() => consumeRateLimit(limit));
    expect(await countOf(limit.key)).toBe(1);
  });
});
