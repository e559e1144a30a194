import { useEffect, useState } from "react";
import { FieldErrors } from "./field-errors";
import type { PictureLimits } from "~/utils/upload-limit";
import { refuseOversizedPick } from "./picture-pick";


/**
 * A picture's file input (the avatar form: docs/uploads.md), its hint saying the size limit and
 * its messages beside it. With JavaScript, a file over the limit is
 * refused as it is picked: the input is emptied (the form never sends it) and the message shows
 * here; the server's refusal (`errors`, the form sent without JavaScript) shows in the same place.
 * `onPick` gets the input once a file within the limit is picked (or null when it is emptied).
 */
export function PictureFileInput({
  id,
  name,
  label,
  limits,
  hintSuffix = "",
  errors,
  required,
  onPick,
  labelClassName = "block text-sm font-medium text-slate-800",
}: {
  id: string;
  name: string;
  label: string;
  /** The size limit and its words (`pictureLimits`, app/utils/upload-limit.ts). */
  limits: PictureLimits;
  /** Said after the size limit in the hint, e.g. "; at most 4 per text". */
  hintSuffix?: string;
  errors?: string[];
  required?: boolean;
  onPick?: (input: HTMLInputElement | null) => void;
  labelClassName?: string;
}) {
  // The browser's own refusal, or null once a good file is picked (the server's errors no longer apply).
  const [pickMessage, setPickMessage] = useState<string | null>();
  const serverMessages = errors?.join(" ");
  useEffect(() => setPickMessage(undefined), [serverMessages]);
  const shown = pickMessage === undefined ? errors : pickMessage ? [pickMessage] : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        id={id}
        type="file"
        name={name}
        accept={limits.accept}
        required={required}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${id}-hint${shown ? ` ${id}-error` : ""}`}
        onChange={(event) => {
          const input = event.currentTarget;
          setPickMessage(refuseOversizedPick(input, limits));
          onPick?.(input.files?.[0] ? input : null);
        }}
        className="picture-input"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {limits.hint}
        {hintSuffix}.
      </p>
      <FieldErrors id={`${id}-error`} errors={shown} className="text-xs font-medium text-red-700" />
    </div>
  );
}
