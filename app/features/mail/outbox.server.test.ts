import { simpleParser } from "mailparser";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as forgotPasswordApi } from "~/routes/api.auth.forgot-password";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { createMember, routeArgs } from "~/test/factories";
import { closeDb, getDb, schema } from "~/utils/db.server";
import { backoffAfter, deliverDueMail, enqueueMail, getOutboxSummary, MAX_ATTEMPTS } from "./outbox.server";
import { enqueueNotificationMail, isMailEnabled } from "./preferences.server";
import { startTestSmtpServerForFile } from "./test-helpers";
import { createFileTransport, createMailTransport } from "./transport.server";

const smtp = startTestSmtpServerForFile();

const outboxRow = (id: number) => getDb().select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id)).get()!;
/** Delivers everything due now, through the test SMTP server. */
async function deliver(now = new Date(), timeoutMs = 5_000) {
  const transport = createMailTransport({ smtpUrl: smtp.url, timeoutMs });
  try {
    return await deliverDueMail({ transport, now });
  } finally {
    transport.close();
  }
}
/** Marks every pending message sent, so each test starts with an empty queue. */
function drain() {
  getDb().update(schema.mailOutbox).set({ status: "sent" }).where(eq(schema.mailOutbox.status, "pending")).run();
}

describe("the mail outbox over real SMTP", () => {
  it("delivers a message with a plain-text and an HTML part, from the community", async () => {
    drain();
    smtp.mode = "accept";
    const id = enqueueMail({ to: "reader@example.com", subject: "Hello", kind: "test", content: { heading: "Hi there", paragraphs: ["A <b>plain</b> line."] } });
    expect(outboxRow(id).status).toBe("pending");
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.nextMessage();
    expect(mail.subject).toBe("Hello");
    expect(mail.from?.text).toContain("Quads");
    expect(mail.text).toContain("A <b>plain</b> line.");
    expect(mail.html).toContain("A &lt;b&gt;plain&lt;/b&gt; line.");
    expect(mail.html).toContain("Quads");
    expect(outboxRow(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("keeps a refused message, records the error, and retries after the backoff", async () => {
    drain();
    smtp.mode = "refuse";
    const id = enqueueMail({ to: "later@example.com", subject: "Retry me", kind: "test", text: "t", html: "<p>t</p>" });
    const start = new Date();
    expect(await deliver(start)).toEqual({ sent: 0, failed: 1 });
    const refused = outboxRow(id);
    expect(refused).toMatchObject({ status: "pending", attempts: 1 });
    expect(refused.lastError).toMatch(/451|busy/i);
    expect(refused.nextAttemptAt.getTime()).toBe(start.getTime() + backoffAfter(1));
    // Not due yet: nothing is tried.
    expect(await deliver(new Date(start.getTime() + 1000))).toEqual({ sent: 0, failed: 0 });
    smtp.mode = "accept";
    expect(await deliver(new Date(start.getTime() + backoffAfter(1)))).toEqual({ sent: 1, failed: 0 });
    expect((await smtp.nextMessage()).subject).toBe("Retry me");
    expect(outboxRow(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives up after MAX_ATTEMPTS: the message is failed with its last error", async () => {
    drain();
    smtp.mode = "refuse";
    const id = enqueueMail({ to: "never@example.com", subject: "Doomed", kind: "test", text: "t", html: "<p>t</p>" });
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await deliver(new Date(now));
      now += backoffAfter(attempt);
    }
    expect(outboxRow(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect(outboxRow(id).lastError).toMatch(/451|busy/i);
    expect(getOutboxSummary().counts.failed).toBeGreaterThanOrEqual(1);
    smtp.mode = "accept";
  });

  it("survives a restart: a message enqueued before the process stopped is delivered after", async () => {
    drain();
    smtp.mode = "accept";
    const id = enqueueMail({ to: "durable@example.com", subject: "Still here", kind: "test", text: "t", html: "<p>t</p>" });
    closeDb(); // the process stops; the next getDb() opens the file again, as a new process would
    expect(outboxRow(id).status).toBe("pending");
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect((await smtp.nextMessage()).subject).toBe("Still here");
  });

  it("keeps requests fast while the SMTP server hangs", async () => {
    drain();
    smtp.mode = "hang";
    const id = enqueueMail({ to: "slow@example.com", subject: "Hanging", kind: "test", text: "t", html: "<p>t</p>" });
    const delivery = deliver(new Date(), 1_500); // the sender is stuck on this message
    const member = await createMember();
    const started = Date.now();
    const response = await forgotPasswordApi(
      routeArgs(new Request("http://localhost/api/auth/forgot-password", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: member.email }) })),
    );
    expect(response.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await delivery).toEqual({ sent: 0, failed: 1 });
    expect(outboxRow(id).lastError).toMatch(/timeout/i);
    smtp.mode = "accept";
  });
});

describe("notification mail and the one-click unsubscribe", () => {
  it("carries List-Unsubscribe headers and a link that unsubscribes signed out (RFC 8058 POST)", async () => {
    drain();
    smtp.mode = "accept";
    const member = await createMember();
    const id = enqueueNotificationMail({ user: member, kind: "replies", subject: "New reply", content: { heading: "Someone replied", paragraphs: ["Hello"] } });
    expect(id).not.toBeNull();
    await deliver();
    const mail = await smtp.nextMessage();
    const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line ?? "";
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const link = /<(http[^>]+)>/.exec(header("list-unsubscribe"))![1];
    expect(mail.text).toContain(link);
    // A GET shows the page and changes nothing (link scanners).
    const page = (await unsubscribeLoader(routeArgs(new Request(link)))) as { label: string };
    expect(page.label).toBe("Replies to my posts and replies");
    expect(isMailEnabled(member.id, "replies")).toBe(true);
    // The mail provider's one-click POST: no cookie, no JavaScript.
    const url = new URL(link);
    const oneClick = new Request(`http://localhost${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const result = (await unsubscribeAction(routeArgs(oneClick))) as { done: string };
    expect(result.done).toBe("Replies to my posts and replies");
    expect(isMailEnabled(member.id, "replies")).toBe(false);
    expect(enqueueNotificationMail({ user: member, kind: "replies", subject: "Another", content: { heading: "x", paragraphs: [] } })).toBeNull();
    expect(isMailEnabled(member.id, "mentions")).toBe(true);
  });

  it("refuses a tampered token with 400", async () => {
    const member = await createMember();
    const forged = new Request(`http://localhost/unsubscribe?token=${member.id}.mentions.AAAA`, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    const result = (await unsubscribeAction(routeArgs(forged))) as unknown as { init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(isMailEnabled(member.id, "mentions")).toBe(true);
  });
});

describe("without SMTP_URL", () => {
  it("writes each message as an .eml file", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "quads-mail-"));
    const transport = createFileTransport(directory);
    await transport.send({ to: "file@example.com", subject: "On disk", text: "Plain body", html: "<p>HTML body</p>", headers: {} });
    const [file] = readdirSync(directory);
    expect(file).toMatch(/\.eml$/);
    const mail = await simpleParser(readFileSync(path.join(directory, file)));
    expect(mail.subject).toBe("On disk");
    expect(mail.text?.trim()).toBe("Plain body");
    expect(mail.html).toContain("HTML body");
  });
});
