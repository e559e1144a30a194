import type { ReactNode } from "react";

/**
 * Sibling items with a space between each (links of a navigation, a name and its badges): a flex
 * or grid container ignores a space between its items, so the page looks the same, while a text
 * browser, a copy and paste or the page without its stylesheet reads "Dashboard Discussions", not
 * "DashboardDiscussions" (docs/accessibility.md, "Text without CSS"). Items left out (null, false)
 * get no space.
 */
export function spaced(items: ReactNode[]): ReactNode[] {
  return items.filter((item) => item !== null && item !== undefined && item !== false).flatMap((item, index) => (index === 0 ? [item] : [" ", item]));
}
