import { describe, expect, it } from "vitest";
import { addComment, createArtist, rateArtist } from "~/features/artists/artists.server";
import { loginWithPassword, toCurrentUser } from "~/features/auth/auth.server";
import { createReply } from "~/features/discussions/replies.server";
import { createTestPost, scalar } from "~/features/discussions/test-helpers";
import { listPosts } from "~/features/discussions/posts.server";
import { createResource, rateResource } from "~/features/resources/resources.server";
import { appErrorOfAsync } from "~/test/errors";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import { getOptionalUser } from "~/features/auth/guards.server";
import * as suspensionApi from "../../routes/api.admin.users_.$userId.suspension";
import { activeRestrictionOf, liftSuspension, suspendMember } from "./suspensions.server";
import { rows, run } from "~/test/db";

const meta = { clientIp: "10.0.0.1" };
const PASSWORD = "correct-horse-battery";

const moderator = async () => toCurrentUser(await createMember({ role: "moderator" }));
const admin = async () => toCurrentUser(await createMember({ role: "admin" }));

describe("suspendMember", () => {
  it("suspends for 7 days: sessions end, every request is signed out, sign-in shows the reason and the end date", async () => {
    const actor = await moderator();
    const member = await createMember();
    const request = await signedInRequest(member.id);
    expect(await getOptionalUser(request)).not.toBeNull();

    const restriction = await suspendMember({ actor, userId: member.id, kind: "suspend", days: 7, reason: "Spam links" });
    expect(restriction).toMatchObject({ kind: "suspend", reason: "Spam links" });
    expect(restriction.endsAt!.getTime() - restriction.startsAt.getTime()).toBe(7 * 86_400_000);
    expect(await scalar(`SELECT count(*) FROM sessions WHERE user_id = ?`, member.id)).toBe(0);
    expect(await getOptionalUser(await signedInRequest(member.id))).toBeNull();

    const refused = await appErrorOfAsync(() => loginWithPassword({ email: member.email, password: PASSWORD }, meta));
    expect(refused.status).toBe(403);
    expect(refused.message).toMatch(/^Your account is suspended until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC: Spam links$/);
    // Without the password, nothing about the suspension.
    const wrong = await appErrorOfAsync(() => loginWithPassword({ email: member.email, password: "wrong-password" }, meta));
    expect(wrong).toMatchObject({ status: 401, message: "Invalid email or password" });

    const audit = await rows(`SELECT action, actor_email AS "actorEmail", summary FROM audit_log WHERE target_id = ? ORDER BY id`, member.id);
    expect(audit).toEqual([{ action: "user.suspended", actorEmail: actor.email, summary: `${member.email}: 7 days: Spam links` }]);
  });

  it("until lifted: the message says so; lifting early lets the member in again and is audited", async () => {
    const actor = await moderator();
    const member = await createMember();
    await suspendMember({ actor, userId: member.id, kind: "suspend", days: null, reason: "Harassment" });
    const refused = await appErrorOfAsync(() => loginWithPassword({ email: member.email, password: PASSWORD }, meta));
    expect(refused.message).toBe("Your account is suspended until it is lifted by a moderator: Harassment");

    const lifted = await liftSuspension({ actor, userId: member.id });
    expect(lifted.kind).toBe("suspend");
    expect((await loginWithPassword({ email: member.email, password: PASSWORD }, meta)).id).toBe(member.id);
    expect(await activeRestrictionOf(member.id)).toBeNull();
    expect(await scalar(`SELECT action FROM audit_log WHERE target_id = ? ORDER BY id DESC LIMIT 1`, member.id)).toBe("user.suspension_lifted");
    expect((await appErrorOfAsync(() => liftSuspension({ actor, userId: member.id }))).status).toBe(404);
  });

  it("an ended suspension no longer counts", async () => {
    const actor = await moderator();
    const member = await createMember();
    await suspendMember({ actor, userId: member.id, kind: "suspend", days: 1, reason: "Cool down" });
    const past = Date.now() - 1000;
    await run(`UPDATE suspensions SET ends_at = ? WHERE user_id = ?`, past, member.id);
    await run(`UPDATE users SET suspended_until = ? WHERE id = ?`, past, member.id);
    expect(await activeRestrictionOf(member.id)).toBeNull();
    expect(await getOptionalUser(await signedInRequest(member.id))).not.toBeNull();
    expect((await loginWithPassword({ email: member.email, password: PASSWORD }, meta)).id).toBe(member.id);
  });

  it("a new restriction replaces the active one (a silence after a suspension lets the member sign in)", async () => {
    const actor = await admin();
    const member = await createMember();
    await suspendMember({ actor, userId: member.id, kind: "suspend", days: 30, reason: "First" });
    await suspendMember({ actor, userId: member.id, kind: "silence", days: 1, reason: "Second" });
    expect(await scalar(`SELECT count(*) FROM suspensions WHERE user_id = ? AND lifted_at IS NULL`, member.id)).toBe(1);
    expect(await activeRestrictionOf(member.id)).toMatchObject({ kind: "silence", reason: "Second" });
    expect(await scalar(`SELECT suspended_until FROM users WHERE id = ?`, member.id)).toBeNull();
    expect((await loginWithPassword({ email: member.email, password: PASSWORD }, meta)).id).toBe(member.id);
  });

  it("checks who may restrict whom (403), the input (400) and the target (404)", async () => {
    const mod = await moderator();
    const otherModerator = await createMember({ role: "moderator" });
    const anAdmin = await admin();
    const owner = await createMember({ email: "owner@example.com" });
    const member = toCurrentUser(await createMember());
    const target = await createMember();
    const suspend = (actor: { id: string; email: string }, userId: string) => () => suspendMember({ actor, userId, kind: "suspend", days: 1, reason: "r" });

    expect(await appErrorOfAsync(suspend(mod, mod.id))).toMatchObject({ status: 403, message: "You cannot suspend or silence yourself." });
    expect((await appErrorOfAsync(suspend(mod, anAdmin.id))).status).toBe(403);
    expect((await appErrorOfAsync(suspend(mod, otherModerator.id))).status).toBe(403);
    expect((await appErrorOfAsync(suspend(mod, owner.id))).status).toBe(403);
    expect((await appErrorOfAsync(suspend(anAdmin, owner.id))).message).toMatch(/ADMIN_EMAIL/);
    expect((await appErrorOfAsync(suspend(member, target.id))).status).toBe(403);
    expect((await appErrorOfAsync(suspend(mod, "nobody"))).status).toBe(404);
    expect((await suspendMember({ actor: anAdmin, userId: otherModerator.id, kind: "silence", days: null, reason: "Admins may" })).kind).toBe("silence");

    expect((await appErrorOfAsync(() => suspendMember({ actor: mod, userId: target.id, kind: "suspend", days: 1, reason: "  " }))).status).toBe(400);
    expect((await appErrorOfAsync(() => suspendMember({ actor: mod, userId: target.id, kind: "suspend", days: 1, reason: "x".repeat(501) }))).status).toBe(400);
    expect((await appErrorOfAsync(() => suspendMember({ actor: mod, userId: target.id, kind: "suspend", days: 2 as 1, reason: "r" }))).status).toBe(400);
    expect((await appErrorOfAsync(() => suspendMember({ actor: mod, userId: target.id, kind: "ban" as "suspend", days: 1, reason: "r" }))).status).toBe(400);
    expect((await suspendMember({ actor: mod, userId: target.id, kind: "suspend", days: 30, reason: "x".repeat(500) })).reason).toHaveLength(500);
  });
});

describe("silence", () => {
  it("lets the member read but not post, reply, comment or rate (403 with the reason)", async () => {
    const actor = await admin();
    const member = toCurrentUser(await createMember());
    const other = toCurrentUser(await createMember());
    const post = await createTestPost(other);
    const artist = await createArtist({ actor, input: { name: "Silent artist" } });
    const resource = await createResource({ actor, input: { title: "Silent resource", url: "https://example.com/silent" } });
    await suspendMember({ actor, userId: member.id, kind: "silence", days: 7, reason: "Flame war" });

    const expected = /^Your account is silenced until .+ UTC: Flame war$/;
    expect(await appErrorOfAsync(() => createTestPost(member))).toMatchObject({ status: 403, message: expect.stringMatching(expected) });
    expect((await appErrorOfAsync(() => createReply({ actor: member, postId: post.id, input: { content: "hi" } }))).status).toBe(403);
    expect((await appErrorOfAsync(() => addComment({ userId: member.id, artistId: artist.id, input: { comment: "hi" } }))).status).toBe(403);
    expect((await appErrorOfAsync(() => rateArtist({ userId: member.id, artistId: artist.id, input: { rating: 5 } }))).status).toBe(403);
    expect((await appErrorOfAsync(() => rateResource({ userId: member.id, resourceId: resource.id, input: { rating: 5 } }))).status).toBe(403);
    expect((await listPosts({ viewerId: member.id })).posts.some((listed) => listed.id === post.id)).toBe(true);
    expect(await getOptionalUser(await signedInRequest(member.id))).not.toBeNull();

    await liftSuspension({ actor, userId: member.id });
    expect((await createTestPost(member)).id).toBeGreaterThan(0);
  });
});

describe("POST and DELETE /api/admin/users/{id}/suspension", () => {
  const call = async (method: string, userId: string, { as, body }: { as?: string; body?: unknown } = {}) => {
    const url = `http://localhost/api/admin/users/${userId}/suspension`;
    const init: RequestInit = { method, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) };
    const request = as ? await signedInRequest(as, url, init) : new Request(url, init);
    const response = (await suspensionApi.action(routeArgs(request, { userId }))) as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("201 { kind, reason, endsAt }; DELETE lifts it (200), then 404; 401, 403 and 400 as documented", async () => {
    const mod = await moderator();
    const member = await createMember();
    const target = await createMember();
    const body = { kind: "suspend", days: 30, reason: "Spam" };

    expect((await call("POST", target.id, { body })).status).toBe(401);
    expect((await call("POST", target.id, { as: member.id, body })).status).toBe(403);
    expect((await call("POST", target.id, { as: mod.id, body: { ...body, days: 3 } })).status).toBe(400);
    expect((await call("POST", target.id, { as: mod.id, body: { ...body, reason: "" } })).body.message).toBe("Give a reason: the member sees it.");
    expect((await call("POST", target.id, { as: mod.id, body: { kind: "suspend", reason: "no days" } })).status).toBe(400);

    const created = await call("POST", target.id, { as: mod.id, body });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ kind: "suspend", reason: "Spam", endsAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const indefinite = await call("POST", target.id, { as: mod.id, body: { kind: "silence", days: null, reason: "Quiet" } });
    expect(indefinite).toEqual({ status: 201, body: { kind: "silence", reason: "Quiet", endsAt: null } });

    expect((await call("DELETE", target.id)).status).toBe(401);
    expect((await call("DELETE", target.id, { as: member.id })).status).toBe(403);
    const lifted = await call("DELETE", target.id, { as: mod.id });
    expect(lifted).toMatchObject({ status: 200, body: { kind: "silence", reason: "Quiet" } });
    expect((await call("DELETE", target.id, { as: mod.id })).status).toBe(404);
  });
});
