/**
 * Private conversations in a real browser, JavaScript on and off (docs/messages.md): from a
 * member's page 'Message' opens /messages/new with To filled in; a refused form comes back with
 * everything typed and the message; the sent conversation opens; the other member sees the
 * envelope's count, reads and answers; a reply, 'Report' on the other's message, 'Leave
 * conversation'. With JavaScript, a new message arrives in an open conversation without a reload.
 */
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, goto, jsModes, newContext, pagePerTest, pathOf, visible, waitForToast } from "./support/browser";
import { apiCall, createApiMember, signInContext, uniqueToken, type ApiMember } from "./support/discussions";

const browser = browserPerFile();
const baseURL = inject("baseURL");

const usernameOf = async (member: ApiMember) => (await apiCall<{ username: string }>(baseURL, member, "GET", "/api/auth/user")).json.username;

describe.each(jsModes)("private messages ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("Message on a member's page, a refused form keeps what was typed, send, the envelope, a reply, Report and Leave", async () => {
    const token = uniqueToken();
    const ada = await createApiMember(baseURL, { displayName: `Ada ${token}` });
    const bob = await createApiMember(baseURL, { displayName: `Bob ${token}` });
    const bobName = await usernameOf(bob);

    await signInContext(context(), baseURL, ada);
    await goto(page(), `/members/${bob.id}`);
    await page().getByRole("link", { name: "Message", exact: true }).click();
    await page().waitForURL(`**/messages/new?to=${bobName}`);
    const to = page().getByLabel("To");
    expect(await to.inputValue()).toBe(bobName);

    // Refused: an unknown username is named, and everything typed comes back.
    await to.fill(`${bobName}, ghost_${token}`);
    await page().getByLabel("Subject (optional)").fill(`Plans ${token}`);
    await page().getByLabel("Message").fill(`Shall we collaborate, ${token}?`);
    await page().getByRole("button", { name: "Send", exact: true }).click();
    await visible(page().getByText(`No member is called @ghost_${token}.`));
    expect(await page().getByLabel("Subject (optional)").inputValue()).toBe(`Plans ${token}`);
    expect(await page().getByLabel("Message").inputValue()).toBe(`Shall we collaborate, ${token}?`);

    await page().getByLabel("To").fill(bobName);
    await page().getByRole("button", { name: "Send", exact: true }).click();
    await waitForToast(page(), "Success", "Message sent.");
    expect(pathOf(page())).toMatch(/^\/messages\/\d+$/);
    const conversationId = Number(pathOf(page()).split("/")[2]);
    await visible(page().getByRole("heading", { name: `Plans ${token}` }));
    await visible(page().getByText(`Shall we collaborate, ${token}?`));

    // Bob: the envelope counts it; reading clears it; he answers.
    expect((await apiCall<{ unreadMessages: number }>(baseURL, bob, "GET", "/api/notifications/counts")).json.unreadMessages).toBe(1);
    const bobContext = await newContext(browser(), { javaScriptEnabled: js, baseURL });
    try {
      await signInContext(bobContext, baseURL, bob);
      const bobPage = await bobContext.newPage();
      await goto(bobPage, "/");
      await visible(bobPage.getByTestId("unread-messages"));
      expect(await bobPage.getByTestId("unread-messages").innerText()).toContain("1");
      await bobPage.getByRole("link", { name: /^Messages/ }).click();
      await visible(bobPage.getByRole("link", { name: new RegExp(`Ada ${token}`) }));
      await bobPage.getByRole("link", { name: new RegExp(`Ada ${token}`) }).click();
      await visible(bobPage.getByText(`Shall we collaborate, ${token}?`));
      // Without JavaScript the page's own load counts after the read mark; with it, the live event updates the shell.
      await bobPage.getByTestId("unread-messages").waitFor({ state: "hidden", timeout: 10_000 });
      await bobPage.getByLabel("Your reply").fill(`Gladly ${token}`);
      await bobPage.getByRole("button", { name: "Send", exact: true }).click();
      await visible(bobPage.getByText(`Gladly ${token}`));
    } finally {
      await bobContext.close();
    }

    // Ada: the reply is there; an empty reply is refused; her own reply; Report on Bob's message.
    await goto(page(), `/messages/${conversationId}`);
    await visible(page().getByText(`Gladly ${token}`));
    await page().getByLabel("Your reply").fill(`Great ${token}`);
    await page().getByRole("button", { name: "Send", exact: true }).click();
    await visible(page().getByTestId("message").filter({ hasText: `Great ${token}` }));

    await page().getByRole("link", { name: `Report message by Bob ${token}` }).click();
    if (js) await visible(page().getByRole("dialog", { name: "Report this message" }));
    else await visible(page().getByRole("heading", { name: "Report this message", level: 1 }));
    await page().getByLabel("Harassment or abuse").check();
    await page().getByRole("button", { name: "Send Report" }).click();
    await waitForToast(page(), "Report sent", "Thanks — a moderator will look at it.");

    // Leave: it disappears for Ada; Bob keeps it.
    await goto(page(), `/messages/${conversationId}`);
    await page().getByRole("button", { name: "Leave conversation" }).click();
    await waitForToast(page(), "Success", "You left the conversation. The others keep it.");
    expect(pathOf(page())).toBe("/messages");
    await visible(page().getByText("No conversations yet"));
    expect((await apiCall(baseURL, ada, "GET", `/api/conversations/${conversationId}`)).status).toBe(404);
    expect((await apiCall(baseURL, bob, "GET", `/api/conversations/${conversationId}`)).status).toBe(200);
  });

  it("a member who turned private messages off: the sender reads a clear refusal, with what they typed kept", async () => {
    const token = uniqueToken();
    const ada = await createApiMember(baseURL, { displayName: `Ada ${token}` });
    const quiet = await createApiMember(baseURL, { displayName: `Quiet ${token}` });
    expect((await apiCall(baseURL, quiet, "PUT", "/api/profile", { allowPrivateMessages: false })).status).toBe(200);
    await signInContext(context(), baseURL, ada);
    await goto(page(), `/messages/new?to=${await usernameOf(quiet)}`);
    await page().getByLabel("Message").fill(`Hello ${token}`);
    await page().getByRole("button", { name: "Send", exact: true }).click();
    await visible(page().getByText(`Quiet ${token} does not accept private messages.`));
    expect(await page().getByLabel("Message").inputValue()).toBe(`Hello ${token}`);
  });

  it.runIf(js)("live: a new message appears in the open conversation and the envelope changes without a reload", async () => {
    const token = uniqueToken();
    const ada = await createApiMember(baseURL, { displayName: `Ada ${token}` });
    const bob = await createApiMember(baseURL, { displayName: `Bob ${token}` });
    const started = await apiCall<{ id: number }>(baseURL, ada, "POST", "/api/conversations", { to: [await usernameOf(bob)], content: `First ${token}` });
    expect(started.status).toBe(201);
    await signInContext(context(), baseURL, bob);
    await goto(page(), `/messages/${started.json.id}`);
    await visible(page().getByText(`First ${token}`));
    // In a second browser context, Ada writes in the open conversation and in another one.
    const adaContext = await newContext(browser(), { javaScriptEnabled: true, baseURL });
    try {
      await signInContext(adaContext, baseURL, ada);
      const adaPage = await adaContext.newPage();
      await goto(adaPage, `/messages/${started.json.id}`);
      await adaPage.getByLabel("Your reply").fill(`Live ${token}`);
      await adaPage.getByRole("button", { name: "Send", exact: true }).click();
      await visible(adaPage.getByTestId("message").filter({ hasText: `Live ${token}` }));
    } finally {
      await adaContext.close();
    }
    await visible(page().getByText(`Live ${token}`), 10_000);
    // Read where it arrived: no envelope count. A new conversation elsewhere brings the count.
    expect(await page().getByTestId("unread-messages").count()).toBe(0);
    expect((await apiCall(baseURL, ada, "POST", "/api/conversations", { to: [await usernameOf(bob)], content: `Elsewhere ${token}` })).status).toBe(201);
    await visible(page().getByTestId("unread-messages"), 10_000);
    expect(await page().getByTestId("unread-messages").innerText()).toContain("1");
  });
});
