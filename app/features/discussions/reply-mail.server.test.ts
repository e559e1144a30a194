import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blockMember } from "~/features/blocks/blocks.server";
import { setMailPreference } from "~/features/mail/preferences.server";
import { deliverAllTo, startTestSmtpServer, type TestSmtpServer } from "~/features/mail/test-helpers";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import { routeArgs } from "~/test/factories";
import { createReply } from "./replies.server";
import { REPLY_MAIL_WINDOW_MS, sendDueReplyMail } from "./reply-mail.server";
import { createActor, createTestPost } from "./test-helpers";
import { row, rows, run } from "~/test/db";

type OutboxRow = { to: string; subject: string; text: string; kind: string; headers: string };

/** The pending notification mail to an address, oldest first. */
async function pendingMailTo(email: string, kind = "replies"): Promise<OutboxRow[]> {
  return (await rows(`SELECT "to", subject, text, kind, headers FROM mail_outbox WHERE "to" = ? AND kind = ? AND status = 'pending' ORDER BY id`, email, kind)) as OutboxRow[];
}

const later = (ms: number) => new Date(Date.now() + ms);

beforeEach(async () => {
  // Each test starts with an empty queue: earlier tests' mail counts as sent, their batches are gone.
  await run(`UPDATE mail_outbox SET status = 'sent' WHERE status = 'pending'`);
  await run(`DELETE FROM reply_mail_batches`);
});

describe("reply e-mails", () => {
  it("mails the post's author once per 15 minutes per thread, folding later replies into the next e-mail", async () => {
    const author = await createActor({ displayName: "Thread Author" });
    const ada = await createActor({ displayName: "Ada" });
    const bob = await createActor({ displayName: "Bob" });
    const post = await createTestPost(author, { title: "Batching" });
    await createReply({ actor: ada, postId: post.id, input: { content: "First answer" } });
    expect(await pendingMailTo(author.email)).toHaveLength(0); // enqueued by the job, not the request

    const firstRun = new Date();
    expect(await sendDueReplyMail(firstRun)).toBe(1);
    const [first] = await pendingMailTo(author.email);
    expect(first.subject).toBe('Ada replied in "Batching"');
    expect(first.text).toContain("Ada replied: First answer");
    expect(first.text).toContain(`http://localhost:3000/post/${post.id}#reply-`);

    // Two more replies within the window: nothing until it ends, then one e-mail listing both.
    await createReply({ actor: bob, postId: post.id, input: { content: "Second answer" } });
    await createReply({ actor: ada, postId: post.id, input: { content: "Third answer" } });
    expect(await sendDueReplyMail(new Date(firstRun.getTime() + 60_000))).toBe(0);
    expect(await sendDueReplyMail(new Date(firstRun.getTime() + REPLY_MAIL_WINDOW_MS - 1_000))).toBe(0);
    expect(await pendingMailTo(author.email)).toHaveLength(1);
    expect(await sendDueReplyMail(new Date(firstRun.getTime() + REPLY_MAIL_WINDOW_MS + 1_000))).toBe(1);
    const second = (await pendingMailTo(author.email))[1];
    expect(second.subject).toBe('2 new replies in "Batching"');
    expect(second.text).toContain("Bob replied: Second answer");
    expect(second.text).toContain("Ada replied: Third answer");
    expect(second.text).not.toContain("First answer");
    // Nothing more pending: another run sends nothing, and forgets the thread once it is quiet.
    expect(await sendDueReplyMail(later(3 * REPLY_MAIL_WINDOW_MS))).toBe(0);
    expect(await row(`SELECT count(*) AS n FROM reply_mail_batches WHERE user_id = ?`, author.id)).toEqual({ n: 0 });
  });

  it("keeps threads apart: a reply in another thread is mailed at once", async () => {
    const author = await createActor();
    const replier = await createActor({ displayName: "Replier" });
    const one = await createTestPost(author, { title: "One" });
    const two = await createTestPost(author, { title: "Two" });
    await createReply({ actor: replier, postId: one.id, input: { content: "On one" } });
    await sendDueReplyMail(new Date());
    await createReply({ actor: replier, postId: two.id, input: { content: "On two" } });
    await sendDueReplyMail(new Date());
    expect((await pendingMailTo(author.email)).map((mail) => mail.subject)).toEqual(['Replier replied in "One"', 'Replier replied in "Two"']);
  });

  it("mails the author of the reply answered, saying so", async () => {
    const author = await createActor();
    const answered = await createActor();
    const replier = await createActor({ displayName: "Nested" });
    const post = await createTestPost(author, { title: "Nesting" });
    const parent = await createReply({ actor: answered, postId: post.id, input: { content: "Parent" } });
    await sendDueReplyMail(new Date());
    await createReply({ actor: replier, postId: post.id, input: { content: "Child", parentReplyId: parent.id } });
    await sendDueReplyMail(new Date());
    const [mail] = await pendingMailTo(answered.email);
    expect(mail.text).toContain("Nested replied to your reply: Child");
  });

  it("never mails a member about their own reply", async () => {
    const author = await createActor();
    const post = await createTestPost(author);
    await createReply({ actor: author, postId: post.id, input: { content: "Talking to myself" } });
    expect(await sendDueReplyMail(later(1_000))).toBe(0);
    expect(await pendingMailTo(author.email)).toHaveLength(0);
  });

  it("never mails a reply from a member the recipient blocked, even one blocked while the e-mail waited", async () => {
    const author = await createActor();
    const blocked = await createActor({ displayName: "Blocked" });
    const later1 = await createActor({ displayName: "Blocked Later" });
    const friend = await createActor({ displayName: "Friend" });
    await blockMember({ blocker: author, memberId: blocked.id });
    const post = await createTestPost(author, { title: "Blocks" });
    await createReply({ actor: blocked, postId: post.id, input: { content: "Unwanted" } });
    expect(await sendDueReplyMail(later(1_000))).toBe(0);

    await createReply({ actor: later1, postId: post.id, input: { content: "Soon blocked" } });
    await createReply({ actor: friend, postId: post.id, input: { content: "Welcome" } });
    await blockMember({ blocker: author, memberId: later1.id });
    expect(await sendDueReplyMail(later(1_000))).toBe(1);
    const [mail] = await pendingMailTo(author.email);
    expect(mail.text).toContain("Friend replied: Welcome");
    expect(mail.text).not.toContain("Soon blocked");
    expect(mail.text).not.toContain("Unwanted");
  });

  it("sends nothing when the member switched reply e-mails off, nor to a suspended member; an unverified address gets it", async () => {
    const optedOut = await createActor();
    const unverified = await createActor({ emailVerifiedAt: null });
    const suspended = await createActor();
    const replier = await createActor();
    await setMailPreference(optedOut.id, "replies", false);
    for (const author of [optedOut, unverified, suspended]) {
      const post = await createTestPost(author);
      if (author === suspended) await run(`UPDATE users SET suspended_until = ? WHERE id = ?`, Date.now() + 86_400_000, suspended.id);
      await createReply({ actor: replier, postId: post.id, input: { content: "Hello" } });
    }
    expect(await sendDueReplyMail(later(1_000))).toBe(1);
    for (const author of [optedOut, suspended]) expect(await pendingMailTo(author.email)).toHaveLength(0);
    expect(await pendingMailTo(unverified.email)).toHaveLength(1);
  });
});

describe("mention e-mails", () => {
  it("mails a mentioned member at once, never the author, not again for an edit", async () => {
    const author = await createActor({ displayName: "Mentioner" });
    const mentioned = await createActor();
    const post = await createTestPost(author, { title: "Calling", content: `Hey @${mentioned.username}, and me @${author.username}` });
    const [mail] = await pendingMailTo(mentioned.email, "mentions");
    expect(mail.subject).toBe('Mentioner mentioned you in "Calling"');
    expect(mail.text).toContain(`http://localhost:3000/post/${post.id}`);
    expect(await pendingMailTo(author.email, "mentions")).toHaveLength(0);
    await createReply({ actor: author, postId: post.id, input: { content: `Again @${mentioned.username}` } });
    expect(await pendingMailTo(mentioned.email, "mentions")).toHaveLength(2); // the reply is another place
  });

  it("respects the mentions preference and blocks", async () => {
    const author = await createActor();
    const optedOut = await createActor();
    const blocker = await createActor();
    await setMailPreference(optedOut.id, "mentions", false);
    await blockMember({ blocker, memberId: author.id });
    await createTestPost(author, { content: `@${optedOut.username} @${blocker.username}` });
    expect(await pendingMailTo(optedOut.email, "mentions")).toHaveLength(0);
    expect(await pendingMailTo(blocker.email, "mentions")).toHaveLength(0);
  });
});

describe("a reply e-mail over real SMTP", () => {
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("arrives with List-Unsubscribe headers, and the one-click unsubscribe stops the next one", async () => {
    const author = await createActor({ displayName: "Smtp Author" });
    const replier = await createActor({ displayName: "Smtp Replier" });
    const post = await createTestPost(author, { title: "Over the wire" });
    await createReply({ actor: replier, postId: post.id, input: { content: "Delivered for real" } });
    const firstRun = new Date();
    await sendDueReplyMail(firstRun);
    await deliverAllTo(smtp);
    const mail = await smtp.nextMessage();
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toBe(author.email);
    expect(mail.subject).toBe('Smtp Replier replied in "Over the wire"');
    expect(mail.text).toContain("Delivered for real");
    expect(mail.html).toContain(`/post/${post.id}#reply-`);
    const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line ?? "";
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const link = /<(http[^>]+)>/.exec(header("list-unsubscribe"))![1];
    expect(mail.text).toContain(link);

    // The mail provider's one-click POST (RFC 8058): no cookie, no JavaScript.
    const url = new URL(link);
    const oneClick = new Request(`http://localhost${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    await unsubscribeAction(routeArgs(oneClick));

    await createReply({ actor: replier, postId: post.id, input: { content: "Not delivered" } });
    expect(await sendDueReplyMail(new Date(firstRun.getTime() + REPLY_MAIL_WINDOW_MS + 1_000))).toBe(0);
    await deliverAllTo(smtp);
    await expect(smtp.nextMessage(500)).rejects.toThrow("no mail arrived");
  });
});
