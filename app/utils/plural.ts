/**
 * The one way to show a count with its noun ('1 like', '2 likes', '0 replies'): English plural
 * rules from Intl.PluralRules. Used everywhere a count is shown (docs/accessibility.md).
 */
const englishPlurals = new Intl.PluralRules("en-US");

/** `count` and the right form of the noun; `plural` defaults to the noun plus "s". */
export function countLabel(count: number, singular: string, plural = `${singular}s`, format: (count: number) => string = String): string {
  return `${format(count)} ${englishPlurals.select(count) === "one" ? singular : plural}`;
}
