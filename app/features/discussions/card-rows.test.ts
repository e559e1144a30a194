import { describe, expect, it } from "vitest";
import { fromCardRows, toCardRows, type ListCard } from "./card-rows";

const author = { id: "a-1", displayName: "Ada", profileImageUrl: null, role: "admin" };
const other = { id: "a-2", displayName: "Bo", profileImageUrl: "/uploads/bo.webp", role: "member" };
const category = { name: "AI Music", colorClass: "bg-pink-100 text-pink-800", iconClass: "🎵" };
const cards: ListCard[] = [
  { id: 3, title: "T3", excerpt: "E3", isPinned: true, likesCount: 2, repliesCount: 1, isLiked: true, createdAt: 3_000, category, author, isFromBlockedMember: false },
  { id: 2, title: "T2", excerpt: "E2", isPinned: false, likesCount: 0, repliesCount: 0, isLiked: false, createdAt: 2_000, category: null, author: other, isFromBlockedMember: true, hiddenLabel: "Hidden by a moderator" },
  { id: 1, title: "T1", excerpt: "E1", isPinned: false, likesCount: 5, repliesCount: 9, isLiked: false, createdAt: 1_000, category, author, isFromBlockedMember: false },
];

describe("card rows", () => {
  it("round-trips the cards, each author and category sent once", () => {
    const encoded = toCardRows(cards);
    expect(encoded.authors).toHaveLength(2);
    expect(encoded.categories).toHaveLength(1);
    const decoded = fromCardRows(encoded);
    expect(decoded).toEqual(cards.map((card) => ({ ...card, hiddenLabel: card.hiddenLabel })));
  });

  it("takes dates as Date objects too", () => {
    expect(fromCardRows(toCardRows([{ ...cards[0], createdAt: new Date(3_000) }]))[0].createdAt).toBe(3_000);
  });
});
