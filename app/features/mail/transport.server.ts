/**
 * Where a message goes: SMTP (SMTP_URL, through Nodemailer) or, without SMTP_URL, an .eml file
 * under data/mail/ beside the database with one log line naming it (docs/accounts.md). Only the
 * mail sender (sender.server.ts) calls this; requests enqueue (outbox.server.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import { getEnv } from "~/utils/env.server";

/** One message; `messageId` is its own Message-ID header (the same on every attempt: outbox.server.ts). */
export type OutgoingMessage = { to: string; subject: string; text: string; html: string; headers: Record<string, string>; messageId?: string };

/** Delivers one message or throws (the sender records the error and retries). */
export type MailTransport = { send(message: OutgoingMessage): Promise<void>; close(): void };

/** How long one SMTP exchange may take before it counts as failed (a hanging server). */
const SMTP_TIMEOUT_MS = 20_000;

/** The transport the configuration names: SMTP when SMTP_URL is set, otherwise .eml files. */
export function createMailTransport(options: { smtpUrl?: string; timeoutMs?: number } = {}): MailTransport {
  const env = getEnv();
  const smtpUrl = options.smtpUrl ?? env.SMTP_URL;
  return smtpUrl ? createSmtpTransport(smtpUrl, options.timeoutMs ?? SMTP_TIMEOUT_MS) : createFileTransport(env.mailDirectory);
}

function createSmtpTransport(url: string, timeoutMs: number): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    // A plain smtp:// server on localhost (a relay, the tests' server) may offer no TLS.
    tls: { rejectUnauthorized: !isLocalHost(url) },
  });
  return {
    async send(message) {
      await transporter.sendMail({ from: getEnv().MAIL_FROM, ...message });
    },
    close() {
      transporter.close();
    },
  };
}

function isLocalHost(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

let fileCounter = 0;

/** Writes each message (RFC 822 bytes from Nodemailer's stream transport) to `directory` and logs its path. */
export function createFileTransport(directory: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transporter.sendMail({ from: getEnv().MAIL_FROM, ...message });
      mkdirSync(directory, { recursive: true });
      fileCounter += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(directory, `${stamp}-${process.pid}-${fileCounter}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      process.stdout.write(
        JSON.stringify({ time: new Date().toISOString(), pid: process.pid, level: "info", msg: "mail written to a file (no SMTP_URL)", to: message.to, subject: message.subject, file }) + "\n",
      );
    },
    close() {
      transporter.close();
    },
  };
}
