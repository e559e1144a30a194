import { useLocation } from "@remix-run/react";
import { themeLabels, themes, type Theme } from "~/utils/theme";

/**
 * Light / Dark / System: a plain HTML form posting to /theme (the same with JavaScript on or
 * off: the server renders the next page in the chosen theme), in a <details> menu that opens
 * without JavaScript too. The current choice is aria-pressed.
 */
export function ThemeMenu({ theme, align = "right" }: { theme: Theme; align?: "left" | "right" }) {
  const location = useLocation();
  return (
    <details className="relative" data-testid="theme-menu">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md p-2 text-slate-700 hover:bg-slate-100">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M12 3a9 9 0 1 0 9 9 7 7 0 0 1-9-9Z" />
        </svg>
        <span className="sr-only">{`Theme: ${themeLabels[theme]}`}</span>
      </summary>
      <form
        method="post"
        action="/theme"
        className={`absolute z-40 mt-2 w-44 rounded-lg border border-slate-200 bg-white p-2 shadow-lg ${align === "right" ? "right-0" : "left-0"}`}
      >
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 px-2 text-xs font-semibold uppercase tracking-wide text-slate-600">Theme</legend>
          {themes.map((value) => (
            <button
              key={value}
              type="submit"
              name="theme"
              value={value}
              aria-pressed={theme === value}
              className={`rounded-md px-3 py-1.5 text-left text-sm font-medium ${theme === value ? "bg-indigo-600 text-white" : "text-slate-800 hover:bg-slate-100"}`}
            >
              {themeLabels[value]}
            </button>
          ))}
        </fieldset>
      </form>
    </details>
  );
}
