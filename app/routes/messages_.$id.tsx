import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { AddImageField } from "~/components/ui/add-image-field";
import { AppLink } from "~/components/ui/app-link";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { DraftKeeper } from "~/components/ui/draft-keeper";
import { PrimaryButton } from "~/components/ui/form-field";
import { TextareaField } from "~/components/ui/labelled-field";
import { MentionSuggestions } from "~/components/ui/mention-suggestions";
import { PageHeader } from "~/components/ui/page";
import { useIsPending } from "~/components/ui/use-is-pending";
import { getFormProps, useServerForm } from "~/components/ui/use-server-form";
import { requireUser } from "~/features/auth/index.server";
import { UserContent } from "~/features/content/components/user-content";
import { messageConstraints } from "~/features/conversations";
import { participantNames } from "~/features/conversations/components/participant-names";
import { getConversation, leaveConversation, markConversationRead, messageSchema, MESSAGES_PAGE_SIZE, sendMessage } from "~/features/conversations/index.server";
import { formatPostDateTime } from "~/features/discussions";
import { ReportLink } from "~/features/reports/components/report-link";
import { appendPictureFromForm } from "~/features/uploads/index.server";
import { bestEffortUnit } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { handlePage, readFormData, readIdParam, readIntegerParam } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { dispatchIntent, fieldMessagesFirst, formFailure, handleRefusal, refuseSchemaForm, submitSchemaFormAsync } from "~/utils/page-action.server";
import { routes } from "~/utils/routes";
import { beforeShellCounts } from "~/utils/shell-bookkeeping.server";
import { successToast } from "~/utils/toast";
import { pictureLimits } from "~/utils/upload-limit";
import { redirectWithToast } from "~/utils/toast.server";
import { redirect } from "react-router";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => pageMeta(data?.conversation.subject || "Conversation", matches);

const REPLY_FORM_ID = "message-form";

/**
 * The conversation's newest MESSAGES_PAGE_SIZE messages (or those before `?before=`, a page of
 * 'Earlier messages') and, unless the database is busy, its read mark (the envelope's count on this
 * very page already leaves it out). The page shows each message's HTML: its Markdown stays here.
 */
async function loadConversation(request: Request, url: URL, rawId: string | undefined) {
  const user = await requireUser(request);
  const conversationId = readIdParam(rawId, "Conversation");
  const before = readIntegerParam(url.searchParams, "before", { min: 1 });
  const conversation = await getConversation({ userId: user.id, conversationId, before, limit: MESSAGES_PAGE_SIZE });
  if (conversation.isUnread) {
    await bestEffortUnit((writeOptions) => markConversationRead({ userId: user.id, conversationId, messageId: conversation.lastMessageId }, writeOptions), undefined);
  }
  // Only what the page shows of each message and member: the page's data is encoded into every view (docs/performance.md, "Private conversations").
  const messages = conversation.messages.map(({ id, author, html, createdAt, isHidden, isOwn }) => ({
    id,
    author: { displayName: author.displayName, avatarUrl: author.avatarUrl },
    html,
    createdAt,
    isHidden,
    isOwn,
  }));
  const participants = conversation.participants.map(({ displayName }) => ({ displayName }));
  // The 'Add image' field's limit and its words (docs/uploads.md).
  return { conversation: { ...conversation, participants, messages }, isEarlierPage: before !== undefined, pictureLimits: pictureLimits(getEnv().UPLOAD_MAX_BYTES) };
}

/** /messages/{id}: the newest messages oldest first, 'Earlier messages' for the rest; 404 for anyone not in it (docs/messages.md). */
export async function loader({ request, params, url }: LoaderFunctionArgs) {
  // Handed to the shell before the first await: the root loader counts after the read mark.
  return handlePage(() => beforeShellCounts(request, loadConversation(request, url, params.id), ({ conversation }) => conversation.isUnread));
}

/** intent reply (content) and leave. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const conversationId = await handlePage(() => readIdParam(params.id, "Conversation"));
  const formData = await readFormData(request);
  return dispatchIntent(formData, {
    reply: async () => {
      // The 'Add image' picture joins the text first (docs/uploads.md); its refusal goes beside the file field.
      const pictureRefused = await handleRefusal(
        async () => {
          formData.set("content", await appendPictureFromForm({ ownerId: user.id, formData, content: String(formData.get("content") ?? "") }));
          return null;
        },
        (error) =>
          formFailure(
            { intent: "reply", formId: REPLY_FORM_ID, result: refuseSchemaForm(formData, messageSchema, error, { messagesOf: fieldMessagesFirst }).result },
            { status: error.status, headers: error.headers },
          ),
      );
      if (pictureRefused) return pictureRefused;
      const outcome = await submitSchemaFormAsync(formData, messageSchema, (input) => sendMessage({ actor: user, conversationId, input }), { messagesOf: fieldMessagesFirst });
      if (outcome.ok) return redirect(`${routes.conversation(conversationId)}#message-${outcome.saved.id}`);
      if (outcome.status === 404) return handlePage(() => Promise.reject(outcome.error));
      return formFailure({ intent: "reply", formId: REPLY_FORM_ID, result: outcome.result }, { status: outcome.status, headers: outcome.headers });
    },
    leave: async () => {
      await handlePage(() => leaveConversation({ userId: user.id, conversationId }));
      return redirectWithToast(routes.messages, successToast("You left the conversation. The others keep it."));
    },
  });
}

export default function ConversationPage() {
  const { conversation, isEarlierPage } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const isSending = useIsPending({ intent: "reply" });
  const isLeaving = useIsPending({ intent: "leave" });
  const [form, fields] = useServerForm({ id: REPLY_FORM_ID, lastResult: failure?.result, constraint: messageConstraints });
  const names = participantNames(conversation.participants);
  return (
    <>
      <PageHeader
        title={conversation.subject || `Conversation with ${names}`}
        description={conversation.subject ? `With ${names}` : undefined}
        actions={
          <Form method="post">
            <input type="hidden" name="intent" value="leave" />
            <Button variant="danger-outline" disabled={isLeaving}>
              {isLeaving ? "Leaving..." : "Leave conversation"}
            </Button>
          </Form>
        }
      />
      <p className="mb-4 text-sm">
        <AppLink to={routes.messages} className="text-indigo-700 hover:underline">
          All messages
        </AppLink>
      </p>
      <h2 className="sr-only">Messages</h2>
      {conversation.hasEarlier ? (
        <p className="mb-3 text-center text-sm">
          <AppLink to={`${routes.conversation(conversation.id)}?before=${conversation.messages[0].id}`} className="text-indigo-700 hover:underline">
            Earlier messages
          </AppLink>
        </p>
      ) : null}
      <ol className="space-y-3">
        {conversation.messages.map((message) => (
          <li key={message.id} id={`message-${message.id}`} data-testid="message" className={`rounded-xl border p-4 shadow-sm ${message.isOwn ? "border-indigo-200 bg-indigo-50/50" : "border-slate-200 bg-white"}`}>
            <div className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2 text-sm">
                <Avatar name={message.author.displayName} avatarUrl={message.author.avatarUrl} pixels={28} className="grid h-7 w-7 place-items-center bg-indigo-100 text-xs font-bold text-indigo-800" />
                <span className="font-semibold text-slate-900">{message.isOwn ? "You" : message.author.displayName}</span>
                <time dateTime={new Date(message.createdAt).toISOString()} className="text-xs text-slate-600">
                  {formatPostDateTime(message.createdAt)}
                </time>
              </span>
              {message.isOwn ? null : <ReportLink type="message" id={message.id} label={`Report message by ${message.author.displayName}`} />}
            </div>
            {message.isHidden ? <p className="mt-2 text-sm italic text-slate-600">{message.isOwn ? "Hidden by a moderator: the others no longer see this message." : "This message was hidden by a moderator."}</p> : null}
            {message.html ? <UserContent html={{ __html: message.html }} className="mt-2" /> : null}
          </li>
        ))}
      </ol>
      {isEarlierPage ? (
        <p className="mt-3 text-center text-sm">
          <AppLink to={routes.conversation(conversation.id)} className="text-indigo-700 hover:underline">
            Newest messages
          </AppLink>
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} encType="multipart/form-data" className="mt-6 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <input type="hidden" name="intent" value="reply" />
        {form.errors?.length ? (
          <p id={form.errorId} role="alert" className="text-sm text-red-700">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <TextareaField field={fields.content} label="Your reply" rows={4} />
        <MentionSuggestions textareaId={fields.content.id} />
        <AddImageField textareaId={fields.content.id} errors={fields.image.errors} defaultAlt={typeof fields.imageAlt.initialValue === "string" ? fields.imageAlt.initialValue : undefined} />
        <DraftKeeper formId={REPLY_FORM_ID} storageKey={`conversation:${conversation.id}`} fields={["content"]} />
        <PrimaryButton disabled={isSending}>{isSending ? "Sending..." : "Send"}</PrimaryButton>
      </Form>
    </>
  );
}
