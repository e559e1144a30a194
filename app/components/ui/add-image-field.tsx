/**
 * The editors' 'Add image' control (docs/uploads.md). Without JavaScript the picked file travels
 * with the form (multipart) and the server appends its Markdown to the text. With JavaScript a
 * file over the size limit is refused as it is picked (`PictureFileInput`); a good one uploads at
 * once (POST /api/uploads) and its Markdown lands at the cursor of the textarea `textareaId`; the
 * inputs are then emptied so the form does not send the file again. Kept small on purpose: it
 * ships with the post and reply forms, and the upload itself (./add-image-upload.ts) loads when a
 * file is picked (docs/decisions/0078-shell-code-after-hydration.md); should that fail, the
 * picked file still travels with the form as without JavaScript. A refusal (`errors`, the server's
 * answer to the form) shows beside the file field, the alt text (`defaultAlt`) kept.
 */
import { MAX_IMAGES_PER_TEXT } from "~/utils/upload-urls";
import { PictureFileInput } from "./picture-file-input";

// Browser only: a dynamic import in the server build would split it into several files.
const loadUpload = import.meta.env.SSR ? null : () => import("./add-image-upload");

export function AddImageField({ textareaId, errors, defaultAlt }: { textareaId: string; errors?: string[]; defaultAlt?: string }) {
  const input = "block text-sm text-slate-700";
  return (
    <fieldset className="space-y-2 rounded-md border border-dashed border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Add image</legend>
      <div className="flex flex-wrap items-start gap-3 text-xs font-medium text-slate-700">
        <PictureFileInput
          id={`${textareaId}-image`}
          name="image"
          label="Image"
          hintSuffix={`; at most ${MAX_IMAGES_PER_TEXT} per text`}
          labelClassName="block"
          errors={errors}
          onPick={(fileInput) => {
            if (fileInput) void loadUpload?.().then((module) => module.uploadImage(fileInput, textareaId));
          }}
        />
        <label className="min-w-48 flex-1 space-y-1">
          <span className="block">Alt text (what the image shows)</span>
          <input
            id={`${textareaId}-image-alt`}
            type="text"
            name="imageAlt"
            maxLength={200}
            defaultValue={defaultAlt}
            placeholder="Default: the file name"
            className={`${input} w-full rounded-md border border-slate-300 px-3 py-1.5`}
          />
        </label>
      </div>
      <p id={`${textareaId}-image-status`} aria-live="polite" className="text-xs text-slate-600" />
    </fieldset>
  );
}
