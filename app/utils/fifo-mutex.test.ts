import { describe, expect, it } from "vitest";
import { FifoMutex } from "./fifo-mutex";

describe("FifoMutex", () => {
  it("hands the lock over in the order it was asked for, and frees it when nobody waits", async () => {
    const lock = new FifoMutex();
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3].map((id) =>
        lock.run(async () => {
          order.push(id);
          await new Promise((resolve) => setTimeout(resolve, 3 - id));
          order.push(id);
        }),
      ),
    );
    expect(order).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(lock.isHeld).toBe(false);
  });

  it("releases the lock when the work throws", async () => {
    const lock = new FifoMutex();
    await expect(lock.run(async () => Promise.reject(new Error("failed")))).rejects.toThrow("failed");
    expect(lock.isHeld).toBe(false);
  });

  it("gives up a bounded wait when the lock stays held, and leaves the queue so the next caller gets it", async () => {
    const lock = new FifoMutex();
    expect(await lock.acquireWithin(10)).toBe(true);
    const started = Date.now();
    expect(await lock.acquireWithin(20)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const next = lock.acquireWithin(1_000);
    lock.release();
    expect(await next).toBe(true);
    lock.release();
    expect(lock.isHeld).toBe(false);
  });
});
