import type { ReactNode } from "react";

/** An admin tab's heading (the id its section's aria-labelledby names), its one-line summary, and the tab's actions on the right. */
export function AdminTabHeader({ id, title, summary, actions }: { id: string; title: string; summary: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{summary}</p>
      </div>
      {actions}
    </div>
  );
}
