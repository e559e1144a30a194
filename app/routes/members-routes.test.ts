import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { recordContribution } from "~/features/gamification/contributions.server";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import { loader as badgesApi } from "./api.badges";
import { action as contributorsAction, loader as contributorsApi } from "./api.community.contributors";
import { loader as statsApi } from "./api.community.stats";
import { action as profileApi } from "./api.profile";
import { loader as userBadgesApi } from "./api.user.badges";
import { loader as memberLoader } from "./members_.$id";
import { loader as membersLoader } from "./members";
import { action as profileAction, loader as profileLoader } from "./profile";
import { loader as dashboardLoader } from "./_index";

const loaderArgs = (request: Request, params: Record<string, string> = {}) => (routeArgs(request, params)) as LoaderFunctionArgs;
const actionArgs = (request: Request) => (routeArgs(request)) as ActionFunctionArgs;
const visitor = (path: string) => new Request(`http://localhost${path}`);

describe("community and badge APIs", () => {
  it("answer visitors 401 (except the public badge list) and refuse writes with 405", async () => {
    for (const loader of [statsApi, contributorsApi, userBadgesApi]) {
      const response = (await loader(loaderArgs(visitor("/api/x")))) as Response;
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Unauthorized" });
    }
    expect(((await badgesApi(loaderArgs(visitor("/api/badges")))) as Response).status).toBe(200);
    expect((contributorsAction() as Response).status).toBe(405);
  });

  it("GET /api/community/stats and /api/community/contributors give their documented fields", async () => {
    const member = await createMember({ displayName: "Stat Reader" });
    await recordContribution({ userId: member.id, kind: "post_created", subjectId: "api-1" });
    const stats = await ((await statsApi(loaderArgs(await signedInRequest(member.id, "http://localhost/api/community/stats")))) as Response).json();
    expect(Object.keys(stats).sort()).toEqual(["activeContributors", "totalMeetings", "totalMembers", "totalPosts"]);
    expect(stats.totalMembers).toBeGreaterThan(0);

    const response = (await contributorsApi(loaderArgs(await signedInRequest(member.id, "http://localhost/api/community/contributors?period=7d")))) as Response;
    const contributors = (await response.json()) as Record<string, unknown>[];
    expect(contributors.length).toBeLessThanOrEqual(50);
    const me = contributors.find((row) => row.id === member.id);
    expect(me).toEqual({ id: member.id, displayName: "Stat Reader", firstName: "Test", email: member.email, points: 10 });
    // Nobody else's e-mail reaches a member; admins see every row's.
    const other = await createMember();
    await recordContribution({ userId: other.id, kind: "post_created", subjectId: "api-2" });
    const seenByMember = (await ((await contributorsApi(loaderArgs(await signedInRequest(member.id, "http://localhost/api/community/contributors")))) as Response).json()) as Record<string, unknown>[];
    expect(seenByMember.find((row) => row.id === other.id)).not.toHaveProperty("email");
    const admin = await createMember({ role: "admin" });
    const seenByAdmin = (await ((await contributorsApi(loaderArgs(await signedInRequest(admin.id, "http://localhost/api/community/contributors")))) as Response).json()) as Record<string, unknown>[];
    expect(seenByAdmin.find((row) => row.id === other.id)).toHaveProperty("email", other.email);
  });

  it("GET /api/user/badges lists the member's records with their badge; GET /api/badges all badges", async () => {
    const member = await createMember();
    const records = (await ((await userBadgesApi(loaderArgs(await signedInRequest(member.id, "http://localhost/api/user/badges")))) as Response).json()) as {
      userId: string;
      isCompleted: boolean;
      progress: number;
      badge: { type: string; pointsRequired: number };
    }[];
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ userId: member.id, isCompleted: true, badge: { type: "explorer", pointsRequired: 0 } });
    const badges = (await ((await badgesApi(loaderArgs(visitor("/api/badges")))) as Response).json()) as { type: string }[];
    expect(badges.map((badge) => badge.type)).toContain("quads_master");
    expect(badges).toHaveLength(10);
  });

  it("PUT /api/profile still saves and answers 400 with the field message", async () => {
    const member = await createMember();
    const put = async (body: unknown) =>
      (await profileApi(
        actionArgs(await signedInRequest(member.id, "http://localhost/api/profile", { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })),
      )) as Response;
    const ok = await put({ displayName: "Renamed", interests: ["RAG"] });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ displayName: "Renamed", interests: ["RAG"] });
    const bad = await put({ firstName: "  " });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "First name is required" });
  });
});

describe("pages", () => {
  it("/members filters in the URL and never sends e-mails in the grid", async () => {
    const member = await createMember({ firstName: "Quokka", skillLevel: "intermediate" });
    const data = (await membersLoader(loaderArgs(await signedInRequest(member.id, "http://localhost/members?q=quokka&skill=intermediate&period=30d")))) as Awaited<
      ReturnType<typeof membersLoader>
    >;
    expect(data.period).toBe("30d");
    expect(data.directory.members.map((row) => row.id)).toEqual([member.id]);
    expect(JSON.stringify(data.directory)).not.toContain(member.email);
  });

  it("/members/:id shows a public profile and answers 404 for an unknown member", async () => {
    const viewer = await createMember();
    const other = await createMember({ displayName: "Public Person" });
    const data = (await memberLoader(loaderArgs(await signedInRequest(viewer.id, `http://localhost/members/${other.id}`), { id: other.id }))) as Awaited<
      ReturnType<typeof memberLoader>
    >;
    expect(data.profile.name).toBe("Public Person");
    expect(JSON.stringify(data)).not.toContain(other.email);
    const missing = await memberLoader(loaderArgs(await signedInRequest(viewer.id, "http://localhost/members/nope"), { id: "nope" })).catch((error: unknown) => error);
    expect((missing as Response).status).toBe(404);
  });

  it("the dashboard loader gives badges and the top contributors", async () => {
    const member = await createMember();
    const data = (await dashboardLoader(loaderArgs(await signedInRequest(member.id, "http://localhost/")))) as Awaited<ReturnType<typeof dashboardLoader>>;
    expect(data.dashboard?.badges.state).toBe("start");
    expect(data.dashboard?.topContributors.length).toBeLessThanOrEqual(3);
  });

  it("the Edit Profile form saves with a success toast, and keeps the input with the messages on bad input", async () => {
    const member = await createMember();
    const post = async (fields: Record<string, string>) =>
      profileAction(actionArgs(await signedInRequest(member.id, "http://localhost/profile?edit=1", { method: "POST", body: new URLSearchParams(fields) })));
    const valid = { firstName: "Grace", lastName: "Hopper", displayName: "Amazing Grace", skillLevel: "expert", bio: "Compilers", interests: "COBOL, Navy" };
    const saved = (await post(valid)) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/profile");
    expect(saved.headers.get("Set-Cookie")).toContain("quads_toast=");
    const view = (await profileLoader(loaderArgs(await signedInRequest(member.id, "http://localhost/profile")))) as Awaited<ReturnType<typeof profileLoader>>;
    expect(view.profile).toMatchObject({ name: "Amazing Grace", interests: ["COBOL", "Navy"], bio: "Compilers", label: "Expert" });

    const invalid = (await post({ ...valid, firstName: "   ", skillLevel: "wizard" })) as unknown as {
      data: { toast: { title: string; description: string }; result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(invalid.init.status).toBe(400);
    expect(invalid.data.toast).toMatchObject({ title: "Error", description: "Failed to update profile. Please try again." });
    expect(invalid.data.result.error.firstName).toEqual(["First name is required"]);
    expect(invalid.data.result.error.skillLevel).toEqual(["Skill level must be beginner, intermediate or expert"]);
    expect(invalid.data.result.initialValue).toMatchObject({ displayName: "Amazing Grace", bio: "Compilers" });
  });
});
