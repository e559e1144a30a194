import type { PictureLimits } from "~/utils/upload-limit";
import { altFromFileName, imageMarkdown } from "~/utils/upload-urls";
import { refuseOversizedPick } from "./picture-pick";

/**
 * The 'Add image' upload (docs/uploads.md), loaded by `AddImageField` (./add-image-field.tsx) when
 * a file is picked: a file over the size limit is refused before anything is sent (the input
 * emptied, the message in the status line); otherwise POST /api/uploads, then the picture's
 * Markdown at the cursor of the textarea `textareaId`, and the inputs emptied so the form does
 * not send the file again.
 */
export async function uploadImage(fileInput: HTMLInputElement, textareaId: string, limits: PictureLimits) {
  const byId = <T>(suffix: string) => document.getElementById(textareaId + suffix) as T;
  const status = byId<HTMLElement>("-image-status");
  const alt = byId<HTMLInputElement>("-image-alt");
  const refusal = refuseOversizedPick(fileInput, limits);
  status.textContent = refusal ?? "";
  const file = fileInput.files?.[0];
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
