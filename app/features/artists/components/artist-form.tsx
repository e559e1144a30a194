import { ItemForm, type ItemFormProps } from "~/components/ui/item-form";
import { InputField, TextareaField } from "~/components/ui/labelled-field";
import { getInputProps, useServerForm } from "~/components/ui/use-server-form";
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
  artistId,
  lastResult,
  defaultValue,
  ...frame
}: ItemFormProps & { artistId?: number; defaultValue?: ArtistFormDefaults }) {
  const initial: Record<string, string> = {};
  for (const [key, value] of Object.entries(defaultValue ?? {})) {
    if (typeof value === "string") initial[key] = value;
    else if (value === true) initial[key] = "on";
  }
  const [form, fields] = useServerForm({ id, lastResult, defaultValue: initial, constraint: artistConstraints });
  return (
    <ItemForm form={form} idField={artistId === undefined ? undefined : { name: "artistId", value: artistId }} {...frame}>
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
    </ItemForm>
  );
}
