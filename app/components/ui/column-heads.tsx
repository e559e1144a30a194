import type { ReactNode } from "react";

/** A data table's header row (the admin tables): one `<th scope="col">` per column, `cellClass` its padding. */
export function ColumnHeads({ columns, cellClass = "px-3 py-3" }: { columns: ReactNode[]; cellClass?: string }) {
  return (
    <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={cellClass}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
