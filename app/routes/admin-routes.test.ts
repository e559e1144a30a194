/** The admin tabs' page actions: their toasts, statuses, and input kept on failure. */
import type { ActionFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { isSupporter } from "~/features/badges/supporter.server";
import { asDataRequest, createMember, signedInRequest, routeArgs } from "~/test/factories";
import { rows } from "~/test/db";
import { action as settingsAction } from "./admin.settings";
import { action as usersAction, loader as usersLoader } from "./admin.users";

/** The one failed-form shape (docs/decisions/0076-page-action-pattern.md): the reason is the form's own message (""). */
type Failure = {
  data: { toast: { title: string; description: string; variant: string }; result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
  init: { status: number };
};

async function post(action: (args: ActionFunctionArgs) => unknown, userId: string, path: string, fields: Record<string, string>, { asData = false } = {}) {
  const request = await signedInRequest(userId, `http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
  return action(routeArgs(asData ? asDataRequest(request, "routes/admin.users") : request) as ActionFunctionArgs);
}

describe("/admin/users action", () => {
  it("redirects back to the same list with the 'Success' toast", async () => {
    const admin = await createMember({ role: "admin" });
    const member = await createMember();
    const response = (await post(usersAction, admin.id, "/admin/users?search=x&page=2", { intent: "change-role", userId: member.id, role: "moderator" })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users?search=x&page=2");
    expect(response.headers.get("Set-Cookie")).toContain("quads_toast=");
  });

  it("redirects to the page, not to the data request's URL, when the form was sent with JavaScript", async () => {
    const admin = await createMember({ role: "admin" });
    const member = await createMember();
    const response = (await post(usersAction, admin.id, "/admin/users?search=x&page=2", { intent: "change-role", userId: member.id, role: "moderator" }, { asData: true })) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/users?search=x&page=2");
  });

  it("answers 'Failed to update user role' with the reason and status", async () => {
    const admin = await createMember({ role: "admin" });
    const self = (await post(usersAction, admin.id, "/admin/users", { intent: "change-role", userId: admin.id, role: "member" })) as Failure;
    expect(self.init.status).toBe(403);
    expect(self.data.toast).toMatchObject({ title: "Error", description: "Failed to update user role", variant: "destructive" });
    expect(self.data.result.error[""][0]).toBe("You cannot change your own role.");
    const member = await createMember();
    const bad = (await post(usersAction, admin.id, "/admin/users", { intent: "change-role", userId: member.id, role: "emperor" })) as Failure;
    expect(bad.init.status).toBe(400);
    expect(bad.data.result.initialValue.role).toBe("emperor");
  });

  it("answers 'Failed to delete user' for an unknown user", async () => {
    const admin = await createMember({ role: "admin" });
    const result = (await post(usersAction, admin.id, "/admin/users", { intent: "delete", userId: "nobody" })) as Failure;
    expect(result.init.status).toBe(404);
    expect(result.data.toast.description).toBe("Failed to delete user");
  });
});

describe("/admin/users: the Supporter badge", () => {
  it("grants and revokes it (audited), and the list says who holds it", async () => {
    const admin = await createMember({ role: "admin" });
    const member = await createMember();
    const listed = async () => {
      const request = await signedInRequest(admin.id, `http://localhost/admin/users?search=${encodeURIComponent(member.email)}`);
      const list = (await usersLoader(routeArgs(request) as ActionFunctionArgs)) as { users: { id: string; isSupporter: boolean }[] };
      return list.users.find((user) => user.id === member.id)?.isSupporter;
    };
    expect(await listed()).toBe(false);

    const granted = (await post(usersAction, admin.id, "/admin/users", { intent: "grant-supporter", userId: member.id })) as Response;
    expect(granted.status).toBe(302);
    expect(await isSupporter(member.id)).toBe(true);
    expect(await listed()).toBe(true);

    const revoked = (await post(usersAction, admin.id, "/admin/users", { intent: "revoke-supporter", userId: member.id })) as Response;
    expect(revoked.status).toBe(302);
    expect(await isSupporter(member.id)).toBe(false);
    expect(await listed()).toBe(false);

    const actions = (await rows<{ action: string }>(`SELECT action FROM audit_log WHERE target_id = ? ORDER BY id`, member.id)).map((row) => row.action);
    expect(actions).toEqual(["badge.supporter_granted", "badge.supporter_revoked"]);
  });

  it("answers 'Failed to grant the Supporter badge' for an unknown user", async () => {
    const admin = await createMember({ role: "admin" });
    const result = (await post(usersAction, admin.id, "/admin/users", { intent: "grant-supporter", userId: "nobody" })) as Failure;
    expect(result.init.status).toBe(404);
    expect(result.data.toast.description).toBe("Failed to grant the Supporter badge");
    expect(result.data.result.error[""][0]).toBe("Member not found");
  });
});

describe("/admin/settings action", () => {
  it("keeps a bad URL in the form with 'Failed to update platform setting'", async () => {
    const admin = await createMember({ role: "admin" });
    const result = (await post(settingsAction, admin.id, "/admin/settings", { intent: "platform", platform: "youtube", url: "ftp://files.example", isActive: "on" })) as Failure;
    expect(result.init.status).toBe(400);
    expect(result.data.toast).toMatchObject({ title: "Error", description: "Failed to update platform setting" });
    expect(result.data.result.initialValue.url).toBe("ftp://files.example");
  });

  it("saves the footer ('Footer settings updated successfully') and refuses an empty company name", async () => {
    const admin = await createMember({ role: "admin" });
    const fields = { intent: "footer", companyName: "Quads", tagline: "AI Community Platform", copyrightTemplate: "© 2025 Quads", description: "Hi", showSocialLinks: "on", isActive: "on" };
    const saved = (await post(settingsAction, admin.id, "/admin/settings", fields)) as Response;
    expect(saved.status).toBe(302);
    const failed = (await post(settingsAction, admin.id, "/admin/settings", { ...fields, companyName: " " })) as Failure;
    expect(failed.init.status).toBe(400);
    expect(failed.data.toast.description).toBe("Failed to update footer settings");
    expect(failed.data.result.error[""][0]).toBe("Company name is required.");
  });
});
