import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useActionData, useLoaderData, useNavigation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { lazy, useEffect, useRef, useState } from "react";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { pageMessages, submitCreateMeeting, submitDeleteMeeting, submitRegistration, submitUpdateMeeting, type MeetingActionData, type MeetingView, loadMeetingsPage } from "~/features/meetings/index.server";
import { DeleteMeetingConfirmation as ServerDeleteMeetingConfirmation } from "~/features/meetings/components/delete-confirmation";
import { Dialog, DialogTrigger } from "~/components/ui/dialog";
import { PastMeetingCard, UpcomingMeetingCard, type ManageHandlers } from "~/features/meetings/components/meeting-card";
import { MeetingForm as ServerMeetingForm } from "~/features/meetings/components/meeting-form";
import { NextMeetingCard } from "~/features/meetings/components/next-meeting-card";
import { TimeZoneScript } from "~/features/meetings/components/time-zone-script";
import { meetingFormDefaults, meetingPaths } from "~/features/meetings";
import { pageMeta } from "~/utils/meta";
import { readFormData } from "~/utils/http.server";
import { dispatchIntent } from "~/utils/page-action.server";

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta("Weekly Meetings", matches, "Weekly live meetings on AI trends: register, join, watch replays and add them to your calendar."),
  // The upcoming meetings' iCalendar feed, found by calendar apps and browser extensions (docs/meetings.md).
  { tagName: "link", rel: "alternate", type: "text/calendar", title: "Weekly meetings", href: meetingPaths.feed },
];

export function loader({ request, url }: LoaderFunctionArgs) {
  return loadMeetingsPage(request, url);
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const options = { messages: pageMessages, redirectTo: meetingPaths.list };
  return dispatchIntent(formData, {
    create: () => submitCreateMeeting(request, formData, options),
    update: () => submitUpdateMeeting(request, formData, options),
    delete: () => submitDeleteMeeting(request, formData, options),
    register: () => submitRegistration(request, formData, "register"),
    cancel: () => submitRegistration(request, formData, "cancel"),
  });
}

// What only the dialogs show is loaded when one opens, in the browser; the server renders it directly
// (a failed form posted without JavaScript comes back open). docs/decisions/0098-dialogs-load-their-forms-on-use.md.
const MeetingForm = import.meta.env.SSR
  ? ServerMeetingForm
  : /* @__PURE__ */ lazy(() => import("~/features/meetings/components/meeting-form").then((module) => ({ default: module.MeetingForm })));
const DeleteMeetingConfirmation = import.meta.env.SSR
  ? ServerDeleteMeetingConfirmation
  : /* @__PURE__ */ lazy(() => import("~/features/meetings/components/delete-confirmation").then((module) => ({ default: module.DeleteMeetingConfirmation })));

type DialogState = { kind: "create" } | { kind: "edit"; meeting: MeetingView } | { kind: "delete"; meeting: MeetingView } | null;

export default function MeetingsPage() {
  const { upcoming, past, hasMoreUpcoming, timeZone, canManage } = useLoaderData<typeof loader>();
  const actionData = useActionData<MeetingActionData>();
  const navigation = useNavigation();
  const [dialog, setDialog] = useState<DialogState>(null);
  const wasBusy = useRef(false);
  const allMeetings = [...upcoming, ...past];

  // A failed submission keeps (or reopens) its dialog with the errors.
  const failedEdit = actionData?.intent === "update" ? allMeetings.find((meeting) => String(meeting.id) === actionData.formId) : undefined;
  useEffect(() => {
    if (actionData?.intent === "create") setDialog({ kind: "create" });
    else if (actionData?.intent === "update" && failedEdit) setDialog({ kind: "edit", meeting: failedEdit });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actionData]);
  // A successful submission redirects back here: close the dialog.
  useEffect(() => {
    if (navigation.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (wasBusy.current && !actionData) setDialog(null);
    wasBusy.current = false;
  }, [navigation.state, actionData]);

  const handlers: ManageHandlers = {
    onEdit: (meeting: MeetingView) => {
      setDialog({ kind: "edit", meeting });
    },
    onDelete: (meeting: MeetingView) => {
      setDialog({ kind: "delete", meeting });
    },
  };
  const close = () => setDialog(null);
  const cancelButton = (
    <button type="button" className={buttonClass("secondary")} onClick={close}>
      Cancel
    </button>
  );
  const next = upcoming[0];
  // Without JavaScript, a failed dialog submission renders its form open on this page.
  const serverOpenCreate = actionData?.intent === "create";
  const serverOpenEdit = actionData?.intent === "update" ? failedEdit : undefined;
  const editing = dialog?.kind === "edit" ? dialog.meeting : serverOpenEdit;

  return (
    <>
      <TimeZoneScript renderedTimeZone={timeZone} />
      <PageHeader
        title="Weekly Meetings"
        description={<>Live video meetings on AI trends, every week. Times are shown in {timeZone}.</>}
        actions={
          <div className="flex flex-wrap gap-2">
            <a href={meetingPaths.feed} className={buttonClass("secondary")}>
              Subscribe to calendar
            </a>
            {canManage ? (
              <DialogTrigger to={meetingPaths.create} className={buttonClass()} onOpen={() => setDialog({ kind: "create" })}>
                Schedule Meeting
              </DialogTrigger>
            ) : null}
          </div>
        }
      />

      <div className="space-y-8">
        <NextMeetingCard meeting={next ?? null} title="Next Meeting" returnTo={meetingPaths.list} />

        <section aria-labelledby="upcoming-heading">
          <h2 id="upcoming-heading" className="mb-3 text-xl font-semibold text-slate-900">
            Upcoming Meetings
          </h2>
          {upcoming.length === 0 ? (
            <EmptyState title="No upcoming meetings" message="New meetings appear here as soon as they are scheduled." />
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              {upcoming.map((meeting) => (
                <UpcomingMeetingCard key={meeting.id} meeting={meeting} canManage={canManage} handlers={handlers} />
              ))}
            </div>
          )}
          {hasMoreUpcoming ? (
            <p className="mt-3">
              <AppLink to="?upcoming=all" className="font-medium text-indigo-700 hover:underline">
                Show all upcoming meetings
              </AppLink>
            </p>
          ) : null}
        </section>

        <section aria-labelledby="past-heading">
          <h2 id="past-heading" className="mb-3 text-xl font-semibold text-slate-900">
            Past Meetings
          </h2>
          {past.length === 0 ? (
            <EmptyState title="No past meetings" message="Completed meetings and their replays will be listed here." />
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              {past.map((meeting) => (
                <PastMeetingCard key={meeting.id} meeting={meeting} canManage={canManage} handlers={handlers} />
              ))}
            </div>
          )}
        </section>
      </div>

      {canManage ? (
        <>
          <Dialog open={dialog?.kind === "create"} renderOpen={serverOpenCreate && dialog === null} onClose={close} title="Schedule Meeting" titleId="create-meeting-title">
            <MeetingForm
              mode="create"
              formId="create-meeting-form"
              action={meetingPaths.list}
              intent="create"
              timeZone={timeZone}
              lastResult={actionData?.intent === "create" ? actionData.result : null}
              cancel={cancelButton}
            />
          </Dialog>
          <Dialog
            open={dialog?.kind === "edit"}
            renderOpen={Boolean(serverOpenEdit) && dialog === null}
            onClose={close}
            title="Edit Meeting"
            titleId="edit-meeting-title"
          >
            {editing ? (
              <MeetingForm
                key={editing.id}
                mode="update"
                formId={`edit-meeting-form-${editing.id}`}
                action={meetingPaths.list}
                intent="update"
                meetingId={editing.id}
                timeZone={timeZone}
                defaults={meetingFormDefaults(editing)}
                lastResult={actionData?.intent === "update" && actionData.formId === String(editing.id) ? actionData.result : null}
                cancel={cancelButton}
              />
            ) : null}
          </Dialog>
          <Dialog open={dialog?.kind === "delete"} onClose={close} title="Delete Meeting" titleId="delete-meeting-title" role="alertdialog">
            {dialog?.kind === "delete" ? (
              <DeleteMeetingConfirmation meetingId={dialog.meeting.id} meetingTitle={dialog.meeting.title} action={meetingPaths.list} intent="delete" cancel={cancelButton} />
            ) : null}
          </Dialog>
        </>
      ) : null}
    </>
  );
}
