/** The mark the author and moderators see on hidden content (the text comes from the server: views.server.ts hiddenTexts). */
export function HiddenBadge({ label }: { label: string }) {
  return (
    <span data-testid="hidden-badge" className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
      {label}
    </span>
  );
}
