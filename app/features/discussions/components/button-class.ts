/**
 * Button looks of the discussion pages; a module of its own so the list page does not load the form
 * fields. Short classes defined in app/tailwind.css (".btn"): a list page repeats them.
 */
export function buttonClass(kind: "primary" | "secondary" | "danger" | "ghost" = "primary") {
  return kind === "ghost" ? "btn-ghost" : `btn btn-${kind}`;
}
