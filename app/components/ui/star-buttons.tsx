/**
 * Five star buttons (submit buttons named `rating`, values 1–5) in a fieldset: an artist's rating
 * panel and a resource card. One text glyph each, labelled for screen readers; the filled stars
 * (the pressed one and those before it) and the hover colour come from CSS (`.stars` in
 * app/tailwind.css), so the 34 artist cards of /music-artists carry no class per button.
 * `small`: the resource card's smaller stars, with its legend for screen readers only.
 */
export function StarButtons({ name, myRating, small = false }: { name: string; myRating: number | null; small?: boolean }) {
  return (
    <fieldset className={small ? "stars stars-sm" : "stars"}>
      <legend className={small ? "sr-only" : undefined}>{`Rate ${name}`}</legend>
      {[1, 2, 3, 4, 5].map((value) => (
        <button key={value} type="submit" name="rating" value={value} aria-label={`Rate ${name} ${value} star${value === 1 ? "" : "s"}`} aria-pressed={myRating === value}>
          ★
        </button>
      ))}
    </fieldset>
  );
}
