import { describe, expect, it } from "vitest";
import { addComment, createArtist, findComment, listComments } from "~/features/artists/artists.server";
import { listAuditEntries } from "~/features/audit/audit.server";
import { findPost, listPosts, readerOf } from "~/features/discussions/posts.server";
import { createReply, listReplies } from "~/features/discussions/replies.server";
import { createActor, createTestPost } from "~/features/discussions/test-helpers";
import { listNotifications } from "~/features/notifications/notifications.server";
import { getEnv } from "~/utils/env.server";
import { reportMessages } from "./constants";
import { createReport, listOpenReports, resolveReport } from "./reports.server";
import { activeRestrictionOf } from "~/features/moderation/suspensions.server";
import { appErrorOfAsync } from "~/test/errors";

async function reportedPost(reporters = 1) {
  const author = await createActor();
  const post = await createTestPost(author, { title: "Buy cheap followers" });
  const members = await Promise.all(Array.from({ length: reporters }, () => createActor()));
  const reportIds: number[] = [];
  for (const member of members) reportIds.push((await createReport({ actor: member, input: { targetType: "post", targetId: post.id, reason: "spam", note: "Ads" } })).id);
  return { author, post, members, reportIds };
}

describe("createReport", () => {
  it("records a report and thanks the reporter", async () => {
    const { reportIds } = await reportedPost();
    expect(reportIds[0]).toBeGreaterThan(0);
    expect(reportMessages.thanks).toBe("Thanks — a moderator will look at it.");
  });

  it("refuses a second open report on the same item (409), own content (400), unknown items (404) and bad input (400)", async () => {
    const { author, post, members } = await reportedPost();
    const again = () => createReport({ actor: members[0], input: { targetType: "post", targetId: post.id, reason: "other" } });
    expect((await appErrorOfAsync(again)).status).toBe(409);
    expect((await appErrorOfAsync(() => createReport({ actor: author, input: { targetType: "post", targetId: post.id, reason: "spam" } }))).status).toBe(400);
    expect((await appErrorOfAsync(() => createReport({ actor: members[0], input: { targetType: "user", targetId: members[0].id, reason: "spam" } }))).status).toBe(400);
    expect((await appErrorOfAsync(() => createReport({ actor: members[0], input: { targetType: "post", targetId: 999_999, reason: "spam" } }))).status).toBe(404);
    expect((await appErrorOfAsync(() => createReport({ actor: members[0], input: { targetType: "user", targetId: "nobody", reason: "spam" } }))).status).toBe(404);
    expect((await appErrorOfAsync(() => createReport({ actor: author, input: { targetType: "meeting", targetId: 1, reason: "spam" } }))).status).toBe(400);
    expect((await appErrorOfAsync(() => createReport({ actor: author, input: { targetType: "user", targetId: members[0].id, reason: "rude" } }))).status).toBe(400);
    expect((await appErrorOfAsync(() => createReport({ actor: author, input: { targetType: "user", targetId: members[0].id, reason: "spam", note: "x".repeat(501) } }))).status).toBe(400);
  });

  it("lets the member report the item again once the first report was handled", async () => {
    const moderator = await createActor({ role: "moderator" });
    const { post, members, reportIds } = await reportedPost();
    await resolveReport({ actor: moderator, reportId: reportIds[0], input: { action: "dismiss" } });
    expect((await createReport({ actor: members[0], input: { targetType: "post", targetId: String(post.id), reason: "other" } })).id).toBeGreaterThan(reportIds[0]);
  });

  it(`hides a post automatically at the REPORTS_TO_HIDE-th distinct reporter (${getEnv().REPORTS_TO_HIDE})`, async () => {
    const threshold = getEnv().REPORTS_TO_HIDE;
    const { author, post } = await reportedPost(threshold - 1);
    const other = await createActor();
    expect((await findPost(post.id, readerOf(other)))?.isHidden).toBe(false);
    expect((await createReport({ actor: other, input: { targetType: "post", targetId: post.id, reason: "spam" } })).isHidden).toBe(true);
    const seenByOther = await findPost(post.id, readerOf(other))!;
    expect(seenByOther).toMatchObject({ isHidden: true, hiddenReason: "reports", title: "This post was hidden by a moderator", content: "" });
    expect(await findPost(post.id, readerOf(author))).toMatchObject({ isHidden: true, title: "Buy cheap followers" });
    expect((await listPosts({ viewerId: other.id })).posts.some((listed) => listed.id === post.id)).toBe(false);
    expect((await listPosts({ viewerId: author.id })).posts.some((listed) => listed.id === post.id)).toBe(true);
    expect((await listPosts({ viewerId: other.id, viewerCanModerate: true })).posts.some((listed) => listed.id === post.id)).toBe(true);
    expect((await listNotifications(author.id)).notifications[0].message).toMatch(/hidden after several reports/);
  });
});

describe("the moderation queue", () => {
  it("groups open reports by item, newest first, with reasons counted; members may not read it", async () => {
    const moderator = await createActor({ role: "moderator" });
    const { post, members } = await reportedPost(2);
    const author = await createActor();
    const reply = await createReply({ actor: author, postId: post.id, input: { content: "Rude words" } });
    await createReport({ actor: members[0], input: { targetType: "reply", targetId: reply.id, reason: "harassment" } });

    const { groups } = await listOpenReports({ actor: moderator });
    expect(groups[0].target).toMatchObject({ type: "reply", exists: true, authorId: author.id, excerpt: "Rude words" });
    const postGroup = groups.find((group) => group.target.type === "post" && group.target.id === String(post.id))!;
    expect(postGroup).toMatchObject({ count: 2, reasons: [{ reason: "spam", label: "Spam", count: 2 }] });
    expect(postGroup.reports.map((report) => report.note)).toEqual(["Ads", "Ads"]);
    expect((await appErrorOfAsync(() => listOpenReports({ actor: members[0] }))).status).toBe(403);
  });
});

describe("resolveReport", () => {
  it("hide: the author and moderators still see the post marked, others the notice; reporters are notified; audited", async () => {
    const moderator = await createActor({ role: "moderator" });
    const { author, post, members, reportIds } = await reportedPost(2);
    const result = await resolveReport({ actor: moderator, reportId: reportIds[0], input: { action: "hide" } });
    expect(result).toMatchObject({ action: "hide", resolved: 2 });
    expect(await findPost(post.id, readerOf(author))).toMatchObject({ isHidden: true, hiddenReason: "moderator", title: "Buy cheap followers" });
    expect((await findPost(post.id, readerOf(moderator)))?.title).toBe("Buy cheap followers");
    expect((await findPost(post.id, readerOf(members[0])))?.title).toBe("This post was hidden by a moderator");
    for (const member of members) expect((await listNotifications(member.id)).notifications[0].message).toMatch(/a moderator took action/);
    expect((await listNotifications(author.id)).notifications[0].message).toMatch(/A moderator hid your post/);
    expect((await listAuditEntries()).entries[0]).toMatchObject({ action: "report.hidden", targetType: "post", targetId: String(post.id) });
    expect((await listOpenReports({ actor: moderator })).groups.some((group) => group.target.id === String(post.id) && group.target.type === "post")).toBe(false);
    expect((await appErrorOfAsync(() => resolveReport({ actor: moderator, reportId: reportIds[1], input: { action: "dismiss" } }))).status).toBe(409);
  });

  it("dismiss: shows an automatically hidden post again and notifies nobody", async () => {
    const moderator = await createActor({ role: "moderator" });
    const { post, members, reportIds } = await reportedPost(getEnv().REPORTS_TO_HIDE);
    const before = (await listNotifications(members[0].id)).notifications.length;
    await resolveReport({ actor: moderator, reportId: reportIds[0], input: { action: "dismiss" } });
    expect(await findPost(post.id, readerOf(members[0]))).toMatchObject({ isHidden: false, title: "Buy cheap followers" });
    expect((await listNotifications(members[0].id)).notifications.length).toBe(before);
    expect((await listAuditEntries()).entries[0].action).toBe("report.dismissed");
  });

  it("hides and deletes replies, hides artist comments through the artists feature", async () => {
    const moderator = await createActor({ role: "moderator" });
    const author = await createActor();
    const reporter = await createActor();
    const post = await createTestPost(author);
    const reply = await createReply({ actor: author, postId: post.id, input: { content: "Rude words" } });
    const reportId = (await createReport({ actor: reporter, input: { targetType: "reply", targetId: reply.id, reason: "harassment" } })).id;
    await resolveReport({ actor: moderator, reportId, input: { action: "hide" } });
    expect((await listReplies(post.id, { reader: readerOf(reporter) }))[0]).toMatchObject({ isHidden: true, content: "" });
    expect((await listReplies(post.id, { reader: readerOf(author) }))[0]).toMatchObject({ isHidden: true, content: "Rude words" });

    const second = (await createReport({ actor: reporter, input: { targetType: "reply", targetId: reply.id, reason: "harassment" } })).id;
    await resolveReport({ actor: moderator, reportId: second, input: { action: "delete" } });
    expect(await listReplies(post.id)).toEqual([]);

    const artistId = (await createArtist({ actor: moderator, input: { name: "Reported artist" } })).id;
    const comment = await addComment({ userId: author.id, artistId, input: { comment: "Spammy comment" } });
    const commentReport = (await createReport({ actor: reporter, input: { targetType: "artist_comment", targetId: comment.id, reason: "spam" } })).id;
    await resolveReport({ actor: moderator, reportId: commentReport, input: { action: "hide" } });
    expect((await findComment(comment.id))?.isHidden).toBe(true);
    expect(await listComments(artistId)).toEqual([]);
  });

  it("warn: the author gets the moderator's message; an empty message is a 400", async () => {
    const moderator = await createActor({ role: "moderator" });
    const { author, reportIds } = await reportedPost();
    expect((await appErrorOfAsync(() => resolveReport({ actor: moderator, reportId: reportIds[0], input: { action: "warn", message: " " } }))).status).toBe(400);
    await resolveReport({ actor: moderator, reportId: reportIds[0], input: { action: "warn", message: "Please stop posting ads." } });
    expect((await listNotifications(author.id)).notifications[0].message).toMatch(/Please stop posting ads\./);
  });

  it("suspend: the author is suspended (signed out, the reason kept), the reports close, reporters hear back; no reason is a 400", async () => {
    const moderator = await createActor({ role: "moderator" });
    const { author, members, reportIds } = await reportedPost();
    expect((await appErrorOfAsync(() => resolveReport({ actor: moderator, reportId: reportIds[0], input: { action: "suspend", days: 7 } }))).status).toBe(400);
    const result = await resolveReport({ actor: moderator, reportId: reportIds[0], input: { action: "suspend", days: 7, reason: "Spam after a warning." } });
    expect(result.resolved).toBe(1);
    expect(await activeRestrictionOf(author.id)).toMatchObject({ kind: "suspend", reason: "Spam after a warning." });
    expect((await listNotifications(members[0].id)).notifications[0].message).toMatch(/took action/);
    expect((await listOpenReports({ actor: moderator })).groups.some((group) => group.reportId === reportIds[0])).toBe(false);
  });

  it("answers 403 to members, 404 to unknown reports, 400 to bad actions, to suspend without a reason and to hiding a member", async () => {
    const moderator = await createActor({ role: "moderator" });
    const { members, reportIds } = await reportedPost();
    expect((await appErrorOfAsync(() => resolveReport({ actor: members[0], reportId: reportIds[0], input: { action: "dismiss" } }))).status).toBe(403);
    expect((await appErrorOfAsync(() => resolveReport({ actor: moderator, reportId: 999_999, input: { action: "dismiss" } }))).status).toBe(404);
    expect((await appErrorOfAsync(() => resolveReport({ actor: moderator, reportId: reportIds[0], input: { action: "ban" } }))).status).toBe(400);
    expect((await appErrorOfAsync(() => resolveReport({ actor: moderator, reportId: reportIds[0], input: { action: "suspend" } }))).status).toBe(400);
    const target = await createActor();
    const userReport = (await createReport({ actor: members[0], input: { targetType: "user", targetId: target.id, reason: "harassment" } })).id;
    expect((await appErrorOfAsync(() => resolveReport({ actor: moderator, reportId: userReport, input: { action: "hide" } }))).status).toBe(400);
  });
});
