import { Link } from "@remix-run/react";
import { withSearchParams } from "../format";

/** Previous / next links for a paged admin list (plain links: they work without JavaScript). */
export function Pagination({
  pathname,
  page,
  pageCount,
  params = {},
  label,
}: {
  pathname: string;
  page: number;
  pageCount: number;
  params?: Record<string, string | undefined>;
  label: string;
}) {
  if (pageCount <= 1) return null;
  const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={withSearchParams(pathname, { ...params, page: page - 1 })} className={linkClass} rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={withSearchParams(pathname, { ...params, page: page + 1 })} className={linkClass} rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
