import type { ReactNode } from "react";
import { FieldErrors } from "./field-errors";
import { getInputProps, getTextareaProps, type FieldMetadata } from "./use-server-form";

/** The look of a server form's text control (input, textarea, select); `fieldBorderClass` adds the border. */
export const fieldControlClass = "mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500";

/** A control's border: red while the field has messages. */
export function fieldBorderClass(errors?: string[]): string {
  return errors?.length ? "border-red-500" : "border-slate-300";
}

/**
 * One field of a server form (useServerForm): its label, the control it wraps (wired with the
 * field's get*Props), an optional hint, then its messages (the id the control's aria-describedby names).
 */
export function LabelledField({ field, label, hint, children }: { field: FieldMetadata; label: ReactNode; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldErrors id={field.errorId} errors={field.errors} className="mt-1 text-sm text-red-700" />
    </div>
  );
}

/** A textarea field of a server form. */
export function TextareaField({ field, label, rows = 3 }: { field: FieldMetadata; label: ReactNode; rows?: number }) {
  return (
    <LabelledField field={field} label={label}>
      <textarea {...getTextareaProps(field)} key={field.key} rows={rows} className={`${fieldControlClass} ${fieldBorderClass(field.errors)}`} />
    </LabelledField>
  );
}

/** A text or URL input field of a server form. */
export function InputField({ field, label, type = "text", placeholder, hint }: { field: FieldMetadata; label: ReactNode; type?: "text" | "url"; placeholder?: string; hint?: ReactNode }) {
  return (
    <LabelledField field={field} label={label} hint={hint}>
      <input {...getInputProps(field, { type })} key={field.key} placeholder={placeholder} className={`${fieldControlClass} ${fieldBorderClass(field.errors)}`} />
    </LabelledField>
  );
}
