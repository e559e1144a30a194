/**
 * The meetings forms' server side, shared by the page routes (/meetings, /meetings/new,
 * /meetings/:id/edit, /meetings/:id/delete, the admin tabs): authorize, validate, call the
 * feature function, answer with a flash toast (redirect) or the form's errors and an 'Error' toast.
 */
import type { output, ZodTypeAny } from "zod";
import type { FormFailure } from "~/components/ui/use-server-form";
import { answerFormRefusal, fieldMessagesFirst, handleRefusal, submitSchemaFormAsync } from "~/utils/page-action.server";
import { requirePagePermission, requireUser } from "~/features/auth/index.server";
import { redirectWithToast } from "~/utils/toast.server";
import { cancelRegistration, createMeetings, deleteMeeting, registerForMeeting, updateMeeting } from "./meetings.server";
import { safeReturnTo } from "./paths";
import { createMeetingFormSchema, meetingFormSchema } from "./schemas";
import { errorToast, successToast } from "~/utils/toast";
import { readFormData, readIdParam } from "~/utils/http.server";

export type MeetingIntent = "create" | "update" | "delete" | "register" | "cancel";

/** A failed meeting form: the one failed-form shape (docs/decisions/0076-page-action-pattern.md); `formId` is the meeting's id when editing. */
export type MeetingActionData = FormFailure<MeetingIntent>;

type Outcome = { success: string; failure: string };
export type MessageSet = Record<"create" | "update" | "delete", Outcome>;

/** The meetings page's toasts (docs/meetings.md). */
export const pageMessages: MessageSet = {
  create: { success: "Meeting created successfully!", failure: "Failed to create meeting. Please try again." },
  update: { success: "Meeting updated successfully!", failure: "Failed to update meeting. Please try again." },
  delete: { success: "Meeting deleted successfully!", failure: "Failed to delete meeting. Please try again." },
};

/** The admin panel's meeting toasts (docs/meetings.md). */
export const adminMessages: MessageSet = {
  create: { success: "Meeting created successfully", failure: "Failed to create meeting" },
  update: { success: "Meeting updated successfully", failure: "Failed to update meeting" },
  delete: { success: "Meeting deleted successfully", failure: "Failed to delete meeting" },
};

export const REGISTER_SUCCESS = "Successfully registered for the meeting!";
export const REGISTER_FAILURE = "Failed to register for meeting. Please try again.";
export const CANCEL_SUCCESS = "Your registration has been cancelled.";


function meetingIdOf(formData: FormData, fallback?: string): number {
  const raw = formData.get("meetingId");
  return readIdParam(typeof raw === "string" ? raw : fallback, "Meeting");
}

/**
 * Parses a meeting form and hands the input to `save` (which answers with its redirect); bad input,
 * or a typed error `save` throws, answers the failed form: the field messages, else the message as
 * the form's own. `onNotFound` answers a 404 instead (the meeting is gone).
 */
async function saveMeetingForm<Schema extends ZodTypeAny>(
  formData: FormData,
  schema: Schema,
  { intent, meetingId, failureMessage, onNotFound }: { intent: MeetingIntent; meetingId: number | null; failureMessage: string; onNotFound?: () => Promise<Response> },
  save: (input: output<Schema>) => Promise<Response>,
) {
  const outcome = await submitSchemaFormAsync(formData, schema, save, { messagesOf: fieldMessagesFirst });
  if (outcome.ok) return outcome.saved;
  if (outcome.status === 404 && outcome.error && onNotFound) return onNotFound();
  return answerFormRefusal<MeetingIntent>(outcome, { intent, formId: meetingId === null ? undefined : String(meetingId), toast: errorToast(failureMessage) });
}

/** Schedule a meeting or a weekly series (admins). */
export async function submitCreateMeeting(request: Request, formData: FormData, { messages, redirectTo }: { messages: MessageSet; redirectTo: string }) {
  const actor = await requirePagePermission(request, "meetings:manage");
  return saveMeetingForm(formData, createMeetingFormSchema, { intent: "create", meetingId: null, failureMessage: messages.create.failure }, async (input) => {
    const created = await createMeetings({ actor, input });
    const description = created.length > 1 ? `${messages.create.success} ${created.length} weekly meetings were scheduled.` : messages.create.success;
    return redirectWithToast(redirectTo, successToast(description));
  });
}

/** Edit one meeting (admins). */
export async function submitUpdateMeeting(
  request: Request,
  formData: FormData,
  { messages, redirectTo, meetingIdParam }: { messages: MessageSet; redirectTo: string; meetingIdParam?: string },
) {
  const actor = await requirePagePermission(request, "meetings:manage");
  const id = meetingIdOf(formData, meetingIdParam);
  const onNotFound = () => redirectWithToast(redirectTo, errorToast(messages.update.failure));
  return saveMeetingForm(formData, meetingFormSchema, { intent: "update", meetingId: id, failureMessage: messages.update.failure, onNotFound }, async (input) => {
    await updateMeeting({ actor, id, input });
    return redirectWithToast(redirectTo, successToast(messages.update.success));
  });
}

/** Delete one meeting (admins), after the confirmation. */
export async function submitDeleteMeeting(
  request: Request,
  formData: FormData,
  { messages, redirectTo, meetingIdParam }: { messages: MessageSet; redirectTo: string; meetingIdParam?: string },
) {
  const actor = await requirePagePermission(request, "meetings:manage");
  return handleRefusal(
    async () => {
      await deleteMeeting({ actor, id: meetingIdOf(formData, meetingIdParam) });
      return redirectWithToast(redirectTo, successToast(messages.delete.success));
    },
    () => redirectWithToast(redirectTo, errorToast(messages.delete.failure)),
  );
}

/** Register for, or cancel a registration for, a meeting (members). */
export async function submitRegistration(request: Request, formData: FormData, intent: "register" | "cancel") {
  const user = await requireUser(request);
  const redirectTo = safeReturnTo(formData.get("returnTo"));
  return handleRefusal(
    async () => {
      const meetingId = meetingIdOf(formData);
      if (intent === "register") {
        await registerForMeeting({ userId: user.id, meetingId });
        return redirectWithToast(redirectTo, successToast(REGISTER_SUCCESS));
      }
      await cancelRegistration({ userId: user.id, meetingId });
      return redirectWithToast(redirectTo, successToast(CANCEL_SUCCESS, "Registration cancelled"));
    },
    (error) => redirectWithToast(redirectTo, errorToast(intent === "register" ? `${REGISTER_FAILURE} ${error.message}` : error.message)),
  );
}

/**
 * The action of /meetings/:id/edit and /meetings/:id/delete: `submit` with the page's returnTo as
 * the way back and that place's toasts (the admin panel's or the meetings page's).
 */
export async function submitMeetingStep(request: Request, meetingIdParam: string | undefined, submit: typeof submitUpdateMeeting | typeof submitDeleteMeeting) {
  const formData = await readFormData(request);
  const redirectTo = safeReturnTo(formData.get("returnTo"));
  const messages = redirectTo.startsWith("/admin") ? adminMessages : pageMessages;
  return submit(request, formData, { messages, redirectTo, meetingIdParam });
}
