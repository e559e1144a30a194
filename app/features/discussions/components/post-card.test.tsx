// @vitest-environment node
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { isFirstCardOfAuthor, PostCard, type PostCardData } from "./post-card";

const card = (id: number, authorId: string): PostCardData => ({
  id,
  title: `Post ${id}`,
  excerpt: `Excerpt ${id}`,
  isPinned: false,
  likesCount: 0,
  repliesCount: 0,
  isLiked: false,
  createdAt: new Date("2026-11-01T10:00:00Z"),
  category: null,
  author: { id: authorId, displayName: `Member ${authorId}`, profileImageUrl: null, role: "member" },
});

/** The list as app/routes/discussions.tsx renders it: each card says whether its author link is the list's first. */
function renderList(posts: PostCardData[]): string {
  return renderToString(
    <MemoryRouter>
      {posts.map((post, index) => (
        <PostCard key={post.id} post={post} likeAction="/discussions" discoverAuthor={isFirstCardOfAuthor(posts, index)} />
      ))}
    </MemoryRouter>,
  );
}

/** The hrefs of the links that carry React Router's data-discover, in document order. */
const discovered = (html: string) => [...html.matchAll(/<a [^>]*>/g)].map(([tag]) => tag).filter((tag) => tag.includes('data-discover="true"')).map((tag) => /href="([^"]*)"/.exec(tag)?.[1]);

describe("PostCard in a list: data-discover once per path (docs/performance.md)", () => {
  it("marks only the first card's link to a member who wrote several of the listed posts", () => {
    const html = renderList([card(1, "ada"), card(2, "bob"), card(3, "ada"), card(4, "ada")]);
    expect(discovered(html)).toEqual(["/post/1", "/members/ada", "/post/2", "/members/bob", "/post/3", "/post/4"]);
    // Every card still links to its author.
    expect(html.match(/href="\/members\/ada"/g)).toHaveLength(3);
  });

  it("isFirstCardOfAuthor: true for the first card of each author only", () => {
    const posts = [card(1, "ada"), card(2, "bob"), card(3, "ada")];
    expect(posts.map((_, index) => isFirstCardOfAuthor(posts, index))).toEqual([true, true, false]);
  });

  it("a card alone links to its author with data-discover (the default)", () => {
    const html = renderToString(
      <MemoryRouter>
        <PostCard post={card(7, "cy")} likeAction="/discussions" />
      </MemoryRouter>,
    );
    expect(discovered(html)).toEqual(["/post/7", "/members/cy"]);
  });
});
