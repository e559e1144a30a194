import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { PageHeader } from "~/components/ui/page";
import { submitMeetingStep, submitDeleteMeeting, loadManagedMeeting } from "~/features/meetings/index.server";
import { DeleteMeetingConfirmation } from "~/features/meetings/components/delete-confirmation";
import { meetingPaths } from "~/features/meetings";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = ({ matches }) => pageMeta("Delete Meeting", matches);

/** The delete confirmation step (what the delete icon opens without JavaScript). */
export function loader({ request, params, url }: LoaderFunctionArgs) {
  return loadManagedMeeting(request, url, params.id);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitMeetingStep(request, params.id, submitDeleteMeeting);
}

export default function DeleteMeetingPage() {
  const { meeting, returnTo } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Delete Meeting" />
      <div role="alertdialog" aria-labelledby="delete-meeting-page-title" className="rounded-xl border border-red-200 bg-white p-6 shadow-sm">
        <h2 id="delete-meeting-page-title" className="sr-only">
          Delete {meeting.title}
        </h2>
        <DeleteMeetingConfirmation
          meetingId={meeting.id}
          meetingTitle={meeting.title}
          action={meetingPaths.remove(meeting.id)}
          returnTo={returnTo}
          cancel={
            <AppLink to={returnTo} className={buttonClass("secondary")}>
              Cancel
            </AppLink>
          }
        />
      </div>
    </div>
  );
}
