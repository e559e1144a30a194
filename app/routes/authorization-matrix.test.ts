/**
 * The authorization matrix: every privileged page action and /api endpoint × visitor, member,
 * moderator, admin (role admin) and owner (an ADMIN_EMAIL account with role member), with the
 * exact answer each must get. Data-driven: a feature adds its rows to `matrix` below (the route
 * module, the method, a request body, and the five expected outcomes).
 *
 * Outcomes: a status number for /api and loaders that render (200), or "→ /path" for a page
 * redirect (visitors and non-admins are sent to / with 'Access Denied'; an admin's successful
 * form post redirects back to its tab with a 'Success' toast).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, signedInRequest, testContext } from "~/test/factories";
import * as adminLayout from "./admin";
import * as adminTab from "./admin.$tab";
import * as adminAudit from "./admin.audit";
import * as adminSettings from "./admin.settings";
import * as adminUsers from "./admin.users";
import * as apiFooterSettings from "./api.admin.footer-settings";
import * as apiPlatformSettings from "./api.admin.platform-settings";
import * as apiPlatformSetting from "./api.admin.platform-settings_.$platform";
import * as apiUsers from "./api.admin.users";
import * as apiUser from "./api.admin.users_.$id";
import * as apiUserRole from "./api.admin.users_.$userId.role";

type Who = "visitor" | "member" | "moderator" | "admin" | "owner";
type Outcome = number | `→ ${string}`;
type RouteModule = { loader?: (args: LoaderFunctionArgs) => unknown; action?: (args: ActionFunctionArgs) => unknown };

export type MatrixRow = {
  /** What is being checked, e.g. "PUT /api/admin/users/{id}/role". */
  name: string;
  module: RouteModule;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The URL path (params are filled in from it by `params`). */
  path: string | (() => Promise<string> | string);
  params?: (path: string) => Record<string, string>;
  /** A JSON body (/api) or form fields (pages: `form`). */
  json?: unknown;
  form?: Record<string, string> | (() => Promise<Record<string, string>> | Record<string, string>);
  expected: Record<Who, Outcome>;
};

const everyone = (outcome: Outcome): Record<Who, Outcome> => ({ visitor: outcome, member: outcome, moderator: outcome, admin: outcome, owner: outcome });
const adminsOnlyPage = (adminOutcome: Outcome): Record<Who, Outcome> => ({
  visitor: "→ /",
  member: "→ /",
  moderator: "→ /",
  admin: adminOutcome,
  owner: adminOutcome,
});
const adminsOnlyApi = (adminOutcome: Outcome): Record<Who, Outcome> => ({ visitor: 401, member: 403, moderator: 403, admin: adminOutcome, owner: adminOutcome });

/** A fresh member to act on (each call to a destructive endpoint needs its own target). */
const freshMemberId = async () => (await createMember()).id;

export const matrix: MatrixRow[] = [
  // ---- admin panel pages (issue 7) ----
  { name: "GET /admin (panel frame)", module: adminLayout, method: "GET", path: "/admin", expected: adminsOnlyPage(200) },
  { name: "GET /admin/users", module: adminUsers, method: "GET", path: "/admin/users", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/users (change role)",
    module: adminUsers,
    method: "POST",
    path: "/admin/users",
    form: async () => ({ intent: "change-role", userId: await freshMemberId(), role: "moderator" }),
    expected: adminsOnlyPage("→ /admin/users"),
  },
  {
    name: "POST /admin/users (delete)",
    module: adminUsers,
    method: "POST",
    path: "/admin/users",
    form: async () => ({ intent: "delete", userId: await freshMemberId() }),
    expected: adminsOnlyPage("→ /admin/users"),
  },
  { name: "GET /admin/settings", module: adminSettings, method: "GET", path: "/admin/settings", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/settings (platform link)",
    module: adminSettings,
    method: "POST",
    path: "/admin/settings",
    form: { intent: "platform", platform: "youtube", url: "https://youtube.com/@matrix", isActive: "on" },
    expected: adminsOnlyPage("→ /admin/settings"),
  },
  {
    name: "POST /admin/settings (footer)",
    module: adminSettings,
    method: "POST",
    path: "/admin/settings",
    form: { intent: "footer", companyName: "Quads", tagline: "AI Community Platform", copyrightText: "© 2025 Quads", description: "", isActive: "on" },
    expected: adminsOnlyPage("→ /admin/settings"),
  },
  { name: "GET /admin/audit", module: adminAudit, method: "GET", path: "/admin/audit", expected: adminsOnlyPage(200) },
  {
    name: "GET /admin/create-meetings (placeholder tab)",
    module: adminTab,
    method: "GET",
    path: "/admin/create-meetings",
    params: () => ({ tab: "create-meetings" }),
    expected: adminsOnlyPage(200),
  },

  // ---- /api/admin (issue 7) ----
  { name: "GET /api/admin/users", module: apiUsers, method: "GET", path: "/api/admin/users", expected: adminsOnlyApi(200) },
  {
    name: "PUT /api/admin/users/{userId}/role",
    module: apiUserRole,
    method: "PUT",
    path: async () => `/api/admin/users/${await freshMemberId()}/role`,
    params: (path) => ({ userId: path.split("/")[4] }),
    json: { role: "moderator" },
    expected: adminsOnlyApi(200),
  },
  {
    name: "DELETE /api/admin/users/{id}",
    module: apiUser,
    method: "DELETE",
    path: async () => `/api/admin/users/${await freshMemberId()}`,
    params: (path) => ({ id: path.split("/")[4] }),
    expected: adminsOnlyApi(200),
  },
  { name: "GET /api/admin/platform-settings (public)", module: apiPlatformSettings, method: "GET", path: "/api/admin/platform-settings", expected: everyone(200) },
  {
    name: "PUT /api/admin/platform-settings/{platform}",
    module: apiPlatformSetting,
    method: "PUT",
    path: "/api/admin/platform-settings/instagram",
    params: () => ({ platform: "instagram" }),
    json: { url: "https://instagram.com/quads", isActive: true },
    expected: adminsOnlyApi(200),
  },
  { name: "GET /api/admin/footer-settings (public)", module: apiFooterSettings, method: "GET", path: "/api/admin/footer-settings", expected: everyone(200) },
  {
    name: "PUT /api/admin/footer-settings",
    module: apiFooterSettings,
    method: "PUT",
    path: "/api/admin/footer-settings",
    json: { tagline: "AI Community Platform" },
    expected: adminsOnlyApi(200),
  },
  // ---- other features append their rows here (moderation: pin/delete posts, hide comments; meetings, resources, artists) ----
];

const users: Partial<Record<Exclude<Who, "visitor">, string>> = {};

beforeAll(async () => {
  users.member = (await createMember()).id;
  users.moderator = (await createMember({ role: "moderator" })).id;
  users.admin = (await createMember({ role: "admin" })).id;
  users.owner = (await createMember({ email: "owner@example.com" })).id;
});

async function requestAs(who: Who, url: string, init: RequestInit): Promise<Request> {
  if (who === "visitor") return new Request(url, init);
  return signedInRequest(users[who]!, url, init);
}

/** Normalises what a loader or action returned or threw into an Outcome. */
async function outcomeOf(run: () => unknown): Promise<Outcome> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    if (result.status >= 300 && result.status < 400) return `→ ${result.headers.get("Location")}`;
    return result.status;
  }
  if (result && typeof result === "object" && "type" in result && (result as { type: string }).type === "DataWithResponseInit") {
    return (result as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  return 200;
}

async function run(row: MatrixRow, who: Who): Promise<Outcome> {
  const path = typeof row.path === "function" ? await row.path() : row.path;
  const url = `http://localhost${path}`;
  const params = row.params?.(path) ?? {};
  const init: RequestInit = { method: row.method };
  if (row.json !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(row.json);
  } else if (row.form) {
    const fields = typeof row.form === "function" ? await row.form() : row.form;
    init.body = new URLSearchParams(fields);
  }
  const request = await requestAs(who, url, init);
  const handler = row.method === "GET" ? row.module.loader : row.module.action;
  if (!handler) throw new Error(`${row.name}: the module has no ${row.method === "GET" ? "loader" : "action"}`);
  return outcomeOf(() => handler({ request, params, context: testContext } as LoaderFunctionArgs & ActionFunctionArgs));
}

const whos: Who[] = ["visitor", "member", "moderator", "admin", "owner"];

describe("authorization matrix", () => {
  describe.each(matrix)("$name", (row) => {
    it.each(whos)("%s", async (who) => {
      expect(await run(row, who)).toBe(row.expected[who]);
    });
  });
});

describe("admin endpoints: the admin's own error answers", () => {
  const cases: { name: string; row: Omit<MatrixRow, "expected">; expected: Outcome }[] = [
    {
      name: "unknown platform → 404",
      row: { name: "", module: apiPlatformSetting, method: "PUT", path: "/api/admin/platform-settings/myspace", params: () => ({ platform: "myspace" }), json: { url: "https://myspace.com" } },
      expected: 404,
    },
    {
      name: "bad URL → 400",
      row: { name: "", module: apiPlatformSetting, method: "PUT", path: "/api/admin/platform-settings/youtube", params: () => ({ platform: "youtube" }), json: { url: "javascript:alert(1)" } },
      expected: 400,
    },
    {
      name: "bad URL on the page → 400 (the tab re-renders with the reason)",
      row: { name: "", module: adminSettings, method: "POST", path: "/admin/settings", form: { intent: "platform", platform: "youtube", url: "not a url" } },
      expected: 400,
    },
    {
      name: "unknown role → 400",
      row: {
        name: "",
        module: apiUserRole,
        method: "PUT",
        path: async () => `/api/admin/users/${await freshMemberId()}/role`,
        params: (path) => ({ userId: path.split("/")[4] }),
        json: { role: "king" },
      },
      expected: 400,
    },
    {
      name: "unknown user → 404",
      row: { name: "", module: apiUser, method: "DELETE", path: "/api/admin/users/nobody", params: () => ({ id: "nobody" }) },
      expected: 404,
    },
    {
      name: "deleting oneself → 403",
      row: { name: "", module: apiUser, method: "DELETE", path: () => `/api/admin/users/${users.admin}`, params: (path) => ({ id: path.split("/")[4] }) },
      expected: 403,
    },
    {
      name: "demoting the ADMIN_EMAIL account → 403",
      row: {
        name: "",
        module: apiUserRole,
        method: "PUT",
        path: () => `/api/admin/users/${users.owner}/role`,
        params: (path) => ({ userId: path.split("/")[4] }),
        json: { role: "member" },
      },
      expected: 403,
    },
    {
      name: "footer with an empty company name → 400",
      row: { name: "", module: apiFooterSettings, method: "PUT", path: "/api/admin/footer-settings", json: { companyName: "" } },
      expected: 400,
    },
  ];
  it.each(cases)("$name", async ({ row, expected }) => {
    expect(await run({ ...row, expected: everyone(expected) }, "admin")).toBe(expected);
  });
});
