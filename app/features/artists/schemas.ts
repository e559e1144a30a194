/** Zod schemas of the artist forms, used by the page actions (parseWithZod) and the /api routes; the browser gets constraints.ts (decision 0066). */
import { z } from "zod";
import { optionalHttpUrl } from "~/utils/url-schema";

import { COMMENT_MAX_LENGTH } from "./constants";

const emptyToUndefined = (value: unknown) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value);

const optionalText = (label: string, max: number) =>
  z.preprocess(emptyToUndefined, z.string({ invalid_type_error: `${label} must be text` }).trim().max(max, `${label} is too long (${max} characters at most)`).optional());

/** A checkbox ("on"), a JSON boolean, or "true"/"false". */
const checkbox = z.preprocess((value) => {
  if (typeof value === "boolean") return value;
  if (value === undefined || value === null || value === "") return false;
  if (typeof value === "string") return ["on", "true", "1", "yes"].includes(value.toLowerCase());
  return value;
}, z.boolean({ invalid_type_error: "Featured must be true or false" }));

export const artistFormSchema = z.object({
  name: z.preprocess(
    emptyToUndefined,
    z.string({ required_error: "Name is required", invalid_type_error: "Name is required" }).trim().max(100, "Name is too long (100 characters at most)"),
  ),
  description: optionalText("Description", 2000),
  genre: optionalText("Genre", 60),
  avatarUrl: optionalHttpUrl("Avatar URL"),
  latestTrack: optionalText("Latest track", 200),
  spotifyUrl: optionalHttpUrl("Spotify URL"),
  youtubeUrl: optionalHttpUrl("YouTube URL"),
  appleMusicUrl: optionalHttpUrl("Apple Music URL"),
  featured: checkbox.default(false),
});
export type ArtistFormValues = z.output<typeof artistFormSchema>;

/** The trimmed comment, 1 to 1000 characters. */
export const artistCommentSchema = z.object({
  comment: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    z
      .string({ invalid_type_error: "Comment cannot be empty" })
      .trim()
      .min(1, "Comment cannot be empty")
      .max(COMMENT_MAX_LENGTH, "Comment is too long"),
  ),
});

export const artistFiltersSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  genre: z.string().trim().max(60).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type ArtistFilters = z.output<typeof artistFiltersSchema>;

export function parseArtistFilters(searchParams: URLSearchParams): ArtistFilters {
  return artistFiltersSchema.parse({
    q: searchParams.get("q") ?? "",
    genre: searchParams.get("genre") ?? "",
    page: searchParams.get("page") ?? 1,
  });
}
