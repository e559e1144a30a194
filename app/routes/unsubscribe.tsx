import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { notificationMailKinds, readUnsubscribeToken, unsubscribeWithToken } from "~/features/mail/index.server";
import { failureMessage } from "~/components/ui/form-failure";
import { formFailure, formResult, handleRefusal } from "~/utils/page-action.server";
import { CenteredCard } from "~/components/ui/centered-card";
import { pageMeta } from "~/utils/meta";
import { Button } from "~/components/ui/button";

export const meta: MetaFunction = ({ matches }) => [...pageMeta("Unsubscribe", matches), { name: "robots", content: "noindex" }];

/** The page behind the e-mail's unsubscribe link: signed out, no JavaScript; a GET changes nothing (link scanners). */
export function loader({ url }: LoaderFunctionArgs) {
  const token = url.searchParams.get("token") ?? "";
  return handleRefusal(
    () => ({ token, label: notificationMailKinds[readUnsubscribeToken(token).kind].label, error: null }),
    (error) => ({ token, label: null, error: error.message }),
  );
}

/**
 * The button on the page and RFC 8058's one-click POST (body `List-Unsubscribe=One-Click`, sent
 * by the mail provider to the List-Unsubscribe URL) both land here.
 */
export async function action({ request, url }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => new FormData());
  const token = url.searchParams.get("token") ?? String(formData.get("token") ?? "");
  return handleRefusal(
    async () => ({ done: (await unsubscribeWithToken(token)).label }),
    (error) => formFailure({ intent: "", result: formResult({ token }, { "": [error.message] }) }, { status: error.status }),
  );
}

export default function UnsubscribePage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const done = result && "done" in result ? result.done : null;
  const error = (result && "result" in result ? failureMessage(result) : null) ?? page.error;
  return (
    <CenteredCard className="text-center">
        <h1 className="text-2xl font-bold text-slate-900">Unsubscribe</h1>
        {done ? (
          <p role="status" className="mt-4 text-sm text-slate-700" data-testid="unsubscribe-done">
            Done: you will no longer get these e-mails ({done.toLowerCase()}). You can switch them on again in your account settings.
          </p>
        ) : error ? (
          <p role="alert" className="mt-4 text-sm text-red-700">
            {error}
          </p>
        ) : (
          <Form method="post" className="mt-4 space-y-4">
            <p className="text-sm text-slate-700">Stop these e-mails: {page.label?.toLowerCase()}?</p>
            <input type="hidden" name="token" value={page.token} />
            <Button>
              Unsubscribe
            </Button>
          </Form>
        )}
    </CenteredCard>
  );
}
