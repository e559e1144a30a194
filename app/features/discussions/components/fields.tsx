import { FieldErrors } from "~/components/ui/field-errors";
import { MentionSuggestions } from "~/components/ui/mention-suggestions";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";


const controlClass = (hasError: boolean) =>
  `block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500 ${hasError ? "border-red-500" : "border-slate-300"}`;

function FieldShell({ id, label, errors, hint, children }: { id: string; label: ReactNode; errors?: string[]; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

type Described = { id: string; key?: string | null };

function describedBy(id: string, errors?: string[]) {
  return errors?.length ? { "aria-invalid": true as const, "aria-describedby": `${id}-error` } : {};
}

export function TextInputField({ label, errors, hint, inputProps }: { label: ReactNode; errors?: string[]; hint?: ReactNode; inputProps: InputHTMLAttributes<HTMLInputElement> & Described }) {
  const { key, ...props } = inputProps;
  return (
    <FieldShell id={props.id} label={label} errors={errors} hint={hint}>
      <input key={key ?? undefined} {...props} {...describedBy(props.id, errors)} className={controlClass(Boolean(errors?.length))} />
    </FieldShell>
  );
}

/** A textarea field; `mentions` adds the @member suggestions (JavaScript only). */
export function TextAreaField({
  label,
  errors,
  hint,
  textareaProps,
  mentions,
}: {
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & Described;
  mentions?: boolean;
}) {
  const { key, ...props } = textareaProps;
  return (
    <FieldShell id={props.id} label={label} errors={errors} hint={hint}>
      <textarea key={key ?? undefined} rows={6} {...props} {...describedBy(props.id, errors)} className={controlClass(Boolean(errors?.length))} />
      {mentions ? <MentionSuggestions textareaId={props.id} /> : null}
    </FieldShell>
  );
}

export function SelectField({
  label,
  errors,
  selectProps,
  children,
}: {
  label: ReactNode;
  errors?: string[];
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & Described;
  children: ReactNode;
}) {
  const { key, ...props } = selectProps;
  return (
    <FieldShell id={props.id} label={label} errors={errors}>
      <select key={key ?? undefined} {...props} {...describedBy(props.id, errors)} className={controlClass(Boolean(errors?.length))}>
        {children}
      </select>
    </FieldShell>
  );
}

export const MARKDOWN_HINT = "Markdown works: **bold**, _italic_, [links](https://example.com), lists, > quotes and `code`.";

