import { afterEach, describe, expect, it, vi } from "vitest";
import { startMailScheduler, stopMailScheduler } from "./scheduler.server";

afterEach(() => {
  stopMailScheduler();
  vi.useRealTimers();
});

describe("the mail scheduler", () => {
  it("runs each job on its interval with the current time, survives a failing job, and stops", () => {
    vi.useFakeTimers();
    const runs: Date[] = [];
    const failing = vi.fn(() => {
      throw new Error("job failed");
    });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    startMailScheduler([
      { name: "every second", intervalMs: 1_000, run: (now) => runs.push(now) },
      { name: "failing", intervalMs: 1_000, run: failing },
    ]);
    vi.advanceTimersByTime(3_500);
    expect(runs).toHaveLength(3);
    expect(runs[0]).toBeInstanceOf(Date);
    expect(failing).toHaveBeenCalledTimes(3);
    stopMailScheduler();
    vi.advanceTimersByTime(5_000);
    expect(runs).toHaveLength(3);
    consoleError.mockRestore();
  });

  it("awaits an async job: a rejection is logged, a run still going is not started twice, and stop waits for it", async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const slow = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const rejecting = vi.fn(() => Promise.reject(new Error("async job failed")));
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    startMailScheduler([
      { name: "slow", intervalMs: 1_000, run: slow },
      { name: "rejecting", intervalMs: 1_000, run: rejecting },
    ]);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(slow).toHaveBeenCalledTimes(1);
    expect(rejecting).toHaveBeenCalledTimes(3);
    expect(consoleError).toHaveBeenCalled();
    let stopped = false;
    const stopping = stopMailScheduler().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    consoleError.mockRestore();
  });
});
