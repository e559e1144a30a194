import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, Outlet, useLoaderData, useLocation, useMatches, useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { lazy, startTransition, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { PageHeader } from "~/components/ui/page";
import { useAutoSubmit } from "~/components/ui/use-auto-submit";
import { blockedIdsOf } from "~/features/blocks/index.server";
import { buttonClass } from "~/components/ui/button";
import { toCardRows, type ListCard, messages } from "~/features/discussions";
import { DiscussionList as ServerDiscussionList } from "~/features/discussions/components/discussion-list";
import { authorName } from "~/features/discussions/components/post-meta";
import { handleLikeIntent, canModerate, listCategories, listPosts, discussionFiltersSchema, POSTS_PAGE_SIZE, hiddenLabelOf } from "~/features/discussions/index.server";
import { feedUrlsOf } from "~/features/feeds/index.server";
import { markDiscussionsSeen } from "~/features/notifications/index.server";
import type { loader as rootLoader } from "~/root";
import { getOptionalUser, getOptionalUserWithShellCounts, requireUser } from "~/features/auth/index.server";
import { pageMeta } from "~/utils/meta";
import { bestEffortUnit } from "~/utils/db.server";
import { beforeShellCounts } from "~/utils/shell-bookkeeping.server";
import { getEnv } from "~/utils/env.server";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { errorToast } from "~/utils/toast";
import { readFormData, readIdField } from "~/utils/http.server";
import { dispatchIntent, handleRefusal } from "~/utils/page-action.server";
import { safeRedirectPath } from "~/utils/url";

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaderData }) => [
  ...pageMeta("Community Discussions", matches, "Questions, answers and ideas from the AI community, from beginner to expert."),
  // The member's private Atom feeds, for feed readers and browser extensions (docs/discussions.md, "Private feeds"):
  // a category's view names its category's feed first.
  ...(loaderData?.categoryFeed ? [{ tagName: "link", rel: "alternate", type: "application/atom+xml", title: `Quads discussions: ${loaderData.categoryFeed.name}`, href: loaderData.categoryFeed.url }] : []),
  ...(loaderData?.feedUrl ? [{ tagName: "link", rel: "alternate", type: "application/atom+xml", title: "Quads discussions", href: loaderData.feedUrl }] : []),
];

/** Bookkeeping a busy database may skip: the page renders anyway (docs/decisions/0101-pages-never-fail-on-bookkeeping-writes.md). */
async function markDiscussionsSeenBy(request: Request): Promise<boolean> {
  const signedIn = await getOptionalUserWithShellCounts(request);
  if (!signedIn) return false;
  // No post by others since the mark (counted with the member's read): nothing to check or write.
  if (signedIn.shellCounts?.unreadDiscussions === 0) return false;
  return bestEffortUnit((writeOptions) => markDiscussionsSeen(signedIn.user.id, new Date(), writeOptions), false);
}

export async function loader({ request, url }: LoaderFunctionArgs) {
  // Mark /discussions as seen; the root loader waits for it before it counts (shell-bookkeeping.server.ts),
  // so the sidebar's "new discussions" badge is already cleared on this very page. Handed over
  // before the first await: the root loader runs at the same time.
  await beforeShellCounts(request, markDiscussionsSeenBy(request), (wrote) => wrote);
  const signedIn = await getOptionalUser(request);
  const user = signedIn ?? (await requireUser(request));
  const filters = discussionFiltersSchema.parse(Object.fromEntries(url.searchParams));
  const { posts, hasMore } = await listPosts({
    viewerId: user.id,
    viewerCanModerate: canModerate(user),
    search: filters.q,
    categoryId: filters.category,
    limit: POSTS_PAGE_SIZE,
    offset: (filters.page - 1) * POSTS_PAGE_SIZE,
  });
  const blockedIds = await blockedIdsOf(user.id);
  // A new member's first visit creates their feed token (a write); a busy database leaves the feed links out this once.
  const feeds = await bestEffortUnit((writeOptions) => feedUrlsOf(user.id, getEnv().PUBLIC_URL, writeOptions), null);
  const cards = posts.map((post) => {
    // Only what a card shows (the excerpt, not the Markdown; the author's shown name).
    const card: ListCard = {
      id: post.id,
      title: post.title,
      excerpt: post.excerpt,
      isPinned: post.isPinned,
      likesCount: post.likesCount,
      repliesCount: post.repliesCount,
      isLiked: post.isLiked,
      createdAt: post.createdAt,
      category: post.category ? { name: post.category.name, colorClass: post.category.colorClass, iconClass: post.category.iconClass } : null,
      author: { id: post.author.id, displayName: authorName(post.author), profileImageUrl: post.author.profileImageUrl, role: post.author.role },
      isFromBlockedMember: blockedIds.has(post.authorId),
    };
    const hiddenLabel = hiddenLabelOf(post.hiddenReason);
    if (hiddenLabel) card.hiddenLabel = hiddenLabel;
    return card;
  });
  return {
    // As rows: the data is sent twice, as HTML and as the hydration payload (docs/performance.md, "Page weight").
    cards: toCardRows(cards),
    hasMore,
    filters,
    categories: (await listCategories()).map((category) => ({ id: category.id, name: category.name })),
    feedUrl: feeds?.discussions ?? null,
    categoryFeed: feeds?.categories.find((category) => category.id === filters.category) ?? null,
  };
}

/** Likes from the list's cards (intent like/unlike); the create form posts to /discussions/new. */
export async function action({ request, url }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const returnTo = safeRedirectPath(`${url.pathname}${url.search}`, routes.discussions);
  // handleLikeIntent answers the like's own refusals; what is left is a missing or malformed post id.
  const like = () =>
    handleRefusal(
      () => handleLikeIntent({ actor: user, formData, postId: readIdField(formData, "postId", "Post"), returnTo }),
      () => redirectWithToast(returnTo, errorToast(messages.likeFailed)),
    );
  return dispatchIntent(formData, { like, unlike: like });
}

function searchWith(filters: { q: string; category?: number }, page?: number): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", String(filters.category));
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/**
 * The cards: a browser chunk of their own (./discussion-list), fetched while hydrating /discussions behind a
 * Suspense boundary that keeps the server's HTML meanwhile (as the dashboard on `/`). The server renders them directly.
 */
const loadList = () => import("~/features/discussions/components/discussion-list");
const DiscussionList = import.meta.env.SSR ? ServerDiscussionList : lazy(() => loadList().then((module) => ({ default: module.DiscussionList })));

const subscribeNothing = () => () => {};

/**
 * Whether the list is left as the server's HTML: when the document is /discussions/new, the modal dialog
 * covers the list (nothing under it can be reached), so the browser neither loads nor hydrates the cards
 * until the dialog closes or another page starts loading; then it loads them and renders them in place
 * (docs/performance.md, "JavaScript per page"). A dialog opened in the browser has the list already.
 */
function useServerListUnderDialog(dialogOpen: boolean, navigationState: string): boolean {
  // False while hydrating (the server's snapshot), true for a component first rendered in the browser.
  const isBrowserRender = useSyncExternalStore(subscribeNothing, () => true, () => false);
  // The server always renders the cards (this is what the browser keeps).
  const [keepServerList, setKeepServerList] = useState(() => !import.meta.env.SSR && !isBrowserRender && dialogOpen);
  useEffect(() => {
    if (!keepServerList || (dialogOpen && navigationState === "idle")) return;
    let isCurrent = true;
    void loadList().then(() => {
      if (isCurrent) startTransition(() => setKeepServerList(false));
    });
    return () => {
      isCurrent = false;
    };
  }, [keepServerList, dialogOpen, navigationState]);
  return keepServerList;
}

export default function DiscussionsPage() {
  const { cards, hasMore, filters, categories } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const currentSearch = searchWith(filters, filters.page);
  const isFiltering = Boolean(filters.q || filters.category);
  const isLoadingList = navigation.state === "loading" && navigation.location.pathname === routes.discussions && navigation.location.search !== location.search;
  const dialogOpen = useMatches().some((match) => match.id === "routes/discussions.new");
  const keepServerList = useServerListUnderDialog(dialogOpen, navigation.state);
  useMarkSeenInShell();

  return (
    <>
      <PageHeader
        title="Community Discussions"
        description="Ask questions, share what you learn and help each other, from beginner to expert."
        actions={
          <OpenCreateDialog filters={filters}>
            <span aria-hidden="true">+</span> New Discussion
          </OpenCreateDialog>
        }
      />
      <FilterForm q={filters.q} category={filters.category} categories={categories} />
      {keepServerList ? (
        // The same element, its content left as the server wrote it (React does not hydrate inside it).
        <div aria-busy={false} aria-live="polite" className="mt-6 space-y-4" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
      ) : (
        <div aria-busy={isLoadingList} aria-live="polite" className="mt-6 space-y-4">
          <Suspense fallback={null}>
            <DiscussionList
              cards={cards}
              isLoadingList={isLoadingList}
              page={filters.page}
              isFiltering={isFiltering}
              likeAction={`${routes.discussions}${currentSearch}`}
              firstPage={`${routes.discussions}${searchWith(filters)}`}
              createFirst={<OpenCreateDialog filters={filters}>Create First Post</OpenCreateDialog>}
            />
          </Suspense>
        </div>
      )}
      {filters.page > 1 || hasMore ? (
        <nav aria-label="Pagination" className="mt-6 flex items-center justify-between">
          {filters.page > 1 ? (
            <AppLink to={`${routes.discussions}${searchWith(filters, filters.page - 1)}`} discover="none" className={buttonClass("secondary")}>
              ← Newer
            </AppLink>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-600">Page {filters.page}</span>
          {hasMore ? (
            <AppLink to={`${routes.discussions}${searchWith(filters, filters.page + 1)}`} discover="none" className={buttonClass("secondary")}>
              Older →
            </AppLink>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <Outlet />
    </>
  );
}

/**
 * Opens the 'Create New Discussion' dialog (the /discussions/new route) as a real button: a GET
 * form that keeps the current filters, so it is the same button with JavaScript on and off.
 */
function OpenCreateDialog({ filters, children }: { filters: { q: string; category?: number; page: number }; children: ReactNode }) {
  return (
    <Form method="get" action="/discussions/new" preventScrollReset>
      {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
      {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
      {filters.page > 1 ? <input type="hidden" name="page" value={filters.page} /> : null}
      <button type="submit" className={buttonClass("primary")}>
        {children}
      </button>
    </Form>
  );
}

/** With JavaScript, refresh the shell once so the sidebar's "new discussions" badge clears on this visit. */
function useMarkSeenInShell() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const revalidator = useRevalidator();
  const hasRevalidated = useRef(false);
  const unread = rootData?.counts.unreadDiscussions ?? 0;
  useEffect(() => {
    if (unread > 0 && !hasRevalidated.current && revalidator.state === "idle") {
      hasRevalidated.current = true;
      void revalidator.revalidate();
    }
  }, [unread, revalidator]);
}

const SEARCH_DEBOUNCE_MS = 300;

/** A GET form: the filters live in the URL. With JavaScript the list follows as the member types. */
function FilterForm({ q, category, categories }: { q: string; category?: number; categories: { id: number; name: string }[] }) {
  const autoSubmit = useAutoSubmit(SEARCH_DEBOUNCE_MS);
  const searchRef = useRef<HTMLInputElement>(null);
  const categoryRef = useRef<HTMLSelectElement>(null);

  // Back/forward navigation changes the URL under the form: follow it, unless the member is typing.
  useEffect(() => {
    if (searchRef.current && document.activeElement !== searchRef.current) searchRef.current.value = q;
    if (categoryRef.current) categoryRef.current.value = category ? String(category) : "";
  }, [q, category]);

  return (
    <Form
      method="get"
      action={routes.discussions}
      role="search"
      aria-label="Discussion filters"
      className="filter-form"
      // Typing waits for a pause; picking a category goes at once.
      onChange={(event) => autoSubmit(event.currentTarget, (event.target as HTMLElement).tagName !== "INPUT")}
    >
      <div className="flex-1">
        <label htmlFor="discussion-search" className="filter-label">
          Search discussions
        </label>
        <input
          ref={searchRef}
          id="discussion-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder="Search discussions..."
          className="field"
        />
      </div>
      <div className="sm:w-56">
        <label htmlFor="discussion-category" className="filter-label">
          Filter by category
        </label>
        <select
          ref={categoryRef}
          id="discussion-category"
          name="category"
          defaultValue={category ? String(category) : ""}
          className="field"
        >
          <option value="">All Categories</option>
          {categories.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClass("secondary")}>
        Search
      </button>
    </Form>
  );
}
