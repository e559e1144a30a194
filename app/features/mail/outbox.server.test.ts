import { simpleParser } from "mailparser";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { action as forgotPasswordApi } from "~/routes/api.auth.forgot-password";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { createMember, routeArgs } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { backoffAfter, CLAIM_LEASE_MS, deliverDueMail, enqueueMail, getOutboxSummary, GIVEN_UP_ERROR, hasDueMail, MAX_ATTEMPTS, MAX_UNFINISHED_CLAIMS } from "./outbox.server";
import { enqueueNotificationMail, isMailEnabled } from "./preferences.server";
import { startTestSmtpServerForFile } from "./test-helpers";
import { createFileTransport, createMailTransport, type MailTransport, type OutgoingMessage } from "./transport.server";
import { restartDatabase } from "~/test/db";

const smtp = startTestSmtpServerForFile();

const outboxRow = async (id: number) => (await readDb().select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id)))[0];
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
async function drain() {
  await write((tx) => tx.update(schema.mailOutbox).set({ status: "sent" }).where(eq(schema.mailOutbox.status, "pending")));
}

describe("the mail outbox over real SMTP", () => {
  it("delivers a message with a plain-text and an HTML part, from the community", async () => {
    await drain();
    smtp.mode = "accept";
    const id = await enqueueMail({ to: "reader@example.com", subject: "Hello", kind: "test", content: { heading: "Hi there", paragraphs: ["A <b>plain</b> line."] } });
    expect((await outboxRow(id)).status).toBe("pending");
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    const mail = await smtp.nextMessage();
    expect(mail.subject).toBe("Hello");
    expect(mail.from?.text).toContain("Quads");
    expect(mail.text).toContain("A <b>plain</b> line.");
    expect(mail.html).toContain("A &lt;b&gt;plain&lt;/b&gt; line.");
    expect(mail.html).toContain("Quads");
    expect((await outboxRow(id))).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    // Its own Message-ID, the same on every attempt (a second copy is the same message to the reader's mail system).
    expect(mail.messageId).toMatch(new RegExp(`^<outbox-${id}-\\d+@localhost>$`));
  });

  it("keeps a refused message, records the error, and retries after the backoff", async () => {
    await drain();
    smtp.mode = "refuse";
    const id = await enqueueMail({ to: "later@example.com", subject: "Retry me", kind: "test", text: "t", html: "<p>t</p>" });
    const start = new Date();
    expect(await deliver(start)).toEqual({ sent: 0, failed: 1 });
    const refused = await outboxRow(id);
    expect(refused).toMatchObject({ status: "pending", attempts: 1 });
    expect(refused.lastError).toMatch(/451|busy/i);
    expect(refused.nextAttemptAt.getTime()).toBe(start.getTime() + backoffAfter(1));
    // Not due yet: nothing is tried.
    expect(await deliver(new Date(start.getTime() + 1000))).toEqual({ sent: 0, failed: 0 });
    smtp.mode = "accept";
    expect(await deliver(new Date(start.getTime() + backoffAfter(1)))).toEqual({ sent: 1, failed: 0 });
    expect((await smtp.nextMessage()).subject).toBe("Retry me");
    expect((await outboxRow(id))).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives up after MAX_ATTEMPTS: the message is failed with its last error", async () => {
    await drain();
    smtp.mode = "refuse";
    const id = await enqueueMail({ to: "never@example.com", subject: "Doomed", kind: "test", text: "t", html: "<p>t</p>" });
    let now = Date.now();
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await deliver(new Date(now));
      now += backoffAfter(attempt);
    }
    expect((await outboxRow(id))).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
    expect((await outboxRow(id)).lastError).toMatch(/451|busy/i);
    expect((await getOutboxSummary()).counts.failed).toBeGreaterThanOrEqual(1);
    smtp.mode = "accept";
  });

  it("survives a restart: a message enqueued before the process stopped is delivered after", async () => {
    await drain();
    smtp.mode = "accept";
    const id = await enqueueMail({ to: "durable@example.com", subject: "Still here", kind: "test", text: "t", html: "<p>t</p>" });
    await restartDatabase(); // the process stops and starts again, as a new process would
    expect((await outboxRow(id)).status).toBe("pending");
    expect(await deliver()).toEqual({ sent: 1, failed: 0 });
    expect((await smtp.nextMessage()).subject).toBe("Still here");
  });

  it("keeps requests fast while the SMTP server hangs", async () => {
    await drain();
    smtp.mode = "hang";
    const id = await enqueueMail({ to: "slow@example.com", subject: "Hanging", kind: "test", text: "t", html: "<p>t</p>" });
    const delivery = deliver(new Date(), 1_500); // the sender is stuck on this message
    const member = await createMember();
    const started = Date.now();
    const response = await forgotPasswordApi(
      routeArgs(new Request("http://localhost/api/auth/forgot-password", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: member.email }) })),
    );
    expect(response.status).toBe(202);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await delivery).toEqual({ sent: 0, failed: 1 });
    expect((await outboxRow(id)).lastError).toMatch(/timeout/i);
    smtp.mode = "accept";
  });
});

/** A transport that records what it sends and takes a turn of the event loop per message (as SMTP would). */
function recordingTransport(onSend: (message: OutgoingMessage) => void = () => {}): MailTransport & { sent: OutgoingMessage[] } {
  const sent: OutgoingMessage[] = [];
  return {
    sent,
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(message);
      onSend(message);
    },
    close() {},
  };
}

describe("claiming due messages (the async data layer)", () => {
  it("sends each message once when two senders deliver at the same time", async () => {
    await drain();
    const ids = await Promise.all(Array.from({ length: 25 }, (_, index) => enqueueMail({ to: `twice-${index}@example.com`, subject: `Once ${index}`, kind: "test", text: "t", html: "<p>t</p>" })));
    const first = recordingTransport();
    const second = recordingTransport();
    const now = new Date();
    const rounds = await Promise.all([deliverDueMail({ transport: first, now }), deliverDueMail({ transport: second, now }), deliverDueMail({ transport: first, now })]);
    const sentTo = [...first.sent, ...second.sent].map((message) => message.to).sort();
    expect(sentTo).toEqual(ids.map((_, index) => `twice-${index}@example.com`).sort());
    expect(rounds.reduce((total, round) => total + round.sent, 0)).toBe(25);
    for (const id of ids) expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await hasDueMail(now)).toBe(false);
  });

  it("claims in one statement: a claimed message is not due again until its backoff, oldest first", async () => {
    await drain();
    const older = await enqueueMail({ to: "older@example.com", subject: "Older", kind: "test", text: "t", html: "<p>t</p>" });
    const newer = await enqueueMail({ to: "newer@example.com", subject: "Newer", kind: "test", text: "t", html: "<p>t</p>" });
    const now = new Date();
    const transport = recordingTransport();
    await deliverDueMail({ transport, now });
    expect(transport.sent.map((message) => message.subject)).toEqual(["Older", "Newer"]);
    expect(await outboxRow(older)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await outboxRow(newer)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("hands the claimed rest back when stopping: its attempt is given back and it is due at once", async () => {
    await drain();
    const first = await enqueueMail({ to: "first@example.com", subject: "First", kind: "test", text: "t", html: "<p>t</p>" });
    const second = await enqueueMail({ to: "second@example.com", subject: "Second", kind: "test", text: "t", html: "<p>t</p>" });
    let isStopping = false;
    const now = new Date();
    const result = await deliverDueMail({ transport: recordingTransport(() => (isStopping = true)), now, isStopping: () => isStopping });
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(await outboxRow(first)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await outboxRow(second)).toMatchObject({ status: "pending", attempts: 0, nextAttemptAt: now });
    expect(await hasDueMail(now)).toBe(true);
  });

  it("claims under a lease: a message whose sender died is not claimed again before the lease ends, and is after it", async () => {
    await drain();
    const id = await enqueueMail({ to: "dead-box@example.com", subject: "Dead box", kind: "test", text: "t", html: "<p>t</p>" });
    const now = new Date();
    // The first sender's send never ends (its box was killed during it): nothing is recorded.
    const dead: MailTransport = { send: () => new Promise<void>(() => {}), close() {} };
    void deliverDueMail({ transport: dead, now });
    await vi.waitFor(async () => expect(await outboxRow(id)).toMatchObject({ attempts: 1, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) }));
    const other = recordingTransport();
    expect(await deliverDueMail({ transport: other, now: new Date(now.getTime() + CLAIM_LEASE_MS - 1) })).toEqual({ sent: 0, failed: 0 });
    expect(await deliverDueMail({ transport: other, now: new Date(now.getTime() + CLAIM_LEASE_MS) })).toEqual({ sent: 1, failed: 0 });
    expect(other.sent.map((message) => message.subject)).toEqual(["Dead box"]);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("starts a send only while enough of the lease is left: the rest of the batch is handed back, due at once", async () => {
    await drain();
    const ids = await Promise.all(Array.from({ length: 10 }, (_, index) => enqueueMail({ to: `slow-${index}@example.com`, subject: `Slow ${index}`, kind: "test", text: "t", html: "<p>t</p>" })));
    const now = new Date();
    const slow: MailTransport & { sent: number } = {
      sent: 0,
      async send() {
        await new Promise((resolve) => setTimeout(resolve, 60));
        slow.sent += 1;
      },
      close() {},
    };
    // A lease of 400 ms, a send needing at most 200: about four sends start, never one that could outlast the lease.
    const result = await deliverDueMail({ transport: slow, now, leaseMs: 400, longestSendMs: 200 });
    expect(result.sent).toBeGreaterThan(0);
    expect(result.sent).toBeLessThan(10);
    const rows = await Promise.all(ids.map(outboxRow));
    const handedBack = rows.filter((row) => row.status === "pending");
    expect(handedBack).toHaveLength(10 - result.sent);
    for (const row of handedBack) expect(row).toMatchObject({ attempts: 0, nextAttemptAt: now });
  });

  it("never records a late outcome over a newer claim of the same message", async () => {
    await drain();
    const id = await enqueueMail({ to: "late@example.com", subject: "Late", kind: "test", text: "t", html: "<p>t</p>" });
    const now = new Date();
    let failLate!: () => void;
    const late: MailTransport = { send: () => new Promise<void>((_, reject) => (failLate = () => reject(new Error("late failure")))), close() {} };
    const first = deliverDueMail({ transport: late, now });
    await vi.waitFor(() => expect(failLate).toBeTypeOf("function"));
    // The lease ran out (a paused box): another sender claimed it again and sent it.
    const other = recordingTransport();
    expect(await deliverDueMail({ transport: other, now: new Date(now.getTime() + CLAIM_LEASE_MS) })).toEqual({ sent: 1, failed: 0 });
    failLate();
    expect(await first).toEqual({ sent: 0, failed: 1 });
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("gives up a message whose sends never come back (a crash loop), alone, without taking its batch down with it", async () => {
    await drain();
    const poison = await enqueueMail({ to: "poison@example.com", subject: "Poison", kind: "test", text: "t", html: "<p>t</p>" });
    const innocent = await enqueueMail({ to: "innocent@example.com", subject: "Innocent", kind: "test", text: "t", html: "<p>t</p>" });
    const start = Date.now();
    const at = (leases: number) => new Date(start + leases * CLAIM_LEASE_MS);
    // The poison message's send never ends (it kills or hangs its sender every time); the others go.
    const sent: string[] = [];
    const transport: MailTransport = {
      send: (message) => (message.to === "poison@example.com" ? new Promise<void>(() => {}) : Promise.resolve(void sent.push(message.to))),
      close() {},
    };
    const claimsOf = async (id: number) => (await outboxRow(id)).unfinishedClaims;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      // First try: both claimed in one batch; the sender dies on the poison one, before the other.
      void deliverDueMail({ transport, now: at(0) });
      await vi.waitFor(async () => expect(await claimsOf(innocent)).toBe(1));
      expect(await claimsOf(poison)).toBe(1);
      // After the lease each suspect goes alone: the poison one hangs again, the other is sent.
      void deliverDueMail({ transport, now: at(1) });
      await vi.waitFor(async () => expect(await claimsOf(poison)).toBe(2));
      expect(await deliverDueMail({ transport, now: at(1) })).toEqual({ sent: 1, failed: 0 });
      expect(sent).toEqual(["innocent@example.com"]);
      expect(await outboxRow(innocent)).toMatchObject({ status: "sent", attempts: 2, unfinishedClaims: 0 });
      void deliverDueMail({ transport, now: at(2) });
      await vi.waitFor(async () => expect(await claimsOf(poison)).toBe(MAX_UNFINISHED_CLAIMS));
      // MAX_UNFINISHED_CLAIMS tries without an outcome: failed, logged once, never claimed again.
      expect(await deliverDueMail({ transport, now: at(3) })).toEqual({ sent: 0, failed: 0 });
      const given = await outboxRow(poison);
      expect(given).toMatchObject({ status: "failed", attempts: MAX_UNFINISHED_CLAIMS });
      expect(given.lastError).toBe(GIVEN_UP_ERROR);
      expect(await deliverDueMail({ transport, now: at(10) })).toEqual({ sent: 0, failed: 0 });
      const logged = errors.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"mail_given_up"'));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0])).toMatchObject({ level: "error", outboxId: poison, kind: "test" });
      expect(await hasDueMail(at(10))).toBe(false);
      expect((await getOutboxSummary()).recent.find((row) => row.id === poison)).toMatchObject({ status: "failed", lastError: GIVEN_UP_ERROR });
    } finally {
      errors.mockRestore();
    }
  });

  it("counts a claim with no outcome as an attempt: MAX_ATTEMPTS in all, failures and lost sends together", async () => {
    await drain();
    smtp.mode = "refuse";
    const id = await enqueueMail({ to: "mixed@example.com", subject: "Mixed", kind: "test", text: "t", html: "<p>t</p>" });
    let now = Date.now();
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      await deliver(new Date(now));
      now += backoffAfter(attempt);
    }
    smtp.mode = "accept";
    expect(await outboxRow(id)).toMatchObject({ status: "pending", attempts: MAX_ATTEMPTS - 1, unfinishedClaims: 0 });
    expect((await outboxRow(id)).lastError).toMatch(/451|busy/i);
    // The last attempt's sender dies during the send.
    void deliverDueMail({ transport: { send: () => new Promise<void>(() => {}), close() {} }, now: new Date(now) });
    await vi.waitFor(async () => expect(await outboxRow(id)).toMatchObject({ attempts: MAX_ATTEMPTS, unfinishedClaims: 1 }));
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await deliver(new Date(now + CLAIM_LEASE_MS))).toEqual({ sent: 0, failed: 0 });
    } finally {
      errors.mockRestore();
    }
    const given = await outboxRow(id);
    expect(given.status).toBe("failed");
    expect(given.lastError?.startsWith(`${GIVEN_UP_ERROR} (before: `)).toBe(true);
    expect(given.lastError).toMatch(/451|busy/i);
  });

  it("enqueues inside the caller's unit of work: a rolled-back action leaves no message", async () => {
    await drain();
    const pending = async () => (await getOutboxSummary()).counts.pending;
    await expect(
      write(async () => {
        await enqueueMail({ to: "rolled@example.com", subject: "Never", kind: "test", text: "t", html: "<p>t</p>" });
        expect(await enqueueMail({ to: "rolled@example.com", subject: "Never either", kind: "test", text: "t", html: "<p>t</p>" })).toBeGreaterThan(0);
        expect(await pending()).toBe(2);
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect(await pending()).toBe(0);
    expect(await hasDueMail()).toBe(false);
  });
});

describe("notification mail and the one-click unsubscribe", () => {
  it("carries List-Unsubscribe headers and a link that unsubscribes signed out (RFC 8058 POST)", async () => {
    await drain();
    smtp.mode = "accept";
    const member = await createMember();
    const id = await enqueueNotificationMail({ user: member, kind: "replies", subject: "New reply", content: { heading: "Someone replied", paragraphs: ["Hello"] } });
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
    expect(await isMailEnabled(member.id, "replies")).toBe(true);
    // The mail provider's one-click POST: no cookie, no JavaScript.
    const url = new URL(link);
    const oneClick = new Request(`http://localhost${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const result = (await unsubscribeAction(routeArgs(oneClick))) as { done: string };
    expect(result.done).toBe("Replies to my posts and replies");
    expect(await isMailEnabled(member.id, "replies")).toBe(false);
    expect(await enqueueNotificationMail({ user: member, kind: "replies", subject: "Another", content: { heading: "x", paragraphs: [] } })).toBeNull();
    expect(await isMailEnabled(member.id, "mentions")).toBe(true);
  });

  it("refuses a tampered token with 400", async () => {
    const member = await createMember();
    const forged = new Request(`http://localhost/unsubscribe?token=${member.id}.mentions.AAAA`, { method: "POST", body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }) });
    const result = (await unsubscribeAction(routeArgs(forged))) as unknown as { init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(await isMailEnabled(member.id, "mentions")).toBe(true);
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
