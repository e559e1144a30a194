import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { Avatar } from "~/components/ui/avatar";
import { buttonClass } from "~/components/ui/button";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { requireUser } from "~/features/auth/index.server";
import { participantNames } from "~/features/conversations/components/participant-names";
import { listConversations } from "~/features/conversations/index.server";
import { formatPostDateTime } from "~/features/discussions";
import { readPageParam } from "~/utils/http.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";

export const meta: MetaFunction = ({ matches }) => pageMeta("Messages", matches);

/** /messages: the member's conversations, most recent activity first (docs/messages.md). */
export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = Math.min(readPageParam(url.searchParams), 10_000);
  const { conversations, hasMore } = await listConversations({ userId: user.id, page });
  // What the page shows of each, nothing more: the page's data is encoded into every view
  // (docs/performance.md, "Private conversations"); GET /api/conversations keeps the full summaries.
  const lines = conversations.map(({ id, subject, participants, lastMessageAt, lastMessage, unread }) => {
    const first = participants.at(0);
    return {
      id,
      subject,
      names: participantNames(participants),
      avatar: first ? { displayName: first.displayName, avatarUrl: first.avatarUrl } : null,
      lastMessageAt,
      lastMessage: lastMessage ? { excerpt: lastMessage.excerpt, isOwn: lastMessage.authorId === user.id } : null,
      unread,
    };
  });
  return { conversations: lines, hasMore, page };
}

export default function MessagesPage() {
  const { conversations, hasMore, page } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Messages"
        description="Private conversations with other members."
        actions={
          <AppLink to={routes.newMessage()} className={buttonClass()}>
            New message
          </AppLink>
        }
      />
      {conversations.length === 0 ? (
        <EmptyState
          title="No conversations yet"
          message="Messages are for what you would not post publicly: thanking someone, a follow-up question, arranging a collaboration. Start one with 'New message' or the 'Message' button on a member's page."
        />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
          {conversations.map((conversation) => {
            const first = conversation.avatar;
            return (
              <li key={conversation.id} data-testid="conversation" data-unread={conversation.unread || undefined} className={conversation.unread ? "bg-indigo-50/60" : ""}>
                <AppLink to={routes.conversation(conversation.id)} className="flex items-start gap-3 p-4 hover:bg-slate-50">
                  <Avatar name={first?.displayName ?? "?"} avatarUrl={first?.avatarUrl} pixels={40} className="grid h-10 w-10 place-items-center bg-indigo-100 text-sm font-bold text-indigo-800" />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap items-baseline justify-between gap-2">
                      <span className={`truncate text-sm ${conversation.unread ? "font-bold text-slate-900" : "font-medium text-slate-800"}`}>
                        {conversation.unread ? <span className="sr-only">Unread: </span> : null}
                        {conversation.names}
                      </span>
                      <time dateTime={new Date(conversation.lastMessageAt).toISOString()} className="text-xs text-slate-600">
                        {formatPostDateTime(conversation.lastMessageAt)}
                      </time>
                    </span>
                    {conversation.subject ? <span className="block truncate text-sm font-semibold text-slate-900">{conversation.subject}</span> : null}
                    {conversation.lastMessage ? (
                      <span className="block truncate text-sm text-slate-600">
                        {conversation.lastMessage.isOwn ? "You: " : ""}
                        {conversation.lastMessage.excerpt}
                      </span>
                    ) : null}
                  </span>
                  {conversation.unread ? <span aria-hidden="true" className="mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full bg-indigo-600" /> : null}
                </AppLink>
              </li>
            );
          })}
        </ul>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label="Conversation pages" className="mt-4 flex justify-between text-sm">
          {page > 1 ? <AppLink to={page === 2 ? routes.messages : `${routes.messages}?page=${page - 1}`}>Newer conversations</AppLink> : <span />}
          {hasMore ? <AppLink to={`${routes.messages}?page=${page + 1}`}>Older conversations</AppLink> : null}
        </nav>
      ) : null}
    </>
  );
}
