/**
 * Helpers shared by the routes: read a JSON body or a page's form body, read whole-number query
 * parameters, answer JSON, and turn any thrown error into the documented JSON error shape. Bad
 * input of any shape is a 4xx with a message, never a 500 (docs/operations.md, "What the server refuses").
 */
import { AppError, badRequest, isAppError, logServerError, notFound, toJsonBody } from "./errors.server";
import { appErrorOfDatabase } from "./db.server";
import { renderedResponse } from "./rendered-body";
import { DEFAULT_BODY_LIMIT_BYTES } from "./body-limit";
import { getEnv } from "./env.server";
import { FormTextTooLargeError, readMultipartForm } from "./multipart.server";
import { formatBytes } from "./upload-limit";

/** Reads a JSON object body; an empty body counts as `{}`. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw badRequest("The request body must be a JSON object.");
}

export const FORM_CONTENT_TYPE_MESSAGE = "Send this form as a web form (application/x-www-form-urlencoded or multipart/form-data).";
export const FORM_UNREADABLE_MESSAGE = "This form could not be read. Please reload the page and try again.";

/**
 * Reads a page action's form body. Anything else (JSON, XML, no body) answers 415 and a broken
 * multipart body 400, each with a message the error page shows, instead of a server error. A
 * multipart body is read as it arrives: a file over UPLOAD_MAX_BYTES is thrown away and stands in
 * the form as an `OversizedFile` (./multipart.server.ts), which the picture fields refuse beside the field.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(contentType)) {
    throw new Response(FORM_CONTENT_TYPE_MESSAGE, { status: 415, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  try {
    if (/^\s*multipart\//i.test(contentType)) {
      return await readMultipartForm(request, { maxFileBytes: getEnv().UPLOAD_MAX_BYTES, maxTextBytes: DEFAULT_BODY_LIMIT_BYTES });
    }
    return await request.formData();
  } catch (error) {
    if (error instanceof FormTextTooLargeError) throw new Response(FORM_TEXT_TOO_LARGE_MESSAGE, { status: 413, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw new Response(FORM_UNREADABLE_MESSAGE, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

const FORM_TEXT_TOO_LARGE_MESSAGE = `This form is too large: at most ${formatBytes(DEFAULT_BODY_LIMIT_BYTES)} of text is accepted.`;

/** Where numbers are read from: a URL's query, or a form's fields (a file counts as malformed). */
type NumberSource = { get(name: string): FormDataEntryValue | null };

/**
 * Reads a whole-number query parameter or form field (limit, offset, page, an id): undefined when
 * absent or empty; a fraction, `1e309`, `0x10`, text or a value outside `min`–`max` is a 400 naming it.
 */
export function readIntegerParam(params: NumberSource, name: string, { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}): number | undefined {
  const entry = params.get(name);
  const raw = typeof entry === "string" ? entry.trim() : entry === null ? undefined : "a file";
  if (raw === undefined || raw === "") return undefined;
  const value = toWholeNumber(raw, min, max);
  if (value === undefined) {
    throw badRequest(max === Number.MAX_SAFE_INTEGER ? `${name} must be a whole number of ${min} or more.` : `${name} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

function toWholeNumber(raw: string, min: number, max: number): number | undefined {
  const value = Number(raw);
  return /^-?\d{1,16}$/.test(raw) && Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined;
}

/**
 * A route's numeric id segment (`:id`, `:replyId`, …): a positive whole number, or a 404
 * "{what} not found" (a malformed id and an unknown one look alike).
 */
export function readIdParam(value: string | undefined, what: string): number {
  const id = value === undefined ? undefined : toWholeNumber(value, 1, Number.MAX_SAFE_INTEGER);
  if (id === undefined) throw notFound(`${what} not found`);
  return id;
}

/** A row's id a form posts (`replyId`, `commentId`): as readIdParam, a 404 "{what} not found" when missing or malformed. */
export function readIdField(formData: FormData, name: string, what: string): number {
  const value = formData.get(name);
  return readIdParam(typeof value === "string" ? value : undefined, what);
}

/** A page's ?page= number: a hand-edited bad value shows page 1 rather than an error page. */
export function readPageParam(params: URLSearchParams): number {
  try {
    return readIntegerParam(params, "page", { min: 1 }) ?? 1;
  } catch {
    return 1;
  }
}

/**
 * `Response.json` for the /api reads members ask for most (the discussion list): the JSON text is
 * written by server.ts in one call instead of through a web stream (app/utils/rendered-body.ts).
 */
export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return renderedResponse(JSON.stringify(data), { ...init, headers });
}

/** Runs an /api handler, answering AppErrors as `{ message }` JSON and anything else as a logged 500. */
export async function handleApi(request: Request, handler: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) return error;
    return apiErrorResponse(error, request);
  }
}

/**
 * The build with every route's loader and action answering like `handlePage` when the DATABASE
 * failed them in a way a member can be told about (`appErrorOfDatabase`: PostgreSQL down or
 * restarting, or too busy, is a 503 with Retry-After; a unique violation a 409): the error page
 * with that status and message instead of a 500, whether or not the route uses handlePage
 * (docs/operations.md, "When PostgreSQL is down"; docs/decisions/0113-database-failures-answer-on-every-route.md).
 * Anything else goes on unchanged (a 500, logged). Applied once per build by app/entry.server.tsx's `createRequestHandler`.
 */
export function answerDatabaseErrorsOnEveryRoute<Build extends { routes: Record<string, { module: object } | undefined> }>(build: Build): Build {
  const answered = (handler: unknown) => {
    if (typeof handler !== "function") return handler;
    const run = handler as (...args: unknown[]) => unknown;
    return async (...args: unknown[]) => {
      try {
        return await run(...args);
      } catch (thrown) {
        const error = appErrorOfDatabase(thrown);
        if (error) throw pageErrorResponse(error);
        throw thrown;
      }
    };
  };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const module = route.module as { loader?: unknown; action?: unknown };
      if (!module.loader && !module.action) return [id, route];
      return [id, { ...route, module: { ...module, ...(module.loader ? { loader: answered(module.loader) } : {}), ...(module.action ? { action: answered(module.action) } : {}) } }];
    }),
  );
  return { ...build, routes };
}

/**
 * The page twin of handleApi, for page loaders and for what an action needs before its form
 * (the route's own record): a typed error (app/utils/errors.server.ts) becomes the 4xx Response
 * the error page shows (its message; a 404 says "Page Not Found"); anything else goes on to React Router
 * (logged, a 500 page). A thrown Response (a redirect) passes through. See
 * docs/decisions/0076-page-action-pattern.md.
 */
export async function handlePage<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (thrown) {
    const error = appErrorOfDatabase(thrown) ?? thrown;
    if (isAppError(error)) throw pageErrorResponse(error);
    throw error;
  }
}

/** The Response a page throws for a typed error: its message, status and headers. */
export function pageErrorResponse(error: AppError): Response {
  return new Response(error.message, { status: error.status, headers: error.headers });
}

export function apiErrorResponse(thrown: unknown, request: Request): Response {
  const error = appErrorOfDatabase(thrown) ?? thrown;
  if (isAppError(error)) {
    return Response.json(toJsonBody(error), { status: error.status, headers: error.headers });
  }
  logServerError(error, request);
  return Response.json({ message: "Something went wrong on our side. Please try again." }, { status: 500 });
}

export function methodNotAllowed(allowed: string[]): AppError {
  return new AppError(405, `Method not allowed. Use ${allowed.join(" or ")}.`, { headers: { Allow: allowed.join(", ") } });
}

/** The 405 answer of an /api route's loader when the endpoint only takes writes. */
export function methodNotAllowedResponse(allowed: string[]): Response {
  const error = methodNotAllowed(allowed);
  return Response.json(toJsonBody(error), { status: error.status, headers: error.headers });
}
