/**
 * The artists feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export {
  addComment,
  createArtist,
  deleteArtist,
  deleteComment,
  findComment,
  getArtist,
  getArtistStats,
  getAverageRating,
  getMyRating,
  hideComment,
  listArtists,
  listComments,
  listenerKey,
  listGenres,
  rateArtist,
  recordPlay,
  unhideComment,
  updateArtist,
  withPanels,
} from "./artists.server";
export { loadFeaturedArtists } from "./dashboard.server";
export { submitArtistForm } from "./form.server";
export { parseArtistFilters } from "./schemas";
