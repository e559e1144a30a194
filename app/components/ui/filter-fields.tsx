/**
 * The fields of a list's filter form (a GET form with role="search": /members, /resources, …):
 * the search box and the selects, each labelled above its control.
 */

const controlClass = "mt-1 block rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500";

/** The list's search box (`q`), taking the row's free width. */
export function FilterSearch({ id, label, value, placeholder, name = "q" }: { id: string; label: string; value: string; placeholder: string; name?: string }) {
  return (
    <div className="min-w-48 flex-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} type="search" name={name} defaultValue={value} placeholder={placeholder} className={`${controlClass} w-full`} />
    </div>
  );
}

/** A filter select: the "all" choice first (`all`, whose value is `allValue`), then `options` (value → label, in order). */
export function FilterSelect({
  id,
  name,
  label,
  value,
  all,
  allValue = "",
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  all: string;
  allValue?: string;
  options: Readonly<Record<string, string>>;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={`${controlClass} bg-white`}>
        <option value={allValue}>{all}</option>
        {Object.entries(options).map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
