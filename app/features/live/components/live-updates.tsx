import { useFetchers, useLocation, useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import { useEffect, useRef, useState } from "react";
import { buttonClass } from "~/components/ui/button";

type PostPageData = { post: { id: number; likesCount: number }; replyCount: number };
type ConversationPageData = { conversation: { id: number; lastMessageId: number } };
type MessagesEvent = { unreadMessages: number; conversationId?: number; lastMessageId?: number };
type PostEvent = { postId: number; repliesCount?: number; likesCount?: number; deleted?: boolean };

const POST_PATH = /^\/post\/(\d+)$/;
const CONVERSATION_PATH = /^\/messages\/(\d+)$/;
const SUBMIT_GRACE_MS = 2_000;

/**
 * The browser side of live updates (docs/discussions.md, "Live updates"): one EventSource on
 * GET /events while a member is signed in and JavaScript runs. A changed unread count, or a new
 * reply or like on the open post, reloads the page's data in place (React Router revalidation: typed
 * text stays); on /discussions a bar offers the discussions started since the page loaded.
 */
export function LiveUpdates({ unreadNotifications, unreadMessages = 0 }: { unreadNotifications: number; unreadMessages?: number }) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A form being sent (a page's or a fetcher's) or a page loading.
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const postPage = useRouteLoaderData("routes/post.$id") as PostPageData | undefined;
  const conversationPage = useRouteLoaderData("routes/messages_.$id") as ConversationPageData | undefined;
  const [newDiscussions, setNewDiscussions] = useState(0);
  const [since, setSince] = useState(() => Date.now());
  const postId = POST_PATH.exec(location.pathname)?.[1] ?? null;
  const conversationId = CONVERSATION_PATH.exec(location.pathname)?.[1] ?? null;
  const isDiscussions = location.pathname === "/discussions";
  // What the page shows now, read by the event handlers without reopening the stream.
  const shown = useRef({ unreadNotifications, unreadMessages, postPage, conversationPage, revalidator, busy });
  shown.current = { unreadNotifications, unreadMessages, postPage, conversationPage, revalidator, busy };
  // An event that came while a form was being sent or a page loading: reload once that is done.
  // Reloading during it would cancel its page load, whose answer had already taken the flash
  // toast ("The reply has been deleted.") from the cookie: the toast was lost.
  const reloadWhenIdle = useRef(false);
  // `busy` is what the last render saw, and the router renders its state in a transition: on a
  // busy machine an event can come after a form was submitted but before that render (a rating
  // sent by a fetcher then lost its answer to the reload). A submit event, captured before the
  // router's own handler, counts as busy until a render shows it, or for SUBMIT_GRACE_MS when no
  // render ever does (a submit the page stopped itself).
  const submittedAt = useRef(0);
  useEffect(() => {
    const markSubmitted = () => {
      submittedAt.current = Date.now();
    };
    document.addEventListener("submit", markSubmitted, true);
    return () => document.removeEventListener("submit", markSubmitted, true);
  }, []);
  useEffect(() => {
    if (busy) {
      submittedAt.current = 0;
      return;
    }
    if (!reloadWhenIdle.current) return;
    reloadWhenIdle.current = false;
    reloadData(shown.current);
  }, [busy]);

  // A new visit of /discussions counts from then (not on the first render: `since` is fresh).
  const isFirstRender = useRef(true);
  useEffect(() => {
    if (isFirstRender.current) {
      isFirstRender.current = false;
      return;
    }
    if (isDiscussions) {
      setSince(Date.now());
      setNewDiscussions(0);
    }
  }, [isDiscussions, location.key]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const params = new URLSearchParams();
    if (postId) params.set("post", postId);
    if (conversationId) params.set("conversation", conversationId);
    if (isDiscussions) params.set("since", String(since));
    const query = params.toString();
    const source = new EventSource(`/events${query ? `?${query}` : ""}`);
    const reload = () => {
      const sinceSubmit = Date.now() - submittedAt.current;
      if (shown.current.busy) {
        reloadWhenIdle.current = true;
      } else if (sinceSubmit < SUBMIT_GRACE_MS) {
        reloadWhenIdle.current = true;
        setTimeout(() => {
          if (!reloadWhenIdle.current || shown.current.busy) return;
          reloadWhenIdle.current = false;
          reloadData(shown.current);
        }, SUBMIT_GRACE_MS - sinceSubmit);
      } else {
        reloadData(shown.current);
      }
    };
    source.addEventListener("notifications", (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as { unreadNotifications: number };
      if (data.unreadNotifications !== shown.current.unreadNotifications) reload();
    });
    source.addEventListener("post", (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as PostEvent;
      const page = shown.current.postPage;
      if (!page || page.post.id !== data.postId || data.deleted) return;
      if (data.repliesCount !== page.replyCount || data.likesCount !== page.post.likesCount) reload();
    });
    // A new private message: the envelope's count changed, or the open conversation has a newer message (docs/messages.md).
    source.addEventListener("messages", (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as MessagesEvent;
      const open = shown.current.conversationPage?.conversation;
      const isNewInOpenConversation = open !== undefined && data.conversationId === open.id && data.lastMessageId !== undefined && data.lastMessageId > open.lastMessageId;
      if (isNewInOpenConversation || data.unreadMessages !== shown.current.unreadMessages) reload();
    });
    source.addEventListener("discussions", (message) => {
      const data = JSON.parse((message as MessageEvent<string>).data) as { newDiscussions: number };
      setNewDiscussions(data.newDiscussions);
    });
    return () => source.close();
  }, [postId, conversationId, isDiscussions, since]);

  if (!isDiscussions || newDiscussions === 0) return null;
  return (
    <div role="status" className="fixed inset-x-0 top-16 z-30 flex justify-center px-4">
      <button
        type="button"
        onClick={() => {
          setNewDiscussions(0);
          setSince(Date.now());
          revalidator.revalidate();
        }}
        className={`${buttonClass()} rounded-full shadow-lg`}
      >
        {newDiscussions === 1 ? "1 new discussion" : `${newDiscussions} new discussions`} — show
      </button>
    </div>
  );
}

/** Reloads the page's data in place, unless a reload is already under way. */
function reloadData({ revalidator }: { revalidator: ReturnType<typeof useRevalidator> }) {
  if (revalidator.state === "idle") revalidator.revalidate();
}
