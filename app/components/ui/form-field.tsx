import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldErrors } from "./field-errors";
import { buttonClass } from "~/components/ui/button";

export { FieldErrors };

/** A labelled input with its error messages (ids wired for screen readers). */
export function FormField({
  label,
  errors,
  inputProps,
  hint,
}: {
  label: ReactNode;
  errors?: string[];
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string | null };
  hint?: ReactNode;
}) {
  const errorId = `${inputProps.id}-error`;
  const hasError = Boolean(errors?.length);
  const { key, ...props } = inputProps;
  return (
    <div className="space-y-1">
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        key={key ?? undefined}
        {...props}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? errorId : undefined}
        className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500 ${
          hasError ? "border-red-500" : "border-slate-300"
        }`}
      />
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

export function PrimaryButton({ children, disabled, name, value }: { children: ReactNode; disabled?: boolean; name?: string; value?: string }) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={disabled}
      className={`w-full ${buttonClass()}`}
    >
      {children}
    </button>
  );
}

/** The end of a dialog form: its form-level errors, then Cancel (a button, or a link on a page of its own) and the submit button. */
export function FormActions({
  errors,
  onCancel,
  cancelTo,
  isPending,
  submitLabel,
  pendingLabel,
}: {
  errors?: string[];
  onCancel?: () => void;
  cancelTo?: string;
  isPending: boolean;
  submitLabel: ReactNode;
  pendingLabel: ReactNode;
}) {
  return (
    <>
      {errors?.length ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.join(" ")}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" onClick={onCancel} className={buttonClass("secondary")}>
            Cancel
          </button>
        ) : cancelTo ? (
          <a href={cancelTo} className={buttonClass("secondary")}>
            Cancel
          </a>
        ) : null}
        <button
          type="submit"
          disabled={isPending}
          className={buttonClass()}
        >
          {isPending ? pendingLabel : submitLabel}
        </button>
      </div>
    </>
  );
}
