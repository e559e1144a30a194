/**
 * The mail sender: one per box that runs a mail worker (docs/decisions/0074-mail-outbox.md; none
 * with MAIL_WORKER=false). In a cluster the primary forks one "mail" worker that runs it; with
 * WEB_CONCURRENCY=1 the single process does. Senders on several boxes share the outbox: each message
 * is claimed under a lease by one of them (docs/decisions/0110-background-work-once.md). It polls the
 * outbox with a read (no write while nothing is due), delivers what is due, and on SIGTERM stops
 * polling and waits for the message it is sending.
 */
import { logServerError } from "~/utils/errors.server";
import { deliverDueMail, hasDueMail } from "./outbox.server";
import { createMailTransport, type MailTransport } from "./transport.server";

const POLL_INTERVAL_MS = 1_000;
/** How long stopping waits for a message being sent; one cut off is retried when its claim's lease ends (outbox.server.ts). */
const STOP_WAIT_MS = 5_000;

type Running = { timer: NodeJS.Timeout | undefined; transport: MailTransport; inFlight: Promise<void> | undefined; isStopping: boolean; isAbandoned: boolean };
let running: Running | undefined;

/** Starts polling the outbox in this process (idempotent). */
export function startMailSender({
  pollIntervalMs = POLL_INTERVAL_MS,
  transport = createMailTransport(),
  leaseMs,
  longestSendMs,
}: { pollIntervalMs?: number; transport?: MailTransport; leaseMs?: number; longestSendMs?: number } = {}) {
  if (running) return;
  const state: Running = { timer: undefined, transport, inFlight: undefined, isStopping: false, isAbandoned: false };
  running = state;
  const tick = async () => {
    if (state.isStopping) return;
    try {
      while (!state.isStopping && (await hasDueMail())) {
        const { sent, failed } = await deliverDueMail({
          transport: state.transport,
          isStopping: () => state.isStopping,
          isAbandoned: () => state.isAbandoned,
          leaseMs,
          longestSendMs,
        });
        if (sent + failed === 0) break;
      }
    } catch (error) {
      logServerError(error);
    }
  };
  const schedule = () => {
    if (state.isStopping) return;
    state.timer = setTimeout(() => {
      state.inFlight = tick().finally(() => {
        state.inFlight = undefined;
        schedule();
      });
    }, pollIntervalMs);
  };
  schedule();
}

/** Stops the sender: no new round starts; a message being sent gets up to 5 s to finish. */
export async function stopMailSender(): Promise<void> {
  const state = running;
  if (!state) return;
  running = undefined;
  state.isStopping = true;
  if (state.timer) clearTimeout(state.timer);
  if (state.inFlight) {
    const finished = await Promise.race([state.inFlight.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), STOP_WAIT_MS).unref())]);
    // Still sending: record nothing once the database closes; the claimed messages are retried when their lease ends (by this box after its restart, or another).
    if (!finished) state.isAbandoned = true;
  }
  state.transport.close();
}
