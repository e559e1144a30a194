import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { ReactNode } from "react";
import { getFormProps, getInputProps, useServerForm, type FormResult } from "~/components/ui/use-server-form";
import { DEFAULT_DURATION, MAX_DURATION, MAX_REPEAT_WEEKS, MIN_DURATION } from "../constants";
import { createMeetingConstraints, meetingConstraints } from "../constraints";
import type { MeetingFormDefaults } from "../form-defaults";
import { FormField } from "~/components/ui/form-field";
import { TextareaField } from "~/components/ui/labelled-field";
import { useIsPending } from "~/components/ui/use-is-pending";

type Mode = "create" | "update";

/**
 * The schedule / edit form (the fields). A plain POST form: it works without JavaScript
 * and, with it, posts without a page load; the server validates (the zod schema) either way.
 */
export function MeetingForm({
  mode,
  formId,
  action,
  intent,
  meetingId,
  timeZone,
  defaults,
  lastResult,
  returnTo,
  cancel,
}: {
  mode: Mode;
  formId: string;
  action: string;
  intent?: string;
  meetingId?: number;
  timeZone: string;
  defaults?: MeetingFormDefaults;
  lastResult?: FormResult | null;
  returnTo?: string;
  /** A link (no JavaScript) or a button closing the dialog. */
  cancel: ReactNode;
}) {
  const isPending = useIsPending({ formAction: action, intent, fields: meetingId === undefined ? undefined : { meetingId } });
  const [form, fields] = useServerForm({
    id: formId,
    lastResult,
    constraint: mode === "create" ? createMeetingConstraints : meetingConstraints,
    defaultValue: {
      title: defaults?.title ?? "",
      description: defaults?.description ?? "",
      scheduledAt: defaults?.scheduledAt ?? "",
      duration: defaults?.duration === undefined ? "" : String(defaults.duration),
      joinZoomUrl: defaults?.joinZoomUrl ?? "",
      registrationZoomUrl: defaults?.registrationZoomUrl ?? "",
      replayZoomUrl: defaults?.replayZoomUrl ?? "",
      registrationRequired: defaults?.registrationRequired === false ? undefined : "on",
      repeatWeeks: "1",
    },
  });
  const submitLabel = mode === "create" ? "Schedule Meeting" : "Update Meeting";
  const pendingLabel = mode === "create" ? "Creating..." : "Updating...";
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate className="space-y-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {meetingId !== undefined ? <input type="hidden" name="meetingId" value={meetingId} /> : null}
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <input type="hidden" name="timeZone" value={timeZone} />
      {form.errors?.length ? (
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-800" role="alert" id={form.errorId}>
          {form.errors.join(" ")}
        </p>
      ) : null}
      <FormField label="Title" errors={fields.title.errors} inputProps={{ ...getInputProps(fields.title, { type: "text" }), maxLength: 200 }} />
      <TextareaField field={fields.description} label="Description" />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Scheduled Date & Time"
          hint={`In ${timeZone}.`}
          errors={fields.scheduledAt.errors}
          inputProps={{ ...getInputProps(fields.scheduledAt, { type: "datetime-local" }), step: 60 }}
        />
        <FormField
          label="Duration (minutes)"
          hint={`${MIN_DURATION} to ${MAX_DURATION} minutes.`}
          errors={fields.duration.errors}
          inputProps={{ ...getInputProps(fields.duration, { type: "number" }), required: false, min: MIN_DURATION, max: MAX_DURATION, placeholder: String(DEFAULT_DURATION), step: 1 }}
        />
      </div>
      <FormField label="Join Link" errors={fields.joinZoomUrl.errors} inputProps={{ ...getInputProps(fields.joinZoomUrl, { type: "url" }), placeholder: "https://zoom.us/j/..." }} />
      <FormField
        label="Registration Link"
        errors={fields.registrationZoomUrl.errors}
        inputProps={{ ...getInputProps(fields.registrationZoomUrl, { type: "url" }), placeholder: "https://zoom.us/meeting/register/..." }}
      />
      <FormField label="Replay Link" errors={fields.replayZoomUrl.errors} inputProps={{ ...getInputProps(fields.replayZoomUrl, { type: "url" }), placeholder: "https://..." }} />
      <div className="flex items-center gap-2">
        <input
          {...getInputProps(fields.registrationRequired, { type: "checkbox" })}
          required={false}
          key={fields.registrationRequired.key}
          className="h-4 w-4 rounded border-slate-300 text-indigo-600"
        />
        <label htmlFor={fields.registrationRequired.id} className="text-sm font-medium text-slate-800">
          Registration Required
        </label>
      </div>
      {mode === "create" ? (
        <FormField
          label="Repeat weekly for (weeks)"
          hint={`1 schedules a one-off meeting; up to ${MAX_REPEAT_WEEKS} weekly meetings at the same time.`}
          errors={fields.repeatWeeks.errors}
          inputProps={{ ...getInputProps(fields.repeatWeeks, { type: "number" }), required: false, min: 1, max: MAX_REPEAT_WEEKS, step: 1 }}
        />
      ) : null}
      <div className="flex justify-end gap-2 pt-2">
        {cancel}
        <button type="submit" className={buttonClass()} disabled={isPending}>
          {isPending ? pendingLabel : submitLabel}
        </button>
      </div>
    </Form>
  );
}
