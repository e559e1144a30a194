// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RecentDiscussionsCard } from "./recent-discussions-card";

afterEach(cleanup);

const post = (id: number, overrides = {}) => ({
  id,
  title: `Post ${id}`,
  excerpt: `Excerpt ${id}`,
  likesCount: id,
  repliesCount: id * 2,
  isPinned: false,
  category: { name: "Machine Learning", colorClass: "bg-purple-100 text-purple-800", iconClass: "🧠" },
  authorName: "Ada",
  ...overrides,
});

function renderCard(posts: ReturnType<typeof post>[]) {
  return render(
    <MemoryRouter>
      <RecentDiscussionsCard posts={posts} />
    </MemoryRouter>,
  );
}

describe("RecentDiscussionsCard", () => {
  it("shows 'Recent Discussions', each post's excerpt, category tag, likes and replies, and 'View All'", () => {
    renderCard([post(1, { isPinned: true }), post(2), post(3)]);
    expect(screen.getByRole("heading", { name: "Recent Discussions" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "View All" }).getAttribute("href")).toBe("/discussions");
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(3);
    const first = within(items[0]);
    expect(first.getByRole("link", { name: "Post 1" }).getAttribute("href")).toBe("/post/1");
    expect(first.getByText("Excerpt 1")).toBeTruthy();
    expect(first.getByText("Machine Learning")).toBeTruthy();
    expect(first.getByText("1 like")).toBeTruthy();
    expect(first.getByText("2 replies")).toBeTruthy();
    expect(first.getByText("📌 Pinned")).toBeTruthy();
  });

  it("invites the first post when there are none", () => {
    renderCard([]);
    expect(screen.getByText(/No discussions yet/)).toBeTruthy();
  });
});
