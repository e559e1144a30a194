/**
 * "Is this form being sent?", the one way a form shows its pending label ("Saving...") and
 * disables its button. Follows the Epic Stack's `useIsPending`: the page's navigation (or a
 * fetcher's) is pending when it is not idle and its submission is the form's: its hidden
 * `intent`, its other hidden fields (a `formId`, a row's id), its action path, its method.
 */
import { useNavigation } from "react-router";

/** What a navigation or a fetcher says about the submission in flight. */
type Submission = { state: "idle" | "submitting" | "loading"; formData?: FormData; formAction?: string; formMethod?: string };

export type PendingForm = {
  /** The form's hidden `intent`; `null` for a form posting none. */
  intent?: string | null;
  /** Other hidden fields the form posts, each of which must match (a row's id, a `formId`). */
  fields?: Record<string, string | number | undefined>;
  /** The form's action; its path is compared (the query, a `returnTo`, is not). */
  formAction?: string;
  formMethod?: "GET" | "POST";
  /**
   * "non-idle" (the default): from the click until the page after it has loaded; "submitting":
   * only while the action runs.
   */
  state?: "non-idle" | "submitting";
  /** A fetcher's submission instead of the page's navigation. */
  fetcher?: Submission;
};

/** Whether the page's navigation (or the given fetcher) is sending this form. */
export function useIsPending(form: PendingForm = {}): boolean {
  const navigation = useNavigation();
  return isPendingSubmission(form.fetcher ?? navigation, form);
}

/** The rule of useIsPending, for a given navigation or fetcher. */
export function isPendingSubmission(submission: Submission, { intent, fields, formAction, formMethod, state = "non-idle" }: PendingForm): boolean {
  if (state === "submitting" ? submission.state !== "submitting" : submission.state === "idle") return false;
  if (formMethod !== undefined && submission.formMethod?.toUpperCase() !== formMethod) return false;
  if (formAction !== undefined && pathOf(submission.formAction) !== pathOf(formAction)) return false;
  if (intent === undefined && fields === undefined) return true;
  // A form is told apart by what it posts: a page load (no form data) is not this form's.
  const { formData } = submission;
  if (formData === undefined) return false;
  if (intent !== undefined && (intent === null ? formData.has("intent") : formData.get("intent") !== intent)) return false;
  return Object.entries(fields ?? {}).every(([name, value]) => value === undefined || formData.get(name) === String(value));
}

function pathOf(action: string | undefined): string | undefined {
  return action?.split("?")[0];
}
