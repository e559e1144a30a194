import type { Form } from "react-router";
import { FieldErrors, FormActions } from "~/components/ui/form-field";
import { getFormProps, getInputProps, getTextareaProps, useServerForm, type FormResult } from "~/components/ui/use-server-form";
import { REPORT_NOTE_MAX, reportReasonLabels, reportReasons } from "../constants";
import { reportFormConstraints } from "../constraints";

/**
 * The report form: a reason (radios) and an optional note. A plain POST to /report?type=&id=
 * (the page of its own without JavaScript); the dialog passes a fetcher's Form.
 */
export function ReportForm({
  FormComponent,
  action,
  lastResult,
  isPending,
  onCancel,
  cancelTo,
}: {
  FormComponent: typeof Form;
  action: string;
  lastResult?: FormResult | null;
  isPending: boolean;
  onCancel?: () => void;
  cancelTo?: string;
}) {
  const [form, fields] = useServerForm({ id: "report-form", lastResult, constraint: reportFormConstraints });
  const reasonErrorId = fields.reason.errorId;
  return (
    <FormComponent method="post" action={action} preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <fieldset aria-describedby={fields.reason.errors ? reasonErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800">Why are you reporting this?</legend>
        <div className="mt-2 space-y-2">
          {reportReasons.map((reason) => {
            const { id: _id, ...radio } = getInputProps(fields.reason, { type: "radio", value: reason });
            const id = `${fields.reason.id}-${reason}`;
            return (
              <div key={reason} className="flex items-center gap-2">
                <input {...radio} id={id} className="h-4 w-4 border-slate-300 text-indigo-600" />
                <label htmlFor={id} className="text-sm text-slate-700">
                  {reportReasonLabels[reason]}
                </label>
              </div>
            );
          })}
        </div>
        <FieldErrors id={reasonErrorId} errors={fields.reason.errors} />
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={fields.note.id} className="block text-sm font-medium text-slate-800">
          Note for the moderators (optional)
        </label>
        <textarea
          {...getTextareaProps(fields.note)}
          rows={3}
          className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm ${fields.note.errors ? "border-red-500" : "border-slate-300"}`}
        />
        <p className="text-xs text-slate-500">{`Up to ${REPORT_NOTE_MAX} characters.`}</p>
        <FieldErrors id={fields.note.errorId} errors={fields.note.errors} />
      </div>
      <FormActions errors={form.errors} onCancel={onCancel} cancelTo={cancelTo} isPending={isPending} submitLabel="Send Report" pendingLabel="Sending..." />
    </FormComponent>
  );
}
