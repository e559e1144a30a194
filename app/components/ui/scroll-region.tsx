import type { ReactNode } from "react";

/**
 * A table that may be wider than a phone, in a box that scrolls sideways. The box is a named
 * region in the Tab order (a `<section>` with a label and `tabIndex={0}`), so a keyboard can reach
 * and scroll it even when the table holds no control (docs/accessibility.md, axe's
 * `scrollable-region-focusable`).
 */
export function TableScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section tabIndex={0} aria-label={label} className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      {children}
    </section>
  );
}
