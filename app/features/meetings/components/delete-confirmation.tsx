import type { ReactNode } from "react";
import { DeleteConfirmation } from "~/components/ui/delete-confirmation";

const DELETE_CONFIRMATION = "Are you sure you want to delete this meeting? This action cannot be undone.";

/** The meeting's delete confirmation (dialog with JavaScript, a page without): its title, and `confirm=yes`. */
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
  return (
    <DeleteConfirmation
      question={DELETE_CONFIRMATION}
      detail={`“${meetingTitle}”`}
      action={action}
      fields={{ intent, returnTo, meetingId, confirm: "yes" }}
      cancel={cancel}
    />
  );
}
