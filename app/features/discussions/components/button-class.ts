/** Button looks of the discussion pages; a module of its own so the list page does not load the form fields. */
export function buttonClass(kind: "primary" | "secondary" | "danger" | "ghost" = "primary") {
  const base = "inline-flex items-center justify-center gap-1 rounded-md px-4 py-2 text-sm font-semibold shadow-sm disabled:cursor-wait disabled:opacity-70";
  switch (kind) {
    case "primary":
      return `${base} bg-indigo-600 text-white hover:bg-indigo-700`;
    case "danger":
      return `${base} bg-red-600 text-white hover:bg-red-700`;
    case "ghost":
      return "inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900";
    default:
      return `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
  }
}
