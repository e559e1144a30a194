import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { CardLink, CenteredCard } from "~/components/ui/centered-card";
import { FormField, PrimaryButton } from "~/components/ui/form-field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { getFormProps, getInputProps, useServerForm } from "~/components/ui/use-server-form";
import { identityEmailConstraints } from "~/features/identities";
import { finishWithEmail, identityEmailSchema, pendingProfileOf } from "~/features/identities/index.server";
import { readFormData } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { fieldMessagesFirst, formFailure, submitSchemaFormAsync } from "~/utils/page-action.server";
import { routes } from "~/utils/routes";
import { errorToast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => pageMeta("Your e-mail", matches);

const EXPIRED = "This step expired. Please sign in again.";

/** The external sign-in's e-mail step: the provider gave no verified address (docs/accounts.md, "Sign-in with external identities"). */
export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await pendingProfileOf(request);
  if (!pending) throw await redirectWithToast(routes.login, errorToast(EXPIRED));
  return pending;
}

/** Creates the account with the address (unverified: the usual verification link is sent) and signs in. */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const outcome = await submitSchemaFormAsync(formData, identityEmailSchema, () => finishWithEmail({ request, formData }), { messagesOf: fieldMessagesFirst });
  if (!outcome.ok) return formFailure({ intent: "", result: outcome.result }, { status: outcome.status, headers: outcome.headers });
  return outcome.saved ?? redirectWithToast(routes.login, errorToast(EXPIRED));
}

export default function IdentityEmailPage() {
  const pending = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useServerForm({ id: "identity-email-form", lastResult: actionData?.result, constraint: identityEmailConstraints, defaultValue: { email: pending.email ?? "" } });
  return (
    <CenteredCard>
      <h1 className="text-2xl font-bold text-slate-900">One more step</h1>
      <p className="mt-2 text-sm text-slate-600">
        {pending.providerName} did not give us a verified e-mail address. Enter yours: we send you a link to confirm it, as for every new account.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <FormField label="Email" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
        <PrimaryButton disabled={isPending}>{isPending ? "Creating account..." : "Create my account"}</PrimaryButton>
      </Form>
      <CardLink to={routes.login} isCentered>
        Back to sign in
      </CardLink>
    </CenteredCard>
  );
}
