import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { adminMessages, submitCreateMeeting, type MeetingActionData, loadScheduleForm } from "~/features/meetings/index.server";
import { MeetingFormCard } from "~/features/meetings/components/meeting-form-page";
import { TimeZoneScript } from "~/features/meetings/components/time-zone-script";
import { meetingPaths } from "~/features/meetings";
import { readFormData } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Create Meetings · Admin Panel", matches);

/** Admin panel › Create Meetings: the schedule form (one-off or weekly series). */
export function loader({ request }: LoaderFunctionArgs) {
  return loadScheduleForm(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return submitCreateMeeting(request, await readFormData(request), { messages: adminMessages, redirectTo: meetingPaths.adminManage });
}

export default function AdminCreateMeetings() {
  const { timeZone } = useLoaderData<typeof loader>();
  const actionData = useActionData<MeetingActionData>();
  return (
    <section aria-labelledby="admin-create-meetings-heading" className="max-w-2xl">
      <TimeZoneScript renderedTimeZone={timeZone} />
      <h2 id="admin-create-meetings-heading" className="mb-1 text-xl font-semibold text-slate-900">
        Create Meetings
      </h2>
      <p className="mb-4 text-sm text-slate-600">Times are in {timeZone}. Members are notified once, even for a weekly series.</p>
      <MeetingFormCard
        mode="create"
        formId="admin-create-meeting-form"
        action={meetingPaths.adminCreate}
        timeZone={timeZone}
        lastResult={actionData?.result ?? null}
        cancelTo={meetingPaths.adminManage}
      />
    </section>
  );
}
