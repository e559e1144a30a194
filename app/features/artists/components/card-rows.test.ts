import { describe, expect, it } from "vitest";
import { fromArtistRows, toArtistRows } from "./card-rows";
import type { ArtistCardView } from "./card-view";

const card = (overrides: Partial<ArtistCardView> = {}): ArtistCardView => ({
  id: 7,
  name: "Deep Garden",
  genre: "Ambient",
  description: "Slow pads.",
  latestTrack: "Moss",
  avatarUrl: null,
  playCount: 1130,
  featured: true,
  links: ["spotify", "apple"],
  panel: {
    averageRating: 3.333,
    totalRatings: 3,
    myRating: null,
    commentsCount: 2,
    comments: [
      { id: 1, comment: "Lovely", createdAt: "2026-11-23", author: "Ada" },
      { id: 2, comment: "Hidden", createdAt: "2026-11-22", author: "Bo", isFromBlockedMember: true },
    ],
  },
  ...overrides,
});

describe("artist card rows", () => {
  it("decode to the same cards they were made from", () => {
    const cards = [card(), card({ id: 8, genre: null, description: null, featured: false, links: [], panel: { averageRating: 0, totalRatings: 0, myRating: 4, commentsCount: 0, comments: [] } }), card({ id: 9, links: ["youtube"] })];
    expect(fromArtistRows(toArtistRows(cards))).toEqual(cards);
  });

  it("are smaller than the objects once serialized", () => {
    const cards = [card(), card({ id: 8 })];
    expect(JSON.stringify(toArtistRows(cards)).length).toBeLessThan(JSON.stringify(cards).length * 0.7);
  });
});
