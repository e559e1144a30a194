/**
 * Absolute links (feeds, calendars, feed URLs) are built on PUBLIC_URL, never on the Host the
 * request names: a request with `Host: attacker.example` gets no link to attacker.example
 * (docs/operations.md, "What the server refuses").
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { createActor, createTestPost, firstCategoryId } from "~/features/discussions/test-helpers";
import { feedTokenOf } from "~/features/feeds/feeds.server";
import { createMeetings } from "~/features/meetings/meetings.server";
import { createMeetingFormSchema } from "~/features/meetings/schemas";
import { routeArgs, signedInRequest } from "~/test/factories";
import { getEnv } from "~/utils/env.server";
import { action as rotateFeedsAction } from "./api.account.feeds.rotate";
import { loader as feedUrlsLoader } from "./api.account.feeds";
import { loader as discussionsLoader } from "./discussions";
import { loader as categoryFeedLoader } from "./feeds.$token.categories.$file";
import { loader as discussionsFeedLoader } from "./feeds.$token.discussions[.]xml";
import { loader as meetingsFeedLoader } from "./meetings[.]ics";
import { loader as meetingCalendarLoader } from "./meetings_.$id.calendar[.]ics";
import { loader as profileLoader } from "./profile";

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => unknown;
const call = async (handler: Handler, request: Request, params: Record<string, string> = {}) =>
  (await handler(routeArgs(request, params))) as Response;
const attacker = (path: string) => `http://attacker.example${path}`;

describe("absolute links follow PUBLIC_URL, never the request's Host", () => {
  it("the Atom feeds, the calendars and the feed URLs (API, /discussions, /profile)", async () => {
    const publicUrl = getEnv().PUBLIC_URL;
    const member = await createActor({ role: "admin" });
    const post = await createTestPost(member, { title: "Linked from a feed" });
    const [meeting] = await createMeetings({ actor: member, input: createMeetingFormSchema.parse({ title: "Linked from a calendar", scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }) });
    const token = await feedTokenOf(member.id);

    const bodies = [
      await (await call(discussionsFeedLoader, new Request(attacker(`/feeds/${token}/discussions.xml`)), { token })).text(),
      await (await call(categoryFeedLoader, new Request(attacker(`/feeds/${token}/categories/${await firstCategoryId()}.xml`)), { token, file: `${await firstCategoryId()}.xml` })).text(),
      await (await call(meetingsFeedLoader, new Request(attacker("/meetings.ics")))).text(),
      await (await call(meetingCalendarLoader, new Request(attacker(`/meetings/${meeting.id}/calendar.ics`)), { id: String(meeting.id) })).text(),
      await (await call(feedUrlsLoader, await signedInRequest(member.id, attacker("/api/account/feeds")))).text(),
      await (await call(rotateFeedsAction, await signedInRequest(member.id, attacker("/api/account/feeds/rotate"), { method: "POST" }))).text(),
      JSON.stringify(await call(discussionsLoader, await signedInRequest(member.id, attacker("/discussions")))),
      JSON.stringify(await call(profileLoader, await signedInRequest(member.id, attacker("/profile")))),
    ];
    const joined = bodies.join("\n");
    expect(joined).toContain(`${publicUrl}/post/${post.id}`);
    expect(joined).toContain(`${publicUrl}/meetings#meeting-${meeting.id}`);
    expect(joined).toMatch(new RegExp(`${publicUrl.replace(/[.]/g, "\\.")}/feeds/[\\w-]+/discussions\\.xml`));
    bodies.forEach((body, index) => expect(body, `answer ${index}`).not.toContain("attacker.example"));
  });
});
