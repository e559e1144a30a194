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
import type { FormFailure, FormResult } from "~/components/ui/use-server-form";
import { badRequest, isAppError } from "./errors.server";
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

/** What a schema form's submission came to: the saved value, or the refusal (status, first message, Conform's reply). */
export type SchemaFormOutcome<Saved> =
  | { ok: true; saved: Saved }
  | { ok: false; status: number; message: string; result: SubmissionResult<string[]>; headers?: HeadersInit };

/**
 * Parses a form with its zod schema (Conform) and hands the input to `save` (a feature function).
 * Bad input, or a typed error `save` throws, comes back with the field messages and the input kept.
 */
export function submitSchemaForm<Schema extends ZodTypeAny, Saved>(formData: FormData, schema: Schema, save: (input: output<Schema>) => Saved): SchemaFormOutcome<Saved> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    return { ok: true, saved: save(submission.value) };
  } catch (error) {
    return refusedForm(submission, error);
  }
}

/** `submitSchemaForm` for a feature function that returns a promise (mail, password hashing). */
export async function submitSchemaFormAsync<Schema extends ZodTypeAny, Saved>(
  formData: FormData,
  schema: Schema,
  save: (input: output<Schema>) => Promise<Saved>,
): Promise<SchemaFormOutcome<Saved>> {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return invalidForm(submission);
  try {
    return { ok: true, saved: await save(submission.value) };
  } catch (error) {
    return refusedForm(submission, error);
  }
}

/** What these two read of Conform's submission. */
type Submission = {
  error?: Record<string, string[] | null> | null;
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
};

/** Input the schema refused: a 400, its first message. */
function invalidForm(submission: Submission): SchemaFormOutcome<never> {
  const message = Object.values(submission.error ?? {}).flat()[0] ?? CHECK_THE_FORM;
  return { ok: false, status: 400, message, result: submission.reply() };
}

/** A typed error the feature threw: its status, message, field messages and headers (a Retry-After); anything else is rethrown. */
function refusedForm(submission: Submission, error: unknown): SchemaFormOutcome<never> {
  if (!isAppError(error)) throw error;
  const result = submission.reply({ formErrors: [error.message], fieldErrors: error.fieldErrors });
  return { ok: false, status: error.status, message: error.message, result, headers: error.headers };
}

/**
 * A form's page answer: after a save, the redirect with the `success` toast; after a refusal, the
 * failed form (its `intent`, `formId`) with the `failure` toast and the refusal's status.
 */
export function answerFormOutcome<Intent extends string>(
  outcome: { ok: true } | { ok: false; status: number; result: FormResult },
  { redirectTo, success, failure, intent, formId }: { redirectTo: string; success: string; failure: string; intent: Intent; formId?: string },
) {
  if (outcome.ok) return redirectWithToast(redirectTo, successToast(success));
  return formFailure<Intent>({ intent, formId, result: outcome.result, toast: errorToast(failure) }, { status: outcome.status });
}
