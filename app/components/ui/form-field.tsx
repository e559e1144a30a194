import type { InputHTMLAttributes, ReactNode } from "react";

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
      {hasError ? (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {errors?.join(" ")}
        </p>
      ) : null}
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
      className="w-full rounded-md bg-indigo-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:cursor-wait disabled:opacity-70"
    >
      {children}
    </button>
  );
}
