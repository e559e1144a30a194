/**
 * How the admin tabs' page actions answer: success redirects back to the same list (so a
 * refresh never re-posts) with a 'Success' flash toast; failure re-renders the tab with a
 * status, an 'Error' toast and the reason, keeping what was typed.
 */
import type { FormFailure } from "~/components/ui/use-server-form";
import { isAppError, logServerError } from "~/utils/errors.server";
import { formFailure, formResult } from "~/utils/page-action.server";
import { redirectWithToast } from "~/utils/toast.server";
import { errorToast, successToast } from "~/utils/toast";
import { routes } from "~/utils/routes";
import { safeRedirectPath } from "~/utils/url";

/**
 * A failed admin form: the one failed-form shape (docs/decisions/0076-page-action-pattern.md);
 * `formId` says which form failed (a row's id, "footer"…), so the page shows the reason beside it.
 */
export type AdminActionFailure = FormFailure;

/** Back to the page the form was posted from (path and query: the action's `url` argument), with a 'Success' toast. */
export function adminSuccess(url: URL, description: string) {
  const back = new URL(url);
  back.searchParams.delete("index");
  return redirectWithToast(safeRedirectPath(`${back.pathname}${back.search}`, routes.admin), successToast(description));
}

/** The tab again, with the error's status, an 'Error' toast carrying the documented text (docs/admin.md), the reason and what was typed. */
export function adminFailure(
  request: Request,
  error: unknown,
  { intent, description, target, values = {} }: { intent: string; description: string; target: string; values?: Record<string, string> },
) {
  const status = isAppError(error) ? error.status : 500;
  if (!isAppError(error)) logServerError(error, request);
  const message = isAppError(error) ? error.message : "Something went wrong on our side. Please try again.";
  const fieldErrors = isAppError(error) ? error.fieldErrors : undefined;
  return formFailure({ intent, formId: target, result: formResult(values, { "": [message], ...fieldErrors }), toast: errorToast(description) }, { status });
}

/**
 * Runs an admin form's `work` (which says what it did): back to the tab with that in a 'Success'
 * toast, or, whatever it throws, the tab again as `adminFailure` answers.
 */
export async function answerAdminForm(request: Request, url: URL, work: () => string | Promise<string>, failure: Parameters<typeof adminFailure>[2]) {
  try {
    return adminSuccess(url, await work());
  } catch (error) {
    return adminFailure(request, error, failure);
  }
}

/** The string fields of a form, for echoing them back. */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData.entries()) if (typeof value === "string") values[key] = value;
  return values;
}
