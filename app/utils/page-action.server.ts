/**
 * The one pattern for a page action (docs/decisions/0076-page-action-pattern.md): the intent is
 * read once and dispatched by `dispatchIntent` (an unknown one is a 400 the error page shows), and
 * a failed form answers `formFailure(...)`: the `FormFailure` shape of
 * app/components/ui/use-server-form.ts, with its status.
 */
import { data } from "@remix-run/node";
import type { FormFailure, FormResult } from "~/components/ui/use-server-form";
import { badRequest } from "./errors.server";
import { pageErrorResponse } from "./http.server";

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
