import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { toCurrentUser } from "~/features/auth/auth.server";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import { MESSAGES_PAGE_SIZE, sendMessage, startConversation } from "~/features/conversations/index.server";
import { row } from "~/test/db";
import { action as startApi, loader as listApi } from "./api.conversations";
import { action as leaveApi, loader as readApi } from "./api.conversations.$id";
import { action as sendApi } from "./api.conversations.$id.messages";
import { loader as countsApi } from "./api.notifications.counts";
import { loader as authUserApi } from "./api.auth.user";
import { action as profileApi } from "./api.profile";
import { action as reportsApi } from "./api.reports";
import { loader as exportApi } from "./api.account.export";
import { action as conversationAction, loader as conversationLoader } from "./messages_.$id";
import { action as newMessageAction, loader as newMessageLoader } from "./messages_.new";

type Args = LoaderFunctionArgs & ActionFunctionArgs;
const args = (request: Request, params: Record<string, string> = {}) => routeArgs(request, params) as Args;
const json = (method: string, body: unknown): RequestInit => ({ method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const as = (userId: string, path: string, init: RequestInit = {}) => signedInRequest(userId, `http://localhost${path}`, init);

async function call(handler: (args: Args) => unknown, request: Request, params: Record<string, string> = {}) {
  let result: unknown;
  try {
    result = await handler(args(request, params));
  } catch (thrown) {
    result = thrown;
  }
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const answer = result as { data: Record<string, unknown>; init?: { status?: number } | null };
    return { status: answer.init?.status ?? 200, body: answer.data, location: null };
  }
  const response = result as Response;
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, location: response.headers.get("Location") };
}

const twoMembers = async () => [toCurrentUser(await createMember({ displayName: "Ada" })), toCurrentUser(await createMember({ displayName: "Bob" }))] as const;

describe("/api/conversations", () => {
  it("starts (201 { id }), lists with the unread marker, reads (marking it read), replies (201 with the message) and leaves (204)", async () => {
    const [ada, bob] = await twoMembers();
    const started = await call(startApi, await as(ada.id, "/api/conversations", json("POST", { to: [bob.username], subject: "Hi", content: "Hello **Bob**" })));
    expect(started).toMatchObject({ status: 201, body: { id: expect.any(Number) } });
    const id = String(started.body!.id);

    expect((await call(countsApi, await as(bob.id, "/api/notifications/counts"))).body).toMatchObject({ unreadMessages: 1 });
    const list = await call(listApi, await as(bob.id, "/api/conversations"));
    expect(list.body).toEqual([
      {
        id: Number(id),
        subject: "Hi",
        participants: [{ id: ada.id, username: ada.username, displayName: "Ada", avatarUrl: null }],
        lastMessageAt: expect.any(String),
        lastMessage: { excerpt: "Hello Bob", authorId: ada.id },
        unread: true,
      },
    ]);
    const read = await call(readApi, await as(bob.id, `/api/conversations/${id}`), { id });
    expect(read.body).toMatchObject({ id: Number(id), subject: "Hi", participants: [{ id: ada.id }], messages: [{ author: { id: ada.id, username: ada.username, displayName: "Ada" }, content: "Hello **Bob**" }] });
    expect(JSON.stringify(read.body)).not.toContain(ada.email);
    expect((await call(countsApi, await as(bob.id, "/api/notifications/counts"))).body).toMatchObject({ unreadMessages: 0 });

    const sent = await call(sendApi, await as(bob.id, `/api/conversations/${id}/messages`, json("POST", { content: "Hi Ada" })), { id });
    expect(sent).toMatchObject({ status: 201, body: { id: expect.any(Number), author: { id: bob.id }, content: "Hi Ada" } });
    expect((await call(leaveApi, await as(bob.id, `/api/conversations/${id}`, { method: "DELETE" }), { id })).status).toBe(204);
    expect((await call(readApi, await as(bob.id, `/api/conversations/${id}`), { id })).status).toBe(404);
    expect((await call(readApi, await as(ada.id, `/api/conversations/${id}`), { id })).status).toBe(200);
  });

  it("visitors 401; outsiders 404; bad input 400 with field messages; a refusal 403 with a message", async () => {
    const [ada, bob] = await twoMembers();
    const outsider = toCurrentUser(await createMember());
    expect((await call(listApi, new Request("http://localhost/api/conversations"))).status).toBe(401);
    expect((await call(startApi, new Request("http://localhost/api/conversations", json("POST", { to: [bob.username], content: "x" })))).status).toBe(401);
    const { body } = await call(startApi, await as(ada.id, "/api/conversations", json("POST", { to: [bob.username], content: "private" })));
    const id = String(body!.id);
    expect((await call(readApi, new Request(`http://localhost/api/conversations/${id}`), { id })).status).toBe(401);
    for (const [handler, init, path] of [
      [readApi, {}, `/api/conversations/${id}`],
      [leaveApi, { method: "DELETE" }, `/api/conversations/${id}`],
      [sendApi, json("POST", { content: "hi" }), `/api/conversations/${id}/messages`],
    ] as const) {
      expect((await call(handler, await as(outsider.id, path, init), { id })).status).toBe(404);
    }
    const unknown = await call(startApi, await as(ada.id, "/api/conversations", json("POST", { to: ["nobody_at_all"], content: "x" })));
    expect(unknown).toMatchObject({ status: 400, body: { errors: { to: ["No member is called @nobody_at_all."] } } });
    expect((await call(sendApi, await as(ada.id, `/api/conversations/${id}/messages`, json("POST", { content: "" })), { id })).status).toBe(400);

    // 'Allow private messages' through PUT /api/profile, shown by /api/auth/user.
    expect((await call(profileApi, await as(bob.id, "/api/profile", json("PUT", { allowPrivateMessages: false })))).body).toMatchObject({ allowPrivateMessages: false });
    expect((await call(authUserApi, await as(bob.id, "/api/auth/user"))).body).toMatchObject({ allowPrivateMessages: false });
    expect((await call(profileApi, await as(bob.id, "/api/profile", json("PUT", { allowPrivateMessages: "no" })))).status).toBe(400);
    expect(await call(startApi, await as(ada.id, "/api/conversations", json("POST", { to: [bob.username], content: "x" })))).toMatchObject({
      status: 403,
      body: { message: "Bob does not accept private messages." },
    });
  });

  it("a participant reports another's message (201); their own is a 400; the export holds the conversation", async () => {
    const [ada, bob] = await twoMembers();
    const { body } = await call(startApi, await as(ada.id, "/api/conversations", json("POST", { to: [bob.username], content: "rude words" })));
    const message = await row<{ id: number }>("SELECT id FROM messages WHERE conversation_id = ?", body!.id);
    const report = async (userId: string) => call(reportsApi, await reportRequest(userId, message!.id));
    expect((await report(bob.id)).status).toBe(201);
    expect((await report(ada.id)).status).toBe(400);
    const exported = await call(exportApi, await as(ada.id, "/api/account/export"));
    expect(exported.body).toMatchObject({ conversations: [{ id: body!.id, messages: [{ isMine: true, content: "rude words" }] }] });
  });
});

/** A report of a message as `userId` (POST /api/reports). */
function reportRequest(userId: string, messageId: number) {
  return as(userId, "/api/reports", json("POST", { targetType: "message", targetId: messageId, reason: "harassment" }));
}

describe("the pages", () => {
  it("/messages/new?to= fills To; a refused form comes back with everything typed; a sent one opens the conversation; a reply and Leave work", async () => {
    const [ada, bob] = await twoMembers();
    expect(await newMessageLoader(args(await as(ada.id, `/messages/new?to=${bob.username}`)))).toEqual({ to: bob.username });

    const refused = await call(newMessageAction, await as(ada.id, "/messages/new", { method: "POST", body: new URLSearchParams({ to: `${bob.username}, ghost_member`, subject: "Plans", content: "Let us meet" }) }));
    expect(refused.status).toBe(400);
    const failure = refused.body as { result: { initialValue: Record<string, string>; error: Record<string, string[]> } };
    expect(failure.result.initialValue).toMatchObject({ to: `${bob.username}, ghost_member`, subject: "Plans", content: "Let us meet" });
    expect(failure.result.error.to).toEqual(["No member is called @ghost_member."]);

    const sent = await call(newMessageAction, await as(ada.id, "/messages/new", { method: "POST", body: new URLSearchParams({ to: bob.username, subject: "Plans", content: "Let us meet" }) }));
    expect(sent.status).toBe(302);
    const id = /\/messages\/(\d+)$/.exec(sent.location ?? "")![1];
    const page = (await conversationLoader(args(await as(bob.id, `/messages/${id}`), { id }))) as { conversation: { messages: { html: string }[] } };
    expect(page.conversation.messages.map((message) => message.html.trim())).toEqual(["<p>Let us meet</p>"]);
    const replied = await call(conversationAction, await as(bob.id, `/messages/${id}`, { method: "POST", body: new URLSearchParams({ intent: "reply", content: "Yes" }) }), { id });
    expect(replied).toMatchObject({ status: 302, location: expect.stringMatching(new RegExp(`^/messages/${id}#message-\\d+$`)) });
    const left = await call(conversationAction, await as(bob.id, `/messages/${id}`, { method: "POST", body: new URLSearchParams({ intent: "leave" }) }), { id });
    expect(left).toMatchObject({ status: 302, location: "/messages" });
  });

  it("/messages/{id} shows the newest MESSAGES_PAGE_SIZE messages; ?before= the page before them; the Markdown stays on the server", async () => {
    const [ada, bob] = await twoMembers();
    const { id } = await startConversation({ actor: ada, input: { to: [bob.username], content: "Message 1" } });
    // A minute apart: the posting rate limit (docs/messages.md) counts per window.
    const start = Date.now();
    for (let number = 2; number <= MESSAGES_PAGE_SIZE + 5; number++) {
      await sendMessage({ actor: number % 2 ? ada : bob, conversationId: id, input: { content: `Message ${number}` }, now: new Date(start + number * 61_000) });
    }
    type Page = { conversation: { hasEarlier: boolean; messages: { id: number; html: string; content?: string }[] }; isEarlierPage: boolean };
    const newest = (await conversationLoader(args(await as(bob.id, `/messages/${id}`), { id: String(id) }))) as Page;
    expect(newest.conversation.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(newest.conversation.messages.at(-1)?.html).toContain(`Message ${MESSAGES_PAGE_SIZE + 5}`);
    expect(newest.conversation.messages[0].html).toContain("Message 6<");
    expect(newest.conversation.messages[0]).not.toHaveProperty("content");
    expect(newest).toMatchObject({ conversation: { hasEarlier: true }, isEarlierPage: false });
    const earlier = (await conversationLoader(args(await as(bob.id, `/messages/${id}?before=${newest.conversation.messages[0].id}`), { id: String(id) }))) as Page;
    expect(earlier.conversation.messages.map((message) => message.html.trim())).toEqual([1, 2, 3, 4, 5].map((number) => `<p>Message ${number}</p>`));
    expect(earlier).toMatchObject({ conversation: { hasEarlier: false }, isEarlierPage: true });
    const refused: unknown = await conversationLoader(args(await as(bob.id, `/messages/${id}?before=abc`), { id: String(id) })).catch((thrown: unknown) => thrown);
    expect((refused as Response).status).toBe(400);
  });
});
