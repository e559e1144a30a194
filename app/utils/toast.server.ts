/**
 * Flash toasts: a short-lived cookie that survives a redirect and is rendered by the root
 * layout on the server, so messages show with JavaScript off too.
 */
import { createCookieSessionStorage, redirect } from "react-router";
import { z } from "zod";
import { getEnv } from "./env.server";
import { toastId } from "./toast";

export const toastSchema = z.object({
  id: z.string().default(toastId),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type Toast = z.input<typeof toastSchema>;
export type ShownToast = z.output<typeof toastSchema>;

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { toast: ShownToast }>> | undefined;
function getToastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { toast: ShownToast }>({
    cookie: {
      name: "quads_toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: [getEnv().SESSION_SECRET],
    },
  });
  return storage;
}

/** The Set-Cookie header that carries a toast to the next page. */
export async function createToastHeader(toast: Toast): Promise<string> {
  const { getSession, commitSession } = getToastStorage();
  const session = await getSession();
  session.flash("toast", toastSchema.parse(toast));
  return commitSession(session);
}

/** Reads (and consumes) the pending toast of a request. */
export async function getToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers | null }> {
  const { getSession, destroySession } = getToastStorage();
  const cookie = request.headers.get("Cookie");
  if (!cookie?.includes("quads_toast=")) return { toast: null, headers: null };
  const session = await getSession(cookie);
  const parsed = toastSchema.safeParse(session.get("toast"));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await destroySession(session) }),
  };
}

/** Redirects and shows a toast on the next page. Extra Set-Cookie headers (a session) may be passed. */
export async function redirectWithToast(url: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await createToastHeader(toast));
  return redirect(url, { headers });
}
