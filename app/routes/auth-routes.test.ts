import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { createMember, signedInRequest, routeArgs, uniqueEmail } from "~/test/factories";
import { action as apiLoginAction } from "./api.auth.login";
import { action as apiLogoutAction } from "./api.auth.logout";
import { action as apiRegisterAction } from "./api.auth.register";
import { loader as apiUserLoader } from "./api.auth.user";
import { action as apiProfileAction } from "./api.profile";
import { loader as unknownApiLoader } from "./api.$";
import { action as loginAction } from "./login";

const actionArgs = (request: Request) => (routeArgs(request)) as ActionFunctionArgs;
const loaderArgs = (request: Request) => (routeArgs(request)) as LoaderFunctionArgs;
const json = (body: unknown, method = "POST") =>
  ({ method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }) as RequestInit;

function form(fields: Record<string, string>) {
  return { method: "POST", body: new URLSearchParams(fields) } as RequestInit;
}

describe("/login page action", () => {
  it("registers, starts a session and redirects to / with the welcome toast", async () => {
    const email = uniqueEmail();
    const response = (await loginAction(
      actionArgs(
        new Request("http://localhost/login", form({ intent: "register", email, password: "correct-horse-battery", firstName: "A", lastName: "B", displayName: "AB" })),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    const cookies = response.headers.get("Set-Cookie") ?? "";
    expect(cookies).toContain("quads_session=");
    expect(cookies).toContain("quads_toast=");
  });

  it("signs in back to a same-site redirectTo, and to / for one that leaves the site (a tab after the slash, //host, a backslash)", async () => {
    const user = await createMember({ plainPassword: "right-password" });
    const signIn = (redirectTo: string) =>
      loginAction(actionArgs(new Request(`http://localhost/login?redirectTo=${encodeURIComponent(redirectTo)}`, form({ intent: "login", email: user.email, password: "right-password", redirectTo })))) as Promise<Response>;
    expect((await signIn("/discussions?category=2#top")).headers.get("Location")).toBe("/discussions?category=2");
    for (const redirectTo of ["/\t/evil.test/phish", "//evil.test", "/\\evil.test", "https://evil.test", "/\r\nSet-Cookie:x", " /discussions"]) {
      const response = await signIn(redirectTo);
      expect(response.status, JSON.stringify(redirectTo)).toBe(302);
      expect(response.headers.get("Location"), JSON.stringify(redirectTo)).toBe("/");
    }
  });

  it("answers a bad password with 401, 'Invalid email or password' and the e-mail kept", async () => {
    const user = await createMember({ plainPassword: "right-password" });
    const result = (await loginAction(actionArgs(new Request("http://localhost/login", form({ intent: "login", email: user.email, password: "wrong" }))))) as unknown as {
      data: { toast: { title: string; description: string }; result: { initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(result.init.status).toBe(401);
    expect(result.data.toast).toMatchObject({ title: "Login Failed", description: "Invalid email or password" });
    expect(result.data.result.initialValue.email).toBe(user.email);
    expect(result.data.result.initialValue).not.toHaveProperty("password");
  });

  it("answers invalid registration input with 400 and the field message", async () => {
    const result = (await loginAction(
      actionArgs(new Request("http://localhost/login", form({ intent: "register", email: uniqueEmail(), password: "short", firstName: "A", lastName: "B", displayName: "C" }))),
    )) as unknown as { data: { toast: { title: string; description: string } }; init: { status: number } };
    expect(result.init.status).toBe(400);
    expect(result.data.toast).toMatchObject({ title: "Registration Failed", description: "Password must be at least 8 characters" });
  });
});

describe("/api/auth", () => {
  it("registers (201), reads the current user, and logs out", async () => {
    const email = uniqueEmail();
    const registered = await apiRegisterAction(
      actionArgs(new Request("http://localhost/api/auth/register", json({ email, password: "correct-horse-battery", firstName: "A", lastName: "B", displayName: "AB" }))),
    );
    expect(registered.status).toBe(201);
    const body = await registered.json();
    expect(body).toMatchObject({ email, displayName: "AB", role: "member" });
    expect(body).not.toHaveProperty("password");
    const cookie = (registered.headers.get("Set-Cookie") ?? "").split(";")[0];
    const me = await apiUserLoader(loaderArgs(new Request("http://localhost/api/auth/user", { headers: { Cookie: cookie } })));
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email, username: body.username });
    expect(body.username).toMatch(/^[a-z0-9_]{3,20}$/);
    const loggedOut = await apiLogoutAction(actionArgs(new Request("http://localhost/api/auth/logout", { method: "POST", headers: { Cookie: cookie } })));
    expect(loggedOut.status).toBe(200);
    const after = await apiUserLoader(loaderArgs(new Request("http://localhost/api/auth/user", { headers: { Cookie: cookie } })));
    expect(after.status).toBe(401);
  });

  it("answers 401 with 'Unauthorized' when signed out, 400 with field errors, 409 on a taken e-mail", async () => {
    const anonymous = await apiUserLoader(loaderArgs(new Request("http://localhost/api/auth/user")));
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Unauthorized" });
    const bad = await apiLoginAction(actionArgs(new Request("http://localhost/api/auth/login", json({ email: "x", password: "" }))));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "Please enter a valid email address", errors: { password: ["Password is required"] } });
    const user = await createMember();
    const taken = await apiRegisterAction(
      actionArgs(new Request("http://localhost/api/auth/register", json({ email: user.email, password: "correct-horse-battery", firstName: "A", lastName: "B", displayName: "AB" }))),
    );
    expect(taken.status).toBe(409);
    const malformed = await apiLoginAction(actionArgs(new Request("http://localhost/api/auth/login", { method: "POST", body: "{not json" })));
    expect(malformed.status).toBe(400);
  });

  it("unknown /api paths answer a JSON 404", async () => {
    const response = await unknownApiLoader();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Not found" });
  });
});

describe("PUT /api/profile", () => {
  it("updates the profile fields, validates them, and needs a session", async () => {
    const user = await createMember();
    const request = await signedInRequest(user.id, "http://localhost/api/profile", json({ displayName: "New Name", skillLevel: "expert", interests: ["LLMs", "Agents"], bio: "Hi" }, "PUT"));
    const response = await apiProfileAction(actionArgs(request));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ displayName: "New Name", skillLevel: "expert", interests: ["LLMs", "Agents"], bio: "Hi" });
    const invalid = await apiProfileAction(actionArgs(await signedInRequest(user.id, "http://localhost/api/profile", json({ skillLevel: "wizard", firstName: "" }, "PUT"))));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toHaveProperty("skillLevel");
    const other = await createMember();
    const conflict = await apiProfileAction(actionArgs(await signedInRequest(user.id, "http://localhost/api/profile", json({ email: other.email, currentPassword: "correct-horse-battery" }, "PUT"))));
    // The one e-mail change (docs/accounts.md, "Changing the e-mail"): a taken address is a 400 under `email`.
    expect(conflict.status).toBe(400);
    expect((await conflict.json()).errors.email[0]).toMatch(/already in use/);
    // Without the current password a new e-mail is refused before anything else is checked.
    const noPassword = await apiProfileAction(actionArgs(await signedInRequest(user.id, "http://localhost/api/profile", json({ email: other.email }, "PUT"))));
    expect(noPassword.status).toBe(400);
    expect((await noPassword.json()).errors).toHaveProperty("currentPassword");
    const anonymous = await apiProfileAction(actionArgs(new Request("http://localhost/api/profile", json({ bio: "x" }, "PUT"))));
    expect(anonymous.status).toBe(401);
  });
});
