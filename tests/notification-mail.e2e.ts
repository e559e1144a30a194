/**
 * Notification e-mails through the real server, with JavaScript on and off (docs/accounts.md,
 * "Notification e-mails"): a reply posted in the browser reaches the post's author as an e-mail
 * (the mail worker's scheduled job, then its sender writing an .eml file), with List-Unsubscribe
 * headers; the unsubscribe link works signed out, and the next reply is not mailed.
 */
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, goto, jsModes, pagePerTest, visible } from "./support/browser";
import { withDatabase } from "./support/db";
import { apiCall, createApiMember, createPostViaApi, signInContext, uniqueToken } from "./support/discussions";
import { waitForMail } from "./support/mail";

const browser = browserPerFile();
const baseURL = inject("baseURL");

/** Members registered through the API are unverified; notification mail needs a verified address. */
function markVerified(email: string) {
  withDatabase((db) => db.prepare(`UPDATE users SET email_verified_at = ? WHERE lower(email) = lower(?)`).run(Date.now(), email));
}

function pendingReplyBatches(userId: string): number {
  return withDatabase((db) => (db.prepare(`SELECT count(*) AS n FROM reply_mail_batches WHERE user_id = ? AND send_at IS NOT NULL`).get(userId) as { n: number }).n);
}

describe.each(jsModes)("notification e-mails ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("mails the author a reply with List-Unsubscribe headers; unsubscribing stops the next one", async () => {
    const token = uniqueToken();
    const author = await createApiMember(baseURL);
    const replier = await createApiMember(baseURL, { displayName: `Replier ${token}` });
    markVerified(author.email);
    const post = await createPostViaApi(baseURL, author, { title: `Mailed ${token}` });
    const started = Date.now();

    await signInContext(context(), baseURL, replier);
    await goto(page(), `/post/${post.id}`);
    await page().getByLabel("Your reply").fill(`An answer worth an e-mail ${token}`);
    await page().getByRole("button", { name: "Post Reply" }).click();
    await visible(page().getByText(`An answer worth an e-mail ${token}`));

    const mail = await waitForMail(author.email, new RegExp(`replied in "Mailed ${token}"`), { after: started, timeoutMs: 30_000 });
    expect(mail.text).toContain(`An answer worth an e-mail ${token}`);
    expect(mail.text).toContain(`/post/${post.id}#reply-`);
    const header = (key: string) => mail.headerLines.find((line) => line.key === key)?.line ?? "";
    expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    const link = new URL(/<(http[^>]+)>/.exec(header("list-unsubscribe"))![1]);

    // Signed out, as from a mail program: the page asks, the button unsubscribes.
    await context().clearCookies();
    await goto(page(), `${link.pathname}${link.search}`);
    await page().getByRole("button", { name: "Unsubscribe" }).click();
    await visible(page().getByTestId("unsubscribe-done"));

    expect((await apiCall(baseURL, replier, "POST", `/api/posts/${post.id}/replies`, { content: "Not mailed" })).status).toBe(201);
    expect(pendingReplyBatches(author.id)).toBe(0);
  });
});
