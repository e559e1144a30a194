import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { buttonClass } from "~/components/ui/button";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/ui/page";
import { pageMessages, submitCreateMeeting, type MeetingActionData } from "~/features/meetings/actions.server";
import { MeetingForm } from "~/features/meetings/components/meeting-form";
import { TimeZoneScript } from "~/features/meetings/components/time-zone-script";
import { loadScheduleForm } from "~/features/meetings/manage.server";
import { meetingPaths } from "~/features/meetings/paths";
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
    <div className="mx-auto max-w-2xl">
      <TimeZoneScript renderedTimeZone={timeZone} />
      <PageHeader title="Schedule Meeting" description={`Times are in ${timeZone}.`} />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <MeetingForm
          mode="create"
          formId="create-meeting-form"
          action={meetingPaths.create}
          timeZone={timeZone}
          lastResult={actionData?.result ?? null}
          cancel={
            <Link to={meetingPaths.list} className={buttonClass("secondary")}>
              Cancel
            </Link>
          }
        />
      </div>
    </div>
  );
}
