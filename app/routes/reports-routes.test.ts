/** The reports routes: /api answers (201, 400, 404, 409), the report page's failures, and the admin frame for moderators. */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { toCurrentUser } from "~/features/auth/auth.server";
import { createTestPost } from "~/features/discussions/test-helpers";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import * as adminLayout from "./admin";
import * as adminIndex from "./admin._index";
import * as apiResolveReport from "./api.admin.reports.$id.resolve";
import * as apiPost from "./api.posts.$id";
import * as apiPosts from "./api.posts";
import * as apiReports from "./api.reports";
import * as reportPage from "./report";

type Args = LoaderFunctionArgs & ActionFunctionArgs;

async function postJson(module: { action: (args: Args) => unknown }, userId: string, path: string, body: unknown, params: Record<string, string> = {}) {
  const request = await signedInRequest(userId, `http://localhost${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const response = (await module.action(routeArgs(request, params) as Args)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function setup() {
  const author = toCurrentUser(await createMember());
  const reporter = await createMember();
  const post = await createTestPost(author, { title: "Reported post" });
  return { author, reporter, post };
}

describe("POST /api/reports", () => {
  it("answers 201 with the thanks, then 409 for the same member and item, 404 for an unknown item, 400 for bad input or one's own post", async () => {
    const { author, reporter, post } = await setup();
    const first = await postJson(apiReports, reporter.id, "/api/reports", { targetType: "post", targetId: post.id, reason: "spam", note: "Ads" });
    expect(first).toMatchObject({ status: 201, body: { message: "Thanks — a moderator will look at it." } });
    expect(typeof first.body.id).toBe("number");
    const again = await postJson(apiReports, reporter.id, "/api/reports", { targetType: "post", targetId: post.id, reason: "other" });
    expect(again).toMatchObject({ status: 409, body: { message: "You have already reported this post. A moderator will look at it." } });
    expect((await postJson(apiReports, reporter.id, "/api/reports", { targetType: "post", targetId: 987_654, reason: "spam" })).status).toBe(404);
    expect((await postJson(apiReports, reporter.id, "/api/reports", { targetType: "meeting", targetId: post.id, reason: "spam" })).status).toBe(400);
    expect((await postJson(apiReports, reporter.id, "/api/reports", { targetType: "post", targetId: post.id, reason: "spam", note: "x".repeat(501) })).status).toBe(400);
    expect((await postJson(apiReports, author.id, "/api/reports", { targetType: "post", targetId: post.id, reason: "spam" })).status).toBe(400);
  });
});

describe("POST /api/admin/reports/{id}/resolve", () => {
  it("hides for a moderator; the post's JSON is withheld from others; suspend without a reason is a 400", async () => {
    const { author, reporter, post } = await setup();
    const moderator = await createMember({ role: "moderator" });
    const { body } = await postJson(apiReports, reporter.id, "/api/reports", { targetType: "post", targetId: post.id, reason: "spam" });
    const reportId = String(body.id);
    const suspend = await postJson(apiResolveReport, moderator.id, `/api/admin/reports/${reportId}/resolve`, { action: "suspend", days: 7 }, { id: reportId });
    expect(suspend.status).toBe(400);
    const hidden = await postJson(apiResolveReport, moderator.id, `/api/admin/reports/${reportId}/resolve`, { action: "hide" }, { id: reportId });
    expect(hidden).toMatchObject({ status: 200, body: { action: "hide", resolved: 1 } });

    const readPost = async (userId: string) => {
      const request = await signedInRequest(userId, `http://localhost/api/posts/${post.id}`);
      return (await ((await apiPost.loader(routeArgs(request, { id: String(post.id) }) as Args)) as Response).json()) as Record<string, unknown>;
    };
    expect(await readPost(reporter.id)).toMatchObject({ isHidden: true, title: "This post was hidden by a moderator", content: "" });
    expect(await readPost(author.id)).toMatchObject({ isHidden: true, title: "Reported post" });
    const listRequest = await signedInRequest(reporter.id, "http://localhost/api/posts?limit=100");
    const list = (await ((await apiPosts.loader(routeArgs(listRequest) as Args)) as Response).json()) as { id: number }[];
    expect(list.some((listed) => listed.id === post.id)).toBe(false);
  });
});

describe("the report page", () => {
  it("re-renders with the reason on a missing reason (400) or a second report (409), and redirects with the thanks toast", async () => {
    const { reporter, post } = await setup();
    const submit = async (fields: Record<string, string>) => {
      const request = await signedInRequest(reporter.id, `http://localhost/report?type=post&id=${post.id}`, { method: "POST", body: new URLSearchParams(fields) });
      try {
        return await reportPage.action(routeArgs(request) as Args);
      } catch (thrown) {
        return thrown;
      }
    };
    const missing = (await submit({ note: "no reason" })) as { init: { status: number } };
    expect(missing.init.status).toBe(400);
    const sent = (await submit({ reason: "spam" })) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/post/${post.id}`);
    const twice = (await submit({ reason: "spam" })) as { init: { status: number }; data: { result: { error: Record<string, string[]> } } };
    expect(twice.init.status).toBe(409);
    expect(twice.data.result.error[""]).toEqual(["You have already reported this post. A moderator will look at it."]);
  });
});

describe("the admin frame", () => {
  it("opens for a moderator without the admin tabs, and /admin sends them to Reports", async () => {
    const moderator = await createMember({ role: "moderator" });
    const request = await signedInRequest(moderator.id, "http://localhost/admin");
    expect(await adminLayout.loader(routeArgs(request) as Args)).toEqual({ isAdmin: false });
    const redirect = (await adminIndex.loader(routeArgs(request) as Args)) as Response;
    expect(redirect.headers.get("Location")).toBe("/admin/reports");
  });
});
