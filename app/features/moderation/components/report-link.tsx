import { Link } from "@remix-run/react";
import { lazy, Suspense, useCallback, useState } from "react";
import { routes } from "~/utils/routes";
import { targetNouns, type ReportTargetType } from "../constants";

const ReportDialog = lazy(() => import("./report-dialog"));

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
