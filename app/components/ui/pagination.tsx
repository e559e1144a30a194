import { AppLink } from "~/components/ui/app-link";

type Params = URLSearchParams | Record<string, string | number | undefined>;

/** The page's URL: the other parameters kept (a record's empty values dropped), `page` left out for page 1. */
export function pageHref({ pathname = "", params, page }: { pathname?: string; params?: Params; page: number }): string {
  const search = params instanceof URLSearchParams ? new URLSearchParams(params) : new URLSearchParams();
  if (!(params instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined && value !== "") search.set(key, String(value));
  }
  if (page > 1) search.set("page", String(page));
  else search.delete("page");
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname || "?";
}

const linkClass = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";

/**
 * Previous / next links that keep the current filters (plain links: they work without JavaScript).
 * `layout="spread"` (the admin lists) puts the links at the edges; the default centres them.
 * Without `pathname` the links are relative to the current page ("?page=2").
 */
export function Pagination({
  page,
  pageCount,
  searchParams,
  pathname,
  label,
  layout = "centered",
}: {
  page: number;
  pageCount: number;
  searchParams?: Params;
  pathname?: string;
  label: string;
  layout?: "centered" | "spread";
}) {
  if (pageCount <= 1) return null;
  const spread = layout === "spread";
  const href = (target: number) => pageHref({ pathname, params: searchParams, page: target });
  const placeholder = spread ? <span /> : null;
  return (
    <nav aria-label={label} className={spread ? "mt-4 flex items-center justify-between gap-3" : "mt-6 flex items-center justify-center gap-3"}>
      {page > 1 ? (
        <AppLink to={href(page - 1)} className={linkClass} rel="prev">
          {spread ? "← Previous" : "Previous"}
        </AppLink>
      ) : (
        placeholder
      )}{" "}
      <span className="text-sm text-slate-600">
        Page {page} of {pageCount}
      </span>{" "}
      {page < pageCount ? (
        <AppLink to={href(page + 1)} className={linkClass} rel="next">
          {spread ? "Next →" : "Next"}
        </AppLink>
      ) : (
        placeholder
      )}
    </nav>
  );
}
