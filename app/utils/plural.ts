/**
 * The one way to show a count with its noun ('1 like', '2 likes', '0 replies'), used everywhere a
 * count is shown (docs/accessibility.md). English: the singular for exactly one, else the plural.
 * `format` shapes the number (e.g. thousands separators). Kept tiny: every page loads it.
 */
export const countLabel = (count: number, singular: string, plural = singular + "s", format: (count: number) => string = String): string =>
  format(count) + " " + (count === 1 ? singular : plural);
