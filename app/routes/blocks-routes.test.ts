import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { addComment, createArtist } from "~/features/artists/artists.server";
import { toCurrentUser } from "~/features/auth/auth.server";
import { blockMember, listBlockedMembers } from "~/features/blocks/blocks.server";
import { createReply } from "~/features/discussions/replies.server";
import { createTestPost } from "~/features/discussions/test-helpers";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import { getToast } from "~/utils/toast.server";
import { loader as accountBlocksApi, action as accountBlocksAction } from "./api.account.blocks";
import { action as blockApi, loader as blockApiLoader } from "./api.users.$id.block";
import { fromCardRows, type CardRows } from "~/features/discussions/card-rows";
import { loader as discussionsLoader } from "./discussions";
import { action as memberAction, loader as memberLoader } from "./members_.$id";
import { loader as artistLoader } from "./music-artists_.$id";
import { loader as postLoader } from "./post.$id";
import { action as settingsAction, loader as settingsLoader } from "./settings.account";
import { loader as dashboardLoader } from "./_index";

type Args = LoaderFunctionArgs & ActionFunctionArgs;
const args = (request: Request, params: Record<string, string> = {}) => (routeArgs(request, params)) as Args;
const as = (userId: string, path: string, init: RequestInit = {}) => signedInRequest(userId, `http://localhost${path}`, init);
const form = (fields: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(fields) });

async function callBlockApi(method: "POST" | "DELETE", userId: string | null, targetId: string) {
  const path = `/api/users/${targetId}/block`;
  const request = userId ? await as(userId, path, { method }) : new Request(`http://localhost${path}`, { method });
  const response = (await blockApi(args(request, { id: targetId }))) as Response;
  return { status: response.status, body: await response.json() };
}

async function redirectOf(run: () => unknown) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  const response = result as Response;
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const { toast } = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return { status: response.status, location: response.headers.get("Location"), toast: toast && { title: toast.title, description: toast.description } };
}

describe("/api/users/{id}/block and /api/account/blocks", () => {
  it("POST 201 then 200 { blocked: true }, DELETE 200 { blocked: false }, GET lists { id, displayName, blockedAt }", async () => {
    const blocker = await createMember();
    const target = await createMember({ displayName: "Loud Lou" });
    expect(await callBlockApi("POST", blocker.id, target.id)).toEqual({ status: 201, body: { blocked: true } });
    expect(await callBlockApi("POST", blocker.id, target.id)).toEqual({ status: 200, body: { blocked: true } });

    const listResponse = (await accountBlocksApi(args(await as(blocker.id, "/api/account/blocks")))) as Response;
    expect(listResponse.status).toBe(200);
    const list = (await listResponse.json()) as Record<string, unknown>[];
    expect(list).toEqual([{ id: target.id, displayName: "Loud Lou", blockedAt: expect.any(String) }]);
    expect(Number.isNaN(Date.parse(String(list[0].blockedAt)))).toBe(false);

    expect(await callBlockApi("DELETE", blocker.id, target.id)).toEqual({ status: 200, body: { blocked: false } });
    expect(await callBlockApi("DELETE", blocker.id, target.id)).toEqual({ status: 200, body: { blocked: false } });
    expect(await listBlockedMembers(blocker.id)).toEqual([]);
  });

  it("answers visitors 401, oneself and staff 400, unknown members 404, other methods 405", async () => {
    const blocker = await createMember();
    const admin = await createMember({ role: "admin" });
    const target = await createMember();
    expect(await callBlockApi("POST", null, target.id)).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(await callBlockApi("DELETE", null, target.id)).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(((await accountBlocksApi(args(new Request("http://localhost/api/account/blocks")))) as Response).status).toBe(401);

    expect(await callBlockApi("POST", blocker.id, blocker.id)).toEqual({ status: 400, body: { message: "You cannot block yourself." } });
    const staff = await callBlockApi("POST", blocker.id, admin.id);
    expect(staff.status).toBe(400);
    expect(staff.body.message).toMatch(/Moderators and admins cannot be blocked/);
    expect(await callBlockApi("POST", blocker.id, "nobody")).toEqual({ status: 404, body: { message: "Member not found" } });

    const put = (await blockApi(args(await as(blocker.id, `/api/users/${target.id}/block`, { method: "PUT" }), { id: target.id }))) as Response;
    expect(put.status).toBe(405);
    expect((blockApiLoader() as Response).status).toBe(405);
    expect((accountBlocksAction() as Response).status).toBe(405);
  });
});

describe("Block on a member's profile, Unblock on /profile (plain forms)", () => {
  it("shows Block for another member, blocks with a toast, then Unblock; none on one's own profile or a moderator's", async () => {
    const viewer = await createMember();
    const target = await createMember({ displayName: "Pat" });
    const moderator = await createMember({ role: "moderator" });
    const path = `/members/${target.id}`;

    const before = (await memberLoader(args(await as(viewer.id, path), { id: target.id }))) as { block: unknown };
    expect(before.block).toEqual({ isBlocked: false, canBlock: true });
    expect(((await memberLoader(args(await as(viewer.id, `/members/${viewer.id}`), { id: viewer.id }))) as { block: unknown }).block).toEqual({
      isBlocked: false,
      canBlock: false,
    });
    expect(((await memberLoader(args(await as(viewer.id, `/members/${moderator.id}`), { id: moderator.id }))) as { block: unknown }).block).toEqual({
      isBlocked: false,
      canBlock: false,
    });

    const blocked = await redirectOf(async () => memberAction(args(await as(viewer.id, path, form({ intent: "block" })), { id: target.id })));
    expect(blocked).toMatchObject({ status: 302, location: path, toast: { title: "Success", description: expect.stringContaining("You blocked Pat.") } });
    expect(((await memberLoader(args(await as(viewer.id, path), { id: target.id }))) as { block: unknown }).block).toEqual({ isBlocked: true, canBlock: true });

    const refused = await redirectOf(async () =>
      memberAction(args(await as(viewer.id, `/members/${moderator.id}`, form({ intent: "block" })), { id: moderator.id })),
    );
    expect(refused).toMatchObject({ location: `/members/${moderator.id}`, toast: { title: "Error", description: expect.stringMatching(/cannot be blocked/) } });

    const settings = (await settingsLoader(args(await as(viewer.id, "/settings/account")))) as { blockedMembers: unknown };
    expect(settings.blockedMembers).toEqual([{ id: target.id, name: "Pat" }]);
    const unblocked = await redirectOf(async () => settingsAction(args(await as(viewer.id, "/settings/account", form({ intent: "unblock", memberId: target.id })))));
    expect(unblocked).toMatchObject({ location: "/settings/account#blocked-members", toast: { title: "Success", description: "You unblocked Pat." } });
    expect(((await settingsLoader(args(await as(viewer.id, "/settings/account")))) as { blockedMembers: unknown }).blockedMembers).toEqual([]);

    const unknown = await redirectOf(async () => settingsAction(args(await as(viewer.id, "/settings/account", form({ intent: "unblock", memberId: "nobody" })))));
    expect(unknown).toMatchObject({ location: "/settings/account#blocked-members", toast: { title: "Error", description: "Member not found" } });
  });
});

describe("content by a blocked member is marked for collapsing", () => {
  it("on the post page (post and replies), the discussions list, the dashboard and an artist's comments", async () => {
    const viewer = toCurrentUser(await createMember());
    const blocked = toCurrentUser(await createMember());
    const other = toCurrentUser(await createMember());
    const admin = toCurrentUser(await createMember({ role: "admin" }));
    const theirPost = await createTestPost(blocked, { title: "Blocked author's post" });
    const otherPost = await createTestPost(other, { title: "Someone else's post" });
    const theirReply = await createReply({ actor: blocked, postId: otherPost.id, input: { content: "Blocked reply" } });
    const answer = await createReply({ actor: other, postId: otherPost.id, input: { content: "Answer", parentReplyId: theirReply.id } });
    const artist = await createArtist({ actor: admin, input: { name: "Blocking Artist" } });
    const theirComment = await addComment({ userId: blocked.id, artistId: artist.id, input: { comment: "Blocked comment" } });
    const otherComment = await addComment({ userId: other.id, artistId: artist.id, input: { comment: "Other comment" } });
    await blockMember({ blocker: viewer, memberId: blocked.id });

    type PostPage = { post: { isFromBlockedMember: boolean }; replies: { id: number; isFromBlockedMember: boolean; children: { id: number; isFromBlockedMember: boolean }[] }[] };
    const ownPage = (await postLoader(args(await as(viewer.id, `/post/${theirPost.id}`), { id: String(theirPost.id) }))) as PostPage;
    expect(ownPage.post.isFromBlockedMember).toBe(true);
    const thread = (await postLoader(args(await as(viewer.id, `/post/${otherPost.id}`), { id: String(otherPost.id) }))) as PostPage;
    expect(thread.post.isFromBlockedMember).toBe(false);
    expect(thread.replies.map((reply) => [reply.id, reply.isFromBlockedMember])).toEqual([[theirReply.id, true]]);
    expect(thread.replies[0].children.map((reply) => [reply.id, reply.isFromBlockedMember])).toEqual([[answer.id, false]]);
    // Someone who blocked nobody sees nothing collapsed.
    const othersView = (await postLoader(args(await as(other.id, `/post/${otherPost.id}`), { id: String(otherPost.id) }))) as PostPage;
    expect(othersView.replies[0].isFromBlockedMember).toBe(false);

    const list = { posts: fromCardRows(((await discussionsLoader(args(await as(viewer.id, "/discussions")))) as { cards: CardRows }).cards) };
    expect(list.posts.find((post) => post.id === theirPost.id)?.isFromBlockedMember).toBe(true);
    expect(list.posts.find((post) => post.id === otherPost.id)?.isFromBlockedMember).toBe(false);

    const dashboard = (await dashboardLoader(args(await as(viewer.id, "/")))) as { dashboard: { recentDiscussions: { id: number; isFromBlockedMember: boolean }[] } };
    expect(dashboard.dashboard.recentDiscussions.find((post) => post.id === theirPost.id)?.isFromBlockedMember).toBe(true);

    const artistPage = (await artistLoader(args(await as(viewer.id, `/music-artists/${artist.id}`), { id: String(artist.id) }))) as {
      artist: { panel: { comments: { id: number; isFromBlockedMember?: true }[] } };
    };
    const comments = new Map(artistPage.artist.panel.comments.map((comment) => [comment.id, comment.isFromBlockedMember]));
    expect(comments.get(theirComment.id)).toBe(true);
    expect(comments.get(otherComment.id)).toBeUndefined();
  });
});
