import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { pageMessages, submitCreateMeeting, type MeetingActionData, loadScheduleForm } from "~/features/meetings/index.server";
import { MeetingFormPage } from "~/features/meetings/components/meeting-form-page";
import { meetingPaths } from "~/features/meetings";
import { pageMeta } from "~/utils/meta";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = ({ matches }) => pageMeta("Schedule Meeting", matches);

/** The schedule form as a page: what 'Schedule Meeting' opens without JavaScript. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadScheduleForm(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return submitCreateMeeting(request, await readFormData(request), { messages: pageMessages, redirectTo: meetingPaths.list });
}

export default function ScheduleMeetingPage() {
  const { timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<MeetingActionData>();
  return (
    <MeetingFormPage
      title="Schedule Meeting"
      mode="create"
      formId="create-meeting-form"
      action={meetingPaths.create}
      timeZone={timeZone}
      lastResult={actionData?.result ?? null}
      cancelTo={meetingPaths.list}
    />
  );
}
