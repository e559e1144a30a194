import { Form, useNavigation } from "@remix-run/react";
import { FieldErrors, FormActions } from "~/components/ui/form-field";
import { getFormProps, getInputProps, getTextareaProps, useServerForm, type FieldMetadata, type FormResult } from "~/components/ui/use-server-form";
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

const inputClass = "mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500";

type Field = FieldMetadata;

function TextField({ field, label, type = "text", placeholder }: { field: Field; label: string; type?: "text" | "url"; placeholder?: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        key={field.key}
        placeholder={placeholder}
        className={`${inputClass} ${field.errors?.length ? "border-red-500" : "border-slate-300"}`}
      />
      <FieldErrors id={field.errorId} errors={field.errors} className="mt-1 text-sm text-red-700" />
    </div>
  );
}

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
        <TextField field={fields.name} label="Name" />
        <TextField field={fields.genre} label="Genre" placeholder="Synthwave, Lo-fi..." />
      </div>
      <div>
        <label htmlFor={fields.description.id} className="block text-sm font-medium text-slate-800">
          Description
        </label>
        <textarea
          {...getTextareaProps(fields.description)}
          key={fields.description.key}
          rows={3}
          className={`${inputClass} ${fields.description.errors?.length ? "border-red-500" : "border-slate-300"}`}
        />
        {fields.description.errors?.length ? (
          <p id={fields.description.errorId} role="alert" className="mt-1 text-sm text-red-700">
            {fields.description.errors.join(" ")}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.avatarUrl} label="Avatar URL" type="url" placeholder="https://..." />
        <TextField field={fields.latestTrack} label="Latest Track" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField field={fields.spotifyUrl} label="Spotify URL" type="url" placeholder="https://open.spotify.com/..." />
        <TextField field={fields.youtubeUrl} label="YouTube URL" type="url" placeholder="https://www.youtube.com/..." />
        <TextField field={fields.appleMusicUrl} label="Apple Music URL" type="url" placeholder="https://music.apple.com/..." />
      </div>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input {...getInputProps(fields.featured, { type: "checkbox" })} key={fields.featured.key} className="h-4 w-4" />
        Featured
      </label>
      <FormActions errors={form.errors} onCancel={onCancel} isPending={isPending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </Form>
  );
}
