/**
 * Test helpers, the one way a test captures an error: the AppError a piece of code throws (the
 * test fails when it throws none, or another error), or its status ("ok" when it throws none).
 */
import { isAppError, type AppError } from "~/utils/errors.server";

export function appErrorOf(work: () => unknown): AppError {
  try {
    work();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

/** `appErrorOf` for async work (a function or a promise already started). */
export async function appErrorOfAsync(work: (() => Promise<unknown>) | Promise<unknown>): Promise<AppError> {
  try {
    await (typeof work === "function" ? work() : work);
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

/** The status of the AppError `work` throws, or "ok" when it throws none (any other error fails the test). */
export function statusOf(work: () => unknown): number | "ok" {
  try {
    work();
    return "ok";
  } catch (error) {
    if (isAppError(error)) return error.status;
    throw error;
  }
}

/** `statusOf` for async work (a function or a promise already started). */
export async function statusOfAsync(work: (() => Promise<unknown>) | Promise<unknown>): Promise<number | "ok"> {
  try {
    await (typeof work === "function" ? work() : work);
    return "ok";
  } catch (error) {
    if (isAppError(error)) return error.status;
    throw error;
  }
}
