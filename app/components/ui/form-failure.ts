/**
 * A failed page form's answer and what the pages read from it (decision 0076). Apart from
 * use-server-form.ts: pages that only show a failure's message (a card's rating, an admin table)
 * do not load the form hook with it (docs/decisions/0098-dialogs-load-their-forms-on-use.md).
 */
import type { ToastMessage } from "./toaster";

/** The part of Conform's SubmissionResult (what `submission.reply()` returns) the forms read. */
export type FormResult = {
  status?: "success" | "error";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

/**
 * The one answer of a failed page form (docs/decisions/0076-page-action-pattern.md): the form's
 * `intent`, which form when a page shows several of one intent (`formId`), Conform's reply
 * (`result`: the values kept, the messages per field, the form's own under "") and, when the
 * form is not beside the message, a toast. Built by `formFailure` (app/utils/page-action.server.ts).
 */
export type FormFailure<Intent extends string = string> = {
  intent: Intent;
  formId?: string;
  result: FormResult;
  toast?: ToastMessage;
};

/** The first message of a failed form for one field ("" = the form's own). */
export function failureMessage(failure: { result: FormResult } | null | undefined, field = ""): string | undefined {
  return failure?.result.error?.[field]?.[0] ?? undefined;
}

/** The values a failed form kept, as the form sent them (strings). */
export function failureValues(failure: { result: FormResult } | null | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(failure?.result.initialValue ?? {})) if (typeof value === "string") values[name] = value;
  return values;
}

/** A failed form's messages per field, without the form's own; undefined when there are none. */
export function failureFieldErrors(failure: { result: FormResult } | null | undefined): Record<string, string[]> | undefined {
  const entries = Object.entries(failure?.result.error ?? {}).filter((entry): entry is [string, string[]] => entry[0] !== "" && Boolean(entry[1]?.length));
  return entries.length ? Object.fromEntries(entries) : undefined;
}
