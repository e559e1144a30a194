import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { toCurrentUser } from "~/features/auth/auth.server";
import { pendingEmailOf, requestEmailChange } from "~/features/auth/email-change.server";
import { EMAIL_IN_USE } from "~/features/auth/user-lookup.server";
import { verifyEmail } from "~/features/auth/email-verification.server";
import { verifyPassword } from "~/features/auth/password.server";
import { createReply } from "~/features/discussions/replies.server";
import { likePost } from "~/features/discussions/posts.server";
import { createTestPost, pointsOf, scalar } from "~/features/discussions/test-helpers";
import { createMeetings, registerForMeeting } from "~/features/meetings/meetings.server";
import { createMeetingFormSchema } from "~/features/meetings/schemas";
import { countMembers, getMemberProfile, listMembers } from "~/features/members/members.server";
import { updateProfile } from "~/features/members/profile.server";
import { createResource, rateResource } from "~/features/resources/resources.server";
import { appErrorOfAsync } from "~/test/errors";
import { createMember, uniqueEmail } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { DELETED_MEMBER_ID, DELETED_MEMBER_NAME } from "~/utils/deleted-member";
import { createUserSession, LAST_SEEN_INTERVAL_MS, getSessionStorage } from "~/utils/session.server";
import {
  changePassword,
  deleteAccount,
  exportAccountData,
  getNotificationPreferences,
  listAccountSessions,
  signOutOtherSessions,
  updateNotificationPreferences,
} from "./account.server";
import { deviceNameOf, UNKNOWN_DEVICE } from "./devices.server";

const PASSWORD = "correct-horse-battery";
const meta = { clientIp: "10.9.0.1" };
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

/** Signs the member in from a browser; returns the session id. */
async function signIn(userId: string, userAgent = FIREFOX_WINDOWS): Promise<string> {
  const cookie = (await createUserSession(new Request("http://localhost/login", { headers: { "User-Agent": userAgent } }), userId)).split(";")[0];
  const session = await getSessionStorage().getSession(cookie);
  return session.id;
}
const sessionIdsOf = async (userId: string) => (await readDb().select({ sid: schema.sessions.sid }).from(schema.sessions).where(eq(schema.sessions.userId, userId))).map((row) => row.sid);
const mailTo = async (to: string, kind: string) => await readDb().select().from(schema.mailOutbox).where(and(eq(schema.mailOutbox.to, to), eq(schema.mailOutbox.kind, kind)));
const userRow = async (id: string) => (await readDb().select().from(schema.users).where(eq(schema.users.id, id)))[0];

describe("devices", () => {
  it("names the browser and system, or says it does not know", () => {
    expect(deviceNameOf(FIREFOX_WINDOWS)).toBe("Firefox on Windows");
    expect(deviceNameOf(SAFARI_IPHONE)).toBe("Safari on iOS");
    expect(deviceNameOf(null)).toBe(UNKNOWN_DEVICE);
  });
});

describe("changePassword", () => {
  it("needs the right current password and registration's rules; signs out every other session and sends the notice", async () => {
    const member = await createMember({ plainPassword: PASSWORD });
    const here = await signIn(member.id);
    const elsewhere = await signIn(member.id, SAFARI_IPHONE);
    const wrong = await appErrorOfAsync(() => changePassword({ userId: member.id, input: { currentPassword: "nope-nope", newPassword: "a-brand-new-passphrase" }, currentSid: here, meta }));
    expect(wrong.status).toBe(400);
    expect(wrong.fieldErrors?.currentPassword).toEqual(["Your current password is not correct."]);
    const weak = await appErrorOfAsync(() => changePassword({ userId: member.id, input: { currentPassword: PASSWORD, newPassword: "password1" }, currentSid: here, meta }));
    expect(weak.status).toBe(400);
    expect(weak.fieldErrors?.newPassword?.[0]).toMatch(/too common/);
    expect((await sessionIdsOf(member.id)).sort()).toEqual([here, elsewhere].sort());

    const result = await changePassword({ userId: member.id, input: { currentPassword: PASSWORD, newPassword: "a-brand-new-passphrase" }, currentSid: here, meta });
    expect(result).toEqual({ signedOutSessions: 1 });
    expect(await sessionIdsOf(member.id)).toEqual([here]);
    expect(await verifyPassword("a-brand-new-passphrase", (await userRow(member.id))!.password)).toBe(true);
    expect(await mailTo(member.email, "password_changed")).toHaveLength(1);
  });

  it("locks after too many wrong passwords, like sign-in (429 before the password is checked)", async () => {
    const member = await createMember({ plainPassword: PASSWORD });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const error = await appErrorOfAsync(() => deleteAccount({ userId: member.id, input: { password: "wrong-guess" }, meta: { clientIp: `10.9.1.${attempt}` } }));
      statuses.push(error.status);
    }
    expect(statuses).toContain(429);
    const locked = await appErrorOfAsync(() => deleteAccount({ userId: member.id, input: { password: PASSWORD }, meta: { clientIp: "10.9.2.1" } }));
    expect(locked.status).toBe(429);
    expect(await userRow(member.id)).toBeDefined();
  });
});

describe("changing the e-mail", () => {
  it("sends a link to the new address and a notice to the old one; the address changes only when the link is followed", async () => {
    const member = await createMember({ plainPassword: PASSWORD });
    const newEmail = uniqueEmail("moved");
    expect(await requestEmailChange({ userId: member.id, input: { email: newEmail.toUpperCase(), currentPassword: PASSWORD }, meta })).toEqual({ pendingEmail: newEmail });
    expect((await userRow(member.id))!.email).toBe(member.email);
    expect(await pendingEmailOf(member.id)).toBe(newEmail);
    expect(await mailTo(member.email, "email_change_notice")).toHaveLength(1);
    const [link] = await mailTo(newEmail, "email_change");
    const token = /token=([\w-]+)/.exec(link.text)![1];
    const changed = await verifyEmail({ token });
    expect(changed).toMatchObject({ email: newEmail });
    expect(changed.emailVerifiedAt).toBeInstanceOf(Date);
    expect(changed.emailChangedAt).toBeInstanceOf(Date);
    expect(await pendingEmailOf(member.id)).toBeNull();
    expect((await appErrorOfAsync(() => verifyEmail({ token }))).status).toBe(400);
  });

  it("refuses an address in use (400, 'already in use'), a wrong password, and goes the same way from PUT /api/profile", async () => {
    const member = await createMember({ plainPassword: PASSWORD });
    const other = await createMember();
    const taken = await appErrorOfAsync(() => requestEmailChange({ userId: member.id, input: { email: other.email, currentPassword: PASSWORD }, meta }));
    expect(taken.status).toBe(400);
    expect(taken.fieldErrors?.email).toEqual([EMAIL_IN_USE]);
    expect(EMAIL_IN_USE).toMatch(/already in use/);
    const wrong = await appErrorOfAsync(() => requestEmailChange({ userId: member.id, input: { email: uniqueEmail(), currentPassword: "nope-nope" }, meta }));
    expect(wrong.fieldErrors?.currentPassword).toBeDefined();
    const viaProfile = uniqueEmail("profile");
    const updated = await updateProfile(member.id, { email: viaProfile, currentPassword: PASSWORD, displayName: "Renamed" });
    expect(updated).toMatchObject({ email: member.email, displayName: "Renamed" });
    expect(await pendingEmailOf(member.id)).toBe(viaProfile);
  });

  it("a link to an address someone else took meanwhile changes nothing", async () => {
    const member = await createMember({ plainPassword: PASSWORD });
    const wanted = uniqueEmail("race");
    await requestEmailChange({ userId: member.id, input: { email: wanted, currentPassword: PASSWORD }, meta });
    await createMember({ email: wanted });
    const token = /token=([\w-]+)/.exec((await mailTo(wanted, "email_change"))[0].text)![1];
    expect((await appErrorOfAsync(() => verifyEmail({ token }))).status).toBe(400);
    expect((await userRow(member.id))!.email).toBe(member.email);
  });
});

describe("sessions", () => {
  it("lists the member's sessions with devices, an opaque id and 'current'; signs out the others", async () => {
    const member = await createMember();
    const here = await signIn(member.id);
    await signIn(member.id, SAFARI_IPHONE);
    const list = await listAccountSessions({ userId: member.id, currentSid: here });
    expect(list).toHaveLength(2);
    expect(list.map((session) => session.device).sort()).toEqual(["Firefox on Windows", "Safari on iOS"]);
    expect(list.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(here);
    expect(await signOutOtherSessions({ userId: member.id, currentSid: here })).toEqual({ signedOutSessions: 1 });
    expect(await sessionIdsOf(member.id)).toEqual([here]);
  });

  it("touches last_seen_at at most once every five minutes", async () => {
    const member = await createMember();
    const cookie = (await createUserSession(new Request("http://localhost/login"), member.id)).split(";")[0];
    const storage = getSessionStorage();
    const sid = (await storage.getSession(cookie)).id;
    const lastSeen = async () => (await readDb().select({ at: schema.sessions.lastSeenAt }).from(schema.sessions).where(eq(schema.sessions.sid, sid)))[0]!.at!.getTime();
    const longAgo = Date.now() - LAST_SEEN_INTERVAL_MS + 5_000;
    await write((tx) => tx.update(schema.sessions).set({ lastSeenAt: new Date(longAgo) }).where(eq(schema.sessions.sid, sid)));
    await storage.getSession(cookie);
    expect(await lastSeen()).toBe(longAgo);
    await write((tx) => tx.update(schema.sessions).set({ lastSeenAt: new Date(Date.now() - LAST_SEEN_INTERVAL_MS - 1_000) }).where(eq(schema.sessions.sid, sid)));
    await storage.getSession(cookie);
    expect(await lastSeen()).toBeGreaterThan(Date.now() - 5_000);
  });
});

describe("notification preferences", () => {
  it("reads and writes the five kinds with camelCase keys; anything else is a 400", async () => {
    const member = await createMember();
    expect(await getNotificationPreferences(member.id)).toEqual({ replies: true, mentions: true, messages: true, meetingReminders: true, weeklyDigest: false });
    expect(await updateNotificationPreferences({ userId: member.id, input: { replies: false, weeklyDigest: true } })).toEqual({
      replies: false,
      mentions: true,
      messages: true,
      meetingReminders: true,
      weeklyDigest: true,
    });
    expect((await appErrorOfAsync(() => updateNotificationPreferences({ userId: member.id, input: { replies: "yes" } }))).status).toBe(400);
    expect((await appErrorOfAsync(() => updateNotificationPreferences({ userId: member.id, input: { digest: true } }))).status).toBe(400);
  });
});

describe("exportAccountData", () => {
  it("holds the member's own rows and nobody else's e-mail", async () => {
    const member = toCurrentUser(await createMember());
    const other = toCurrentUser(await createMember());
    const post = await createTestPost(member, { title: "My export post" });
    const othersPost = await createTestPost(other, { title: "Someone else's post" });
    await createReply({ actor: member, postId: othersPost.id, input: { content: "My export reply" } });
    await createReply({ actor: other, postId: post.id, input: { content: "Their reply" } });
    await likePost({ actor: member, postId: othersPost.id });
    const exported = await exportAccountData(member.id);
    expect(exported.profile).toMatchObject({ id: member.id, email: member.email });
    expect(exported.posts.map((row) => row.title)).toEqual(["My export post"]);
    expect(exported.replies.map((row) => row.content)).toEqual(["My export reply"]);
    expect(exported.likes.map((row) => row.postId)).toEqual([othersPost.id]);
    expect(exported.pointsHistory.length).toBeGreaterThan(0);
    const text = JSON.stringify(exported);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("Their reply");
    expect(text).not.toContain("password");
  });
});

describe("deleteAccount", () => {
  it("erases the member, keeps their posts and replies under 'Deleted member', and keeps every counter exact", async () => {
    const admin = toCurrentUser(await createMember({ role: "admin" }));
    const leaving = toCurrentUser(await createMember({ plainPassword: PASSWORD }));
    const other = toCurrentUser(await createMember());
    await signIn(leaving.id);
    const leavingPost = await createTestPost(leaving, { title: "Kept after deletion" });
    const othersPost = await createTestPost(other, { title: "Other's post" });
    const otherReply = await createReply({ actor: other, postId: leavingPost.id, input: { content: "Reply under the kept post" } });
    const leavingReply = await createReply({ actor: leaving, postId: othersPost.id, input: { content: "Kept reply" } });
    await likePost({ actor: leaving, postId: othersPost.id });
    await likePost({ actor: other, postId: leavingPost.id });
    const meetingId = (await createMeetings({
      actor: admin,
      input: createMeetingFormSchema.parse({ title: "Leaving meeting", scheduledAt: new Date(Date.now() + 2 * 86_400_000).toISOString(), duration: 60 }),
    }))[0].id;
    await registerForMeeting({ userId: leaving.id, meetingId });
    const resourceId = (await createResource({ actor: admin, input: { title: "Leaving resource", url: "https://example.com/leaving" } })).id;
    await rateResource({ userId: leaving.id, resourceId, input: { rating: 5 } });
    await updateNotificationPreferences({ userId: leaving.id, input: { weeklyDigest: true } });
    const otherPointsBefore = await pointsOf(other.id);
    const membersBefore = await countMembers();

    const wrong = await appErrorOfAsync(() => deleteAccount({ userId: leaving.id, input: { password: "not-it" }, meta }));
    expect(wrong.status).toBe(400);
    expect(wrong.fieldErrors?.password).toBeDefined();
    await deleteAccount({ userId: leaving.id, input: { password: PASSWORD }, meta });

    expect(await userRow(leaving.id)).toBeUndefined();
    expect(await sessionIdsOf(leaving.id)).toEqual([]);
    expect(await scalar("SELECT count(*) FROM mail_preferences WHERE user_id = ?", leaving.id)).toBe(0);
    expect(await scalar("SELECT author_id FROM posts WHERE id = ?", leavingPost.id)).toBe(DELETED_MEMBER_ID);
    expect(await scalar("SELECT author_id FROM replies WHERE id = ?", leavingReply.id)).toBe(DELETED_MEMBER_ID);
    expect(await scalar("SELECT count(*) FROM replies WHERE id = ?", otherReply.id)).toBe(1);
    expect(await scalar("SELECT likes_count FROM posts WHERE id = ?", othersPost.id)).toBe(0);
    expect(await scalar("SELECT likes_count FROM posts WHERE id = ?", leavingPost.id)).toBe(1);
    expect(await scalar("SELECT replies_count FROM posts WHERE id = ?", leavingPost.id)).toBe(1);
    expect(await scalar("SELECT replies_count FROM posts WHERE id = ?", othersPost.id)).toBe(1);
    expect(await scalar("SELECT attendees_count FROM meetings WHERE id = ?", meetingId)).toBe(0);
    expect(await scalar("SELECT reviews_count FROM resources WHERE id = ?", resourceId)).toBe(0);
    // The other member's points: the reply under the kept post still counts; the like they received from the leaver does not.
    expect(await scalar("SELECT count(*) FROM contributions WHERE user_id = ? AND kind = 'like_received'", other.id)).toBe(0);
    expect(await scalar("SELECT count(*) FROM contributions WHERE user_id = ? AND subject_id = ?", other.id, String(otherReply.id))).toBeGreaterThan(0);
    expect(await pointsOf(other.id)).toBeLessThan(otherPointsBefore);
    expect(await pointsOf(other.id)).toBe(await scalar("SELECT sum(points) FROM contributions WHERE user_id = ?", other.id));
    expect(await countMembers()).toBe(membersBefore - 1);
    expect(await scalar("SELECT count(*) FROM mail_outbox WHERE lower(\"to\") = lower(?)", leaving.email)).toBe(0);
    // Likes on the kept post earn the placeholder nothing, and it gets no notifications.
    const third = toCurrentUser(await createMember());
    await likePost({ actor: third, postId: leavingPost.id });
    await createReply({ actor: third, postId: leavingPost.id, input: { content: "Late reply" } });
    expect(await pointsOf(DELETED_MEMBER_ID)).toBe(0);
    expect(await scalar("SELECT count(*) FROM notifications WHERE user_id = ?", DELETED_MEMBER_ID)).toBe(0);
    expect((await userRow(DELETED_MEMBER_ID))?.displayName).toBe(DELETED_MEMBER_NAME);
    expect((await listMembers({})).members.some((member) => member.id === DELETED_MEMBER_ID)).toBe(false);
    await expect(getMemberProfile(DELETED_MEMBER_ID)).rejects.toThrow();
  });

  it("refuses to remove the last account with admin rights (409)", async () => {
    await write((tx) => tx.update(schema.users).set({ role: "member" }).where(eq(schema.users.role, "admin")));
    const onlyAdmin = await createMember({ role: "admin", plainPassword: PASSWORD });
    const error = await appErrorOfAsync(() => deleteAccount({ userId: onlyAdmin.id, input: { password: PASSWORD }, meta }));
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/last admin/);
    expect(await userRow(onlyAdmin.id)).toBeDefined();
  });
});
