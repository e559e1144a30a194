/** A session's device as a person reads it ("Chrome on macOS"), from its User-Agent, with bowser (a maintained parser). */
import Bowser from "bowser";

export const UNKNOWN_DEVICE = "Unknown device";

/** "Firefox on Windows", "Safari on iOS", "Chrome" (no OS known), or UNKNOWN_DEVICE. */
export function deviceNameOf(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName();
  const system = parser.getOSName();
  if (browser && system) return `${browser} on ${system}`;
  return browser || system || UNKNOWN_DEVICE;
}
