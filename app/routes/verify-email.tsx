import { readFormData } from "~/utils/http.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { resendVerificationEmail, verifyEmail, requireUser } from "~/features/auth/index.server";
import { handleRefusal } from "~/utils/page-action.server";
import { CardLink, CenteredCard } from "~/components/ui/centered-card";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { safeRedirectPath } from "~/utils/url";
import { errorToast, successToast } from "~/utils/toast";

export const meta: MetaFunction = ({ matches }) => pageMeta("Confirm your e-mail", matches);

/** Following the link from the verification e-mail verifies the address (docs/accounts.md). */
export async function loader({ url }: LoaderFunctionArgs) {
  const token = url.searchParams.get("token") ?? "";
  return handleRefusal(
    async () => ({ isVerified: true as const, email: (await verifyEmail({ token })).email, message: null }),
    (error) => ({ isVerified: false as const, email: null, message: error.message }),
  );
}

/** 'Resend verification e-mail' (the banner's form). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  // Only a path on this site (the banner sends the page it is on).
  const back = safeRedirectPath(formData.get("redirectTo"), routes.home);
  return handleRefusal(
    async () => redirectWithToast(back, successToast(`We sent a new link to ${(await resendVerificationEmail(user)).email}. It works for 7 days.`, "Verification e-mail sent")),
    (error) => redirectWithToast(back, errorToast(error.message, "Could not send the e-mail")),
  );
}

export default function VerifyEmailPage() {
  const result = useLoaderData<typeof loader>();
  return (
    <CenteredCard className="text-center">
        <h1 className="text-2xl font-bold text-slate-900">{result.isVerified ? "E-mail confirmed" : "This link does not work"}</h1>
        <p role={result.isVerified ? "status" : "alert"} className="mt-4 text-sm text-slate-700" data-testid="verify-email-result">
          {result.isVerified ? `Thank you: ${result.email} is verified.` : result.message}
        </p>
        <CardLink to={routes.home}>Go to the dashboard</CardLink>
    </CenteredCard>
  );
}
