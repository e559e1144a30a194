import { Form } from "react-router";
import { useEffect, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { buttonClass } from "~/components/ui/button";
import { PictureFileInput } from "~/components/ui/picture-file-input";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { PictureLimits } from "~/utils/upload-limit";

/**
 * The /profile picture form (docs/uploads.md): a plain multipart form with a file input that
 * works without JavaScript; with JavaScript the picked picture shows before it is saved, and a
 * file over the size limit is refused before it is sent. A refusal shows beside the file field.
 */
export function AvatarForm({
  name,
  avatarUrl,
  action,
  limits,
  errors,
}: {
  name: string;
  avatarUrl: string | null;
  action: string;
  /** The picture size limit and its words (`pictureLimits`, app/utils/upload-limit.ts). */
  limits: PictureLimits;
  errors?: string[];
}) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const isUploading = useIsPending({ state: "submitting", intent: "avatar" });
  useEffect(() => () => (previewUrl ? URL.revokeObjectURL(previewUrl) : undefined), [previewUrl]);
  return (
    <section id="avatar" aria-labelledby="avatar-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="avatar-heading" className="text-lg font-semibold text-slate-900">
        Profile picture
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        {previewUrl ? (
          <img src={previewUrl} alt="Preview of your new picture" width={64} height={64} className="h-16 w-16 rounded-full object-cover" data-testid="avatar-preview" />
        ) : (
          <Avatar name={name} avatarUrl={avatarUrl} pixels={64} className="h-16 w-16 bg-indigo-600 text-2xl font-bold text-white" />
        )}
        <Form method="post" action={action} encType="multipart/form-data" className="flex flex-wrap items-end gap-3" preventScrollReset>
          <PictureFileInput
            id="avatar-file"
            name="avatar"
            label="Choose a picture"
            limits={limits}
            required
            errors={errors}
            onPick={(input) => {
              const file = input?.files?.[0];
              setPreviewUrl(file ? URL.createObjectURL(file) : null);
            }}
          />
          <button
            type="submit"
            name="intent"
            value="avatar"
            disabled={isUploading}
            className={buttonClass()}
          >
            {isUploading ? "Uploading..." : "Save picture"}
          </button>
        </Form>
        {avatarUrl ? (
          <Form method="post" action={action} preventScrollReset>
            <button
              type="submit"
              name="intent"
              value="remove-avatar"
              className={buttonClass("secondary")}
            >
              Remove picture
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
