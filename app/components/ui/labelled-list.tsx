import { useId, type ReactNode } from "react";

/**
 * A list with an accessible name: aria-labelledby on a hidden label, since aria-label on <ul>/<ol>
 * is not recommended (html-validate's aria-label-misuse; docs/accessibility.md).
 */
export function LabelledList({ label, ordered = false, className, children }: { label: string; ordered?: boolean; className?: string; children: ReactNode }) {
  const id = useId();
  const List = ordered ? "ol" : "ul";
  return (
    <>
      <span id={id} hidden>
        {label}
      </span>
      <List aria-labelledby={id} className={className}>
        {children}
      </List>
    </>
  );
}
