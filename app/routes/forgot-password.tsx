import { requestInfoOf } from "~/utils/request-context";
import { readFormData } from "~/utils/http.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData } from "react-router";
import { FormField, PrimaryButton } from "~/components/ui/form-field";
import { getFormProps, getInputProps, useServerForm } from "~/components/ui/use-server-form";
import { forgotPasswordConstraints } from "~/features/auth";
import { requestPasswordReset, forgotPasswordSchema } from "~/features/auth/index.server";
import { formFailure, submitSchemaFormAsync } from "~/utils/page-action.server";
import { CardLink, CenteredCard } from "~/components/ui/centered-card";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Forgot password", matches, "Get a link to choose a new password.");

export function loader(_args: LoaderFunctionArgs) {
  return null;
}

/** 'Forgot password?': the same answer whether or not the address has an account (docs/accounts.md). */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const outcome = await submitSchemaFormAsync(formData, forgotPasswordSchema, (input) => requestPasswordReset(input, { clientIp: requestInfoOf(context).clientIp }));
  if (outcome.ok) return { sent: outcome.saved.message };
  return formFailure({ intent: "", result: outcome.result }, { status: outcome.status, headers: outcome.headers });
}

export default function ForgotPasswordPage() {
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useServerForm({ id: "forgot-password-form", lastResult: actionData && "result" in actionData ? actionData.result : undefined, constraint: forgotPasswordConstraints });
  return (
    <CenteredCard>
        <h1 className="text-2xl font-bold text-slate-900">Forgot your password?</h1>
        {actionData && "sent" in actionData ? (
          <div role="status" className="mt-4 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="forgot-password-sent">
            {actionData.sent}
          </div>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Enter the e-mail of your account and we will send you a link to choose a new one.</p>
        )}
        <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
          {form.errors?.length ? (
            <p id={form.errorId} role="alert" className="text-sm text-red-700">
              {form.errors.join(" ")}
            </p>
          ) : null}
          <FormField label="Email" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
          <PrimaryButton disabled={isPending}>{isPending ? "Sending..." : "Send reset link"}</PrimaryButton>
        </Form>
        <CardLink to={routes.login} isCentered>
          Back to sign in
        </CardLink>
    </CenteredCard>
  );
}
