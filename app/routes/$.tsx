import type { LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { ErrorMessage, NOT_FOUND } from "~/components/layout/error-page";
import { getOptionalUser } from "~/features/auth/index.server";
import { notFound } from "~/utils/errors.server";
import { handlePage } from "~/utils/http.server";

/** Any other path: visitors go to /login; members see 'Page Not Found' (404). */
export async function loader({ request }: LoaderFunctionArgs) {
  if (!(await getOptionalUser(request))) throw redirect("/login");
  return handlePage(() => {
    throw notFound("Page not found");
  });
}

export default function NotFoundPage() {
  return <NotFound />;
}

// The 404 renders inside the layout (as the root error boundary's page does), with the same words.
export function ErrorBoundary() {
  return <NotFound />;
}

function NotFound() {
  return <ErrorMessage title={NOT_FOUND.title} message={NOT_FOUND.message} />;
}
