/**
 * Reports and the moderation queue (docs/moderation.md), JavaScript on and off: a member reports
 * another member's post (a dialog with JavaScript, the report page without) → a moderator opens
 * /admin/reports and hides it → the author sees it marked hidden, another member the notice.
 */
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, goto, jsModes, pagePerTest, pathOf, visible, waitForToast } from "./support/browser";
import { setRole } from "./support/db";
import { apiCall, createApiMember, createPostViaApi, signInContext, uniqueToken, type ApiMember } from "./support/discussions";

const browser = browserPerFile();
const baseURL = inject("baseURL");

describe.each(jsModes)("reports ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  async function signInAs(member: ApiMember) {
    await context().clearCookies();
    await signInContext(context(), baseURL, member);
  }

  it("report → queue → hide → the author sees 'hidden', others the notice", async () => {
    const token = uniqueToken();
    const title = `Cheap followers ${token}`;
    const [author, reporter, moderator, bystander] = await Promise.all([1, 2, 3, 4].map(() => createApiMember(baseURL)));
    setRole(moderator.email, "moderator");
    const post = await createPostViaApi(baseURL, author, { title, content: "Buy now at a great price." });

    // The member reports the post.
    await signInAs(reporter);
    await goto(page(), `/post/${post.id}`);
    await page().getByRole("link", { name: "Report this post" }).click();
    if (js) {
      await visible(page().getByRole("dialog", { name: "Report this post" }));
      expect(pathOf(page())).toBe(`/post/${post.id}`);
    } else {
      await visible(page().getByRole("heading", { name: "Report this post", level: 1 }));
      expect(pathOf(page())).toBe("/report");
    }
    await page().getByRole("button", { name: "Send Report" }).click();
    await visible(page().getByText("Please choose a reason."));
    await page().getByLabel("Spam").check();
    await page().getByLabel("Note for the moderators (optional)").fill(`Advertising ${token}`);
    await page().getByRole("button", { name: "Send Report" }).click();
    await waitForToast(page(), "Report sent", "Thanks — a moderator will look at it.");
    expect(pathOf(page())).toBe(`/post/${post.id}`);
    if (js) await page().getByRole("dialog").waitFor({ state: "hidden" });
    const again = await apiCall<{ message: string }>(baseURL, reporter, "POST", "/api/reports", { targetType: "post", targetId: post.id, reason: "other" });
    expect(again.status).toBe(409);

    // The moderator finds it in the queue (the panel shows them the Reports tab only) and hides it.
    await signInAs(moderator);
    await goto(page(), "/");
    await page().getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin Panel" }).click();
    await visible(page().getByRole("heading", { name: "Reports", level: 2 }));
    expect(pathOf(page())).toBe("/admin/reports");
    expect(await page().getByRole("navigation", { name: "Admin sections" }).count()).toBe(0);
    const item = page().getByTestId("report-group").filter({ hasText: title });
    await visible(item);
    await visible(item.getByText("Spam × 1"));
    await item.getByText("Who reported it, and their notes").click();
    await visible(item.getByText(`Advertising ${token}`));
    await item.getByRole("button", { name: "Hide post" }).click();
    await waitForToast(page(), "Success", "Hidden. The reporters have been told.");
    await page().getByTestId("report-group").filter({ hasText: title }).waitFor({ state: "detached" });

    // The author still sees it, marked hidden.
    await signInAs(author);
    await goto(page(), `/post/${post.id}`);
    await visible(page().getByRole("heading", { name: title, level: 1 }));
    await visible(page().getByTestId("hidden-badge").getByText("Hidden by a moderator"));

    // Everyone else sees the notice, and the list leaves it out.
    await signInAs(bystander);
    await goto(page(), `/post/${post.id}`);
    await visible(page().getByRole("heading", { name: "This post was hidden by a moderator", level: 1 }));
    expect(await page().getByText("Buy now at a great price.").count()).toBe(0);
    await goto(page(), `/discussions?q=${token}`);
    await visible(page().getByRole("heading", { name: "Community Discussions" }));
    expect(await page().getByTestId("post-card").count()).toBe(0);

    // The reporter hears back.
    await signInAs(reporter);
    await goto(page(), "/notifications");
    await visible(page().getByText("Thanks for your report: a moderator took action on the post you reported."));
  });
});
