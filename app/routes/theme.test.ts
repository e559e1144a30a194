import type { ActionFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { getTheme } from "~/utils/theme.server";
import { action } from "./theme";

function post(fields: Record<string, string>): ActionFunctionArgs {
  const request = new Request("http://localhost/theme", { method: "POST", body: new URLSearchParams(fields) });
  return { request, params: {}, context: {} } as ActionFunctionArgs;
}

async function outcome(fields: Record<string, string>): Promise<Response> {
  try {
    return await action(post(fields));
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (thrown && typeof thrown === "object" && "status" in thrown) return new Response(null, { status: Number(thrown.status) });
    throw thrown;
  }
}

describe("POST /theme", () => {
  it("keeps the choice in a cookie for a year and goes back to the page", async () => {
    const response = await outcome({ theme: "dark", redirectTo: "/members?page=2" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/members?page=2");
    expect(response.headers.get("Set-Cookie")).toMatch(/^quads_theme=dark; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly$/);
  });

  it("goes to / for a redirect elsewhere, and refuses an unknown theme with 400", async () => {
    expect((await outcome({ theme: "light", redirectTo: "//evil.example" })).headers.get("Location")).toBe("/");
    expect((await outcome({ theme: "sepia" })).status).toBe(400);
  });
});

describe("getTheme", () => {
  const withCookie = (cookie?: string) => new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });
  it("reads the cookie; System when there is none or it holds anything else", () => {
    expect(getTheme(withCookie("a=1; quads_theme=dark"))).toBe("dark");
    expect(getTheme(withCookie("quads_theme=light"))).toBe("light");
    expect(getTheme(withCookie())).toBe("system");
    expect(getTheme(withCookie("quads_theme=neon"))).toBe("system");
  });
});
