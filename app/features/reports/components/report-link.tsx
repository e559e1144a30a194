import { lazy, Suspense, useCallback, useState, type ComponentType } from "react";
import { routes } from "~/utils/routes";
import type { ReportTargetType } from "../constants";

// Not constants.ts's targetNouns: this module is on many pages, and every byte counts there (docs/decisions/0065).
const nouns: Record<ReportTargetType, string> = { post: "post", reply: "reply", artist_comment: "comment", user: "member profile", message: "message" };

/**
 * The dialog is a browser chunk fetched on the first click, so pages carry no extra script. The
 * server never renders it (it opens on a click), and a dynamic import there would split the
 * server build into several files (see app/routes/_index.tsx). The parentheses around the path
 * keep Vite from adding its preload helper (0.7 KB on every page with a Report link): the
 * dialog's few modules are fetched on the click anyway.
 */
const ReportDialog: ComponentType<{ action: string; title: string; onClose: () => void }> = import.meta.env.SSR ? () => null : lazy(() => import(("./report-dialog")));

/**
 * 'Report' beside a post, reply, artist comment or member: a link to the report page of its own
 * (JavaScript off); with JavaScript the same form opens in a dialog over the current page. A plain
 * <a>, not React Router's <Link>: a click either opens the dialog or (a modified click) is the browser's,
 * so the router never follows it, and a list of comments skips its per-link work.
 */
export function ReportLink({ type, id, className, label }: { type: ReportTargetType; id: number | string; className?: string; label?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const close = useCallback(() => setIsOpen(false), []);
  const href = routes.report(type, id);
  return (
    <>
      <a
        href={href}
        rel="nofollow"
        aria-label={label}
        className={className ?? "report-link"}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setIsOpen(true);
        }}
      >
        Report
      </a>
      {isOpen ? (
        <Suspense fallback={null}>
          <ReportDialog action={href} title={`Report this ${nouns[type]}`} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}

/** 'Report' on an artist comment (the artist pages pass it to the rating panel). */
export function renderCommentReport(comment: { id: number; author: string }) {
  return <ReportLink type="artist_comment" id={comment.id} label={`Report comment by ${comment.author}`} />;
}
