import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLocation, useNavigate, useRouteLoaderData } from "react-router";
import { useEffect, useRef } from "react";
import { PostForm } from "~/features/discussions/components/post-form";
import { messages } from "~/features/discussions";
import { createPost, answerPostForm } from "~/features/discussions/index.server";
import { requireUser } from "~/features/auth/index.server";
import { getEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/meta";
import { pictureLimits } from "~/utils/upload-limit";
import { routes } from "~/utils/routes";
import type { loader as discussionsLoader } from "./discussions";
import { readFormData } from "~/utils/http.server";

export const meta: MetaFunction = ({ matches }) => pageMeta("Create New Discussion", matches);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  // The 'Add image' field's limit and its words (docs/uploads.md).
  return { pictureLimits: pictureLimits(getEnv().UPLOAD_MAX_BYTES) };
}

/** Creates the post; success goes back to the list with the toast, failure re-renders the dialog with the input kept. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return answerPostForm(await readFormData(request), {
    ownerId: user.id,
    intent: "",
    save: (input) => createPost({ actor: user, input }),
    redirectTo: routes.discussions,
    success: messages.postCreated,
    failed: messages.postCreateFailed,
    // A rate limit or a silence (docs/moderation.md) says why; other failures keep the toast.
    toastOf: (error) => (error.status === 429 || error.status === 403 ? error.message : messages.postCreateFailed),
    formMessageOf: (error) => (error.status === 400 ? messages.postCreateFailed : error.message),
  });
}

/** The 'Create New Discussion' dialog over the list: a page of its own without JavaScript, a modal with it. */
export default function CreateDiscussionDialog() {
  const actionData = useActionData<typeof action>();
  const listData = useRouteLoaderData<typeof discussionsLoader>("routes/discussions");
  const location = useLocation();
  const navigate = useNavigate();
  const closeTo = `${routes.discussions}${location.search}`;
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        void navigate(closeTo, { preventScrollReset: true });
        return;
      }
      // Keep Tab inside the modal dialog.
      const dialog = dialogRef.current;
      if (event.key !== "Tab" || !dialog) return;
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input, select, textarea")).filter(
        (element) => element.getAttribute("type") !== "hidden",
      );
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [closeTo, navigate]);

  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-slate-900/50 p-4 sm:items-center">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby="create-discussion-title"
        className="w-full max-w-xl rounded-2xl bg-white p-6 shadow-xl"
      >
        <h2 id="create-discussion-title" className="text-xl font-bold text-slate-900">
          Create New Discussion
        </h2>
        <p className="mb-4 mt-1 text-sm text-slate-600">Start a conversation with the community.</p>
        <PostForm
          id="create-post-form"
          action={`/discussions/new${location.search}`}
          categories={listData?.categories ?? []}
          allowImages
          lastResult={actionData?.result}
          submitLabel="Create Post"
          pendingLabel="Creating..."
          cancelTo={closeTo}
          autoFocus
          showsSimilar
          draftKey="new-discussion"
        />
      </div>
    </div>
  );
}
