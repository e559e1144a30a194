import { readFormData } from "~/utils/http.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { FormField, PrimaryButton } from "~/components/ui/form-field";
import { getFormProps, getInputProps, useServerForm } from "~/components/ui/use-server-form";
import { resetPasswordConstraints } from "~/features/auth";
import { isResetTokenUsable, RESET_LINK_INVALID, resetPassword, resetPasswordFormSchema } from "~/features/auth/index.server";
import { answerFormRefusal, submitSchemaFormAsync } from "~/utils/page-action.server";
import { CardLink, CenteredCard } from "~/components/ui/centered-card";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { createUserSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { successToast } from "~/utils/toast";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Choose a new password", matches);

export async function loader({ url }: LoaderFunctionArgs) {
  const token = url.searchParams.get("token") ?? "";
  const isUsable = token !== "" && (await isResetTokenUsable(token));
  return { token, isUsable, invalidMessage: isUsable ? null : RESET_LINK_INVALID };
}

/** Sets the new password, signs the member out everywhere and in here (docs/accounts.md). */
export async function action({ request }: ActionFunctionArgs) {
  const outcome = await submitSchemaFormAsync(
    await readFormData(request),
    resetPasswordFormSchema,
    async (input) => {
      const user = await resetPassword(input);
      const sessionCookie = await createUserSession(request, user.id);
      return redirectWithToast(routes.home, successToast("Your new password is set and you are signed in. Other devices were signed out.", "Password changed"), { headers: { "Set-Cookie": sessionCookie } });
    },
    {
      hideFields: ["password", "confirmPassword"],
      // A used or expired link is the form's message; the others stand beside their fields.
      messagesOf: ({ error }) => {
        const { token, ...fieldErrors } = error?.fieldErrors ?? {};
        return { formErrors: token && error ? [error.message] : [], fieldErrors };
      },
    },
  );
  return outcome.ok ? outcome.saved : answerFormRefusal(outcome, { intent: "" });
}

export default function ResetPasswordPage() {
  const { token, isUsable, invalidMessage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useServerForm({ id: "reset-password-form", lastResult: actionData?.result, constraint: resetPasswordConstraints });
  const linkIsBroken = !isUsable && !actionData;
  return (
    <CenteredCard>
        <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
        {linkIsBroken ? (
          <>
            <p role="alert" className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
              {invalidMessage}
            </p>
            <CardLink to="/forgot-password" isCentered>
              Ask for a new link
            </CardLink>
          </>
        ) : (
          <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
            {form.errors?.length ? (
              <div id={form.errorId} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
                {form.errors.join(" ")}{" "}
                <AppLink to="/forgot-password" className="font-medium underline">
                  Ask for a new link
                </AppLink>
              </div>
            ) : null}
            <input type="hidden" name="token" value={token} />
            <FormField
              label="New password"
              errors={fields.password.errors}
              hint="At least 8 characters."
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
            />
            <FormField
              label="Confirm new password"
              errors={fields.confirmPassword.errors}
              inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
            />
            <PrimaryButton disabled={isPending}>{isPending ? "Saving..." : "Set new password"}</PrimaryButton>
          </Form>
        )}
    </CenteredCard>
  );
}
