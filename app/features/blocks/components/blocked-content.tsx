import type { ReactNode } from "react";

/** The summaries of collapsed content (docs/moderation.md, "Blocking"). */
export const blockedSummaries = {
  post: "Post by a member you blocked — show",
  reply: "Reply by a member you blocked — show",
  comment: "Comment by a member you blocked — show",
} as const;

/**
 * A box for one post, reply or comment. By a member the viewer blocked (`isCollapsed`), it is a
 * native <details> collapsed behind its summary, so "show" opens it with JavaScript on or off and
 * keyboards and screen readers know it as a disclosure; otherwise a plain <div>.
 */
export function BlockedContent({
  kind,
  isCollapsed = true,
  className,
  children,
}: {
  kind: keyof typeof blockedSummaries;
  isCollapsed?: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (!isCollapsed) return <div className={className}>{children}</div>;
  return (
    <details data-testid="blocked-content" className={className}>
      <summary className="cursor-pointer text-sm italic text-slate-500 hover:text-slate-700">{blockedSummaries[kind]}</summary>
      {children}
    </details>
  );
}
