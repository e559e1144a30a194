import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { buttonClass } from "~/components/ui/button";
import { PrimaryButton } from "~/components/ui/form-field";
import { fieldBorderClass, fieldControlClass, InputField, LabelledField, TextareaField } from "~/components/ui/labelled-field";
import { MentionSuggestions } from "~/components/ui/mention-suggestions";
import { PageHeader } from "~/components/ui/page";
import { useIsPending } from "~/components/ui/use-is-pending";
import { getFormProps, getTextareaProps, useServerForm } from "~/components/ui/use-server-form";
import { requireUser } from "~/features/auth/index.server";
import { newConversationConstraints } from "~/features/conversations";
import { newConversationSchema, startConversation } from "~/features/conversations/index.server";
import { readFormData } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { fieldMessagesFirst, formFailure, submitSchemaFormAsync } from "~/utils/page-action.server";
import { routes } from "~/utils/routes";
import { successToast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = ({ matches }) => pageMeta("New message", matches);

const FORM_ID = "new-conversation-form";

/** /messages/new (?to=<username>, what a member page's 'Message' opens): the To field filled in. */
export async function loader({ request, url }: LoaderFunctionArgs) {
  await requireUser(request);
  return { to: (url.searchParams.get("to") ?? "").slice(0, 200) };
}

/** Starts the conversation and opens it; a refused form comes back with everything typed and the message. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const outcome = await submitSchemaFormAsync(formData, newConversationSchema, (input) => startConversation({ actor: user, input }), { messagesOf: fieldMessagesFirst });
  if (outcome.ok) return redirectWithToast(routes.conversation(outcome.saved.id), successToast("Message sent."));
  return formFailure({ intent: "", formId: FORM_ID, result: outcome.result }, { status: outcome.status, headers: outcome.headers });
}

export default function NewMessagePage() {
  const { to } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useServerForm({ id: FORM_ID, lastResult: failure?.result, defaultValue: { to }, constraint: newConversationConstraints });
  return (
    <>
      <PageHeader title="New message" description="A private conversation: only the members you write to can read it." />
      <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <LabelledField field={fields.to} label="To" hint="Usernames, separated by commas (up to 8 members). Type @ for suggestions.">
          <textarea {...getTextareaProps(fields.to)} rows={1} autoComplete="off" className={`${fieldControlClass} ${fieldBorderClass(fields.to.errors)}`} />
        </LabelledField>
        <MentionSuggestions textareaId={fields.to.id} />
        <InputField field={fields.subject} label="Subject (optional)" />
        <TextareaField field={fields.content} label="Message" rows={6} />
        <div className="flex items-center gap-3">
          <PrimaryButton disabled={isPending}>{isPending ? "Sending..." : "Send"}</PrimaryButton>
          <AppLink to={routes.messages} className={buttonClass("secondary")}>
            Cancel
          </AppLink>
        </div>
      </Form>
    </>
  );
}
