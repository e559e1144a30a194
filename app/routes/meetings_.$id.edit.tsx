import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { buttonClass } from "~/components/ui/button";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/ui/page";
import { adminMessages, pageMessages, submitUpdateMeeting, type MeetingActionData } from "~/features/meetings/actions.server";
import { MeetingForm } from "~/features/meetings/components/meeting-form";
import { TimeZoneScript } from "~/features/meetings/components/time-zone-script";
import { loadManagedMeeting } from "~/features/meetings/manage.server";
import { meetingPaths, safeReturnTo } from "~/features/meetings/paths";
import { pageMeta } from "~/utils/meta";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = ({ matches }) => pageMeta("Edit Meeting", matches);

/** The edit form as a page: what the edit icon opens without JavaScript. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return loadManagedMeeting(request, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const redirectTo = safeReturnTo(formData.get("returnTo"));
  const messages = redirectTo.startsWith("/admin") ? adminMessages : pageMessages;
  return submitUpdateMeeting(request, formData, { messages, redirectTo, meetingIdParam: params.id });
}

export default function EditMeetingPage() {
  const { meeting, timeZone, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<MeetingActionData>();
  return (
    <div className="mx-auto max-w-2xl">
      <TimeZoneScript renderedTimeZone={timeZone} />
      <PageHeader title="Edit Meeting" description={`Times are in ${timeZone}.`} />
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <MeetingForm
          mode="update"
          formId={`edit-meeting-form-${meeting.id}`}
          action={meetingPaths.edit(meeting.id)}
          meetingId={meeting.id}
          returnTo={returnTo}
          timeZone={timeZone}
          defaults={{
            title: meeting.title,
            description: meeting.description,
            scheduledAt: meeting.edit?.scheduledAtLocal,
            duration: meeting.duration,
            joinZoomUrl: meeting.edit?.joinZoomUrl,
            registrationZoomUrl: meeting.edit?.registrationZoomUrl,
            replayZoomUrl: meeting.edit?.replayZoomUrl,
            registrationRequired: meeting.registrationRequired,
          }}
          lastResult={actionData?.result ?? null}
          cancel={
            <Link to={returnTo} className={buttonClass("secondary")}>
              Cancel
            </Link>
          }
        />
      </div>
    </div>
  );
}
