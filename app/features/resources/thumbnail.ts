/** Screenshot thumbnails and their placeholder: pure helpers for the resource card. */

/** The screenshot service URL for a resource (`{url}` replaced by the URL-encoded link), or null when none is configured. */
export function screenshotUrlFor(template: string | null | undefined, resourceUrl: string): string | null {
  const trimmed = template?.trim();
  if (!trimmed || !trimmed.includes("{url}")) return null;
  const result = trimmed.split("{url}").join(encodeURIComponent(resourceUrl));
  return /^https?:\/\//i.test(result) ? result : null;
}

/** The host of a link without "www.", for the placeholder ("example.com"); the raw text when it is not a URL. */
export function domainOf(link: string): string {
  try {
    return new URL(link).hostname.replace(/^www\./i, "");
  } catch {
    return link;
  }
}
