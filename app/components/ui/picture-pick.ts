import type { PictureLimits } from "~/utils/upload-limit";

/**
 * The browser's refusal of a picked picture over the size limit (docs/uploads.md): the input is
 * emptied, so its form never sends the file, and the message to show beside it is returned
 * (null when the file is within the limit or none is picked). Used by `PictureFileInput` and,
 * loaded when a file is picked, by the editors' 'Add image' (./add-image-upload.ts).
 */
export function refuseOversizedPick(input: HTMLInputElement, { maxBytes, tooLargeMessage }: PictureLimits): string | null {
  const file = input.files?.[0];
  if (!file || file.size <= maxBytes) return null;
  input.value = "";
  return tooLargeMessage;
}
