/**
 * Private conversations in a real browser, JavaScript on and off (docs/messages.md): from a
 * member's page 'Message' opens /messages/new with To filled in; a refused form comes back with
 * everything typed and the message; the sent conversation opens; the other member sees the
 * envelope's count, reads and answers; a reply, 'Report' on the other's message, 'Leave
 * conversation'. With JavaScript, a new message arrives in an open conversation without a reload.
 * A picture added with the reply box's 'Add image' shows in the message; a long conversation
 * pages back with 'Earlier messages'. A moderator opens a
 * reported message from the queue: it and the messages just before it, and the audit log says so.
 */
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { signInAsAdmin } from "./support/admin";
import { browserPerFile, goto, jsModes, newContext, pagePerTest, pathOf, visible, waitForToast } from "./support/browser";
import { setRole, withDatabase } from "./support/db";
import { apiCall, createApiMember, signInContext, uniqueToken, type ApiMember } from "./support/discussions";

const browser = browserPerFile();
const baseURL = inject("baseURL");

const usernameOf = async (member: ApiMember) => (await apiCall<{ username: string }>(baseURL, member, "GET", "/api/auth/user")).json.username;
const pngOf = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

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

  it("the reply box's 'Add image': the picture goes with the reply and shows in the message", async () => {
    const token = uniqueToken();
    const ada = await createApiMember(baseURL, { displayName: `Ada ${token}` });
    const bob = await createApiMember(baseURL, { displayName: `Bob ${token}` });
    const started = await apiCall<{ id: number }>(baseURL, ada, "POST", "/api/conversations", { to: [await usernameOf(bob)], content: `Hi ${token}` });
    expect(started.status).toBe(201);
    await signInContext(context(), baseURL, ada);
    await goto(page(), `/messages/${started.json.id}`);
    const form = page().locator("form#message-form");
    await form.getByLabel("Alt text (what the image shows)").fill(`Sketch ${token}`);
    await form.getByLabel("Image", { exact: true }).setInputFiles({ name: "sketch.png", mimeType: "image/png", buffer: await pngOf(600, 300, js ? "#3355aa" : "#aa5533") });
    const textarea = form.getByLabel("Your reply");
    if (js) {
      // Uploaded at once (POST /api/uploads); its Markdown lands in the text.
      await visible(form.getByText("Image added to the text."));
      expect(await textarea.inputValue()).toMatch(new RegExp(`^!\\[Sketch ${token}\\]\\(/uploads/[0-9a-f]{32}-600x300\\.webp\\)`));
    }
    await textarea.press("End");
    await textarea.pressSequentially(` The plan ${token}`);
    await form.getByRole("button", { name: "Send", exact: true }).click();
    const message = page().getByTestId("message").filter({ hasText: `The plan ${token}` });
    await visible(message);
    const image = message.getByRole("img", { name: `Sketch ${token}` });
    await visible(image);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    // Bob reads the same picture.
    const read = await apiCall<{ messages: { content: string }[] }>(baseURL, bob, "GET", `/api/conversations/${started.json.id}`);
    expect(read.json.messages.at(-1)?.content).toMatch(new RegExp(`!\\[Sketch ${token}\\]\\(/uploads/[0-9a-f]{32}-600x300\\.webp\\)`));
  });

  it("a moderator opens a reported message from the queue: it and the messages just before it; the opening is in the audit log", async () => {
    const token = uniqueToken();
    const [ada, bob, moderator] = await Promise.all(["Ada", "Bob", "Mod"].map((name) => createApiMember(baseURL, { displayName: `${name} ${token}` })));
    setRole(moderator.email, "moderator");
    const started = await apiCall<{ id: number }>(baseURL, ada, "POST", "/api/conversations", { to: [await usernameOf(bob)], content: `Before one ${token}` });
    const id = started.json.id;
    expect((await apiCall(baseURL, bob, "POST", `/api/conversations/${id}/messages`, { content: `Before two ${token}` })).status).toBe(201);
    const rude = await apiCall<{ id: number }>(baseURL, ada, "POST", `/api/conversations/${id}/messages`, { content: `Rude words ${token}` });
    expect((await apiCall(baseURL, bob, "POST", `/api/conversations/${id}/messages`, { content: `After it ${token}` })).status).toBe(201);
    expect((await apiCall(baseURL, bob, "POST", "/api/reports", { targetType: "message", targetId: rude.json.id, reason: "harassment" })).status).toBe(201);

    await signInContext(context(), baseURL, moderator);
    await goto(page(), "/admin/reports");
    const item = page().getByTestId("report-group").filter({ hasText: `Ada ${token}` });
    await visible(item.getByText("Private message"));
    // Closed: the queue shows no text of the conversation.
    expect(await item.getByText(`Rude words ${token}`).count()).toBe(0);
    await item.getByRole("link", { name: "Read the reported message" }).click();
    await visible(item.getByText(`Rude words ${token}`));
    expect(new URL(page().url()).searchParams.get("open")).toMatch(/^\d+$/);
    const reportId = new URL(page().url()).searchParams.get("open");
    for (const before of [`Before one ${token}`, `Before two ${token}`]) await visible(item.getByText(before));
    expect(await item.getByText(`After it ${token}`).count()).toBe(0);
    await visible(item.locator("li", { hasText: `Rude words ${token}` }).getByText(/· reported$/));
    // A moderator still cannot open the conversation itself.
    expect((await apiCall(baseURL, moderator, "GET", `/api/conversations/${id}`)).status).toBe(404);

    // The audit log (an admin's tab) names the moderator and the report.
    await context().clearCookies();
    await signInAsAdmin(page(), baseURL);
    await goto(page(), "/admin/audit");
    const entry = page().getByTestId("audit-entry").filter({ hasText: `Opened a reported private message (report ${reportId})` });
    await visible(entry);
    expect(await entry.getAttribute("data-action")).toBe("report.message_opened");
    await visible(entry.getByText(moderator.email));
  });

  it("a long conversation shows its newest 50 messages; 'Earlier messages' and 'Newest messages' page through it", async () => {
    const token = uniqueToken();
    const ada = await createApiMember(baseURL, { displayName: `Ada ${token}` });
    const bob = await createApiMember(baseURL, { displayName: `Bob ${token}` });
    const started = await apiCall<{ id: number }>(baseURL, ada, "POST", "/api/conversations", { to: [await usernameOf(bob)], content: `Opening ${token}` });
    // 55 more, written straight into the database (the posting rate limit would take minutes), as sending leaves them.
    withDatabase((db) => {
      for (let number = 1; number <= 55; number++) {
        db.prepare("INSERT INTO messages (conversation_id, author_id, content, created_at) VALUES (?, ?, ?, ?)").run(started.json.id, number % 2 ? bob.id : ada.id, `Filler ${number} ${token}`, Date.now());
      }
      db.prepare("UPDATE conversations SET last_message_id = (SELECT max(id) FROM messages WHERE conversation_id = ?) WHERE id = ?").run(started.json.id, started.json.id);
    });
    await signInContext(context(), baseURL, ada);
    await goto(page(), `/messages/${started.json.id}`);
    await visible(page().getByText(`Filler 55 ${token}`));
    expect(await page().getByTestId("message").count()).toBe(50);
    await visible(page().getByText(`Filler 6 ${token}`, { exact: true }));
    expect(await page().getByText(`Opening ${token}`).count()).toBe(0);
    await page().getByRole("link", { name: "Earlier messages" }).click();
    await visible(page().getByText(`Opening ${token}`));
    expect(new URL(page().url()).searchParams.get("before")).toMatch(/^\d+$/);
    expect(await page().getByTestId("message").count()).toBe(6);
    expect(await page().getByRole("link", { name: "Earlier messages" }).count()).toBe(0);
    await page().getByRole("link", { name: "Newest messages" }).click();
    await visible(page().getByText(`Filler 55 ${token}`));
    expect(pathOf(page())).toBe(`/messages/${started.json.id}`);
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
