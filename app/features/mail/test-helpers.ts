/**
 * Tests only: a real SMTP server (smtp-server, from the Nodemailer project) inside the test
 * process, whose received mail is parsed with mailparser. `mode` decides how it answers:
 * accept, refuse with a temporary error (451), or hang (never answer the message).
 */
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll } from "vitest";
import { deliverDueMail } from "./outbox.server";
import { createMailTransport } from "./transport.server";

export type SmtpMode = "accept" | "refuse" | "hang";

export type TestSmtpServer = {
  url: string;
  received: ParsedMail[];
  mode: SmtpMode;
  /** Accept this many messages in all, then hang on every next one (a box dying mid-send); undefined: as `mode` says. */
  hangAfter: number | undefined;
  /** Messages whose data arrived and that are never answered (mode "hang", or past `hangAfter`). */
  readonly hanging: number;
  /** Resolves with the next message received (or one already waiting). */
  nextMessage(timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
};

/** A test SMTP server started before a test file's tests and closed after them. */
export function startTestSmtpServerForFile(mode: SmtpMode = "accept"): TestSmtpServer {
  let server: TestSmtpServer | undefined;
  beforeAll(async () => {
    server = await startTestSmtpServer(mode);
  });
  afterAll(async () => {
    await server?.close();
  });
  const current = () => {
    if (!server) throw new Error("The test SMTP server starts in beforeAll.");
    return server;
  };
  return {
    get url() {
      return current().url;
    },
    get received() {
      return current().received;
    },
    get mode() {
      return current().mode;
    },
    set mode(next: SmtpMode) {
      current().mode = next;
    },
    get hangAfter() {
      return current().hangAfter;
    },
    set hangAfter(count: number | undefined) {
      current().hangAfter = count;
    },
    get hanging() {
      return current().hanging;
    },
    nextMessage: (timeoutMs) => current().nextMessage(timeoutMs),
    close: () => current().close(),
  };
}

export async function startTestSmtpServer(mode: SmtpMode = "accept"): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const state = { mode, hangAfter: undefined as number | undefined, hanging: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      if (state.mode === "hang" || (state.hangAfter !== undefined && received.length >= state.hangAfter)) {
        state.hanging += 1;
        stream.resume();
        return; // never answers
      }
      simpleParser(stream)
        .then((mail) => {
          if (state.mode === "refuse") {
            const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
            callback(error);
            return;
          }
          received.push(mail);
          callback();
          for (const wake of waiters.splice(0)) wake();
        })
        .catch((error: Error) => callback(error));
    },
  });
  // A client killed in the middle of a send (test-support/several-boxes.ts) resets its connection:
  // the server reports it here; unheard, it would be an uncaught exception in the test run.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const handle: TestSmtpServer = {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get mode() {
      return state.mode;
    },
    set mode(next: SmtpMode) {
      state.mode = next;
    },
    get hangAfter() {
      return state.hangAfter;
    },
    set hangAfter(count: number | undefined) {
      state.hangAfter = count;
    },
    get hanging() {
      return state.hanging;
    },
    async nextMessage(timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length <= taken) {
        if (Date.now() > deadline) throw new Error("no mail arrived");
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      taken += 1;
      return received[taken - 1];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return handle;
}

/** The token of the first `?token=` link in a message's text part. */
export function tokenFromMail(mail: ParsedMail): string {
  const match = /[?&]token=([\w-]+)/.exec(mail.text ?? "");
  if (!match) throw new Error(`no link with a token in:\n${mail.text}`);
  return match[1];
}

/** Delivers every due outbox message to the test SMTP server, then closes the transport. */
export async function deliverAllTo(smtp: TestSmtpServer): Promise<void> {
  const transport = createMailTransport({ smtpUrl: smtp.url });
  try {
    await deliverDueMail({ transport });
  } finally {
    transport.close();
  }
}
