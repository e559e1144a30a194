import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { readDb, schema } from "~/utils/db.server";
import { claimScheduledRun, runScheduledJob, startMailScheduler, stopMailScheduler, type ScheduledJob } from "./scheduler.server";

afterEach(async () => {
  await stopMailScheduler();
});

let serial = 0;
/** A job of its own name (each test has its own row in scheduled_jobs). */
function job(overrides: Partial<ScheduledJob> = {}): ScheduledJob & { runs: Date[] } {
  serial += 1;
  const runs: Date[] = [];
  return { name: `test job ${serial}`, intervalMs: 60_000, run: (now) => runs.push(now), runs, ...overrides };
}

const scheduleOf = async (name: string) => (await readDb().select().from(schema.scheduledJobs).where(eq(schema.scheduledJobs.name, name)))[0];

describe("the durable schedule (scheduled_jobs)", () => {
  it("runs each period once: a second claim of the same period does nothing, the next period runs again", async () => {
    const every = job();
    const start = new Date(Date.UTC(2026, 10, 26, 12));
    expect(await runScheduledJob(every, start)).toBe(true);
    expect(await runScheduledJob(every, new Date(start.getTime() + 59_999))).toBe(false);
    expect(every.runs).toEqual([start]);
    expect(await scheduleOf(every.name)).toMatchObject({ nextRunAt: new Date(start.getTime() + 60_000), lastClaimedAt: start });
    expect((await scheduleOf(every.name)).lastClaimedBy).toMatch(/:\d+$/);
    expect(await runScheduledJob(every, new Date(start.getTime() + 60_000))).toBe(true);
    expect(every.runs).toHaveLength(2);
  });

  it("lets one of several claimers at the same moment run the period (as boxes would)", async () => {
    const shared = job();
    const now = new Date(Date.UTC(2026, 10, 26, 13));
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimScheduledRun(shared, now)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it("claims nothing (writes nothing) while the job has no work, and claims as soon as it has", async () => {
    let hasWork = false;
    const idle = job({ hasWork: () => Promise.resolve(hasWork) });
    const now = new Date(Date.UTC(2026, 10, 26, 14));
    expect(await runScheduledJob(idle, now)).toBe(false);
    expect(await scheduleOf(idle.name)).toBeUndefined();
    hasWork = true;
    expect(await runScheduledJob(idle, new Date(now.getTime() + 1_000))).toBe(true);
    expect(idle.runs).toHaveLength(1);
  });

  it("leaves a period whose run failed claimed: the next period runs it again (each job is safe to repeat)", async () => {
    const failing = job({
      run: () => Promise.reject(new Error("job failed")),
    });
    const now = new Date(Date.UTC(2026, 10, 26, 15));
    await expect(runScheduledJob(failing, now)).rejects.toThrow("job failed");
    expect(await claimScheduledRun(failing, new Date(now.getTime() + 1_000))).toBe(false);
    expect(await claimScheduledRun(failing, new Date(now.getTime() + 60_000))).toBe(true);
  });
});

describe("the mail scheduler's timers", () => {
  it("looks at each job on its interval, logs a failing run, does not start a run still going twice, and stop waits for it", async () => {
    let finish!: () => void;
    const slow = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const rejecting = vi.fn(() => Promise.reject(new Error("async job failed")));
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    // An interval of 40 ms: the schedule lets each new period run.
    startMailScheduler([job({ intervalMs: 40, run: slow }), job({ intervalMs: 40, run: rejecting })]);
    await vi.waitFor(() => expect(rejecting.mock.calls.length).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    expect(slow).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalled();
    let stopped = false;
    const stopping = stopMailScheduler().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    consoleError.mockRestore();
  });
});
