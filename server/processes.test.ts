import { describe, expect, it, vi } from "vitest";
import { rolesToFork, runMailWorker } from "./processes";

describe("runMailWorker", () => {
  const signals = ["SIGTERM", "SIGINT", "disconnect"] as NodeJS.Signals[];
  async function run(start: () => void | Promise<void>): Promise<{ exitCodes: unknown[]; started: boolean }> {
    const before = new Map(signals.map((signal) => [signal, process.listeners(signal)]));
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let started = false;
    try {
      runMailWorker({
        start: async () => {
          await start();
          started = true;
        },
        stop: async () => undefined,
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { exitCodes: exit.mock.calls.map((call) => call[0]), started };
    } finally {
      exit.mockRestore();
      error.mockRestore();
      for (const signal of signals) for (const listener of process.listeners(signal)) if (!before.get(signal)?.includes(listener)) process.off(signal, listener);
    }
  }

  it("waits for an asynchronous start (the database opening) and keeps running", async () => {
    expect(await run(() => new Promise((resolve) => setTimeout(resolve, 5)))).toEqual({ exitCodes: [], started: true });
  });

  it("exits with 1 when the start fails, thrown or rejected", async () => {
    expect((await run(() => Promise.reject(new Error("no database")))).exitCodes).toEqual([1]);
  });
});

describe("rolesToFork", () => {
  it("forks the HTTP workers and one mail worker, none with MAIL_WORKER=false (another box sends)", () => {
    expect(rolesToFork(2, true)).toEqual(["http", "http", "mail"]);
    expect(rolesToFork(2, false)).toEqual(["http", "http"]);
  });
});
