/**
 * Which time zone to show meeting times in: the member's browser zone when a small script has
 * told us (the `tz` cookie, checked against Intl), otherwise the community's COMMUNITY_TIMEZONE.
 */
import { getEnv } from "~/utils/env.server";
import { isValidTimeZone } from "./time";

export const TIME_ZONE_COOKIE = "tz";

/** The zone named by the request's `tz` cookie when Intl knows it, else null. */
export function readTimeZoneCookie(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const pair of header.split(";")) {
    const [name, ...rest] = pair.trim().split("=");
    if (name !== TIME_ZONE_COOKIE) continue;
    try {
      const zone = decodeURIComponent(rest.join("="));
      return isValidTimeZone(zone) ? zone : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** The zone a page renders meeting times in (always a valid IANA name). */
export function getViewerTimeZone(request: Request): string {
  return readTimeZoneCookie(request) ?? getEnv().COMMUNITY_TIMEZONE;
}
