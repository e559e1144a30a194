/**
 * The pieces of a list page (/music-artists, /resources; /members uses the fields): the filter form with its search box
 * and selects (each with its visible label; short classes `.filter-bar`, `.filter-label`, `.field`,
 * `.filter-select` in app/tailwind.css, as on /discussions), and the grid of cards. Not in
 * ui/page.tsx: that one stays small enough to ride in the shell chunk every page loads (vite.config.ts).
 */
import { Form, useSearchParams } from "react-router";
import { useRef, type ReactNode } from "react";
import { EmptyState } from "./page";
import { useAutoSubmit } from "./use-auto-submit";

/**
 * A GET filter form that sends itself as the member types (debounced) or picks an option. A search
 * typed but not sent yet goes at once when the search box loses focus, e.g. as the member rates a
 * card: sent later, it could cancel the rating's reload and so lose its toast.
 */
export function FilterForm({ action, label, className = "filter-bar", children }: { action: string; label: string; className?: string; children: ReactNode }) {
  const [searchParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const autoSubmit = useAutoSubmit();
  return (
    <Form
      ref={formRef}
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className={className}
      onChange={(event) => autoSubmit(formRef.current, (event.target as HTMLElement).tagName === "SELECT")}
      onBlur={(event) => {
        const input: EventTarget = event.target;
        if (input instanceof HTMLInputElement && input.name === "q" && input.value.trim() !== (searchParams.get("q") ?? "")) autoSubmit(formRef.current, true);
      }}
    >
      {children}
    </Form>
  );
}
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

/** A select whose first option ('All …', value `allValue`, "" unless told) clears the filter. */
export function FilterSelect({
  id,
  name,
  label,
  defaultValue,
  allLabel,
  allValue = "",
  options,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: string;
  allLabel: string;
  allValue?: string;
  options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <div>
      <label htmlFor={id} className="filter-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={defaultValue} className="filter-select">
        <option value={allValue}>{allLabel}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A section named by its own heading (`aria-labelledby`): the heading's id, text and look are the caller's. */
export function LabelledSection({ id, title, className, headingClassName, children }: { id: string; title: ReactNode; className?: string; headingClassName: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A list page's cards in a grid of up to three columns, or, given `empty` (there are none), its empty state. */
export function CardGrid({ empty, className, children }: { empty?: { title: string; message: ReactNode } | null; className: string; children?: ReactNode }) {
  if (empty) {
    return (
      <div className={className}>
        <EmptyState title={empty.title} message={empty.message} />
      </div>
    );
  }
  return <div className={`${className} grid gap-4 md:grid-cols-2 xl:grid-cols-3`}>{children}</div>;
}
