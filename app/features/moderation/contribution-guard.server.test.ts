import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toCurrentUser } from "~/features/auth/auth.server";
import { countLinks } from "~/features/content/markdown.server";
import { createReply } from "~/features/discussions/replies.server";
import { updatePost } from "~/features/discussions/posts.server";
import { createTestPost, firstCategoryId } from "~/features/discussions/test-helpers";
import { appErrorOfAsync } from "~/test/errors";
import { createMember } from "~/test/factories";
import { getEnv, parseEnv, ConfigurationError } from "~/utils/env.server";
import { assertMayContribute, newMemberStatus } from "./contribution-guard.server";

// app/test/setup.ts turns the limits off for other tests; here they are on, at their defaults.
const saved = { ...getEnv() };
beforeAll(() => {
  Object.assign(getEnv(), { NEW_MEMBER_HOURS: 24, NEW_MEMBER_MIN_POSTS: 3, NEW_MEMBER_MAX_LINKS: 2, POST_RATE_LIMIT: 10 });
});
afterAll(() => {
  Object.assign(getEnv(), saved);
});

const threeLinks = "See [one](https://one.example), https://two.example and <https://three.example>.";
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

describe("countLinks", () => {
  it("counts the links the Markdown renderer makes: written, bare and autolinks; not unsafe ones or code", () => {
    expect(countLinks(threeLinks)).toBe(3);
    expect(countLinks("no links here")).toBe(0);
    expect(countLinks("`https://in-code.example` and [bad](javascript:alert(1))")).toBe(0);
    expect(countLinks("mail me: mailto:a@example.com")).toBe(1);
  });
});

describe("new-member limits", () => {
  it("a member who just joined may put at most 2 links in a post or reply (400 saying when the limit ends)", async () => {
    const member = toCurrentUser(await createMember());
    const error = await appErrorOfAsync(() => createTestPost(member, { content: threeLinks }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(
      /^New members can add at most 2 links to a post \(this one has 3\)\. This new-member limit ends once your account is 24 hours old \(.+ UTC\) and you have written 3 more posts or replies\.$/,
    );
    expect(error.fieldErrors?.content).toEqual([error.message]);
    const post = await createTestPost(member, { content: "Two: https://one.example https://two.example" });
    expect((await appErrorOfAsync(() => createReply({ actor: member, postId: post.id, input: { content: threeLinks } }))).message).toMatch(/^New members can add at most 2 links to a reply/);
    // Editing cannot sneak the links in either.
    const categoryId = await firstCategoryId();
    expect((await appErrorOfAsync(() => updatePost({ actor: member, postId: post.id, input: { title: "t", content: threeLinks, categoryId } }))).status).toBe(400);
  });

  it("an old account with fewer than 3 posts and replies is still new; with 3 it is not", async () => {
    const member = toCurrentUser(await createMember({ joinedAt: hoursAgo(48) }));
    expect(await newMemberStatus(member)).toEqual({ isNew: true, oldEnoughAt: null, postsToGo: 3 });
    const post = await createTestPost(member);
    await createReply({ actor: member, postId: post.id, input: { content: "one" } });
    const error = await appErrorOfAsync(() => createTestPost(member, { content: threeLinks }));
    expect(error.message).toMatch(/This new-member limit ends once you have written 1 more post or reply\.$/);
    await createReply({ actor: member, postId: post.id, input: { content: "two" } });
    expect((await newMemberStatus(member)).isNew).toBe(false);
    expect((await createTestPost(member, { content: threeLinks })).id).toBeGreaterThan(0);
  });

  it("a member with 3 posts who joined an hour ago is still new until the account is 24 hours old", async () => {
    const member = toCurrentUser(await createMember({ joinedAt: hoursAgo(1) }));
    for (let index = 0; index < 3; index += 1) await createTestPost(member);
    const status = await newMemberStatus(member);
    expect(status.isNew).toBe(true);
    expect(status.postsToGo).toBe(0);
    expect(status.oldEnoughAt!.getTime() - member.joinedAt.getTime()).toBe(24 * 3_600_000);
  });

  it("halves the posting rate for new members (429 that names the new-member limit)", async () => {
    const member = toCurrentUser(await createMember());
    for (let index = 0; index < 5; index += 1) await createTestPost(member);
    const error = await appErrorOfAsync(() => createTestPost(member));
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/^Too many posts and replies\. Please try again in \d+ (seconds?|minutes?)\. New members can write at most 5 posts and replies per minute\. This new-member limit ends once/);
    expect(error.headers?.["Retry-After"]).toMatch(/^\d+$/);
  });

  it("refuses too many links for a new member, and counts the halved rate in a unit of work", async () => {
    const member = toCurrentUser(await createMember());
    const refused = await appErrorOfAsync(() => assertMayContribute(member, "reply", { content: threeLinks }));
    expect(refused).toMatchObject({ status: 400, message: expect.stringMatching(/^New members can add at most 2 links to a reply/) });
    for (let index = 0; index < 5; index += 1) await assertMayContribute(member, "comment");
    const tooFast = await appErrorOfAsync(() => assertMayContribute(member, "comment"));
    expect(tooFast.status).toBe(429);
    expect(tooFast.message).toMatch(/New members can write at most 5 comments per minute\. This new-member limit ends once/);
    // Comments count apart from posts and replies: a post still goes through.
    await expect(assertMayContribute(member, "post")).resolves.toBeUndefined();
  });

  it("moderators and admins are exempt", async () => {
    for (const role of ["moderator", "admin"] as const) {
      const member = toCurrentUser(await createMember({ role }));
      expect((await createTestPost(member, { content: threeLinks })).id).toBeGreaterThan(0);
      for (let index = 0; index < 6; index += 1) await createTestPost(member);
    }
  });
});

describe("configuration", () => {
  it("defaults to 24 hours, 3 posts, 2 links; 0 is allowed, negative numbers are not", () => {
    const base = { DATABASE_URL: getEnv().DATABASE_URL, SESSION_SECRET: "x".repeat(16) };
    expect(parseEnv(base)).toMatchObject({ NEW_MEMBER_HOURS: 24, NEW_MEMBER_MIN_POSTS: 3, NEW_MEMBER_MAX_LINKS: 2 });
    expect(parseEnv({ ...base, NEW_MEMBER_HOURS: "0", NEW_MEMBER_MAX_LINKS: "0" })).toMatchObject({ NEW_MEMBER_HOURS: 0, NEW_MEMBER_MAX_LINKS: 0 });
    expect(() => parseEnv({ ...base, NEW_MEMBER_MIN_POSTS: "-1" })).toThrow(ConfigurationError);
    expect(() => parseEnv({ ...base, NEW_MEMBER_MIN_POSTS: "-1" })).toThrow(/NEW_MEMBER_MIN_POSTS/);
  });
});
