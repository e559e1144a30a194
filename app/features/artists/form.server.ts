/** The artist forms' server side: parse with Conform, call the feature, shape the reply. */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { isAppError } from "~/utils/errors.server";
import { createArtist, updateArtist, type ArtistView } from "./artists.server";
import { artistFormSchema } from "./schemas";
import type { ActorRef } from "~/utils/actor";

export type ArtistFormOutcome = { ok: true; artist: ArtistView } | { ok: false; status: number; message: string; result: SubmissionResult<string[]> };

const fields = ["name", "description", "genre", "avatarUrl", "latestTrack", "spotifyUrl", "youtubeUrl", "appleMusicUrl", "featured"] as const;

/** Validates a submitted artist form and creates or updates the artist; bad input comes back with the field messages and the input kept. */
export function submitArtistForm({ formData, actor, artistId }: { formData: FormData; actor: ActorRef; artistId?: number }): ArtistFormOutcome {
  const submission = parseWithZod(formData, { schema: artistFormSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form and try again.";
    return { ok: false, status: 400, message, result: submission.reply() };
  }
  try {
    if (artistId === undefined) return { ok: true, artist: createArtist({ actor, input: submission.value }) };
    const input: Record<string, unknown> = {};
    for (const field of fields) input[field] = submission.value[field] ?? null;
    return { ok: true, artist: updateArtist({ actor, id: artistId, input }) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { ok: false, status: error.status, message: error.message, result: submission.reply({ formErrors: [error.message], fieldErrors: error.fieldErrors }) };
  }
}
