/**
 * What an artist card needs in the browser, and nothing more: the loaders (/music-artists, the
 * dashboard, an artist's page) map ArtistCardData to this before sending it, so the page's
 * serialized loader data carries no member ids, no full user rows, no listen URLs (the buttons go
 * through /music-artists/:id/listen/:platform) and no unrounded averages. Pure: no server imports.
 */
import type { ArtistCardData, ArtistComment, RatingPanelData } from "../artists.server";
import type { ListenPlatform } from "../constants";
import { displayNameOf } from "~/utils/display-name";

/** `isFromBlockedMember` is set (only when true) for a member the viewer blocked: the list collapses it. */
export type CardComment = { id: number; comment: string; createdAt: string; author: string; isFromBlockedMember?: true };

const noBlocks: ReadonlySet<string> = new Set();

export type CardPanel = {
  averageRating: number;
  totalRatings: number;
  myRating: number | null;
  commentsCount: number;
  comments: CardComment[];
};

export type ArtistCardView = {
  id: number;
  name: string;
  genre: string | null;
  description: string | null;
  latestTrack: string | null;
  avatarUrl: string | null;
  playCount: number;
  featured: boolean;
  /** The listen links that exist, in button order. */
  links: ListenPlatform[];
  panel: CardPanel;
};

export type CardViewer = { isSignedIn: boolean; canModerate: boolean };

/** `blockedIds`: the viewer's blockedIdsOf (docs/moderation.md, "Blocking"). */
export function toCardComment(comment: ArtistComment, blockedIds: ReadonlySet<string> = noBlocks): CardComment {
  // The day is all the card shows (in UTC): '2026-10-14' is a valid <time dateTime> and half the bytes.
  const card: CardComment = { id: comment.id, comment: comment.comment, createdAt: comment.createdAt.slice(0, 10), author: displayNameOf(comment.user) };
  if (blockedIds.has(comment.userId)) card.isFromBlockedMember = true;
  return card;
}

export function toCardPanel(panel: RatingPanelData, blockedIds: ReadonlySet<string> = noBlocks): CardPanel {
  return {
    // Three decimals keep the optimistic average (average × total) exact to the shown decimal.
    averageRating: Math.round(panel.averageRating * 1000) / 1000,
    totalRatings: panel.totalRatings,
    myRating: panel.myRating,
    commentsCount: panel.commentsCount,
    comments: panel.comments.map((comment) => toCardComment(comment, blockedIds)),
  };
}

export function toCardView(artist: ArtistCardData, blockedIds: ReadonlySet<string> = noBlocks): ArtistCardView {
  const links: ListenPlatform[] = [];
  if (artist.spotifyUrl) links.push("spotify");
  if (artist.youtubeUrl) links.push("youtube");
  if (artist.appleMusicUrl) links.push("apple");
  return {
    id: artist.id,
    name: artist.name,
    genre: artist.genre,
    description: artist.description,
    latestTrack: artist.latestTrack,
    avatarUrl: artist.avatarUrl,
    playCount: artist.playCount,
    featured: artist.featured,
    links,
    panel: toCardPanel(artist.panel, blockedIds),
  };
}
