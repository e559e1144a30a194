import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { redirect } from "react-router";
import { Form, useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { EmptyState, PageHeader } from "~/components/ui/page";
import { buttonClass } from "~/components/ui/button";
import { formatPostDateTime } from "~/features/discussions";
import { listNotifications, markAllNotificationsRead, markNotificationRead, NOTIFICATIONS_PAGE_SIZE } from "~/features/notifications/index.server";
import { requireUser } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { successToast } from "~/utils/toast";
import { handlePage, readFormData, readIdField, readPageParam } from "~/utils/http.server";
import { dispatchIntent } from "~/utils/page-action.server";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Notifications", matches);

function pageOf(url: URL): number {
  return Math.min(readPageParam(url.searchParams), 10_000);
}

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = pageOf(url);
  const { notifications, hasMore } = await listNotifications(user.id, { limit: NOTIFICATIONS_PAGE_SIZE, offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE });
  return { notifications, hasMore, page };
}

/** 'Mark all as read' (intent mark-all-read) and one notification (intent read, id). */
export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  return dispatchIntent(formData, {
    read: async () => {
      await markNotificationRead(user.id, await handlePage(() => readIdField(formData, "id", "Notification")));
      const page = pageOf(url);
      return redirect(page > 1 ? `${routes.notifications}?page=${page}` : routes.notifications);
    },
    "mark-all-read": async () => {
      const updated = await markAllNotificationsRead(user.id);
      return redirectWithToast(routes.notifications, successToast(updated > 0 ? "All notifications marked as read." : "You are all caught up."));
    },
  });
}

export default function NotificationsPage() {
  const { notifications, hasMore, page } = useLoaderData<typeof loader>();
  const isMarking = useIsPending({ state: "submitting", intent: "mark-all-read" });
  const hasUnread = notifications.some((notification) => !notification.isRead);
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Replies to your posts and replies, and likes on your posts."
        actions={
          <Form method="post">
            <input type="hidden" name="intent" value="mark-all-read" />
            <button type="submit" disabled={isMarking} className={buttonClass(hasUnread ? "primary" : "secondary")}>
              {isMarking ? "Marking..." : "Mark all as read"}
            </button>
          </Form>
        }
      />
      {notifications.length === 0 ? (
        <EmptyState title="No notifications yet" message="When someone replies to you or likes your post, you will see it here." />
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
          {notifications.map((notification) => (
            <li
              key={notification.id}
              data-testid="notification"
              data-unread={!notification.isRead || undefined}
              className={`flex items-start justify-between gap-3 p-4 ${notification.isRead ? "" : "bg-indigo-50/60"}`}
            >
              <div className="flex min-w-0 items-start gap-3">
                <span aria-hidden="true" className={`mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full ${notification.isRead ? "bg-transparent" : "bg-indigo-600"}`} />
                <div className="min-w-0">
                  {notification.isRead ? null : <span className="sr-only">Unread: </span>}
                  {notification.link ? (
                    <AppLink to={notification.link} className={`break-words hover:underline ${notification.isRead ? "text-slate-700" : "font-semibold text-slate-900"}`}>
                      {notification.message}
                    </AppLink>
                  ) : (
                    <span className="break-words">{notification.message}</span>
                  )}
                  <p className="mt-0.5 text-xs text-slate-600">
                    <time dateTime={new Date(notification.createdAt).toISOString()}>{formatPostDateTime(notification.createdAt)}</time>
                  </p>
                </div>
              </div>
              {notification.isRead ? null : (
                <Form method="post" action={page > 1 ? `${routes.notifications}?page=${page}` : routes.notifications} preventScrollReset>
                  <input type="hidden" name="intent" value="read" />
                  <input type="hidden" name="id" value={notification.id} />
                  <button type="submit" className={buttonClass("ghost")}>
                    Mark as read
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label="Pagination" className="mt-6 flex items-center justify-between">
          {page > 1 ? (
            <AppLink to={page === 2 ? routes.notifications : `${routes.notifications}?page=${page - 1}`} className={buttonClass("secondary")}>
              ← Newer
            </AppLink>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">Page {page}</span>
          {hasMore ? (
            <AppLink to={`${routes.notifications}?page=${page + 1}`} className={buttonClass("secondary")}>
              Older →
            </AppLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </>
  );
}
