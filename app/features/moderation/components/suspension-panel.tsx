import { Form } from "react-router";
import { FieldErrors, FormActions } from "~/components/ui/form-field";
import { getFormProps, getTextareaProps, useServerForm, type FormResult } from "~/components/ui/use-server-form";
import { suspensionDays, UNTIL_LIFTED, type RestrictionKind } from "../constants";
import { suspensionConstraints } from "../constraints";
import { buttonClass } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";

/** An active restriction as the server shaped it (suspensions.server.ts toRestrictionView). */
export type RestrictionSummary = { kind: RestrictionKind; reason: string; until: string };

const kindLabels: Record<RestrictionKind, { label: string; hint: string; state: string }> = {
  suspend: { label: "Suspend", hint: "Signed out at once; cannot sign in.", state: "Suspended" },
  silence: { label: "Silence", hint: "Can read, cannot post, reply, comment or rate.", state: "Silenced" },
};

/** "Suspended until 30 Nov 2026, 14:05 UTC" with the reason underneath. */
export function RestrictionNotice({ restriction, className = "" }: { restriction: RestrictionSummary; className?: string }) {
  return (
    <div data-testid="active-restriction" data-kind={restriction.kind} className={`text-sm ${className}`}>
      <p className="font-semibold text-red-800">
        {kindLabels[restriction.kind].state} {restriction.until}
      </p>
      <p className="text-slate-700">Reason: {restriction.reason}</p>
    </div>
  );
}

/** The 'Lift' button: ends the active suspension or silence now. */
export function LiftForm({ action, name, hiddenFields = {} }: { action: string; name: string; hiddenFields?: Record<string, string> }) {
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="lift" />
      {Object.entries(hiddenFields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <button
        type="submit"
        aria-label={`Lift for ${name}`}
        className={buttonClass("secondary", "sm")}
      >
        Lift
      </button>
    </Form>
  );
}

/**
 * Suspend or silence a member, with a duration and a reason: a plain form (works without
 * JavaScript); the server validates it and answers failures with the input kept.
 */
export function SuspensionForm({
  id,
  action,
  lastResult,
  hiddenFields = {},
}: {
  id: string;
  action: string;
  lastResult?: FormResult;
  hiddenFields?: Record<string, string>;
}) {
  const isPending = useIsPending({ intent: "suspend" });
  const [form, fields] = useServerForm({ id, lastResult, constraint: suspensionConstraints, defaultValue: { kind: "suspend", days: "7" } });
  const selectedKind = fields.kind.initialValue === "silence" ? "silence" : "suspend";
  const selectedDays = typeof fields.days.initialValue === "string" ? fields.days.initialValue : "7";
  const reason = getTextareaProps(fields.reason);
  return (
    <Form method="post" action={action} preventScrollReset {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="suspend" />
      {Object.entries(hiddenFields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Action</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(["suspend", "silence"] as const).map((kind) => (
            <label key={kind} className="flex items-start gap-2 text-sm">
              <input type="radio" name="kind" value={kind} defaultChecked={selectedKind === kind} className="mt-1" />
              <span>
                <span className="font-medium text-slate-900">{kindLabels[kind].label}</span>
                <span className="block text-xs text-slate-500">{kindLabels[kind].hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldErrors id={`${id}-kind-error`} errors={fields.kind.errors} />
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={`${id}-days`} className="block text-sm font-medium text-slate-800">
          Duration
        </label>
        <select
          id={`${id}-days`}
          name="days"
          defaultValue={selectedDays}
          aria-invalid={fields.days.errors ? true : undefined}
          aria-describedby={fields.days.errors ? `${id}-days-error` : undefined}
          className="block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          {suspensionDays.map((days) => (
            <option key={days} value={String(days)}>
              {days} {days === 1 ? "day" : "days"}
            </option>
          ))}
          <option value={UNTIL_LIFTED}>Until lifted</option>
        </select>
        <FieldErrors id={`${id}-days-error`} errors={fields.days.errors} />
      </div>
      <div className="space-y-1">
        <label htmlFor={reason.id} className="block text-sm font-medium text-slate-800">
          Reason (the member sees it)
        </label>
        <textarea
          {...reason}
          rows={3}
          className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500 ${
            fields.reason.errors ? "border-red-500" : "border-slate-300"
          }`}
        />
        <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
      </div>
      <FormActions errors={form.errors} isPending={isPending} submitLabel="Apply" pendingLabel="Applying..." />
    </Form>
  );
}
