/**
 * URL helpers shared by the features: the one http(s) check and its zod field (artist and
 * resource links, meeting Zoom links, platform settings), and same-site redirect paths.
 */
import { z } from "zod";

/** Whether a text is an absolute http: or https: URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const emptyToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

/** An optional http(s) URL field ("" and null mean "not given"), for forms and JSON bodies alike. */
export const optionalHttpUrl = (label = "URL") =>
  z.preprocess(
    emptyToUndefined,
    z
      .string({ invalid_type_error: `${label} must be text` })
      .trim()
      .max(2000, `${label} is too long`)
      .refine(isHttpUrl, `${label} must be a valid http:// or https:// address`)
      .optional(),
  );

/** A same-site path to return to after a form post (anything else falls back). */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  const path = value.trim();
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}

/** A redirect back to the same page after a post replaces the history entry (with JavaScript), so Back leaves the page. */
export function replacingHistory(response: Response): Response {
  response.headers.set("X-Remix-Replace", "true");
  return response;
}
