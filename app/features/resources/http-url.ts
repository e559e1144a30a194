/** Whether a string is an absolute http(s) URL. Kept apart from schemas.ts so resource cards do not pull zod into the page's client bundle. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}
