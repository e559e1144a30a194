import { Link } from "@remix-run/react";
import { lazy, Suspense, useCallback, useState, type ComponentType } from "react";
import { routes } from "~/utils/routes";
import { targetNouns, type ReportTargetType } from "../constants";

/**
 * The dialog is a browser chunk fetched on the first click, so pages carry no extra script. The
 * server never renders it (it opens on a click), and a dynamic import there would split the
 * server build into several files (see app/routes/_index.tsx).
 */
const ReportDialog: ComponentType<{ action: string; title: string; onClose: () => void }> = import.meta.env.SSR ? () => null : lazy(() => import("./report-dialog"));

/**
 * 'Report' beside a post, reply, artist comment or member: a link to the report page of its own
 * (JavaScript off); with JavaScript the same form opens in a dialog over the current page.
 */
export function ReportLink({ type, id, className, label }: { type: ReportTargetType; id: number | string; className?: string; label?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const close = useCallback(() => setIsOpen(false), []);
  const href = routes.report(type, id);
  return (
    <>
      <Link
        to={href}
        rel="nofollow"
        aria-label={label}
        className={className ?? "text-xs font-medium text-slate-500 hover:text-red-700 hover:underline"}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setIsOpen(true);
        }}
      >
        Report
      </Link>
      {isOpen ? (
        <Suspense fallback={null}>
          <ReportDialog action={href} title={`Report this ${targetNouns[type]}`} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
