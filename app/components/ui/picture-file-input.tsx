import { useEffect, useState } from "react";
import { useRouteLoaderData } from "@remix-run/react";
import { FieldErrors } from "./field-errors";
import { PICTURE_ACCEPT, pictureHint, pictureTooLargeMessage } from "~/utils/upload-limit";

/** UPLOAD_MAX_BYTES, from the root loader (every page has it). */
export function useUploadMaxBytes(): number {
  const root = useRouteLoaderData("root") as { uploadMaxBytes?: number } | undefined;
  return root?.uploadMaxBytes ?? 5 * 1024 * 1024;
}

/**
 * A picture's file input (the avatar form, the editors' 'Add image': docs/uploads.md), its hint
 * saying the size limit and its messages beside it. With JavaScript, a file over the limit is
 * refused as it is picked: the input is emptied (the form never sends it) and the message shows
 * here; the server's refusal (`errors`, the form sent without JavaScript) shows in the same place.
 * `onPick` gets the input once a file within the limit is picked (or null when it is emptied).
 */
export function PictureFileInput({
  id,
  name,
  label,
  hintSuffix = "",
  errors,
  required,
  onPick,
  labelClassName = "block text-sm font-medium text-slate-800",
}: {
  id: string;
  name: string;
  label: string;
  /** Said after the size limit in the hint, e.g. "; at most 4 per text". */
  hintSuffix?: string;
  errors?: string[];
  required?: boolean;
  onPick?: (input: HTMLInputElement | null) => void;
  labelClassName?: string;
}) {
  const maxBytes = useUploadMaxBytes();
  // The browser's own refusal, or null once a good file is picked (the server's errors then no longer apply).
  const [pickMessage, setPickMessage] = useState<string | null | undefined>(undefined);
  const serverMessages = errors?.join("\n");
  useEffect(() => setPickMessage(undefined), [serverMessages]);
  const shown = pickMessage === undefined ? errors : pickMessage === null ? undefined : [pickMessage];
  const hasError = Boolean(shown?.length);
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        accept={PICTURE_ACCEPT}
        required={required}
        aria-invalid={hasError || undefined}
        aria-describedby={hasError ? `${id}-hint ${id}-error` : `${id}-hint`}
        onChange={(event) => {
          const input = event.currentTarget;
          const file = input.files?.[0];
          if (file && file.size > maxBytes) {
            input.value = "";
            setPickMessage(pictureTooLargeMessage(maxBytes));
            onPick?.(null);
            return;
          }
          setPickMessage(null);
          onPick?.(file ? input : null);
        }}
        className="block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {pictureHint(maxBytes)}
        {hintSuffix}.
      </p>
      <FieldErrors id={`${id}-error`} errors={shown} className="text-xs font-medium text-red-700" />
    </div>
  );
}
