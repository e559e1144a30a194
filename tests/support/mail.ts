/**
 * The e2e server runs without SMTP_URL, so its mail worker writes every message as an .eml file
 * under data/mail/ beside its database (docs/accounts.md): these helpers wait for one and parse it.
 * On two boxes (QUADS_E2E_BOXES=2) each box's mail worker writes to its own folder, and whichever
 * claimed the message sent it: every folder is read (`inject("mailDirectories")`).
 */
import { simpleParser, type ParsedMail } from "mailparser";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/** Every .eml file the boxes wrote so far, with its path. */
function mailFiles(): string[] {
  return inject("mailDirectories").flatMap((directory) =>
    existsSync(directory) ? readdirSync(directory).filter((file) => file.endsWith(".eml")).map((file) => path.join(directory, file)) : [],
  );
}

/** Waits (15 s unless told) for a message to `to` whose subject matches, written at `after` (ms) or later; returns the newest, parsed. */
export async function waitForMail(to: string, subject: RegExp, { after = 0, timeoutMs = 15_000 }: { after?: number; timeoutMs?: number } = {}): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const candidates: { mail: ParsedMail; writtenAt: number }[] = [];
    for (const file of mailFiles()) {
      const writtenAt = statSync(file).mtimeMs;
      if (writtenAt < after) continue;
      const raw = readFileSync(file);
      if (!raw.includes(to)) continue;
      const mail = await simpleParser(raw);
      const recipients = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      if (recipients.some((address) => address.text.includes(to)) && subject.test(mail.subject ?? "")) candidates.push({ mail, writtenAt });
    }
    if (candidates.length) return candidates.sort((a, b) => b.writtenAt - a.writtenAt)[0].mail;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject} in ${inject("mailDirectories").join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The path and query of the first link to `pathname` in a message's text part (links use PUBLIC_URL). */
export function linkFromMail(mail: ParsedMail, pathname: string): string {
  const match = new RegExp(`https?://[^\\s/]+(${pathname.replace(/[/-]/g, "\\$&")}\\?token=[\\w-]+)`).exec(mail.text ?? "");
  if (!match) throw new Error(`no ${pathname} link in:\n${mail.text}`);
  return match[1];
}
