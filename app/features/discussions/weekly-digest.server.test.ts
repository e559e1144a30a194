import { beforeEach, describe, expect, it } from "vitest";
import { blockMember } from "~/features/blocks/blocks.server";
import { setMailPreference } from "~/features/mail/preferences.server";
import { createReply } from "./replies.server";
import { likePost } from "./posts.server";
import { digestWeek, listMostActiveDiscussions, sendWeeklyDigests } from "./weekly-digest.server";
import { createActor, createTestPost } from "./test-helpers";
import { rows, run, restartDatabase } from "~/test/db";

const DAY = 86_400_000;

async function digestsTo(email: string) {
  return (await rows(`SELECT subject, text FROM mail_outbox WHERE "to" = ? AND kind = 'weekly_digest' ORDER BY id`, email)) as { subject: string; text: string }[];
}

/** The first Tuesday 15:00 UTC after now: within a week of the test's activity (rows are written at the real time). */
function nextTuesday(): Date {
  const now = Date.now();
  const date = new Date(now);
  date.setUTCHours(15, 0, 0, 0);
  while (date.getUTCDay() !== 2 || date.getTime() <= now) date.setTime(date.getTime() + DAY);
  return date;
}

beforeEach(async () => {
  await run(`DELETE FROM posts`);
});

describe("digestWeek", () => {
  it("names the ISO week in the community's zone and waits for Monday 09:00", () => {
    expect(digestWeek(new Date("2026-11-23T08:59:00Z"), "UTC")).toEqual({ week: "2026-W48", isDue: false });
    expect(digestWeek(new Date("2026-11-23T09:00:00Z"), "UTC")).toEqual({ week: "2026-W48", isDue: true });
    expect(digestWeek(new Date("2026-11-29T23:59:00Z"), "UTC")).toEqual({ week: "2026-W48", isDue: true });
    expect(digestWeek(new Date("2027-01-01T12:00:00Z"), "UTC").week).toBe("2026-W53");
    // Sunday 23:30 in UTC is already Monday 08:30 in Tokyo: the next week, not due yet.
    expect(digestWeek(new Date("2026-11-29T23:30:00Z"), "Asia/Tokyo")).toEqual({ week: "2026-W49", isDue: false });
  });
});

describe("the weekly digest", () => {
  it("sends the most active discussions once per week to members who opted in, even across restarts", async () => {
    const author = await createActor({ displayName: "Digest Author" });
    const reader = await createActor();
    const notOptedIn = await createActor();
    const quiet = await createTestPost(author, { title: "Quiet one" });
    const busy = await createTestPost(author, { title: "Busy one" });
    await createReply({ actor: reader, postId: busy.id, input: { content: "a" } });
    await createReply({ actor: reader, postId: busy.id, input: { content: "b" } });
    await likePost({ actor: reader, postId: quiet.id });
    await setMailPreference(reader.id, "weekly_digest", true);

    const tuesday = nextTuesday();
    expect((await listMostActiveDiscussions(tuesday)).map((post) => post.title)).toEqual(["Busy one", "Quiet one"]);
    expect(await sendWeeklyDigests(tuesday)).toBe(1);
    const [mail] = await digestsTo(reader.email);
    expect(mail.subject).toBe("This week in Quads: Busy one");
    expect(mail.text).toContain(`"Busy one" by Digest Author (2 new replies): http://localhost:3000/post/${busy.id}`);
    expect(mail.text).toContain('"Quiet one" by Digest Author (1 new like)');
    expect(await digestsTo(notOptedIn.email)).toHaveLength(0);
    expect(await digestsTo(author.email)).toHaveLength(0); // off by default

    // Later the same week, and after a restart: nothing more. The next week: the next digest.
    expect(await sendWeeklyDigests(new Date(tuesday.getTime() + 60_000))).toBe(0);
    await restartDatabase(); // the process stops and starts again
    expect(await sendWeeklyDigests(new Date(tuesday.getTime() + 2 * DAY))).toBe(0);
    expect(await digestsTo(reader.email)).toHaveLength(1);
    const reply = await createReply({ actor: author, postId: busy.id, input: { content: "c" } });
    await run(`UPDATE replies SET created_at = ? WHERE id = ?`, tuesday.getTime() + 3 * DAY, reply.id);
    expect(await sendWeeklyDigests(new Date(tuesday.getTime() + 7 * DAY))).toBe(1);
  });

  it("sends nothing in a silent week, and leaves out the authors a member blocked", async () => {
    const reader = await createActor();
    const blocked = await createActor({ displayName: "Blocked Author" });
    await setMailPreference(reader.id, "weekly_digest", true);
    expect(await sendWeeklyDigests(new Date(nextTuesday().getTime() + 14 * DAY))).toBe(0);

    const friend = await createActor({ displayName: "Friend Author" });
    await createTestPost(blocked, { title: "From the blocked" });
    await createTestPost(friend, { title: "From a friend" });
    await blockMember({ blocker: reader, memberId: blocked.id });
    expect(await sendWeeklyDigests(nextTuesday())).toBe(1);
    const [mail] = await digestsTo(reader.email);
    expect(mail.text).toContain("From a friend");
    expect(mail.text).not.toContain("From the blocked");
  });
});
