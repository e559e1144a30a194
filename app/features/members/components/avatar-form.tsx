import { Form, useNavigation } from "react-router";
import { useEffect, useState } from "react";
import { Avatar } from "~/components/ui/avatar";
import { buttonClass } from "~/components/ui/button";

export const AVATAR_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/**
 * The /profile picture form (docs/uploads.md): a plain multipart form with a file input that
 * works without JavaScript; with JavaScript the picked picture shows before it is saved.
 */
export function AvatarForm({ name, avatarUrl, action, maxMegabytes }: { name: string; avatarUrl: string | null; action: string; maxMegabytes: number }) {
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const navigation = useNavigation();
  const intent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
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
          <div className="space-y-1">
            <label htmlFor="avatar-file" className="block text-sm font-medium text-slate-800">
              Choose a picture
            </label>
            <input
              id="avatar-file"
              type="file"
              name="avatar"
              accept={AVATAR_ACCEPT}
              required
              aria-describedby="avatar-hint"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setPreviewUrl(file ? URL.createObjectURL(file) : null);
              }}
              className="block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
            />
            <p id="avatar-hint" className="text-xs text-slate-500">
              JPEG, PNG, WebP or GIF, up to {maxMegabytes} MB.
            </p>
          </div>
          <button
            type="submit"
            name="intent"
            value="avatar"
            disabled={intent === "avatar"}
            className={buttonClass()}
          >
            {intent === "avatar" ? "Uploading..." : "Save picture"}
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
