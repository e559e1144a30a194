/**
 * A living community in a real browser (docs/discussions.md): usernames and /u/:username,
 * @mentions (suggestions with JavaScript, notifications), quotes with JavaScript on and off.
 */
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, goto, jsModes, pagePerTest, pathOf, visible, waitForToast } from "./support/browser";
import { apiCall, createApiMember, createPostViaApi, signInContext, uniqueToken } from "./support/discussions";

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
