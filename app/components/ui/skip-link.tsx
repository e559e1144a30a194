/**
 * The first stop of the Tab key on every page: straight to <main id="main" tabIndex={-1}>, which
 * takes the focus, so the next Tab is the first control of the page (docs/accessibility.md).
 */
export function SkipLink() {
  return (
    <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
      Skip to content
    </a>
  );
}
