import { requestInfoOf } from "~/utils/request-context";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { redirect } from "react-router";
import { Form, useActionData, useLoaderData, useSearchParams } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { FormField, PrimaryButton } from "~/components/ui/form-field";
import { getFormProps, getInputProps, useServerForm, type FormResult } from "~/components/ui/use-server-form";
import { NameFields } from "~/features/auth/components/name-fields";
import { loginConstraints, registerConstraints, USERNAME_RULE } from "~/features/auth";
import { getAuthenticator, loginSchema, registerSchema, getOptionalUser } from "~/features/auth/index.server";
import { ProviderButtons } from "~/features/identities/components/provider-buttons";
import { listProviders } from "~/features/identities/index.server";
import { createUserSession } from "~/utils/session.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/http.server";
import { answerFormRefusal, dispatchIntent, submitSchemaFormAsync } from "~/utils/page-action.server";
import { errorToast, successToast } from "~/utils/toast";
import { safeRedirectPath } from "~/utils/url";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Sign in", matches, "Sign in or create your free account to join the AI community.");

type Tab = "login" | "register";

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect("/");
  // 'Continue with …' for each configured external sign-in provider (decision 0112).
  return { providers: listProviders() };
}

const failureTitle: Record<Tab, string> = { login: "Login Failed", register: "Registration Failed" };
const failureFallback: Record<Tab, string> = {
  login: "Invalid email or password",
  register: "Registration failed. Please try again.",
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request.clone());
  return dispatchIntent(formData, {
    login: () => signIn(request, requestInfoOf(context).clientIp, formData, "login"),
    register: () => signIn(request, requestInfoOf(context).clientIp, formData, "register"),
  });
}

/** Signs in (`login`) or creates the account (`register`); a refusal keeps the input (not the password). */
async function signIn(request: Request, clientIp: string, formData: FormData, intent: Tab) {
  // The authenticator reads the request itself; the schema only checks it first.
  const outcome = await submitSchemaFormAsync(
    formData,
    intent === "register" ? registerSchema : loginSchema,
    async () => {
      const user = await getAuthenticator({ clientIp }).authenticate(intent, request);
      const sessionCookie = await createUserSession(request, user.id);
      const toast = intent === "login" ? successToast("Welcome back!") : successToast("Your account has been created successfully.", "Welcome!");
      const back = intent === "login" ? safeRedirectPath(formData.get("redirectTo")) : "/";
      return redirectWithToast(back, toast, { headers: { "Set-Cookie": sessionCookie } });
    },
    { hideFields: ["password"], messagesOf: (refusal) => ({ formErrors: [refusalMessage(refusal, intent)], fieldErrors: refusal.error?.fieldErrors }) },
  );
  if (outcome.ok) return outcome.saved;
  return answerFormRefusal<Tab>(outcome, { intent, toast: errorToast(refusalMessage(outcome, intent), failureTitle[intent]) });
}

/** What a refused sign-in says: the first message, the form's fallback when it has none. */
function refusalMessage({ message, error }: { message: string; error?: { message: string } }, intent: Tab) {
  return (error ? error.message : message) || failureFallback[intent];
}

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const { providers } = useLoaderData<typeof loader>();
  const tab: Tab = actionData?.intent ?? (searchParams.get("tab") === "register" ? "register" : "login");
  return (
    <main id="main" tabIndex={-1} className="mx-auto flex min-h-[70vh] max-w-md items-center px-4 py-12 focus:outline-none">
      <div className="w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-slate-900">Welcome to the community</h1>
        <div role="tablist" aria-label="Sign in or register" className="mt-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1">
          <TabLink tab="login" current={tab} label="Login" />
          <TabLink tab="register" current={tab} label="Register" />
        </div>
        <div className="mt-6" role="tabpanel" id={`${tab}-panel`} aria-labelledby={`${tab}-tab`}>
          {tab === "login" ? (
            <LoginForm lastResult={actionData?.intent === "login" ? actionData.result : undefined} />
          ) : (
            <RegisterForm lastResult={actionData?.intent === "register" ? actionData.result : undefined} />
          )}
          <ProviderButtons providers={providers} redirectTo={searchParams.get("redirectTo")} />
        </div>
      </div>
    </main>
  );
}

function TabLink({ tab, current, label }: { tab: Tab; current: Tab; label: string }) {
  const isSelected = tab === current;
  return (
    <AppLink
      to={routes.loginTab(tab)}
      replace
      preventScrollReset
      role="tab"
      id={`${tab}-tab`}
      aria-selected={isSelected}
      aria-controls={isSelected ? `${tab}-panel` : undefined}
      className={`rounded-md px-3 py-2 text-center text-sm font-semibold ${isSelected ? "bg-white text-indigo-700 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
    >
      {label}
    </AppLink>
  );
}

function usePendingIntent(intent: Tab) {
  return useIsPending({ intent });
}

function LoginForm({ lastResult }: { lastResult?: FormResult }) {
  const isPending = usePendingIntent("login");
  // Back to the page that sent the visitor here (e.g. /settings/account); only local paths are followed.
  const redirectTo = useSearchParams()[0].get("redirectTo");
  const [form, fields] = useServerForm({ id: "login-form", lastResult, constraint: loginConstraints });
  return (
    <Form method="post" action={`/login?tab=login${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormField label="Email" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
      <FormField
        label="Password"
        errors={fields.password.errors}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
      />
      <p className="-mt-2 text-right text-sm">
        <AppLink to={routes.forgotPassword} className="font-medium text-indigo-700 hover:underline">
          Forgot password?
        </AppLink>
      </p>
      <PrimaryButton disabled={isPending}>{isPending ? "Signing in..." : "Sign In"}</PrimaryButton>
    </Form>
  );
}

function RegisterForm({ lastResult }: { lastResult?: FormResult }) {
  const isPending = usePendingIntent("register");
  const [form, fields] = useServerForm({ id: "register-form", lastResult, constraint: registerConstraints });
  return (
    <Form method="post" action="/login?tab=register" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="register" />
      <NameFields fields={fields} />
      <FormField
        label="Username (optional)"
        errors={fields.username.errors}
        hint={`Others mention you as @username; left empty, it is made from your display name. ${USERNAME_RULE}`}
        inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoCapitalize: "none", spellCheck: false }}
      />
      <FormField label="Email" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
      <FormField
        label="Password"
        errors={fields.password.errors}
        hint="At least 8 characters."
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="City (optional)" errors={fields.city.errors} inputProps={{ ...getInputProps(fields.city, { type: "text" }), autoComplete: "address-level2" }} />
        <FormField label="State (optional)" errors={fields.state.errors} inputProps={{ ...getInputProps(fields.state, { type: "text" }), autoComplete: "address-level1" }} />
      </div>
      <FormField label="Phone Number (optional)" errors={fields.phoneNumber.errors} inputProps={{ ...getInputProps(fields.phoneNumber, { type: "tel" }), autoComplete: "tel" }} />
      <PrimaryButton disabled={isPending}>{isPending ? "Creating account..." : "Create Account"}</PrimaryButton>
      <p className="text-center text-xs text-slate-500">By creating an account, you agree to our terms of service and privacy policy.</p>
    </Form>
  );
}
