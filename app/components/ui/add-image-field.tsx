import { useId, useRef, useState } from "react";
import { altFromFileName, imageMarkdown } from "~/utils/upload-urls";

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/**
 * The editors' 'Add image' control (docs/uploads.md). Without JavaScript the picked file travels
 * with the form (multipart) and the server appends its Markdown to the text. With JavaScript the
 * picture uploads as soon as it is picked (POST /api/uploads) and its Markdown lands at the
 * cursor of the textarea `textareaId`; the file input is then emptied so the form does not send it again.
 */
export function AddImageField({ textareaId }: { textareaId: string }) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<{ text: string; isError: boolean } | null>(null);

  async function uploadPicked(file: File) {
    setStatus({ text: "Uploading the image...", isError: false });
    const body = new FormData();
    body.append("file", file);
    try {
      const response = await fetch("/api/uploads", { method: "POST", body, headers: { Accept: "application/json" } });
      const answer = (await response.json()) as { url?: string; message?: string };
      if (!response.ok || !answer.url) {
        setStatus({ text: answer.message ?? "The image could not be uploaded. Please try again.", isError: true });
        return;
      }
      insertAtCursor(imageMarkdown(altRef.current?.value.trim() || altFromFileName(file.name), answer.url));
      if (fileRef.current) fileRef.current.value = "";
      if (altRef.current) altRef.current.value = "";
      setStatus({ text: "Image added to the text.", isError: false });
    } catch {
      setStatus({ text: "The image could not be uploaded. Check your connection and try again.", isError: true });
    }
  }

  function insertAtCursor(markdown: string) {
    const textarea = document.getElementById(textareaId) as HTMLTextAreaElement | null;
    if (!textarea) return;
    const start = textarea.selectionStart ?? textarea.value.length;
    const end = textarea.selectionEnd ?? start;
    const before = textarea.value.slice(0, start);
    const insert = `${before && !before.endsWith("\n") ? "\n" : ""}${markdown}\n`;
    textarea.setRangeText(insert, start, end, "end");
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    textarea.focus();
  }

  return (
    <fieldset className="space-y-2 rounded-md border border-dashed border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Add image</legend>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <label htmlFor={`${id}-file`} className="block text-xs font-medium text-slate-700">
            Image (JPEG, PNG, WebP or GIF; up to 4 per text)
          </label>
          <input
            ref={fileRef}
            id={`${id}-file`}
            type="file"
            name="image"
            accept={IMAGE_ACCEPT}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void uploadPicked(file);
            }}
            className="block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
          />
        </div>
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor={`${id}-alt`} className="block text-xs font-medium text-slate-700">
            Alt text (what the image shows)
          </label>
          <input
            ref={altRef}
            id={`${id}-alt`}
            type="text"
            name="imageAlt"
            maxLength={200}
            placeholder="Default: the file name"
            className="block w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
        </div>
      </div>
      <p aria-live="polite" className={`text-xs ${status?.isError ? "text-red-700" : "text-slate-600"}`}>
        {status?.text}
      </p>
    </fieldset>
  );
}
