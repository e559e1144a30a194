/**
 * Links that cost nothing to render on the server (docs/performance.md, "Cheap links").
 *
 * React Router's `<Link>` and `<NavLink>` resolve their `to` against the route tree up to three times per
 * link (useHref, the click handler, the prefetch behaviour): with ~90 links on a list page that was
 * ~10 % of a first view's CPU. On the server, a link to an absolute path ("/post/12?page=2") needs
 * none of it: the href is the path itself. So the server renders the same `<a>` React Router would
 * (href, data-discover, class, aria-current) directly, and the browser renders React Router's own
 * components, which hydrate onto that markup and do the client-side navigation, prefetching and
 * route discovery as before. Only absolute paths take the short way: a relative `to` (or "//host")
 * goes through `<Link>` on the server as well.
 */
import { Link, NavLink, useLocation, type LinkProps } from "react-router";
import { forwardRef, type AnchorHTMLAttributes } from "react";

/** What the server renders as is: a path from the root, not "//host" (a protocol-relative URL). */
const plainPath = (to: string) => to.startsWith("/") && !to.startsWith("//");

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "className">;

export type AppLinkProps = AnchorProps & {
  /** An absolute path ("/post/12?page=2"); anything else is rendered by React Router's Link on the server too. */
  to: string;
  className?: string;
  /** As React Router's Link: "intent" prefetches on hover or focus (in the browser). "render" is not offered. */
  prefetch?: "none" | "intent";
  /** As React Router's Link: "none" leaves the route out of lazy route discovery. */
  discover?: "render" | "none";
  preventScrollReset?: boolean;
  replace?: boolean;
  state?: LinkProps["state"];
};

/** The attribute React Router's Link renders for route discovery (`getDiscoverAttr` in @remix-run/react). */
function discoverAttribute(discover: "render" | "none" | undefined, reloadDocument: boolean | undefined) {
  return discover === "none" || reloadDocument ? undefined : "true";
}

/** `<Link>` for an absolute path: plain markup on the server, React Router's Link in the browser. */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps & { reloadDocument?: boolean }>(function AppLink(props, ref) {
  // import.meta.env.SSR is a constant per bundle (the browser's keeps only React Router's branch).
  if (!import.meta.env.SSR || !plainPath(props.to)) return <Link ref={ref} {...props} />;
  const { to, prefetch: _prefetch, discover, preventScrollReset: _scroll, replace: _replace, state: _state, reloadDocument, ...rest } = props;
  return <a ref={ref} {...rest} href={to} data-discover={discoverAttribute(discover, reloadDocument)} />;
});

type NavState = { isActive: boolean; isPending: boolean; isTransitioning: boolean };

export type AppNavLinkProps = Omit<AppLinkProps, "className"> & {
  className?: string | ((state: NavState) => string);
  /** As NavLink's end: active only on this exact path, not below it. */
  end?: boolean;
};

/** Whether `to` is the current page, as NavLink decides it (case-insensitive; `end` = exact). */
export function isActivePath(locationPathname: string, to: string, end = false): boolean {
  const toPathname = to.replace(/[?#].*$/, "").toLowerCase();
  const current = locationPathname.toLowerCase();
  const endSlash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  return current === toPathname || (!end && current.startsWith(toPathname) && current.charAt(endSlash) === "/");
}

/** `<NavLink>` for an absolute path: plain markup on the server, React Router's NavLink in the browser. */
export const AppNavLink = forwardRef<HTMLAnchorElement, AppNavLinkProps>(function AppNavLink(props, ref) {
  if (!import.meta.env.SSR || !plainPath(props.to)) return <NavLink ref={ref} {...props} />;
  return <ServerNavLink ref={ref} {...props} />;
});

// Pure: the browser's bundle never renders it (AppNavLink returns React Router's NavLink there), so it drops it.
const ServerNavLink = /* @__PURE__ */ forwardRef<HTMLAnchorElement, AppNavLinkProps>(function ServerNavLink({ className, end, ...props }, ref) {
  const { pathname } = useLocation();
  const isActive = isActivePath(pathname, props.to, end);
  const state = { isActive, isPending: false, isTransitioning: false };
  const classes = typeof className === "function" ? className(state) : [className ?? "", isActive ? "active" : null].filter(Boolean).join(" ");
  return <AppLink ref={ref} {...props} className={classes} aria-current={isActive ? "page" : undefined} />;
});
