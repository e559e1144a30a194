import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useLoaderData, useNavigation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { useEffect, useState } from "react";
import { EmptyState } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { adminMessages, submitDeleteMeeting, type MeetingView, loadManageMeetings } from "~/features/meetings/index.server";
import { DeleteMeetingConfirmation } from "~/features/meetings/components/delete-confirmation";
import { Dialog, DialogTrigger } from "~/components/ui/dialog";
import { Tag } from "~/features/meetings/components/meeting-parts";
import { TimeZoneScript } from "~/features/meetings/components/time-zone-script";
import { meetingPaths, safeReturnTo } from "~/features/meetings";
import { readFormData } from "~/utils/http.server";
import { countLabel } from "~/utils/plural";
import { pageMeta } from "~/utils/meta";
import { AdminTabHeader } from "~/features/admin/components/tab-header";

export const meta: MetaFunction = ({ matches }) => pageMeta("Manage Meetings · Admin Panel", matches);

/** Admin panel › Manage Meetings: every meeting, newest created first, with edit and delete. */
export function loader({ request, url }: LoaderFunctionArgs) {
  return loadManageMeetings(request, url);
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const redirectTo = safeReturnTo(formData.get("returnTo") ?? meetingPaths.adminManage);
  return submitDeleteMeeting(request, formData, { messages: adminMessages, redirectTo });
}

export default function AdminManageMeetings() {
  const { meetings, total, page, pageCount, timeZone } = useLoaderData<typeof loader>();
  const [deleting, setDeleting] = useState<MeetingView | null>(null);
  const navigation = useNavigation();
  const returnTo = page > 1 ? `${meetingPaths.adminManage}?page=${page}` : meetingPaths.adminManage;
  useEffect(() => {
    if (navigation.state === "loading") setDeleting(null);
  }, [navigation.state]);
  return (
    <section aria-labelledby="admin-manage-meetings-heading">
      <TimeZoneScript renderedTimeZone={timeZone} />
      <AdminTabHeader
        id="admin-manage-meetings-heading"
        title="Manage Meetings"
        summary={`${countLabel(total, "meeting")}, newest first. Times are in ${timeZone}.`}
        actions={
          <AppLink to={meetingPaths.adminCreate} className={buttonClass("secondary")}>
            Create Meetings
          </AppLink>
        }
      />
      {meetings.length === 0 ? (
        <EmptyState title="No meetings yet" message="Scheduled meetings will be listed here." />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {meetings.map((meeting) => (
            <li key={meeting.id} className="flex flex-wrap items-center justify-between gap-3 p-4" data-testid="admin-meeting-row">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{meeting.title}</p>
                <p className="text-sm text-slate-600">
                  <time dateTime={meeting.scheduledAt}>{meeting.longDate}</time> · {meeting.time} · {meeting.duration} min · {meeting.attendeesCount}{" "}
                  {meeting.isUpcoming ? "registered" : "attended"}
                </p>
                <div className="mt-1 flex flex-wrap gap-2">
                  {meeting.isUpcoming ? <Tag tone="indigo">Upcoming</Tag> : <Tag tone="green">Completed</Tag>}
                  {meeting.registrationRequired ? <Tag tone="amber">Members Only</Tag> : <Tag tone="green">Open Meeting</Tag>}
                  {meeting.isSeries ? <Tag tone="indigo">Weekly</Tag> : null}
                </div>
              </div>
              <div className="flex gap-2">
                <DialogTrigger to={meetingPaths.edit(meeting.id)} params={{ returnTo }} className={buttonClass("secondary")} label={`Edit meeting ${meeting.title}`}>
                  Edit
                </DialogTrigger>
                <DialogTrigger
                  to={meetingPaths.remove(meeting.id)}
                  params={{ returnTo }}
                  onOpen={() => setDeleting(meeting)}
                  className={buttonClass("danger-outline")}
                  label={`Delete meeting ${meeting.title}`}
                >
                  Delete
                </DialogTrigger>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} label="Meetings pages" layout="spread" />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete Meeting" titleId="admin-delete-meeting-title" role="alertdialog">
        {deleting ? (
          <DeleteMeetingConfirmation
            meetingId={deleting.id}
            meetingTitle={deleting.title}
            action={meetingPaths.adminManage}
            returnTo={returnTo}
            cancel={
              <button type="button" className={buttonClass("secondary")} onClick={() => setDeleting(null)}>
                Cancel
              </button>
            }
          />
        ) : null}
      </Dialog>
    </section>
  );
}
