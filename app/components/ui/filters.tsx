/**
 * The fields of a list page's filter form (/music-artists, /resources): a search box and selects,
 * each with its visible label. Short classes (`.filter-label`, `.field`, `.filter-select` in
 * app/tailwind.css), as on /discussions.
 */
export function FilterSearch({ id, label, defaultValue, placeholder }: { id: string; label: string; defaultValue: string; placeholder: string }) {
  return (
    <div className="min-w-48 flex-1">
      <label htmlFor={id} className="filter-label">
        {label}
      </label>
      <input id={id} type="search" name="q" defaultValue={defaultValue} placeholder={placeholder} className="field" />
    </div>
  );
}

/** A select whose first option ('All …', value "") clears the filter. */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  allLabel: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div>
      <label htmlFor={id} className="filter-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className="filter-select">
        <option value="">{allLabel}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
