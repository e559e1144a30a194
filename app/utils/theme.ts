/**
 * The colour themes a visitor or member can choose (docs/accessibility.md). Shared by the server
 * (the cookie) and the theme form; "system" follows the device's prefers-color-scheme.
 */
export const themes = ["light", "dark", "system"] as const;
export type Theme = (typeof themes)[number];

export const themeLabels: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (themes as readonly string[]).includes(value);
}
