import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ErrorMessage } from "~/components/layout/error-page";
import { getOptionalUser } from "~/utils/auth.server";

/** Any other path: visitors go to /login; members see 'Page Not Found' (404). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getOptionalUser(request))) throw redirect("/login");
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundPage() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}

function NotFound() {
  return <ErrorMessage title="Page Not Found" message="The page you are looking for does not exist or has moved." />;
}
