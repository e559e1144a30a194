import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

export const DELETE_CONFIRMATION = "Are you sure you want to delete this meeting? This action cannot be undone.";

/** The confirmation and a Delete button posting the delete (dialog with JavaScript, a page without). */
export function DeleteMeetingConfirmation({
  meetingId,
  meetingTitle,
  action,
  intent,
  returnTo,
  cancel,
}: {
  meetingId: number;
  meetingTitle: string;
  action: string;
  intent?: string;
  returnTo?: string;
  cancel: ReactNode;
}) {
  const navigation = useNavigation();
  const isPending = navigation.state !== "idle" && navigation.formData?.get("meetingId") === String(meetingId) && navigation.formData?.get("confirm") === "yes";
  return (
    <Form method="post" action={action} className="space-y-4">
      <p className="text-slate-700">{DELETE_CONFIRMATION}</p>
      <p className="text-sm font-medium text-slate-900">“{meetingTitle}”</p>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <input type="hidden" name="meetingId" value={meetingId} />
      <input type="hidden" name="confirm" value="yes" />
      <div className="flex justify-end gap-2">
        {cancel}
        <button
          type="submit"
          disabled={isPending}
          className="inline-flex items-center justify-center rounded-md bg-red-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-red-700 disabled:opacity-70"
        >
          {isPending ? "Deleting..." : "Delete"}
        </button>
      </div>
    </Form>
  );
}
