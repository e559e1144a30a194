/** The admin tabs' page actions: SPEC toasts, statuses, and input kept on failure. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { createMember, signedInRequest, testContext } from "~/test/factories";
import { action as settingsAction } from "./admin.settings";
import { action as usersAction } from "./admin.users";

type Failure = { data: { toast: { title: string; description: string; variant: string }; message: string; values?: Record<string, string> }; init: { status: number } };

async function post(action: (args: ActionFunctionArgs) => unknown, userId: string, path: string, fields: Record<string, string>) {
  const request = await signedInRequest(userId, `http://localhost${path}`, { method: "POST", body: new URLSearchParams(fields) });
  return action({ request, params: {}, context: testContext } as ActionFunctionArgs);
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

  it("answers 'Failed to update user role' with the reason and status", async () => {
    const admin = await createMember({ role: "admin" });
    const self = (await post(usersAction, admin.id, "/admin/users", { intent: "change-role", userId: admin.id, role: "member" })) as Failure;
    expect(self.init.status).toBe(403);
    expect(self.data.toast).toMatchObject({ title: "Error", description: "Failed to update user role", variant: "destructive" });
    expect(self.data.message).toBe("You cannot change your own role.");
    const member = await createMember();
    const bad = (await post(usersAction, admin.id, "/admin/users", { intent: "change-role", userId: member.id, role: "emperor" })) as Failure;
    expect(bad.init.status).toBe(400);
    expect(bad.data.values?.role).toBe("emperor");
  });

  it("answers 'Failed to delete user' for an unknown user", async () => {
    const admin = await createMember({ role: "admin" });
    const result = (await post(usersAction, admin.id, "/admin/users", { intent: "delete", userId: "nobody" })) as Failure;
    expect(result.init.status).toBe(404);
    expect(result.data.toast.description).toBe("Failed to delete user");
  });
});

describe("/admin/settings action", () => {
  it("keeps a bad URL in the form with 'Failed to update platform setting'", async () => {
    const admin = await createMember({ role: "admin" });
    const result = (await post(settingsAction, admin.id, "/admin/settings", { intent: "platform", platform: "youtube", url: "ftp://files.example", isActive: "on" })) as Failure;
    expect(result.init.status).toBe(400);
    expect(result.data.toast).toMatchObject({ title: "Error", description: "Failed to update platform setting" });
    expect(result.data.values?.url).toBe("ftp://files.example");
  });

  it("saves the footer ('Footer settings updated successfully') and refuses an empty company name", async () => {
    const admin = await createMember({ role: "admin" });
    const fields = { intent: "footer", companyName: "Quads", tagline: "AI Community Platform", copyrightText: "© 2025 Quads", description: "Hi", showSocialLinks: "on", isActive: "on" };
    const saved = (await post(settingsAction, admin.id, "/admin/settings", fields)) as Response;
    expect(saved.status).toBe(302);
    const failed = (await post(settingsAction, admin.id, "/admin/settings", { ...fields, companyName: " " })) as Failure;
    expect(failed.init.status).toBe(400);
    expect(failed.data.toast.description).toBe("Failed to update footer settings");
    expect(failed.data.message).toBe("Company name is required.");
  });
});
