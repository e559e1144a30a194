/**
 * The editors' 'Add image' control (docs/uploads.md). Without JavaScript the picked file travels
 * with the form (multipart) and the server appends its Markdown to the text; a refusal (`errors`,
 * a picture too large, not a picture, ...) comes back beside the file field, the alt text
 * (`defaultAlt`) kept. With JavaScript the picked file is checked and uploaded at once by
 * ./add-image-upload.ts, loaded when a file is picked (docs/decisions/0078-shell-code-after-hydration.md):
 * a file over the size limit is refused there before anything is sent (the input emptied, the
 * message in the status line under the field); a good one goes to POST /api/uploads and its
 * Markdown lands at the cursor of the textarea `textareaId`, the inputs emptied so the form does
 * not send the file again. Should that module fail to load, the picked file still travels with
 * the form as without JavaScript. Kept small on purpose: it ships with the post and reply forms.
 */
import { useMatches } from "react-router";
import { FieldErrors } from "./field-errors";
import { MAX_IMAGES_PER_TEXT, type PictureLimits } from "~/utils/upload-limit";

/**
 * The size limit and its words (`pictureLimits`, app/utils/upload-limit.ts), from the loader of the
 * page the editor sits on (/discussions/new, /post/{id}): the deepest route whose data has them.
 */
function usePictureLimits(): PictureLimits {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const data = matches[index].data as { pictureLimits?: PictureLimits } | null;
    if (data?.pictureLimits) return data.pictureLimits;
  }
  throw new Error("The page of an 'Add image' field must give pictureLimits from its loader (docs/uploads.md).");
}

// Browser only: a dynamic import in the server build would split it into several files.
const loadUpload = import.meta.env.SSR ? null : () => import("./add-image-upload");

export function AddImageField({ textareaId, errors, defaultAlt }: { textareaId: string; errors?: string[]; defaultAlt?: string }) {
  const limits = usePictureLimits();
  const input = "block text-sm text-slate-700";
  const fileId = `${textareaId}-image`;
  return (
    <fieldset className="space-y-2 rounded-md border border-dashed border-slate-300 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">Add image</legend>
      <div className="flex flex-wrap items-end gap-3 text-xs font-medium text-slate-700">
        <label className="space-y-1">
          <span className="block">Image</span>
          <input
            type="file"
            name="image"
            accept={limits.accept}
            aria-invalid={errors ? true : undefined}
            aria-describedby={errors ? `${fileId}-hint ${fileId}-error` : `${fileId}-hint`}
            className={input}
            onChange={(event) => {
              const fileInput = event.currentTarget;
              void loadUpload?.().then((module) => module.uploadImage(fileInput, textareaId, limits));
            }}
          />
        </label>
        <label className="min-w-48 flex-1 space-y-1">
          <span className="block">Alt text (what the image shows)</span>
          <input id={`${textareaId}-image-alt`} type="text" name="imageAlt" maxLength={200} defaultValue={defaultAlt} placeholder="Default: the file name" className={`${input} w-full rounded-md border border-slate-300 px-3 py-1.5`} />
        </label>
      </div>
      <p id={`${fileId}-hint`} className="text-xs text-slate-500">
        {limits.hint}; at most {MAX_IMAGES_PER_TEXT} per text.
      </p>
      <FieldErrors id={`${fileId}-error`} errors={errors} className="text-xs font-medium text-red-700" />
      <p id={`${textareaId}-image-status`} aria-live="polite" className="text-xs text-slate-600" />
    </fieldset>
  );
}
