// A module of its own: the discussion editors use it without the rest of form-field.tsx (page weight, docs/performance.md).
/** A field's error messages (nothing when it has none); `id` is what the control's aria-describedby names. */
export function FieldErrors({ id, errors, className = "text-sm text-red-700" }: { id: string; errors?: string[]; className?: string }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className={className} role="alert">
      {errors.join(" ")}
    </p>
  );
}
