import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import { createActor, createTestPost, firstCategoryId } from "~/features/discussions/test-helpers";
import { buildDiscussionsFeed, feedTokenOf, feedUrlsOf, findFeedOwner, rotateFeedToken } from "./feeds.server";

const origin = "https://quads.example";

describe("private feeds", () => {
  it("gives each member a stable secret token until rotated; the old token then finds nothing", async () => {
    const member = await createActor();
    const token = feedTokenOf(member.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(feedTokenOf(member.id)).toBe(token);
    expect(findFeedOwner(token)).toEqual({ id: member.id });
    const urls = feedUrlsOf(member.id, origin);
    expect(urls.discussions).toBe(`${origin}/feeds/${token}/discussions.xml`);
    expect(urls.categories[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), url: expect.stringMatching(/\/categories\/\d+\.xml$/) });
    const next = rotateFeedToken(member.id);
    expect(next).not.toBe(token);
    expect(findFeedOwner(token)).toBeNull();
    expect(buildDiscussionsFeed({ token, origin })).toBeNull();
    expect(buildDiscussionsFeed({ token: "nonsense", origin })).toBeNull();
  });

  it("is Atom a real feed parser reads: titles, authors, dates, excerpts and links, per category too", async () => {
    const reader = await createActor();
    const author = await createActor({ displayName: "Feed Writer" });
    const post = createTestPost(author, { title: "Feeds are here", content: "An **excerpt** of the post." });
    const token = feedTokenOf(reader.id);
    const feed = parseFeed(buildDiscussionsFeed({ token, origin }) ?? "");
    const item = feed.items.find((candidate) => candidate.title === "Feeds are here");
    expect(item?.url).toBe(`${origin}/post/${post.id}`);
    expect(item?.description).toBe("An excerpt of the post.");
    expect(item?.authors[0]?.name).toBe("Feed Writer");
    expect(item?.published?.getTime()).toBe(new Date(post.createdAt).getTime());
    const categoryFeed = parseFeed(buildDiscussionsFeed({ token, origin, categoryId: firstCategoryId() }) ?? "");
    expect(categoryFeed.title).toMatch(/^Quads discussions: /);
    expect(categoryFeed.items.map((entry) => entry.title)).toContain("Feeds are here");
    expect(buildDiscussionsFeed({ token, origin, categoryId: 999_999 })).toBeNull();
  });
});
