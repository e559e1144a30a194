/** The Mail tab's 'Send test e-mail': to the admin's own address, through the outbox like every message. */
import { getEnv } from "~/utils/env.server";
import { enqueueMail } from "./outbox.server";

/** Enqueues a test message to the admin; returns the address. */
export async function sendTestEmail(admin: { email: string; displayName?: string }): Promise<{ to: string }> {
  const env = getEnv();
  await enqueueMail({
    to: admin.email,
    subject: `Test e-mail from ${env.COMMUNITY_NAME}`,
    kind: "test",
    content: {
      heading: "Your mail settings work",
      paragraphs: [
        `This test was sent from the admin panel of ${env.COMMUNITY_NAME}.`,
        env.SMTP_URL ? "It went out through your SMTP server (SMTP_URL)." : "No SMTP_URL is set, so it was written as an .eml file under data/mail/ on the server.",
      ],
    },
  });
  return { to: admin.email };
}
