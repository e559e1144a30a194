import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { grantSupporterBadge, isSupporter, revokeSupporterBadge } from "~/features/badges/supporter.server";
import { getBadgeOverview, getDashboardBadges } from "~/features/badges/badges.server";
import { recordContribution } from "~/features/gamification/contributions.server";
import { createMember } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { statusOfAsync } from "~/test/errors";
import { countMembers, getCommunityStats, getMemberCounts, getMemberProfile, listMembers, listTopContributors } from "./members.server";

const DAY = 86_400_000;

describe("leaderboards", () => {
  it("ranks all-time by points and the last 7 / 30 days by the ledger rows of the period", async () => {
    const now = new Date();
    const veteran = await createMember({ firstName: "Veteran" });
    const newcomer = await createMember({ firstName: "Newcomer" });
    for (let index = 0; index < 60; index += 1) {
      await recordContribution({ userId: veteran.id, kind: "post_created", subjectId: `old-${index}`, at: new Date(now.getTime() - 40 * DAY) });
    }
    await recordContribution({ userId: newcomer.id, kind: "post_created", subjectId: "fresh-1", at: new Date(now.getTime() - 2 * DAY) });
    await recordContribution({ userId: newcomer.id, kind: "post_created", subjectId: "fresh-2", at: new Date(now.getTime() - 20 * DAY) });

    const allTime = await listTopContributors({ limit: 50 });
    expect(allTime[0]).toMatchObject({ id: veteran.id, points: 600, label: "Beginner" });
    const month = await listTopContributors({ period: "30d", now });
    expect(month.map((row) => row.id)).toContain(newcomer.id);
    expect(month.map((row) => row.id)).not.toContain(veteran.id);
    expect(month.find((row) => row.id === newcomer.id)?.points).toBe(20);
    expect((await listTopContributors({ period: "7d", now })).find((row) => row.id === newcomer.id)?.points).toBe(10);
    expect((await listTopContributors({ limit: 500 })).length).toBeLessThanOrEqual(50);
  });
});

describe("member directory", () => {
  it("searches names (and, for admins, e-mail), filters by skill, and shows real counts (one grouped query)", async () => {
    const tag = `zed${Date.now().toString(36)}`;
    const expert = await createMember({ firstName: `${tag}Expert`, skillLevel: "expert", interests: ["A", "B", "C", "D", "E"] });
    const beginner = await createMember({ firstName: "Plain", email: `${tag}-mail@example.com` });
    const post = (await write((tx) => tx.insert(schema.posts).values({ title: "Hi", content: "There", authorId: expert.id }).returning()))[0];
    await recordContribution({ userId: expert.id, kind: "post_created", subjectId: post.id });
    const meeting = (await write((tx) => tx.insert(schema.meetings).values({ title: "M", scheduledAt: new Date() }).returning()))[0];
    await write((tx) => tx.insert(schema.meetingAttendees).values({ meetingId: meeting.id, userId: expert.id, attended: true }));

    const found = await listMembers({ q: tag.toUpperCase() }, { viewerIsAdmin: true });
    expect(found.members.map((member) => member.id).sort()).toEqual([expert.id, beginner.id].sort());
    // Members never match an e-mail, not even the whole address (it would tell them the address is a member's).
    expect((await listMembers({ q: tag })).members.map((member) => member.id)).toEqual([expert.id]);
    expect((await listMembers({ q: `${tag}-mail@example` })).total).toBe(0);
    expect((await listMembers({ q: `${tag}-MAIL@example.com` })).total).toBe(0);
    expect((await listMembers({ q: `${tag}-mail@example.com` })).members).toEqual([]);
    expect((await listMembers({ q: `${tag}-mail@example.com` }, { viewerIsAdmin: true })).members.map((member) => member.id)).toEqual([beginner.id]);
    const experts = await listMembers({ q: tag, skill: "expert" });
    expect(experts.total).toBe(1);
    expect(experts.members[0]).toMatchObject({ name: `${tag}Expert Member`, counts: { posts: 1, badges: 1, meetings: 1 }, points: 10 });
    expect(experts.members[0].interests).toHaveLength(5);
    expect((await listMembers({ q: "%" })).total).toBe(0);
    expect((await listMembers({ skill: "nonsense", page: "-3" })).search).toMatchObject({ skill: "all", page: 1 });

    const counts = await getMemberCounts([expert.id, beginner.id]);
    expect(counts.get(beginner.id)).toEqual({ posts: 0, badges: 1, meetings: 0 });
  });

  it("pages the grid", async () => {
    for (let index = 0; index < 13; index += 1) await createMember({ firstName: "Pager" });
    const first = await listMembers({ q: "pager" });
    expect(first.members).toHaveLength(12);
    expect(first.pageCount).toBe(2);
    const second = await listMembers({ q: "pager", page: "2" });
    expect(second.members).toHaveLength(1);
    expect((await listMembers({ q: "pager", page: "99" })).page).toBe(2);
  });

  it("counts the community: members, posts, meetings and active contributors (points above 0)", async () => {
    const before = await getCommunityStats();
    const member = await createMember();
    expect((await getCommunityStats()).totalMembers).toBe(before.totalMembers + 1);
    expect((await getCommunityStats()).activeContributors).toBe(before.activeContributors);
    await recordContribution({ userId: member.id, kind: "artist_rated", subjectId: 1 });
    expect((await getCommunityStats()).activeContributors).toBe(before.activeContributors + 1);
  });
});

describe("profiles", () => {
  it("shows a member's profile with real tiles and recent activity, never the e-mail", async () => {
    const member = await createMember({ displayName: "", firstName: "Ann", lastName: "Lee", bio: "Hello" });
    const post = (await write((tx) => tx.insert(schema.posts).values({ title: "My first post", content: "…", authorId: member.id }).returning()))[0];
    await write((tx) => tx.insert(schema.replies).values({ content: "reply", postId: post.id, authorId: member.id }));
    const profile = await getMemberProfile(member.id);
    expect(profile).toMatchObject({ name: "Ann Lee", label: "Beginner", counts: { posts: 1, badges: 1, meetings: 0 } });
    expect(profile.activity.map((item) => item.kind).sort()).toEqual(["badge", "post", "reply"]);
    expect(JSON.stringify(profile)).not.toContain(member.email);
    await expect(getMemberProfile("nobody")).rejects.toThrow(AppError);
  });
});

describe("badge summaries", () => {
  it("dashboard: 'start' for a new member, 'progress' with up to 3 uncompleted badges", async () => {
    const member = await createMember();
    expect(await getDashboardBadges(member.id)).toMatchObject({ state: "start", earnedCount: 1, next: null });
    await recordContribution({ userId: member.id, kind: "reply_created", subjectId: 1 });
    await recordContribution({ userId: member.id, kind: "reply_to_other", subjectId: 1 });
    await recordContribution({ userId: member.id, kind: "post_created", subjectId: 1 });
    await recordContribution({ userId: member.id, kind: "artist_rated", subjectId: 1 });
    const dashboard = await getDashboardBadges(member.id);
    expect(dashboard.state).toBe("progress");
    expect(dashboard.inProgress).toHaveLength(3);
    expect(dashboard.next?.percent).toBeGreaterThan(0);
    const overview = await getBadgeOverview(member.id);
    expect(overview.stats).toEqual({ earned: 1, inProgress: 5, locked: 4, total: 10 });
    expect(overview.overallPercent).toBe(10);
  });
});

describe("supporter grants", () => {
  it("only admins grant and revoke; the member is notified and the grant is audited", async () => {
    const admin = await createMember({ role: "admin" });
    const member = await createMember();
    expect(await statusOfAsync(() => grantSupporterBadge(member, member.id))).toBe(403);
    expect(await statusOfAsync(() => grantSupporterBadge(admin, "nobody"))).toBe(404);
    await grantSupporterBadge(admin, member.id);
    await grantSupporterBadge(admin, member.id);
    expect(await isSupporter(member.id)).toBe(true);
    const notes = await readDb().select().from(schema.notifications).where(eq(schema.notifications.userId, member.id));
    expect(notes.map((note) => note.message)).toEqual(["You earned the Supporter badge!"]);
    const audit = await readDb().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, member.id));
    expect(audit[0]).toMatchObject({ action: "badge.supporter_granted", actorId: admin.id });
    await revokeSupporterBadge(admin, member.id);
    expect(await isSupporter(member.id)).toBe(false);
    expect((await getBadgeOverview(member.id)).available.map((badge) => badge.type)).toContain("supporter");
  });
});

describe("totals kept until the next write (cachedUntilWrite)", () => {
  it("answers the same totals while nothing is written, and the new ones right after a write", async () => {
    const stats = await getCommunityStats();
    const members = await countMembers();
    const directory = (await listMembers({})).total;
    expect(await getCommunityStats()).toEqual(stats);
    await createMember({ firstName: "Newest" });
    expect(await countMembers()).toBe(members + 1);
    expect((await getCommunityStats()).totalMembers).toBe(stats.totalMembers + 1);
    expect((await listMembers({})).total).toBe(directory + 1);
    expect((await listMembers({ q: "Newest" })).members.map((member) => member.name)).toContain("Newest Member");
  });
});
