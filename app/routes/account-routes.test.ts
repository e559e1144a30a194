import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { asDataRequest, createMember, signedInRequest, routeArgs, uniqueEmail } from "~/test/factories";
import { action as deleteAccountApi } from "./api.account._index";
import { action as emailApi } from "./api.account.email";
import { loader as exportApi } from "./api.account.export";
import { action as preferencesPut, loader as preferencesGet } from "./api.account.notification-preferences";
import { action as passwordApi } from "./api.account.password";
import { action as sessionsDelete, loader as sessionsGet } from "./api.account.sessions";
import { action as settingsAction, loader as settingsLoader } from "./settings.account";
import { row } from "~/test/db";

const PASSWORD = "correct-horse-battery";
type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<Response> | Response | Promise<unknown>;
const call = async (handler: Handler, request: Request) => (await handler(routeArgs(request) as LoaderFunctionArgs & ActionFunctionArgs)) as Response;
const json = (method: string, body?: unknown): RequestInit => ({ method, headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
const url = (path: string) => `http://localhost${path}`;

describe("/api/account", () => {
  it("answers visitors 401 on every endpoint", async () => {
    const cases: [Handler, string, RequestInit][] = [
      [passwordApi, "/api/account/password", json("POST", { currentPassword: "x", newPassword: "y" })],
      [emailApi, "/api/account/email", json("POST", { currentPassword: "x", email: "a@example.com" })],
      [preferencesGet, "/api/account/notification-preferences", { method: "GET" }],
      [preferencesPut, "/api/account/notification-preferences", json("PUT", { replies: false })],
      [sessionsGet, "/api/account/sessions", { method: "GET" }],
      [sessionsDelete, "/api/account/sessions", { method: "DELETE" }],
      [exportApi, "/api/account/export", { method: "GET" }],
      [deleteAccountApi, "/api/account", json("DELETE", { password: "x" })],
    ];
    for (const [handler, path, init] of cases) expect((await call(handler, new Request(url(path), init))).status, path).toBe(401);
  });

  it("400 with field messages for bad input and a wrong current password; 200 when right", async () => {
    const member = await createMember({ plainPassword: PASSWORD });
    const as = (path: string, init: RequestInit) => signedInRequest(member.id, url(path), init);
    const weak = await call(passwordApi, await as("/api/account/password", json("POST", { currentPassword: PASSWORD, newPassword: "short" })));
    expect(weak.status).toBe(400);
    expect((await weak.json()).errors.newPassword).toBeDefined();
    const wrong = await call(passwordApi, await as("/api/account/password", json("POST", { currentPassword: "wrong-one", newPassword: "a-brand-new-passphrase" })));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ currentPassword: ["Your current password is not correct."] });
    const changed = await call(passwordApi, await as("/api/account/password", json("POST", { currentPassword: PASSWORD, newPassword: "a-brand-new-passphrase" })));
    expect(changed.status).toBe(200);

    const badEmail = await call(emailApi, await as("/api/account/email", json("POST", { currentPassword: "a-brand-new-passphrase", email: "not-an-address" })));
    expect(badEmail.status).toBe(400);
    const email = uniqueEmail("api");
    const pending = await call(emailApi, await as("/api/account/email", json("POST", { currentPassword: "a-brand-new-passphrase", email })));
    expect(pending.status).toBe(202);
    expect(await pending.json()).toMatchObject({ pendingEmail: email });

    const prefs = await call(preferencesPut, await as("/api/account/notification-preferences", json("PUT", { mentions: false })));
    expect(await prefs.json()).toEqual({ replies: true, mentions: false, messages: true, meetingReminders: true, weeklyDigest: false });
    expect((await call(preferencesPut, await as("/api/account/notification-preferences", json("PUT", { mentions: "no" })))).status).toBe(400);

    const sessions = (await (await call(sessionsGet, await as("/api/account/sessions", { method: "GET" }))).json()) as { id: string; current: boolean }[];
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(Object.keys(sessions[0]).sort()).toEqual(["current", "device", "id", "lastSeenAt", "signedInAt"]);

    const exported = await call(exportApi, await as("/api/account/export", { method: "GET" }));
    expect(exported.headers.get("Content-Disposition")).toMatch(/^attachment; filename="quads-data-.+\.json"$/);
    expect((await exported.json()).profile.id).toBe(member.id);

    expect((await call(deleteAccountApi, await as("/api/account", json("DELETE", {})))).status).toBe(400);
    expect((await call(deleteAccountApi, await as("/api/account", json("DELETE", { password: "wrong-one" })))).status).toBe(400);
    const deleted = await call(deleteAccountApi, await as("/api/account", json("DELETE", { password: "a-brand-new-passphrase" })));
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get("Set-Cookie")).toMatch(/quads_session=;/);
    expect(await row("SELECT count(*) AS n FROM users WHERE id = ?", member.id)).toEqual({ n: 0 });
  });
});

describe("/settings/account", () => {
  it("sends visitors to /login and back; a failed form keeps its input and says why", async () => {
    const visitor = (await call(settingsLoader, new Request(url("/settings/account"))).catch((thrown: unknown) => thrown)) as Response;
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings%2Faccount");
    // With JavaScript the page's data comes from /settings/account.data: signing in returns to the page.
    const dataRequest = asDataRequest(new Request(url("/settings/account?tab=mail")), "routes/settings.account");
    const fromScript = (await call(settingsLoader, dataRequest).catch((thrown: unknown) => thrown)) as Response;
    expect(fromScript.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings%2Faccount%3Ftab%3Dmail");

    const member = await createMember({ plainPassword: PASSWORD });
    const form = (fields: Record<string, string>) => signedInRequest(member.id, url("/settings/account"), { method: "POST", body: new URLSearchParams(fields) });
    const mismatch = (await call(settingsAction, await form({ intent: "password", currentPassword: PASSWORD, newPassword: "a-brand-new-passphrase", confirmPassword: "different-one" }))) as unknown as {
      data: { intent: string; result: { error: Record<string, string[]> } };
      init: { status: number };
    };
    expect(mismatch.init.status).toBe(400);
    expect(mismatch.data.result.error.confirmPassword).toEqual(["The two passwords do not match"]);
    const other = await createMember();
    const taken = (await call(settingsAction, await form({ intent: "email", email: other.email, currentPassword: PASSWORD }))) as unknown as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(taken.init.status).toBe(400);
    expect(taken.data.result.error.email?.[0]).toMatch(/already in use/);
    expect(taken.data.result.initialValue.email).toBe(other.email);
  });
});
