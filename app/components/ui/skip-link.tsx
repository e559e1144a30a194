/**
 * The first stop of the Tab key on every page: straight to <main id="main" tabIndex={-1}>, which
 * takes the focus, so the next Tab is the first control of the page (docs/accessibility.md).
 */
export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Skip to content
    </a>
  );
}
