/**
 * The one error module: typed application errors with an HTTP status and a message a person
 * can act on. /api routes turn them into `{ "message": "..." }` JSON; pages into a 4xx render.
 */
import { countLabel } from "./plural";
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(status: number, message: string, options: { fieldErrors?: FieldErrors; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = "AppError";
    this.status = status;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers;
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) => new AppError(400, message, { fieldErrors });
export const unauthorized = (message = "Unauthorized") => new AppError(401, message);
export const forbidden = (message = "Forbidden: you do not have permission to do this.") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, fieldErrors?: FieldErrors) => new AppError(409, message, { fieldErrors });
export const tooManyRequests = (retryAfterSeconds: number, what = "attempts") =>
  new AppError(429, `Too many ${what}. Please try again in ${formatWait(retryAfterSeconds)}.`, {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });

function formatWait(seconds: number): string {
  if (seconds < 60) return countLabel(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  return countLabel(minutes, "minute");
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The JSON body /api routes answer with. */
export function toJsonBody(error: AppError): { message: string; errors?: FieldErrors } {
  return error.fieldErrors ? { message: error.message, errors: error.fieldErrors } : { message: error.message };
}

/**
 * Logs an unexpected error with its request as one JSON line (level "error", the request id that
 * server.ts put in the X-Request-Id header, method, path, message, stack), never exposing details
 * to the client. See docs/operations.md.
 */
export function logServerError(error: unknown, request?: Request) {
  const line = {
    level: "error",
    time: new Date().toISOString(),
    requestId: request?.headers.get("x-request-id") ?? undefined,
    method: request?.method,
    path: request ? new URL(request.url).pathname : undefined,
    message: error instanceof Error ? error.message : String(error),
    stack: error instanceof Error ? error.stack : undefined,
  };
  console.error(JSON.stringify(line));
}
