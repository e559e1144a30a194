/**
 * Shows HTML produced by renderMarkdown() on the server. It is the only place user content
 * meets dangerouslySetInnerHTML, and it only ever receives that renderer's output. Its looks are
 * `.user-content` in app/tailwind.css (one class: a discussion repeats it on every reply).
 */
export type RenderedHtml = { __html: string };

export function UserContent({ html, className = "", id }: { html: RenderedHtml; className?: string; id?: string }) {
  return (
    <div
      id={id}
      className={className ? `user-content ${className}` : "user-content"}
      dangerouslySetInnerHTML={html}
    />
  );
}
