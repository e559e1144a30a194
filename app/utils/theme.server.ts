/**
 * The theme cookie (quads_theme): read by the root loader so the server renders <html data-theme>
 * on the first byte (no flash), written by POST /theme. Not signed: it only picks colours.
 */
import { isSecureRequest } from "./session.server";
import { isTheme, type Theme } from "./theme";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
export const THEME_COOKIE_NAME = "quads_theme";

/** The chosen theme; "system" when none was chosen (or the cookie holds anything else). */
export function getTheme(request: Request): Theme {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${THEME_COOKIE_NAME}=`)) return "system";
  const match = header.split(/;\s*/).find((pair) => pair.startsWith(`${THEME_COOKIE_NAME}=`));
  const value = match ? decodeURIComponent(match.slice(THEME_COOKIE_NAME.length + 1)) : "";
  return isTheme(value) ? value : "system";
}

/** The Set-Cookie header that keeps the theme for a year. */
export function themeCookieHeader(theme: Theme, request: Request): string {
  const secure = isSecureRequest(request) ? "; Secure" : "";
  return `${THEME_COOKIE_NAME}=${theme}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure}`;
}
