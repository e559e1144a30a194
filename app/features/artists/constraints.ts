/**
 * The HTML constraints of the artist form, as plain data so the browser needs no zod (decision 0066).
 * Equal to `getZodConstraint(artistFormSchema)`: constraints.test.ts checks it.
 */
import type { FormConstraints } from "~/components/ui/use-server-form";

export const artistConstraints = {
  name: { required: true, maxLength: 100 },
  description: { required: false, maxLength: 2000 },
  genre: { required: false, maxLength: 60 },
  avatarUrl: { required: false, maxLength: 2000 },
  latestTrack: { required: false, maxLength: 200 },
  spotifyUrl: { required: false, maxLength: 2000 },
  youtubeUrl: { required: false, maxLength: 2000 },
  appleMusicUrl: { required: false, maxLength: 2000 },
  featured: { required: false },
} satisfies FormConstraints;
