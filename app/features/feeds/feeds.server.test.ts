import { parseFeed } from "@rowanmanning/feed-parser";
import { describe, expect, it } from "vitest";
import { createActor, createTestPost, firstCategoryId } from "~/features/discussions/test-helpers";
import { buildDiscussionsFeed, feedTokenOf, feedUrlsOf, findFeedOwner, rotateFeedToken } from "./feeds.server";

const origin = "https://quads.example";

describe("private feeds", () => {
  it("gives each member a stable secret token until rotated; the old token then finds nothing", async () => {
    const member = await createActor();
    const token = await feedTokenOf(member.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await feedTokenOf(member.id)).toBe(token);
    expect(await findFeedOwner(token)).toEqual({ id: member.id });
    const urls = await feedUrlsOf(member.id, origin);
    expect(urls.discussions).toBe(`${origin}/feeds/${token}/discussions.xml`);
    expect(urls.categories[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String), url: expect.stringMatching(/\/categories\/\d+\.xml$/) });
    const next = await rotateFeedToken(member.id);
    expect(next).not.toBe(token);
    expect(await findFeedOwner(token)).toBeNull();
    expect(await buildDiscussionsFeed({ token, origin })).toBeNull();
    expect(await buildDiscussionsFeed({ token: "nonsense", origin })).toBeNull();
  });

  it("makes one token when two first uses run at once (both get the one that works)", async () => {
    const member = await createActor();
    const [first, second] = await Promise.all([feedTokenOf(member.id), feedUrlsOf(member.id, origin)]);
    expect(second.discussions).toBe(`${origin}/feeds/${first}/discussions.xml`);
    expect(await findFeedOwner(first)).toEqual({ id: member.id });
  });

  it("is Atom a real feed parser reads: titles, authors, dates, excerpts and links, per category too", async () => {
    const reader = await createActor();
    const author = await createActor({ displayName: "Feed Writer" });
    const post = await createTestPost(author, { title: "Feeds are here", content: "An **excerpt** of the post." });
    const token = await feedTokenOf(reader.id);
    const feed = parseFeed(await buildDiscussionsFeed({ token, origin }) ?? "");
    const item = feed.items.find((candidate) => candidate.title === "Feeds are here");
    expect(item?.url).toBe(`${origin}/post/${post.id}`);
    expect(item?.description).toBe("An excerpt of the post.");
    expect(item?.authors[0]?.name).toBe("Feed Writer");
    expect(item?.published?.getTime()).toBe(new Date(post.createdAt).getTime());
    const categoryFeed = parseFeed(await buildDiscussionsFeed({ token, origin, categoryId: await firstCategoryId() }) ?? "");
    expect(categoryFeed.title).toMatch(/^Quads discussions: /);
    expect(categoryFeed.items.map((entry) => entry.title)).toContain("Feeds are here");
    expect(await buildDiscussionsFeed({ token, origin, categoryId: 999_999 })).toBeNull();
  });

  it("reads members' text literally: a title is text and a summary carries no markup of theirs", async () => {
    const reader = await createActor();
    const author = await createActor();
    await createTestPost(author, { title: "<b>bold</b> &", content: "Look: <script>alert(1)</script> & <b>loud</b> text." });
    await createTestPost(author, { title: "Tom &amp; Jerry", content: "Written as `&lt;` on purpose." });
    const xml = await buildDiscussionsFeed({ token: await feedTokenOf(reader.id), origin }) ?? "";
    const items = parseFeed(xml).items;
    expect(items.map((item) => item.title)).toEqual(expect.arrayContaining(["<b>bold</b> &", "Tom &amp; Jerry"]));
    expect(items.find((item) => item.title === "<b>bold</b> &")?.description).toBe("Look: <script>alert(1)</script> & <b>loud</b> text.");
    expect(items.find((item) => item.title === "Tom &amp; Jerry")?.description).toBe("Written as &lt; on purpose.");
    // What a feed reader renders: the HTML each title and summary carries holds no element at all.
    for (const field of ["title", "summary"]) {
      const payloads = htmlPayloadsOf(xml.slice(xml.indexOf("<entry>")), field);
      expect(payloads.length, field).toBeGreaterThanOrEqual(2);
      for (const html of payloads) expect(html, field).not.toMatch(/<\s*[a-z!/]/i);
    }
  });
});

/** The HTML carried by each `<name type="html">` element of an Atom document (its CDATA, or its text with XML's entities read). */
function htmlPayloadsOf(xml: string, name: string): string[] {
  const elements = [...xml.matchAll(new RegExp(`<${name} type="html">([\\s\\S]*?)</${name}>`, "g"))].map((match) => match[1]);
  return elements.map((inner) => {
    const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(inner);
    if (cdata) return cdata[1];
    return inner.replace(/&(lt|gt|quot|apos|amp);/g, (_entity, code: string) => ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" })[code]!);
  });
}
