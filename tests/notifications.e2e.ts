/** Notifications in a real browser, JavaScript on and off: the author hears about replies and likes, then marks them read. */
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, goto, jsModes, pagePerTest, pathOf, visible, waitForToast } from "./support/browser";
import { apiCall, createApiMember, createPostViaApi, signInContext, uniqueToken } from "./support/discussions";

const browser = browserPerFile();
const baseURL = inject("baseURL");

describe.each(jsModes)("notifications ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("counts new discussions in the sidebar until the member opens /discussions", async () => {
    const reader = await createApiMember(baseURL);
    const writer = await createApiMember(baseURL);
    await createPostViaApi(baseURL, writer, { title: `Fresh ${uniqueToken()}` });
    await signInContext(context(), baseURL, reader);
    await goto(page(), "/meetings");
    const badge = page().getByRole("complementary", { name: "Sidebar" }).getByTestId("unread-discussions");
    await visible(badge);
    expect(Number(await badge.locator("[aria-hidden=true]").innerText())).toBeGreaterThanOrEqual(1);
    await goto(page(), "/discussions");
    await visible(page().getByRole("heading", { name: "Community Discussions", level: 1 }));
    expect(await badge.count()).toBe(0);
    const counts = await apiCall<{ unreadDiscussions: number }>(baseURL, reader, "GET", "/api/notifications/counts");
    expect(counts.json.unreadDiscussions).toBe(0);
  });

  it("tells the author about a reply and a like, and marks them read", async () => {
    const token = uniqueToken();
    const author = await createApiMember(baseURL);
    const fan = await createApiMember(baseURL, { displayName: `Fan ${token}` });
    const post = await createPostViaApi(baseURL, author, { title: `Noticed ${token}` });
    expect((await apiCall(baseURL, fan, "POST", `/api/posts/${post.id}/replies`, { content: "Great post!" })).status).toBe(201);
    expect((await apiCall(baseURL, fan, "POST", `/api/posts/${post.id}/like`)).status).toBe(200);
    const counts = await apiCall<{ unreadNotifications: number }>(baseURL, author, "GET", "/api/notifications/counts");
    expect(counts.json.unreadNotifications).toBe(2);

    await signInContext(context(), baseURL, author);
    await goto(page(), "/discussions");
    await visible(page().getByTestId("unread-notifications").getByText("2"));
    await page().getByRole("link", { name: /^Notifications/ }).first().click();
    await visible(page().getByRole("heading", { name: "Notifications", level: 1 }));
    const replyNotice = page().getByRole("link", { name: `Fan ${token} replied to your post "Noticed ${token}"` });
    await visible(replyNotice);
    await visible(page().getByRole("link", { name: `Fan ${token} liked your post "Noticed ${token}"` }));
    expect(await page().getByTestId("notification").first().textContent()).toContain("liked your post");

    await page().getByRole("button", { name: "Mark all as read" }).click();
    await waitForToast(page(), "Success", "All notifications marked as read.");
    await page().getByTestId("unread-notifications").waitFor({ state: "detached" });

    await replyNotice.click();
    await visible(page().getByRole("heading", { name: `Noticed ${token}`, level: 1 }));
    expect(pathOf(page())).toBe(`/post/${post.id}`);
  });
});
