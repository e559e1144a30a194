/** The artist forms' server side: parse with Conform, call the feature, shape the reply. */
import type { ActorRef } from "~/utils/actor";
import { submitSchemaFormAsync, type SchemaFormOutcome } from "~/utils/page-action.server";
import { createArtist, updateArtist, type ArtistView } from "./artists.server";
import { artistFormSchema } from "./schemas";

export type ArtistFormOutcome = { ok: true; artist: ArtistView } | Extract<SchemaFormOutcome<ArtistView>, { ok: false }>;

const fields = ["name", "description", "genre", "avatarUrl", "latestTrack", "spotifyUrl", "youtubeUrl", "appleMusicUrl", "featured"] as const;

/** Validates a submitted artist form and creates or updates the artist; bad input comes back with the field messages and the input kept. */
export async function submitArtistForm({ formData, actor, artistId }: { formData: FormData; actor: ActorRef; artistId?: number }): Promise<ArtistFormOutcome> {
  const outcome = await submitSchemaFormAsync(formData, artistFormSchema, (value) => {
    if (artistId === undefined) return createArtist({ actor, input: value });
    const input: Record<string, unknown> = {};
    for (const field of fields) input[field] = value[field] ?? null;
    return updateArtist({ actor, id: artistId, input });
  });
  return outcome.ok ? { ok: true, artist: outcome.saved } : outcome;
}
