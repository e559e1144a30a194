/**
 * Feeds are advertised where they apply (`<link rel="alternate">` in the page's head): /discussions
 * its Atom feed, a category's view its category's feed as well, /meetings its iCalendar feed.
 */
import type { MetaArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { feedUrlsOf } from "~/features/feeds/feeds.server";
import { getEnv } from "~/utils/env.server";
import { listCategories } from "~/features/discussions/posts.server";
import { createMember, routeArgs, signedInRequest } from "~/test/factories";
import { loader as discussionsLoader, meta as discussionsMeta } from "./discussions";
import { meta as meetingsMeta } from "./meetings";

const alternates = (descriptors: ReturnType<typeof discussionsMeta>) => (descriptors ?? []).filter((descriptor) => "rel" in descriptor && descriptor.rel === "alternate");

async function discussionsHead(userId: string, search = "") {
  const request = await signedInRequest(userId, `http://localhost/discussions${search}`);
  const data = await discussionsLoader(routeArgs(request));
  return alternates(discussionsMeta({ data, matches: [], params: {}, location: {} } as unknown as MetaArgs<typeof discussionsLoader>));
}

describe("feed discovery", () => {
  it("/discussions advertises the member's feed; a category's view its category's feed first", async () => {
    const member = await createMember();
    const urls = await feedUrlsOf(member.id, getEnv().PUBLIC_URL);
    expect(await discussionsHead(member.id)).toEqual([{ tagName: "link", rel: "alternate", type: "application/atom+xml", title: "Quads discussions", href: urls.discussions }]);

    const category = (await listCategories())[1];
    const categoryUrl = urls.categories.find((entry) => entry.id === category.id)?.url;
    expect(categoryUrl).toBeDefined();
    expect(await discussionsHead(member.id, `?category=${category.id}`)).toEqual([
      { tagName: "link", rel: "alternate", type: "application/atom+xml", title: `Quads discussions: ${category.name}`, href: categoryUrl },
      { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "Quads discussions", href: urls.discussions },
    ]);
  });

  it("/meetings advertises its iCalendar feed", () => {
    const head = meetingsMeta({ data: undefined, matches: [], params: {}, location: {} } as unknown as MetaArgs);
    expect(head).toContainEqual({ tagName: "link", rel: "alternate", type: "text/calendar", title: "Weekly meetings", href: "/meetings.ics" });
  });
});
