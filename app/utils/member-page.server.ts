import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "./auth.server";

/** Loader for member pages that need nothing but a signed-in member. */
export async function requireMemberLoader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}
