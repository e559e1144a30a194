/**
 * Blocking in a real browser, JavaScript on and off (docs/moderation.md, "Blocking"): member A
 * blocks B on B's profile, B's reply on a thread is collapsed for A behind 'Reply by a member you
 * blocked — show', opening it shows the reply, and A unblocks B from /settings/account.
 */
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, goto, jsModes, pagePerTest, visible, waitForToast } from "./support/browser";
import { apiCall, createApiMember, createPostViaApi, signInContext, uniqueToken } from "./support/discussions";

const browser = browserPerFile();
const baseURL = inject("baseURL");

describe.each(jsModes)("blocking ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("A blocks B on B's profile: B's reply is collapsed, 'show' opens it, no notification; A unblocks from /settings/account", async () => {
    const token = uniqueToken();
    const blocker = await createApiMember(baseURL, { displayName: `Blocker ${token}` });
    const blocked = await createApiMember(baseURL, { displayName: `Blocked ${token}` });
    const post = await createPostViaApi(baseURL, blocker, { title: `Thread ${token}` });
    const replyText = `Reply text ${token}`;
    expect((await apiCall(baseURL, blocked, "POST", `/api/posts/${post.id}/replies`, { content: replyText })).status).toBe(201);

    await signInContext(context(), baseURL, blocker);
    await goto(page(), `/members/${blocked.id}`);
    await page().getByRole("button", { name: "Block", exact: true }).click();
    await waitForToast(page(), "Success", `You blocked Blocked ${token}.`);
    await visible(page().getByRole("button", { name: "Unblock", exact: true }));

    // The blocked member's later replies notify nobody who blocked them.
    const before = await apiCall<{ unreadNotifications: number }>(baseURL, blocker, "GET", "/api/notifications/counts");
    expect((await apiCall(baseURL, blocked, "POST", `/api/posts/${post.id}/replies`, { content: `Second ${token}` })).status).toBe(201);
    const after = await apiCall<{ unreadNotifications: number }>(baseURL, blocker, "GET", "/api/notifications/counts");
    expect(after.json.unreadNotifications).toBe(before.json.unreadNotifications);

    await goto(page(), `/post/${post.id}`);
    const firstReply = page().getByTestId("reply").filter({ hasText: "Reply by a member you blocked — show" }).first();
    const summary = firstReply.locator("summary");
    await visible(summary);
    expect(await summary.innerText()).toBe("Reply by a member you blocked — show");
    expect(await page().getByText(replyText).isVisible()).toBe(false);
    await summary.click();
    await visible(page().getByText(replyText));
    expect(await firstReply.locator("details").getAttribute("open")).not.toBeNull();

    const list = await apiCall<{ id: string; displayName: string }[]>(baseURL, blocker, "GET", "/api/account/blocks");
    expect(list.json.map(({ id, displayName }) => ({ id, displayName }))).toEqual([{ id: blocked.id, displayName: `Blocked ${token}` }]);

    await goto(page(), "/settings/account");
    const section = page().getByRole("region", { name: "Blocked members" });
    await visible(section.getByRole("link", { name: `Blocked ${token}` }));
    await section.getByRole("button", { name: `Unblock Blocked ${token}` }).click();
    await waitForToast(page(), "Success", `You unblocked Blocked ${token}.`);
    await visible(section.getByText("You have not blocked anyone."));

    await goto(page(), `/post/${post.id}`);
    await visible(page().getByText(replyText));
    expect(await page().getByText("Reply by a member you blocked — show").count()).toBe(0);
  });
});
