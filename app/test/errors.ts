/** Test helpers: the AppError a piece of code throws (the test fails when it throws none, or another error). */
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

export async function appErrorOfAsync(work: () => Promise<unknown>): Promise<AppError> {
  try {
    await work();
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}
