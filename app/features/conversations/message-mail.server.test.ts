import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toCurrentUser } from "~/features/auth/auth.server";
import { deliverAllTo, startTestSmtpServer, type TestSmtpServer } from "~/features/mail/test-helpers";
import { action as unsubscribeAction } from "~/routes/unsubscribe";
import { createMember, routeArgs } from "~/test/factories";
import { rows, run } from "~/test/db";
import { leaveConversation, sendMessage, startConversation } from "./conversations.server";
import { MESSAGE_MAIL_WINDOW_MS, sendDueMessageMail } from "./message-mail.server";

type OutboxRow = { to: string; subject: string; text: string };
const pendingMailTo = async (email: string) =>
  (await rows(`SELECT "to", subject, text FROM mail_outbox WHERE "to" = ? AND kind = 'messages' AND status = 'pending' ORDER BY id`, email)) as OutboxRow[];
const member = async (displayName: string) => toCurrentUser(await createMember({ displayName }));

beforeEach(async () => {
  await run(`UPDATE mail_outbox SET status = 'sent' WHERE status = 'pending'`);
  await run(`DELETE FROM message_mail_batches`);
});

describe("private-message e-mails", () => {
  it("mails the other participants (never the sender) once per 15 minutes per conversation, folding later messages in", async () => {
    const ada = await member("Ada");
    const bob = await member("Bob");
    const cat = await member("Cat");
    const { id } = await startConversation({ actor: ada, input: { to: [bob.username, cat.username], content: "Hello both" } });
    const firstRun = new Date();
    expect(await sendDueMessageMail(firstRun)).toBe(2);
    expect(await pendingMailTo(ada.email)).toEqual([]);
    const [first] = await pendingMailTo(bob.email);
    expect(first.subject).toBe("Ada sent you a private message");
    expect(first.text).toContain("Ada: Hello both");
    expect(first.text).toContain(`/messages/${id}`);

    await sendMessage({ actor: ada, conversationId: id, input: { content: "One more" } });
    await sendMessage({ actor: cat, conversationId: id, input: { content: "Hi from Cat" } });
    // Ada had no e-mail about it yet: Cat's message goes at once; Bob and Cat wait for their window's end.
    expect(await sendDueMessageMail(new Date(firstRun.getTime() + 60_000))).toBe(1);
    expect(await sendDueMessageMail(new Date(firstRun.getTime() + MESSAGE_MAIL_WINDOW_MS - 1_000))).toBe(0);
    expect(await sendDueMessageMail(new Date(firstRun.getTime() + MESSAGE_MAIL_WINDOW_MS + 1_000))).toBe(2);
    const second = (await pendingMailTo(bob.email))[1];
    expect(second.subject).toBe("2 new private messages from Ada, Cat");
    expect(second.text).toContain("Ada: One more");
    expect(second.text).toContain("Cat: Hi from Cat");
    expect(second.text).not.toContain("Hello both");
    // Cat's own message is not mailed to Cat; Ada gets Cat's.
    expect((await pendingMailTo(cat.email))[1].text).not.toContain("Hi from Cat");
    expect((await pendingMailTo(ada.email))[0].text).toContain("Cat: Hi from Cat");

    // A member who left gets nothing more.
    await leaveConversation({ userId: bob.id, conversationId: id });
    await sendMessage({ actor: ada, conversationId: id, input: { content: "Bob left" } });
    await sendDueMessageMail(new Date(firstRun.getTime() + 3 * MESSAGE_MAIL_WINDOW_MS));
    expect(await pendingMailTo(bob.email)).toHaveLength(2);
  });

  describe("through a real SMTP server", () => {
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startTestSmtpServer();
    });
    afterAll(async () => {
      await smtp.close();
    });

    it("arrives with the one-click unsubscribe, which stops the next one", async () => {
      const ada = await member("Smtp Ada");
      const bob = await member("Smtp Bob");
      const { id } = await startConversation({ actor: ada, input: { to: [bob.username], content: "Delivered privately" } });
      const firstRun = new Date();
      await sendDueMessageMail(firstRun);
      await deliverAllTo(smtp);
      const mail = await smtp.nextMessage();
      expect(mail.subject).toBe("Smtp Ada sent you a private message");
      expect(mail.text).toContain("Delivered privately");
      const header = mail.headerLines.find((line) => line.key === "list-unsubscribe")?.line ?? "";
      const link = new URL(/<(http[^>]+)>/.exec(header)![1]);
      await unsubscribeAction(
        routeArgs(
          new Request(`http://localhost${link.pathname}${link.search}`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          }),
        ),
      );
      await sendMessage({ actor: ada, conversationId: id, input: { content: "Not delivered" } });
      expect(await sendDueMessageMail(new Date(firstRun.getTime() + MESSAGE_MAIL_WINDOW_MS + 1_000))).toBe(0);
      await deliverAllTo(smtp);
      await expect(smtp.nextMessage(500)).rejects.toThrow("no mail arrived");
    });
  });
});
