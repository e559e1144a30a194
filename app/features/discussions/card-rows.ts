import type { PostCardData } from "./components/post-card";

/**
 * The /discussions list travels to the browser as rows, not objects (docs/performance.md, "Page
 * weight"): the page's data is sent twice, as HTML and as the hydration payload, and in the payload
 * every object repeats its keys and every card its author and category. A row is
 * [id, title, excerpt, likes, replies, created (ms), flags, category index (-1: none), author index,
 * hidden label?]; each author and category is sent once.
 */
export type CardRow = [number, string, string, number, number, number, number, number, number, string?];
export type CardAuthor = [id: string, displayName: string, profileImageUrl: string | null, role: string];
export type CardCategory = [name: string, colorClass: string, iconClass: string];
export type CardRows = { rows: CardRow[]; authors: CardAuthor[]; categories: CardCategory[] };
export type ListCard = PostCardData & { isFromBlockedMember: boolean };

const PINNED = 1;
const LIKED = 2;
const BLOCKED = 4;

export function toCardRows(cards: ListCard[]): CardRows {
  const authors: CardAuthor[] = [];
  const categories: CardCategory[] = [];
  const authorIndex = new Map<string, number>();
  const categoryIndex = new Map<string, number>();
  const indexOf = <T>(map: Map<string, number>, list: T[], key: string, value: () => T) => {
    let index = map.get(key);
    if (index === undefined) {
      index = list.push(value()) - 1;
      map.set(key, index);
    }
    return index;
  };
  const rows = cards.map((card): CardRow => {
    const { author, category } = card;
    const row: CardRow = [
      card.id,
      card.title,
      card.excerpt,
      card.likesCount,
      card.repliesCount,
      new Date(card.createdAt).getTime(),
      (card.isPinned ? PINNED : 0) | (card.isLiked ? LIKED : 0) | (card.isFromBlockedMember ? BLOCKED : 0),
      category ? indexOf(categoryIndex, categories, category.name, () => [category.name, category.colorClass, category.iconClass]) : -1,
      indexOf(authorIndex, authors, author.id, () => [author.id, author.displayName, author.profileImageUrl, author.role]),
    ];
    if (card.hiddenLabel) row.push(card.hiddenLabel);
    return row;
  });
  return { rows, authors, categories };
}

export function fromCardRows({ rows, authors, categories }: CardRows): ListCard[] {
  return rows.map(([id, title, excerpt, likesCount, repliesCount, createdAt, flags, category, author, hiddenLabel]) => {
    const [authorId, displayName, profileImageUrl, role] = authors[author];
    const shownCategory = categories[category];
    return {
      id,
      title,
      excerpt,
      likesCount,
      repliesCount,
      createdAt,
      isPinned: Boolean(flags & PINNED),
      isLiked: Boolean(flags & LIKED),
      isFromBlockedMember: Boolean(flags & BLOCKED),
      hiddenLabel,
      category: shownCategory ? { name: shownCategory[0], colorClass: shownCategory[1], iconClass: shownCategory[2] } : null,
      author: { id: authorId, displayName, profileImageUrl, role },
    };
  });
}
