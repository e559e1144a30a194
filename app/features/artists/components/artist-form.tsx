import { Form, useNavigation } from "@remix-run/react";
import { FormActions } from "~/components/ui/form-field";
import { InputField, TextareaField } from "~/components/ui/labelled-field";
import { getFormProps, getInputProps, useServerForm, type FormResult } from "~/components/ui/use-server-form";
import { artistConstraints } from "../constraints";

export type ArtistFormDefaults = Partial<{
  name: string;
  description: string | null;
  genre: string | null;
  avatarUrl: string | null;
  latestTrack: string | null;
  spotifyUrl: string | null;
  youtubeUrl: string | null;
  appleMusicUrl: string | null;
  featured: boolean;
}>;

/** The artist form (name, description, genre, avatarUrl, latestTrack, three optional links, featured). */
export function ArtistForm({
  id,
  action,
  intent,
  artistId,
  lastResult,
  defaultValue,
  submitLabel,
  pendingLabel,
  onCancel,
}: {
  id: string;
  action: string;
  intent: string;
  artistId?: number;
  lastResult?: FormResult | null;
  defaultValue?: ArtistFormDefaults;
  submitLabel: string;
  pendingLabel: string;
  onCancel?: () => void;
}) {
  const navigation = useNavigation();
  const isPending = navigation.state === "submitting" && navigation.formData?.get("formId") === id;
  const initial: Record<string, string> = {};
  for (const [key, value] of Object.entries(defaultValue ?? {})) {
    if (typeof value === "string") initial[key] = value;
    else if (value === true) initial[key] = "on";
  }
  const [form, fields] = useServerForm({ id, lastResult, defaultValue: initial, constraint: artistConstraints });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formId" value={id} />
      {artistId !== undefined ? <input type="hidden" name="artistId" value={artistId} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.name} label="Name" />
        <InputField field={fields.genre} label="Genre" placeholder="Synthwave, Lo-fi..." />
      </div>
      <TextareaField field={fields.description} label="Description" />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.avatarUrl} label="Avatar URL" type="url" placeholder="https://..." />
        <InputField field={fields.latestTrack} label="Latest Track" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField field={fields.spotifyUrl} label="Spotify URL" type="url" placeholder="https://open.spotify.com/..." />
        <InputField field={fields.youtubeUrl} label="YouTube URL" type="url" placeholder="https://www.youtube.com/..." />
        <InputField field={fields.appleMusicUrl} label="Apple Music URL" type="url" placeholder="https://music.apple.com/..." />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input {...getInputProps(fields.featured, { type: "checkbox" })} key={fields.featured.key} className="h-4 w-4" />
        Featured
      </label>
      <FormActions errors={form.errors} onCancel={onCancel} isPending={isPending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </Form>
  );
}
