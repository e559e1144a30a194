import { altFromFileName, imageMarkdown } from "~/utils/upload-urls";

/**
 * The editors' 'Add image' control (docs/uploads.md). Without JavaScript the picked file travels
 * with the form (multipart) and the server appends its Markdown to the text. With JavaScript the
 * picture uploads as soon as it is picked (POST /api/uploads) and its Markdown lands at the
 * cursor of the textarea `textareaId`; the inputs are then emptied so the form does not send the
 * file again. Kept small on purpose: it ships with the post and reply forms (docs/decisions/0065-page-weight-ratchet.md).
 */
export function AddImageField({ textareaId }: { textareaId: string }) {
  const byId = <T,>(suffix: string) => document.getElementById(textareaId + suffix) as T;
  async function upload(fileInput: HTMLInputElement) {
    const file = fileInput.files?.[0];
    const status = byId<HTMLElement>("-image-status");
    const alt = byId<HTMLInputElement>("-image-alt");
    if (!file) return;
    status.textContent = "Uploading the image...";
    const body = new FormData();
    body.append("file", file);
    let message = "The image could not be uploaded. Please try again.";
    try {
      const response = await fetch("/api/uploads", { method: "POST", body });
      const answer = (await response.json()) as { url?: string; message?: string };
      if (response.ok && answer.url) {
        const textarea = byId<HTMLTextAreaElement>("");
        const start = textarea.selectionStart;
        const before = textarea.value.slice(0, start);
        textarea.setRangeText(`${before && !before.endsWith("\n") ? "\n" : ""}${imageMarkdown(alt.value.trim() || altFromFileName(file.name), answer.url)}\n`, start, textarea.selectionEnd, "end");
        textarea.dispatchEvent(new Event("input", { bubbles: true }));
        textarea.focus();
        fileInput.value = alt.value = "";
        message = "Image added to the text.";
      } else if (answer.message) message = answer.message;
    } catch {
      // the message above
    }
    status.textContent = message;
  }
  const input = "block text-sm text-slate-700";
  return (
    <fieldset className="space-y-2 rounded-md border border-dashed border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Add image</legend>
      <div className="flex flex-wrap items-end gap-3 text-xs font-medium text-slate-700">
        <label className="space-y-1">
          <span className="block">Image (JPEG, PNG, WebP or GIF; up to 4 per text)</span>
          <input type="file" name="image" accept="image/jpeg,image/png,image/webp,image/gif" className={input} onChange={(event) => void upload(event.currentTarget)} />
        </label>
        <label className="min-w-48 flex-1 space-y-1">
          <span className="block">Alt text (what the image shows)</span>
          <input id={`${textareaId}-image-alt`} type="text" name="imageAlt" maxLength={200} placeholder="Default: the file name" className={`${input} w-full rounded-md border border-slate-300 px-3 py-1.5`} />
        </label>
      </div>
      <p id={`${textareaId}-image-status`} aria-live="polite" className="text-xs text-slate-600" />
    </fieldset>
  );
}
