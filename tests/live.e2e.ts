/**
 * A living community in a real browser (docs/discussions.md): usernames and /u/:username,
 * @mentions (suggestions with JavaScript, notifications), quotes with JavaScript on and off.
 */
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, goto, jsModes, newContext, pagePerTest, pathOf, visible, waitForToast } from "./support/browser";
import { withDatabase } from "./support/db";
import { apiCall, createApiMember, createPostViaApi, signInContext, uniqueToken } from "./support/discussions";
import { takeEvents } from "./support/server-sent-events";

const browser = browserPerFile();
const baseURL = inject("baseURL");

type Me = { id: string; username: string };

describe.each(jsModes)("usernames, mentions and quotes ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("shows and edits the username on /profile, with a clear error when taken; /u/:username redirects", async () => {
    const taken = await createApiMember(baseURL);
    const member = await createApiMember(baseURL);
    const takenName = (await apiCall<Me>(baseURL, taken, "GET", "/api/auth/user")).json.username;
    await signInContext(context(), baseURL, member);
    await goto(page(), "/profile?edit=1");
    const field = page().getByLabel("Username");
    await field.fill(takenName);
    await page().getByRole("button", { name: "Save Changes" }).click();
    await visible(page().getByText("That username is taken. Please choose another.").first());
    const wanted = `u_${uniqueToken("").slice(0, 12)}`;
    await page().getByLabel("Username").fill(wanted);
    await page().getByRole("button", { name: "Save Changes" }).click();
    await waitForToast(page(), "Success", "Profile updated successfully!");
    await visible(page().getByTestId("profile-username").getByText(`@${wanted}`));
    await goto(page(), `/u/${wanted}`);
    expect(pathOf(page())).toBe(`/members/${member.id}`);
  });

  it("links and notifies a mention written in a reply", async () => {
    const token = uniqueToken();
    const author = await createApiMember(baseURL);
    const mentioned = await createApiMember(baseURL, { displayName: `Called ${token}` });
    const writer = await createApiMember(baseURL, { displayName: `Caller ${token}` });
    const username = (await apiCall<Me>(baseURL, mentioned, "GET", "/api/auth/user")).json.username;
    const post = await createPostViaApi(baseURL, author, { title: `Mention ${token}` });
    await signInContext(context(), baseURL, writer);
    await goto(page(), `/post/${post.id}`);
    const textarea = page().locator("#reply-form-content");
    if (js) {
      await textarea.pressSequentially(`Hi @${username.slice(0, 4)}`);
      const option = page().getByRole("option", { name: new RegExp(`@${username}`) });
      await visible(option);
      await option.click();
      expect(await textarea.inputValue()).toBe(`Hi @${username} `);
      await textarea.pressSequentially("come see");
    } else {
      await textarea.fill(`Hi @${username} come see`);
    }
    await page().getByRole("button", { name: "Post Reply" }).click();
    await visible(page().getByTestId("reply").getByRole("link", { name: `@${username}` }));
    const notifications = await apiCall<{ kind: string; message: string }[]>(baseURL, mentioned, "GET", "/api/notifications");
    expect(notifications.json.filter((notice) => notice.kind === "mention").map((notice) => notice.message)).toEqual([`Caller ${token} mentioned you in "Mention ${token}"`]);
  });

  it("quotes a reply into the reply form", async () => {
    const token = uniqueToken();
    const author = await createApiMember(baseURL);
    const replier = await createApiMember(baseURL);
    const post = await createPostViaApi(baseURL, author, { title: `Quote ${token}`, content: "The original post." });
    const reply = await apiCall<{ id: number; author: { username: string } }>(baseURL, replier, "POST", `/api/posts/${post.id}/replies`, {
      content: "First sentence here. Second sentence here.",
    });
    await signInContext(context(), baseURL, author);
    await goto(page(), `/post/${post.id}`);
    const textarea = page().locator("#reply-form-content");
    await textarea.fill("My draft");
    const quoteOf = `> [@${reply.json.author.username} wrote](/post/${post.id}#reply-${reply.json.id}):\n`;
    if (js) {
      // Select only the second sentence: the quote holds just that, added after what was typed.
      await page().evaluate((id) => {
        const paragraph = document.querySelector(`#reply-${id}-content p`);
        const text = paragraph?.firstChild;
        if (!text) throw new Error("no reply text");
        const range = document.createRange();
        range.setStart(text, "First sentence here. ".length);
        range.setEnd(text, (text.textContent ?? "").length);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }, reply.json.id);
      await page().getByRole("link", { name: `Quote @${reply.json.author.username}` }).click();
      expect(await textarea.inputValue()).toBe(`My draft\n\n${quoteOf}> Second sentence here.\n\n`);
      expect(pathOf(page())).toBe(`/post/${post.id}`);
    } else {
      await page().getByRole("link", { name: `Quote @${reply.json.author.username}` }).click();
      expect(new URL(page().url()).search).toBe(`?quote=${reply.json.id}`);
      expect(await page().locator("#reply-form-content").inputValue()).toBe(`${quoteOf}> First sentence here. Second sentence here.\n\n`);
    }
    await page().locator("#reply-form-content").press("End");
    await page().locator("#reply-form-content").pressSequentially("Agreed.");
    await page().getByRole("button", { name: "Post Reply" }).click();
    await visible(page().getByTestId("reply").locator("blockquote").first());
  });
});

describe("private feeds", () => {
  it("serves both feeds to a real feed parser, links the feed from /discussions, and 404s after rotating", async () => {
    const { parseFeed } = await import("@rowanmanning/feed-parser");
    const token = uniqueToken();
    const reader = await createApiMember(baseURL);
    const writer = await createApiMember(baseURL, { displayName: `Feeder ${token}` });
    const post = await createPostViaApi(baseURL, writer, { title: `Feed ${token}`, content: "Read me in a feed reader." });
    const urls = await apiCall<{ discussions: string; categories: { id: number; name: string; url: string }[] }>(baseURL, reader, "GET", "/api/account/feeds");
    expect(urls.status).toBe(200);
    const all = await fetch(urls.json.discussions);
    expect(all.headers.get("content-type")).toMatch(/application\/atom\+xml/);
    const feed = parseFeed(await all.text());
    const item = feed.items.find((entry) => entry.title === `Feed ${token}`);
    expect(item?.url).toBe(`${baseURL}/post/${post.id}`);
    expect(item?.authors[0]?.name).toBe(`Feeder ${token}`);
    expect(item?.description).toBe("Read me in a feed reader.");
    const category = urls.json.categories.find((entry) => entry.id === post.categoryId);
    const categoryFeed = parseFeed(await (await fetch(category?.url ?? "")).text());
    expect(categoryFeed.items.map((entry) => entry.title)).toContain(`Feed ${token}`);

    const page = await fetch(`${baseURL}/discussions`, { headers: { Cookie: reader.cookie } });
    expect(await page.text()).toContain(`<link rel="alternate" type="application/atom+xml" title="Quads discussions" href="${urls.json.discussions}"/>`);

    const rotated = await apiCall<{ discussions: string }>(baseURL, reader, "POST", "/api/account/feeds/rotate");
    expect(rotated.json.discussions).not.toBe(urls.json.discussions);
    expect((await fetch(urls.json.discussions)).status).toBe(404);
    expect((await fetch(category?.url ?? "")).status).toBe(404);
    expect((await fetch(rotated.json.discussions)).status).toBe(200);
    expect((await fetch(`${baseURL}/feeds/unknown/discussions.xml`)).status).toBe(404);
  });
});

describe.each(jsModes)("related discussions ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("lists related discussions under a post, and similar ones while typing a new title with JavaScript", async () => {
    const word = uniqueToken("rel");
    const member = await createApiMember(baseURL);
    // Words of this test only, so posts of other tests rank below.
    const first = uniqueToken("one");
    const second = uniqueToken("two");
    const post = await createPostViaApi(baseURL, member, { title: `${word} ${first}`, content: `${word} ${first}` });
    const other = await createPostViaApi(baseURL, member, { title: `${word} ${second}`, content: `${word} ${second}` });
    const related = await apiCall<{ id: number }[]>(baseURL, member, "GET", `/api/posts/${post.id}/related`);
    expect(related.json[0]?.id).toBe(other.id);
    await signInContext(context(), baseURL, member);
    await goto(page(), `/post/${post.id}`);
    const section = page().getByRole("region", { name: "Related discussions" });
    await visible(section.getByRole("link", { name: `${word} ${second}` }));
    await goto(page(), "/discussions/new");
    await page().getByLabel("Title").fill(`${word} help`);
    if (js) {
      await visible(page().getByRole("region", { name: "Similar discussions" }).getByRole("link", { name: `${word} ${first}` }));
    } else {
      await page().waitForTimeout(600);
      expect(await page().getByText("Similar discussions").count()).toBe(0);
    }
  });
});

describe("related discussions across the cluster's workers", () => {
  it("ranks a post written through any worker first at once, whichever worker answers", async () => {
    const member = await createApiMember(baseURL);
    const rare = [uniqueToken("rare"), uniqueToken("rare")];
    const post = await createPostViaApi(baseURL, member, { title: `${rare[0]} ${rare[1]} garden`, content: `About ${rare[0]} and ${rare[1]}.` });
    // Fresh connections: the cluster's round robin sends them to both workers, which rank and keep the list.
    const relatedIds = async () => (await apiCall<{ id: number }[]>(baseURL, member, "GET", `/api/posts/${post.id}/related`)).json.map((item) => item.id);
    for (let index = 0; index < 4; index += 1) await relatedIds();
    const match = await createPostViaApi(baseURL, member, { title: `${rare[0]} ${rare[1]} compared`, content: `Which ${rare[0]} for ${rare[1]}?` });
    const firsts = await Promise.all(Array.from({ length: 6 }, async () => (await relatedIds())[0]));
    expect(firsts).toEqual(Array.from({ length: 6 }, () => match.id));
  });
});

describe("drafts (JavaScript on)", () => {
  const { page, context } = pagePerTest(browser, true);

  it("keeps an unsent reply and a new discussion in the browser, and clears them on send or discard", async () => {
    const token = uniqueToken();
    const member = await createApiMember(baseURL);
    const post = await createPostViaApi(baseURL, member, { title: `Draft ${token}` });
    await signInContext(context(), baseURL, member);
    await goto(page(), `/post/${post.id}`);
    await page().locator("#reply-form-content").fill(`Half-written ${token}`);
    await page().waitForTimeout(500);
    await goto(page(), `/post/${post.id}`);
    expect(await page().locator("#reply-form-content").inputValue()).toBe(`Half-written ${token}`);
    await visible(page().getByText("Draft restored."));
    await page().getByRole("button", { name: "Post Reply" }).click();
    await visible(page().getByTestId("reply").getByText(`Half-written ${token}`));
    await goto(page(), `/post/${post.id}`);
    expect(await page().locator("#reply-form-content").inputValue()).toBe("");

    await goto(page(), "/discussions/new");
    await page().getByLabel("Title").fill(`New ${token}`);
    await page().getByLabel("Content").fill("Body in progress");
    await page().waitForTimeout(500);
    await goto(page(), "/discussions/new");
    expect(await page().getByLabel("Title").inputValue()).toBe(`New ${token}`);
    expect(await page().getByLabel("Content").inputValue()).toBe("Body in progress");
    await page().getByRole("button", { name: "Discard draft" }).click();
    expect(await page().getByLabel("Title").inputValue()).toBe("");
    await goto(page(), "/discussions/new");
    expect(await page().getByLabel("Title").inputValue()).toBe("");
  });
});

/** Reads a Server-Sent Events stream until `until` returns true for the events so far (or the time runs out). */
async function readEvents(response: Response, until: (events: { event: string; data: unknown }[]) => boolean, timeoutMs = 5_000) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline && !until(events)) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
      if (!chunk || chunk.done) break;
      const taken = takeEvents(buffer + decoder.decode(chunk.value, { stream: true }));
      buffer = taken.rest;
      events.push(...taken.events);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return events;
}

describe("live updates: GET /events", () => {
  it("answers visitors 401, streams uncompressed and unbuffered, and limits streams per member with a clear 429", async () => {
    expect((await fetch(`${baseURL}/events`)).status).toBe(401);
    const member = await createApiMember(baseURL);
    const controllers: AbortController[] = [];
    try {
      const first = new AbortController();
      controllers.push(first);
      const response = await fetch(`${baseURL}/events`, { headers: { Cookie: member.cookie, "Accept-Encoding": "gzip" }, signal: first.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(response.headers.get("x-accel-buffering")).toBe("no");
      expect(response.headers.get("x-page-cache")).toBeNull();
      const events = await readEvents(response, (list) => list.length > 0);
      expect(events[0]).toEqual({ event: "notifications", data: { unreadNotifications: 0 } });
      // The limit counts every worker's streams (docs/discussions.md, "Live updates"): five in all, the sixth is
      // refused (the first stream has ended: readEvents cancelled it).
      const statuses: number[] = [];
      let refused: Response | undefined;
      for (let index = 0; index < 6; index += 1) {
        const controller = new AbortController();
        controllers.push(controller);
        const next = await fetch(`${baseURL}/events`, { headers: { Cookie: member.cookie }, signal: controller.signal });
        statuses.push(next.status);
        if (next.status === 429) refused = next;
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(refused?.headers.get("retry-after")).toBe("15"); // a place comes free within the register lease (decision 0118)
      expect(((await refused?.json()) as { message: string }).message).toMatch(/live pages open already/);
    } finally {
      for (const controller of controllers) controller.abort();
    }
  });

  it("carries a change written by another process (another worker, or another box) to an open stream", async () => {
    const member = await createApiMember(baseURL);
    const writer = await createApiMember(baseURL);
    const post = await createPostViaApi(baseURL, member, { title: `Live ${uniqueToken()}` });
    const controller = new AbortController();
    const response = await fetch(`${baseURL}/events?post=${post.id}`, { headers: { Cookie: member.cookie }, signal: controller.signal });
    const started = Date.now();
    // Several fresh connections: the cluster's round robin sends them to both workers.
    setTimeout(() => {
      void apiCall(baseURL, writer, "POST", `/api/posts/${post.id}/replies`, { content: "From somewhere else" });
      withDatabase((db) => db.prepare("insert into notifications (user_id, kind, message) values (?, 'badge', 'Written by another process')").run(member.id));
    }, 300);
    const events = await readEvents(response, (list) => list.some((item) => item.event === "post" && (item.data as { repliesCount: number }).repliesCount === 1) && list.some((item) => item.event === "notifications" && (item.data as { unreadNotifications: number }).unreadNotifications === 2));
    controller.abort();
    expect(events.filter((item) => item.event === "notifications").map((item) => (item.data as { unreadNotifications: number }).unreadNotifications).at(-1)).toBe(2);
    expect(events.some((item) => item.event === "post" && (item.data as { repliesCount: number }).repliesCount === 1)).toBe(true);
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

/** Signs the member in once more (another device): the new session's cookie. */
async function signInAgain(member: { email: string; password: string }, password = member.password): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: member.email, password }) });
  if (response.status !== 200) throw new Error(`POST /api/auth/login answered ${response.status}: ${await response.text()}`);
  return (response.headers.get("Set-Cookie") ?? "").split(";")[0];
}

/** An open /events stream of a session, and whether the server has ended it. */
async function openStream(cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseURL}/events`, { headers: { Cookie: cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let hasEnded = false;
  const ended = (async () => {
    try {
      while (!(await reader.read()).done);
    } catch {
      // aborted by the test
    }
    hasEnded = true;
  })();
  return {
    isOpen: () => !hasEnded,
    /** Whether the server ends the stream within `timeoutMs`. */
    endsWithin: (timeoutMs: number) => Promise.race([ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs))]),
    close: () => controller.abort(),
  };
}

describe("live updates end with the session", () => {
  it("ends the affected streams within seconds: sign-out, password change, 'sign out other sessions', suspension, deletion", async () => {
    const member = await createApiMember(baseURL);
    const moderator = await createApiMember(baseURL);
    withDatabase((db) => db.prepare("update users set role = 'moderator' where id = ?").run(moderator.id));
    const [here, signingOut, otherDevice] = [member.cookie, await signInAgain(member), await signInAgain(member)];
    const streams = { here: await openStream(here), signingOut: await openStream(signingOut), otherDevice: await openStream(otherDevice) };
    const opened = Object.values(streams);
    try {
      // Signing out ends that session's streams only.
      expect((await fetch(`${baseURL}/api/auth/logout`, { method: "POST", headers: { Cookie: signingOut } })).status).toBe(200);
      expect(await streams.signingOut.endsWithin(5_000)).toBe(true);
      expect([streams.here.isOpen(), streams.otherDevice.isOpen()]).toEqual([true, true]);

      // A password change ends the other sessions' streams.
      const newPassword = `${member.password}-renewed`;
      expect((await apiCall(baseURL, member, "POST", "/api/account/password", { currentPassword: member.password, newPassword })).status).toBe(200);
      expect(await streams.otherDevice.endsWithin(5_000)).toBe(true);
      expect(streams.here.isOpen()).toBe(true);

      // 'Sign out other sessions' too.
      const laterDevice = await openStream(await signInAgain(member, newPassword));
      opened.push(laterDevice);
      expect((await apiCall(baseURL, member, "DELETE", "/api/account/sessions")).status).toBe(200);
      expect(await laterDevice.endsWithin(5_000)).toBe(true);
      expect(streams.here.isOpen()).toBe(true);

      // A suspension ends all of the member's streams.
      const suspended = await apiCall(baseURL, moderator, "POST", `/api/admin/users/${member.id}/suspension`, { kind: "suspend", days: 1, reason: "Testing live updates" });
      expect(suspended.status).toBe(201);
      expect(await streams.here.endsWithin(5_000)).toBe(true);

      // Deleting the account ends them as well.
      const leaving = await createApiMember(baseURL);
      const leavingStreams = [await openStream(leaving.cookie), await openStream(await signInAgain(leaving))];
      opened.push(...leavingStreams);
      expect((await apiCall(baseURL, leaving, "DELETE", "/api/account", { password: leaving.password })).status).toBe(200);
      expect(await Promise.all(leavingStreams.map((stream) => stream.endsWithin(5_000)))).toEqual([true, true]);
    } finally {
      for (const stream of opened) stream.close();
    }
  });
});

describe("live updates in two browsers", () => {
  it("shows B the reply A wrote and B's new bell count within 2 seconds, without a reload, keeping what B typed", async () => {
    const token = uniqueToken();
    const author = await createApiMember(baseURL);
    const replier = await createApiMember(baseURL, { displayName: `Live ${token}` });
    const post = await createPostViaApi(baseURL, author, { title: `Live ${token}` });
    const contextB = await newContext(browser(), { javaScriptEnabled: true, baseURL });
    const contextA = await newContext(browser(), { javaScriptEnabled: true, baseURL });
    try {
      await signInContext(contextB, baseURL, author);
      await signInContext(contextA, baseURL, replier);
      const pageB = await contextB.newPage();
      const pageA = await contextA.newPage();
      await goto(pageB, `/post/${post.id}`);
      await pageB.evaluate(() => ((window as unknown as { loadMarker: boolean }).loadMarker = true));
      await pageB.locator("#reply-form-content").fill("B is typing");
      await goto(pageA, `/post/${post.id}`);
      await pageA.locator("#reply-form-content").fill(`Hello from A ${token}`);
      await pageA.getByRole("button", { name: "Post Reply" }).click();
      await visible(pageA.getByTestId("reply").getByText(`Hello from A ${token}`));
      const reply = pageB.getByTestId("reply").filter({ hasText: `Hello from A ${token}` });
      await reply.waitFor({ timeout: 2_000 });
      await visible(pageB.getByTestId("unread-notifications").getByText("1"), 2_000);
      expect(await pageB.evaluate(() => (window as unknown as { loadMarker?: boolean }).loadMarker)).toBe(true);
      expect(await pageB.locator("#reply-form-content").inputValue()).toBe("B is typing");
      expect(await reply.getAttribute("data-live")).toBe("new");

      await goto(pageB, "/discussions");
      await createPostViaApi(baseURL, replier, { title: `Newer ${token}` });
      const bar = pageB.getByRole("button", { name: /1 new discussion — show|\d+ new discussions — show/ });
      await bar.waitFor({ timeout: 3_000 });
      await bar.click();
      await visible(pageB.getByRole("link", { name: `Newer ${token}` }).first());
    } finally {
      await contextA.close();
      await contextB.close();
    }
  });

  it("opens no stream without JavaScript", async () => {
    const member = await createApiMember(baseURL);
    const context = await newContext(browser(), { javaScriptEnabled: false, baseURL });
    try {
      await signInContext(context, baseURL, member);
      const page = await context.newPage();
      const requests: string[] = [];
      page.on("request", (request) => requests.push(new URL(request.url()).pathname));
      await goto(page, "/discussions");
      await page.waitForTimeout(500);
      expect(requests).not.toContain("/events");
    } finally {
      await context.close();
    }
  });
});
