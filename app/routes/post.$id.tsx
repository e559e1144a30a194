import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData, useLocation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { lazy, Suspense, useEffect, useRef, useState, type ComponentProps } from "react";
import type { FormFailure } from "~/components/ui/use-server-form";
import { BlockedContent } from "~/features/blocks/components/blocked-content";
import { UserContent } from "~/features/content/components/user-content";
import { buttonClass } from "~/components/ui/button";
import { spaced } from "~/components/ui/spaced";
import { LikeButton } from "~/features/discussions/components/like-button";
import { PostForm as ServerPostForm } from "~/features/discussions/components/post-form";
import { AuthorLine, authorName, PostBadges } from "~/features/discussions/components/post-meta";
import { ConfirmDelete as ServerConfirmDelete } from "~/features/discussions/components/confirm-delete";
import { ReplyForm } from "~/features/discussions/components/reply-form";
import { HiddenBadge } from "~/features/discussions/components/hidden-badge";
import { QuoteLink } from "~/features/discussions/components/quote-link";
import { repliesLabel, messages } from "~/features/discussions";
import { handleLikeIntent, loadPostPage, type RenderedReply, deletePost, setPostPinned, updatePost, createReply, deleteReply, replyLink, updateReply, answerPostForm } from "~/features/discussions/index.server";
import { ReportLink } from "~/features/reports/components/report-link";
import { requireUser } from "~/features/auth/index.server";
import { notFound } from "~/utils/errors.server";
import { getEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/meta";
import { pictureLimits } from "~/utils/upload-limit";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { handlePage, pageErrorResponse, readFormData, readIdField, readIdParam, readIntegerParam } from "~/utils/http.server";
import { appendPictureFromForm, removeUpload } from "~/features/uploads/index.server";
import { errorToast, successToast } from "~/utils/toast";
import { dispatchIntent, formFailure, formResult, handleRefusal } from "~/utils/page-action.server";
import { useIsPending } from "~/components/ui/use-is-pending";

/**
 * The post's edit form is a browser chunk of its own, fetched when the author opens it (or while
 * hydrating a page that shows it): a plain view of the post does not load it
 * (docs/decisions/0078-shell-code-after-hydration.md). The server renders it directly, as `/` does.
 */
const PostForm = import.meta.env.SSR
  ? ServerPostForm
  : lazy(() => import("~/features/discussions/components/post-form").then((module) => ({ default: module.PostForm })));

export const meta: MetaFunction<typeof loader> = ({ data: loaderData, matches }) =>
  pageMeta(loaderData?.post.title ?? "Discussion", matches, loaderData ? loaderData.post.excerpt : undefined);

export async function loader({ request, params, url }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return handlePage(async () => {
    const page = await loadPostPage(readIdParam(params.id, "Post"), user, { quote: url.searchParams.get("quote") });
    if (!page) throw notFound("Post not found");
    // The 'Add image' fields' limit and its words (docs/uploads.md).
    return { ...page, pictureLimits: pictureLimits(getEnv().UPLOAD_MAX_BYTES) };
  });
}

type ReplyIntent = "reply" | "edit-reply";
type ReplyFailure = FormFailure<ReplyIntent>;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const postId = await handlePage(() => readIdParam(params.id, "Post"));
  const postPath = routes.post(postId);
  const formData = await readFormData(request);
  const success = (to: string, description: string) => redirectWithToast(to, successToast(description));
  const failure = (to: string, description: string) => redirectWithToast(to, errorToast(description));

  /** The button-only forms: a refusal comes back to the page with an error toast. */
  const button = (work: () => Promise<Response>, onMissing = postPath) => () =>
    handleRefusal(work, (error) => failure(error.status === 404 ? onMissing : postPath, error.message));

  async function reply(intent: ReplyIntent) {
    const formId = String(formData.get("formId") ?? "reply-form");
    let content = String(formData.get("content") ?? "");
    return handleRefusal(
      async () => {
        content = await appendPictureFromForm({ ownerId: user.id, formData, content });
        if (intent === "reply") {
          const created = await createReply({ actor: user, postId, input: { content, parentReplyId: formData.get("parentReplyId") ?? undefined } });
          return success(replyLink(postId, created.id), messages.replyPosted);
        }
        const replyId = readIdField(formData, "replyId", "Reply");
        await updateReply({ actor: user, postId, replyId, input: { content } });
        return success(replyLink(postId, replyId), messages.replyUpdated);
      },
      (error) => {
        if (error.status === 404 && intent === "reply" && !formData.get("parentReplyId")) throw pageErrorResponse(error);
        const fallback = intent === "reply" ? messages.replyFailed : "Failed to update reply. Please try again.";
        // The picture's refusal goes beside the file field, any other field's beside the text.
        const { image: imageMessages, ...otherFields } = error.fieldErrors ?? {};
        const fieldMessages = Object.values(otherFields).flat();
        const errors: Record<string, string[]> = imageMessages ? { image: imageMessages } : { content: fieldMessages.length ? fieldMessages : [error.message] };
        // A field error is shown beside the field only: a toast saying "try again" would contradict it.
        return formFailure<ReplyIntent>(
          {
            intent,
            formId,
            result: formResult({ content, imageAlt: String(formData.get("imageAlt") ?? "") }, errors),
            toast: imageMessages || fieldMessages.length ? undefined : errorToast(error.status === 429 || error.status === 403 ? error.message : fallback),
          },
          { status: error.status, headers: error.headers },
        );
      },
    );
  }

  const editPost = () =>
    answerPostForm(formData, {
      ownerId: user.id,
      intent: "edit-post",
      save: (input) => updatePost({ actor: user, postId, input }),
      redirectTo: postPath,
      success: messages.postUpdated,
      failed: messages.postUpdateFailed,
    });

  const pin = (isPinned: boolean) =>
    button(async () => {
      await setPostPinned({ actor: user, postId, isPinned });
      return success(postPath, isPinned ? messages.postPinned : messages.postUnpinned);
    });

  return dispatchIntent(formData, {
    like: () => handleLikeIntent({ actor: user, formData, postId, returnTo: postPath }),
    unlike: () => handleLikeIntent({ actor: user, formData, postId, returnTo: postPath }),
    reply: () => reply("reply"),
    "edit-reply": () => reply("edit-reply"),
    "edit-post": editPost,
    "delete-post": button(async () => {
      await deletePost({ actor: user, postId });
      return success(routes.discussions, messages.postDeleted);
    }, routes.discussions),
    pin: pin(true),
    unpin: pin(false),
    "delete-reply": button(async () => {
      await deleteReply({ actor: user, postId, replyId: readIdField(formData, "replyId", "Reply") });
      return success(`${postPath}#replies`, messages.replyDeleted);
    }),
    // A moderator removing a picture of the post or a reply (docs/uploads.md, "Moderators"); the same rule as DELETE /api/uploads/{id}.
    "remove-picture": button(async () => {
      await removeUpload({ actor: user, idOrHash: String(formData.get("hash") ?? "") });
      const replyId = readIntegerParam(formData, "replyId", { min: 1 });
      return success(replyId !== undefined ? `${postPath}#reply-${replyId}` : postPath, messages.pictureRemoved);
    }),
  });
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

/** A failed reply form's kept text and its messages. */
const failedContent = (failure: ReplyFailure) => String(failure.result.initialValue?.content ?? "");
const failedErrors = (failure: ReplyFailure) => failure.result.error?.content ?? undefined;
/** A failed reply form's picture refusal and kept alt text, for the form `formId` only. */
const failedImage = (failure: ReplyFailure | null, formId: string) =>
  failure?.formId === formId ? { imageErrors: failure.result.error?.image ?? undefined, defaultImageAlt: String(failure.result.initialValue?.imageAlt ?? "") } : {};

/** The URL's view state: which inline form (reply to, edit, delete or picture-removal confirmation) is open. */
function useViewState() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  return { replyTo: Number(params.get("replyTo") ?? NaN), edit: params.get("edit"), confirmDelete: params.get("delete"), removePicture: params.get("removePicture") };
}

export default function PostPage() {
  const { post, replies, replyCount, isTruncated, maxDepth, viewer, categories, quote, related } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // A failed form's answer (the like button's fetcher answers have no intent).
  const actionData = answer && "intent" in answer ? answer : undefined;
  const view = useViewState();
  const postPath = routes.post(post.id);
  const isAuthor = post.authorId === viewer.id;
  const canDelete = isAuthor || viewer.canModerate;
  const replyFailure = actionData?.intent === "reply" || actionData?.intent === "edit-reply" ? actionData : null;
  const editResult = actionData?.intent === "edit-post" ? actionData.result : null;
  const isEditing = isAuthor && (view.edit === "post" || Boolean(editResult));
  // Hidden, and this reader is neither its author nor a moderator: the title is the notice, no content.
  const isWithheld = post.isWithheld;
  const replyFormVersion = useReplyFormVersion(Boolean(replyFailure));
  useHighlightNewReplies(replies);

  return (
    <div className="space-y-6">
      {/* The back button: a real button (a GET form), the same with JavaScript on and off. */}
      <Form method="get" action={routes.discussions}>
        <button type="submit" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline">
          <span aria-hidden="true">←</span> Back to Discussions
        </button>
      </Form>

      <article aria-labelledby="post-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <div className="flex flex-wrap items-center gap-2">
          <PostBadges isPinned={post.isPinned} category={post.category} hiddenLabel={post.hiddenLabel} />
        </div>
        <h1 id="post-title" className="mt-3 break-words text-2xl font-bold text-slate-900 sm:text-3xl">
          {post.title}
        </h1>
        <BlockedContent kind="post" isCollapsed={post.isFromBlockedMember} className={post.isFromBlockedMember ? "mt-3" : undefined}>
          <div className="mt-3">
            <AuthorLine author={post.author} date={post.createdAt} edited={new Date(post.updatedAt).getTime() - new Date(post.createdAt).getTime() > 1000} />
          </div>
          {isEditing ? (
            <div className="mt-5 rounded-lg border border-slate-200 bg-slate-50 p-4">
              <h2 className="mb-3 text-lg font-semibold">Edit Discussion</h2>
              <Suspense fallback={null}>
                <PostForm
                  id="edit-post-form"
                  action={`${postPath}?edit=post`}
                  intent="edit-post"
                  categories={categories}
                  allowImages
                  lastResult={editResult}
                  defaultValue={{ title: post.title, content: post.content, categoryId: post.categoryId }}
                  submitLabel="Save Changes"
                  pendingLabel="Saving..."
                  cancelTo={postPath}
                />
              </Suspense>
            </div>
          ) : isWithheld ? null : (
            <UserContent html={{ __html: post.html }} className="mt-5" id="post-content" />
          )}
        </BlockedContent>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <div className="flex items-center gap-4">
            <LikeButton postId={post.id} liked={post.isLiked} likesCount={post.likesCount} action={postPath} />
            <a href="#replies" className="text-sm text-slate-600 hover:underline">
              {repliesLabel(post.repliesCount)}
            </a>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {spaced([
              !isAuthor && !isWithheld ? <ReportLink key="report" type="post" id={post.id} className={buttonClass("ghost")} label="Report this post" /> : null,
              isWithheld ? null : <QuoteLink key="quote" postPath={postPath} target="post" username={post.author.username} link={postPath} content={post.content} contentId="post-content" />,
              isAuthor && !isEditing ? (
                <AppLink key="edit" to={`${postPath}?edit=post`} preventScrollReset className={buttonClass("ghost")}>
                  Edit
                </AppLink>
              ) : null,
              viewer.canModerate ? (
                <Form key="pin" method="post" action={postPath} preventScrollReset>
                  <input type="hidden" name="intent" value={post.isPinned ? "unpin" : "pin"} />
                  <button type="submit" className={buttonClass("ghost")}>
                    {post.isPinned ? "Unpin" : "Pin"}
                  </button>
                </Form>
              ) : null,
              post.pictures.length ? (
                <AppLink key="remove-picture" to={`${postPath}?removePicture=post`} preventScrollReset className={`${buttonClass("ghost")} text-red-700`}>
                  Remove picture
                </AppLink>
              ) : null,
              canDelete ? (
                <AppLink key="delete" to={`${postPath}?delete=post`} preventScrollReset className={`${buttonClass("ghost")} text-red-700`}>
                  Delete
                </AppLink>
              ) : null,
            ])}
          </div>
        </div>
        {post.pictures.length && view.removePicture === "post" ? (
          <ConfirmDelete
            id="remove-picture-post"
            title={post.pictures.length > 1 ? "Remove a picture?" : "Remove this picture?"}
            message={REMOVE_PICTURE_MESSAGE}
            action={postPath}
            intent="remove-picture"
            pictures={post.pictures}
            confirmLabel="Remove Picture"
            cancelTo={postPath}
          />
        ) : null}
        {canDelete && view.confirmDelete === "post" ? (
          <ConfirmDelete
            id="confirm-delete-post"
            title="Delete this discussion?"
            message="The post, all its replies and likes will be removed. This cannot be undone."
            action={postPath}
            intent="delete-post"
            confirmLabel="Delete Post"
            cancelTo={postPath}
          />
        ) : null}
      </article>

      <section id="reply" aria-labelledby="add-reply-heading" className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="add-reply-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Add a Reply
        </h2>
        <ReplyForm
          key={`reply-form-${replyFormVersion}`}
          id="reply-form"
          action={postPath}
          intent="reply"
          label="Your reply"
          defaultContent={replyFailure?.formId === "reply-form" ? failedContent(replyFailure) : (quote ?? undefined)}
          errors={replyFailure?.formId === "reply-form" ? failedErrors(replyFailure) : undefined}
          {...failedImage(replyFailure, "reply-form")}
          submitLabel="Post Reply"
          pendingLabel="Posting..."
          draftKey={`reply:${post.id}`}
        />
      </section>

      <section id="replies" aria-labelledby="replies-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="replies-heading" className="text-lg font-semibold text-slate-900">
          Replies ({replyCount})
        </h2>
        {replies.length === 0 ? (
          <div className="py-8 text-center" data-testid="replies-empty">
            <p className="font-medium text-slate-900">No replies yet</p>
            <p className="mt-1 text-sm text-slate-600">Be the first to share your thoughts!</p>
          </div>
        ) : (
          <ol className="mt-4 space-y-4">
            {replies.map((reply) => (
              <ReplyItem key={reply.id} reply={reply} postPath={postPath} viewer={viewer} maxDepth={maxDepth} replyFailure={replyFailure} view={view} />
            ))}
          </ol>
        )}
        {isTruncated ? <p className="mt-4 text-sm text-slate-600">This page shows the first 1,000 replies of this discussion.</p> : null}
      </section>

      {related.length ? (
        <section aria-labelledby="related-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="related-heading" className="text-lg font-semibold text-slate-900">
            Related discussions
          </h2>
          {/* Styled by position in app/tailwind.css (".related-list"). */}
          <ul className="related-list">
            {related.map((item) => (
              <li key={item.id}>
                <AppLink to={routes.post(item.id)}>{item.title}</AppLink>
                <span>
                  {item.authorName} · {repliesLabel(item.repliesCount)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/**
 * The 'Add a Reply' form starts empty again only after the member's own reply was sent, never
 * when live updates reload the page's data (a member writing keeps what they typed).
 */
function useReplyFormVersion(hasFailed: boolean): number {
  const [version, setVersion] = useState(0);
  const wasSending = useRef(false);
  const isSending = useIsPending({ fields: { formId: "reply-form" } });
  useEffect(() => {
    if (wasSending.current && !isSending && !hasFailed) setVersion((current) => current + 1);
    wasSending.current = isSending;
  }, [isSending, hasFailed]);
  return version;
}

function replyIdsOf(replies: RenderedReply[], into = new Set<number>()): Set<number> {
  for (const reply of replies) {
    into.add(reply.id);
    replyIdsOf(reply.children, into);
  }
  return into;
}

/** Replies that arrive while the page is open (live updates) get a short highlight. */
function useHighlightNewReplies(replies: RenderedReply[]) {
  const known = useRef<Set<number> | null>(null);
  useEffect(() => {
    const ids = replyIdsOf(replies);
    const previous = known.current;
    known.current = ids;
    if (!previous) return;
    for (const id of ids) {
      if (previous.has(id)) continue;
      const element = document.getElementById(`reply-${id}`);
      if (!element) continue;
      element.dataset.live = "new";
      element.classList.add("rounded-lg", "ring-2", "ring-amber-300", "transition-shadow");
      setTimeout(() => {
        element.classList.remove("ring-2", "ring-amber-300");
        delete element.dataset.live;
      }, 4_000);
    }
  }, [replies]);
}

function ReplyItem({
  reply,
  postPath,
  viewer,
  maxDepth,
  replyFailure,
  view,
}: {
  reply: RenderedReply;
  postPath: string;
  viewer: PageData["viewer"];
  maxDepth: number;
  replyFailure: ReplyFailure | null;
  view: ReturnType<typeof useViewState>;
}) {
  const isAuthor = reply.authorId === viewer.id;
  const canDelete = isAuthor || viewer.canModerate;
  const replyFormId = `reply-to-${reply.id}`;
  const editFormId = `edit-reply-${reply.id}`;
  const isReplying = view.replyTo === reply.id || replyFailure?.formId === replyFormId;
  const isEditing = isAuthor && (view.edit === String(reply.id) || replyFailure?.formId === editFormId);
  const isWithheld = reply.isWithheld;
  const showsParent = reply.depth > maxDepth && reply.parentAuthorName;
  // Deeper answers stay at the deepest indentation instead of running off the screen.
  const childrenIndent = reply.depth < maxDepth;
  const name = authorName(reply.author);
  return (
    <li id={`reply-${reply.id}`} data-testid="reply" className="reply">
      <BlockedContent kind="reply" isCollapsed={reply.isFromBlockedMember} className="reply-box">
        <AuthorLine author={reply.author} date={reply.createdAt} edited={Boolean(reply.updatedAt)} />
        {showsParent ? <p className="mt-1 text-xs text-slate-500">in reply to {reply.parentAuthorName}</p> : null}
        {reply.hiddenLabel ? (
          <div className="mt-1">
            <HiddenBadge label={reply.hiddenLabel} />
          </div>
        ) : null}
        {isEditing ? (
          <div className="mt-3">
            <ReplyForm
              id={editFormId}
              action={`${postPath}?edit=${reply.id}`}
              intent="edit-reply"
              replyId={reply.id}
              label="Edit your reply"
              defaultContent={replyFailure?.formId === editFormId ? failedContent(replyFailure) : reply.content}
              errors={replyFailure?.formId === editFormId ? failedErrors(replyFailure) : undefined}
              {...failedImage(replyFailure, editFormId)}
              submitLabel="Save Reply"
              pendingLabel="Saving..."
              cancelTo={`${postPath}#reply-${reply.id}`}
              autoFocus
            />
          </div>
        ) : (
          <UserContent html={{ __html: reply.html }} className="mt-2 text-sm" id={`reply-${reply.id}-content`} />
        )}
        {/* These links stay on this page (its route is known: discover="none"). */}
        <div className="reply-actions">
          {spaced([
            <AppLink key="reply" to={`${postPath}?replyTo=${reply.id}#reply-${reply.id}`} preventScrollReset discover="none" className={buttonClass("ghost")} aria-label={`Reply: answer ${name}`}>
              Reply
            </AppLink>,
            <QuoteLink
              key="quote"
              postPath={postPath}
              target={reply.id}
              username={reply.author.username}
              link={`${postPath}#reply-${reply.id}`}
              content={reply.content}
              contentId={`reply-${reply.id}-content`}
            />,
            isAuthor && !isEditing ? (
              <AppLink key="edit" to={`${postPath}?edit=${reply.id}#reply-${reply.id}`} preventScrollReset discover="none" className={buttonClass("ghost")}>
                Edit
              </AppLink>
            ) : null,
            !isAuthor && !isWithheld ? <ReportLink key="report" type="reply" id={reply.id} className={buttonClass("ghost")} label={`Report reply by ${name}`} /> : null,
            reply.pictures.length ? (
              <AppLink key="remove-picture" to={`${postPath}?removePicture=${reply.id}#reply-${reply.id}`} preventScrollReset discover="none" className={`${buttonClass("ghost")} text-red-700`}>
                Remove picture
              </AppLink>
            ) : null,
            canDelete ? (
              <AppLink key="delete" to={`${postPath}?delete=${reply.id}#reply-${reply.id}`} preventScrollReset discover="none" className={`${buttonClass("ghost")} text-red-700`}>
                Delete
              </AppLink>
            ) : null,
          ])}
        </div>
        {reply.pictures.length && view.removePicture === String(reply.id) ? (
          <ConfirmDelete
            id={`remove-picture-reply-${reply.id}`}
            title={reply.pictures.length > 1 ? "Remove a picture?" : "Remove this picture?"}
            message={REMOVE_PICTURE_MESSAGE}
            action={postPath}
            intent="remove-picture"
            replyId={reply.id}
            pictures={reply.pictures}
            confirmLabel="Remove Picture"
            cancelTo={`${postPath}#reply-${reply.id}`}
          />
        ) : null}
        {canDelete && view.confirmDelete === String(reply.id) ? (
          <ConfirmDelete
            id={`confirm-delete-reply-${reply.id}`}
            title="Delete this reply?"
            message={reply.children.length ? "The reply and the answers under it will be removed. This cannot be undone." : "The reply will be removed. This cannot be undone."}
            action={postPath}
            intent="delete-reply"
            replyId={reply.id}
            confirmLabel="Delete Reply"
            cancelTo={`${postPath}#reply-${reply.id}`}
          />
        ) : null}
        {isReplying ? (
          <div className="mt-3 border-t border-slate-200 pt-3">
            <ReplyForm
              id={replyFormId}
              action={`${postPath}?replyTo=${reply.id}`}
              intent="reply"
              parentReplyId={reply.id}
              label={`Reply to ${name}`}
              defaultContent={replyFailure?.formId === replyFormId ? failedContent(replyFailure) : undefined}
              errors={replyFailure?.formId === replyFormId ? failedErrors(replyFailure) : undefined}
              {...failedImage(replyFailure, replyFormId)}
              submitLabel="Post Reply"
              pendingLabel="Posting..."
              cancelTo={`${postPath}#reply-${reply.id}`}
              autoFocus
            />
          </div>
        ) : null}
      </BlockedContent>
      {reply.children.length ? (
        <ol className={childrenIndent ? "reply-children indent" : "reply-children"}>
          {reply.children.map((child) => (
            <ReplyItem key={child.id} reply={child} postPath={postPath} viewer={viewer} maxDepth={maxDepth} replyFailure={replyFailure} view={view} />
          ))}
        </ol>
      ) : null}
    </li>
  );
}

const REMOVE_PICTURE_MESSAGE = "The picture is deleted everywhere it is shown and a placeholder takes its place; the text stays. This cannot be undone.";

// The in-place confirmations (?delete=, ?removePicture=) are loaded when one shows, in the browser; the
// server renders them directly (docs/decisions/0098-dialogs-load-their-forms-on-use.md).
const LoadedConfirmDelete = import.meta.env.SSR
  ? ServerConfirmDelete
  : /* @__PURE__ */ lazy(() => import("~/features/discussions/components/confirm-delete").then((module) => ({ default: module.ConfirmDelete })));

function ConfirmDelete(props: ComponentProps<typeof ServerConfirmDelete>) {
  return (
    <Suspense fallback={null}>
      <LoadedConfirmDelete {...props} />
    </Suspense>
  );
}
