import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { submitMeetingStep, submitUpdateMeeting, type MeetingActionData, loadManagedMeeting } from "~/features/meetings/index.server";
import { meetingFormDefaults } from "~/features/meetings";
import { MeetingFormPage } from "~/features/meetings/components/meeting-form-page";
import { meetingPaths } from "~/features/meetings";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Edit Meeting", matches);

/** The edit form as a page: what the edit icon opens without JavaScript. */
export function loader({ request, params, url }: LoaderFunctionArgs) {
  return loadManagedMeeting(request, url, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitMeetingStep(request, params.id, submitUpdateMeeting);
}

export default function EditMeetingPage() {
  const { meeting, timeZone, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<MeetingActionData>();
  return (
    <MeetingFormPage
      title="Edit Meeting"
      mode="update"
      formId={`edit-meeting-form-${meeting.id}`}
      action={meetingPaths.edit(meeting.id)}
      meetingId={meeting.id}
      returnTo={returnTo}
      timeZone={timeZone}
      defaults={meetingFormDefaults(meeting)}
      lastResult={actionData?.result ?? null}
      cancelTo={returnTo}
    />
  );
}
