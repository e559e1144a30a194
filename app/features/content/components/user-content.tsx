/**
 * Shows HTML produced by renderMarkdown() on the server. It is the only place user content
 * meets dangerouslySetInnerHTML, and it only ever receives that renderer's output.
 */
export type RenderedHtml = { __html: string };

export function UserContent({ html, className = "", id }: { html: RenderedHtml; className?: string; id?: string }) {
  return (
    <div
      id={id}
      className={`user-content space-y-3 break-words text-slate-800 [&_a]:text-indigo-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-md [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-slate-900 [&_pre]:p-3 [&_pre]:text-slate-100 [&_pre_code]:bg-transparent [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      dangerouslySetInnerHTML={html}
    />
  );
}
