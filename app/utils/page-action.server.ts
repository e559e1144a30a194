/**
 * The one pattern for a page action (docs/decisions/0076-page-action-pattern.md): the intent is
 * read once and dispatched by `dispatchIntent` (an unknown one is a 400 the error page shows), and
 * a failed form answers `formFailure(...)`: the `FormFailure` shape of
 * app/components/ui/use-server-form.ts, with its status.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "react-router";
import type { output, ZodTypeAny } from "zod";
import type { ToastMessage } from "~/components/ui/toaster";
import type { FormFailure, FormResult } from "~/components/ui/use-server-form";
import { type AppError, badRequest, isAppError, logServerError, type FieldErrors } from "./errors.server";
import { appErrorOfDatabase } from "./db.server";
import { pageErrorResponse } from "./http.server";
import { CHECK_THE_FORM } from "./validation.server";
import { errorToast, successToast } from "./toast";
import { redirectWithToast } from "./toast.server";

export const UNKNOWN_ACTION_MESSAGE = "Unknown action.";

/** A failed form: `{ intent, formId?, result, toast? }` with its status (400 unless told) and headers. */
export function formFailure<Intent extends string>(failure: FormFailure<Intent>, init: { status?: number; headers?: HeadersInit } = {}) {
  return data(failure, { status: init.status ?? 400, headers: init.headers });
}

/** Conform's reply for a form no zod schema reads: the values kept and the messages ("" = the form's own). */
export function formResult(values: Record<string, unknown>, errors: Record<string, string[]>): FormResult {
  return { status: "error", initialValue: values, error: errors };
}

type IntentHandlers = Record<string, (intent: string) => unknown>;

/**
 * Reads the form's hidden `intent` and runs its handler (given the intent). An intent the page
 * does not know is a 400 "Unknown action." on the error page, never a 500.
 */
export async function dispatchIntent<Handlers extends IntentHandlers>(formData: FormData, handlers: Handlers): Promise<Awaited<ReturnType<Handlers[keyof Handlers]>>> {
  const intent = readIntent(formData);
  if (!Object.hasOwn(handlers, intent)) throw pageErrorResponse(badRequest(UNKNOWN_ACTION_MESSAGE));
  return (await handlers[intent](intent)) as Awaited<ReturnType<Handlers[keyof Handlers]>>;
}

/** The form's hidden `intent` ("" when absent). */
function readIntent(formData: FormData): string {
  const value = formData.get("intent");
  return typeof value === "string" ? value : "";
}

/** What a schema form's submission came to: the saved value, or the refusal (status, first message, Conform's reply; `error`, the typed error the save threw, none for bad input). */
export type SchemaFormOutcome<Saved> = { ok: true; saved: Saved } | SchemaFormRefusal;

export type SchemaFormRefusal = { ok: false; status: number; message: string; result: SubmissionResult<string[]>; headers?: HeadersInit; error?: AppError };

/** How a schema form answers a refusal. */
export type SchemaFormOptions = {
  /** Fields whose typed value does not come back (passwords). */
  hideFields?: string[];
  /**
   * The messages a refusal puts on the form, given its first message and the typed error (none when
   * the schema refused the input). Unless told: bad input, the schema's field messages; a typed
   * error, its message as the form's own and its field messages beside their fields.
   */
  messagesOf?: (refusal: { message: string; error?: AppError }) => { formErrors?: string[]; fieldErrors?: FieldErrors };
  /** An error that is not a typed refusal is rethrown (the error page) unless the form answers it: logged, a 500 with `message`. */
  unexpected?: { request: Request; message: string };
};

/** The form's own message only where no field says why (the field messages are beside their fields). */
export const fieldMessagesFirst: NonNullable<SchemaFormOptions["messagesOf"]> = ({ error }) =>
  error ? { formErrors: error.fieldErrors ? [] : [error.message], fieldErrors: error.fieldErrors } : {};

/**
 * Parses a form with its zod schema (Conform) and hands the input to `save` (a feature function).
 * Bad input, or a typed error `save` throws, comes back with the field messages and the input kept.
 */
export function submitSchemaForm<Schema extends ZodTypeAny, Saved>(
  formData: FormData,
  schema: Schema,
  save: (input: output<Schema>) => Saved,
  options: SchemaFormOptions = {},
): SchemaFormOutcome<Saved> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return invalidForm(submission, options);
  try {
    return { ok: true, saved: save(submission.value) };
  } catch (error) {
    return refusedForm(submission, error, options);
  }
}

/** `submitSchemaForm` for a feature function that returns a promise (mail, password hashing). */
export async function submitSchemaFormAsync<Schema extends ZodTypeAny, Saved>(
  formData: FormData,
  schema: Schema,
  save: (input: output<Schema>) => Promise<Saved>,
  options: SchemaFormOptions = {},
): Promise<SchemaFormOutcome<Saved>> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return invalidForm(submission, options);
  try {
    return { ok: true, saved: await save(submission.value) };
  } catch (error) {
    return refusedForm(submission, error, options);
  }
}

/** A schema form refused before its save ran (not allowed, its picture too large): the input kept, the messages as `submitSchemaForm` puts them. */
export function refuseSchemaForm(formData: FormData, schema: ZodTypeAny, error: AppError, options: SchemaFormOptions = {}): SchemaFormRefusal {
  return refusedForm(parseWithZod(formData, { schema }), error, options);
}

/** What these read of Conform's submission. */
type Submission = {
  error?: Record<string, string[] | null> | null;
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>;
};

/** Input the schema refused: a 400, its first message. */
function invalidForm(submission: Submission, { hideFields, messagesOf }: SchemaFormOptions): SchemaFormRefusal {
  const message = Object.values(submission.error ?? {}).flat()[0] ?? CHECK_THE_FORM;
  const messages = messagesOf?.({ message }) ?? {};
  return { ok: false, status: 400, message, result: submission.reply({ ...messages, hideFields }) };
}

/** A typed error: its status, message, field messages and headers (a Retry-After); anything else is rethrown, or answered as `unexpected` says. */
function refusedForm(submission: Submission, thrown: unknown, { hideFields, messagesOf, unexpected }: SchemaFormOptions): SchemaFormRefusal {
  const error = appErrorOfDatabase(thrown) ?? thrown;
  if (!isAppError(error)) {
    if (!unexpected) throw error;
    logServerError(error, unexpected.request);
    return { ok: false, status: 500, message: unexpected.message, result: submission.reply({ formErrors: [unexpected.message], hideFields }) };
  }
  const messages = messagesOf?.({ message: error.message, error }) ?? { formErrors: [error.message], fieldErrors: error.fieldErrors };
  return { ok: false, status: error.status, message: error.message, result: submission.reply({ ...messages, hideFields }), headers: error.headers, error };
}

/**
 * Runs `work` (a form's save and its answer); a typed error it throws (bad input, not allowed, not
 * found, too many) is answered by `refused`, anything else is rethrown for the error page.
 */
export async function handleRefusal<Answer, Refusal>(work: () => Answer, refused: (error: AppError) => Refusal): Promise<Awaited<Answer> | Awaited<Refusal>> {
  try {
    return await work();
  } catch (thrown) {
    const error = appErrorOfDatabase(thrown) ?? thrown;
    if (!isAppError(error)) throw error;
    return await refused(error);
  }
}

/** A refused form as the page's answer: the failed form (its `intent`, `formId`, `toast`) with the refusal's status and headers. */
export function answerFormRefusal<Intent extends string>(
  refusal: { status: number; result: FormResult; headers?: HeadersInit },
  { intent, formId, toast }: { intent: Intent; formId?: string; toast?: ToastMessage },
) {
  return formFailure<Intent>({ intent, formId, result: refusal.result, toast }, { status: refusal.status, headers: refusal.headers });
}

/**
 * A form's page answer: after a save, the redirect with the `success` toast (and `headers`: a
 * session cookie); after a refusal, the failed form (its `intent`, `formId`) with the `failure`
 * toast (none unless given) and the refusal's status and headers.
 */
export function answerFormOutcome<Intent extends string>(
  outcome: { ok: true } | { ok: false; status: number; result: FormResult; headers?: HeadersInit },
  {
    redirectTo,
    success,
    failure,
    intent,
    formId,
    headers,
  }: { redirectTo: string; success: string | ToastMessage; failure?: string | ToastMessage; intent: Intent; formId?: string; headers?: HeadersInit },
) {
  if (outcome.ok) return redirectWithToast(redirectTo, typeof success === "string" ? successToast(success) : success, { headers });
  return answerFormRefusal(outcome, { intent, formId, toast: typeof failure === "string" ? errorToast(failure) : failure });
}
