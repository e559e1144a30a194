import type { ListenPlatform } from "../constants";
import type { ArtistCardView, CardComment } from "./card-view";

/**
 * /music-artists sends its cards to the browser as rows, not objects (docs/performance.md, "Third
 * slice"), as /discussions does (app/features/discussions/card-rows.ts): the page's data travels
 * twice, as HTML and as the hydration payload, and in the payload every object repeats its keys.
 * An artist row is [id, name, genre, description, latest track, avatar URL, plays, flags (featured,
 * listen links), average, ratings, my rating, comments count, comment rows]; a comment row is
 * [id, text, day, author, blocked?]. Pure: the loader encodes, the page decodes (useMemo).
 */
export type CommentRow = [number, string, string, string, 1?];
export type ArtistRow = [number, string, string | null, string | null, string | null, string | null, number, number, number, number, number | null, number, CommentRow[]];

const FEATURED = 1;
const platforms: [ListenPlatform, number][] = [
  ["spotify", 2],
  ["youtube", 4],
  ["apple", 8],
];

export function toArtistRows(cards: ArtistCardView[]): ArtistRow[] {
  return cards.map(({ id, name, genre, description, latestTrack, avatarUrl, playCount, featured, links, panel }) => {
    const flags = platforms.reduce((bits, [platform, bit]) => (links.includes(platform) ? bits | bit : bits), featured ? FEATURED : 0);
    const comments = panel.comments.map((comment): CommentRow => {
      const row: CommentRow = [comment.id, comment.comment, comment.createdAt, comment.author];
      if (comment.isFromBlockedMember) row.push(1);
      return row;
    });
    return [id, name, genre, description, latestTrack, avatarUrl, playCount, flags, panel.averageRating, panel.totalRatings, panel.myRating, panel.commentsCount, comments];
  });
}

export function fromArtistRows(rows: ArtistRow[]): ArtistCardView[] {
  return rows.map(([id, name, genre, description, latestTrack, avatarUrl, playCount, flags, averageRating, totalRatings, myRating, commentsCount, comments]) => ({
    id,
    name,
    genre,
    description,
    latestTrack,
    avatarUrl,
    playCount,
    featured: Boolean(flags & FEATURED),
    links: platforms.filter(([, bit]) => flags & bit).map(([platform]) => platform),
    panel: {
      averageRating,
      totalRatings,
      myRating,
      commentsCount,
      comments: comments.map(([commentId, comment, createdAt, author, blocked]): CardComment => (blocked ? { id: commentId, comment, createdAt, author, isFromBlockedMember: true } : { id: commentId, comment, createdAt, author })),
    },
  }));
}
