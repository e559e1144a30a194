import { AppLink } from "~/components/ui/app-link";
import { useEffect, useState } from "react";
import { routes } from "~/utils/routes";

type Similar = { id: number; title: string; repliesCount: number };
const DELAY_MS = 400;
const MIN_TITLE_LENGTH = 4;

/**
 * 'Similar discussions' under the title of a new discussion (JavaScript only; docs/discussions.md,
 * "Related discussions"): once a title is typed, up to 5 existing posts from GET /api/posts/similar,
 * so a member finds an existing thread before opening a duplicate.
 */
export default function SimilarDiscussions({ titleId }: { titleId: string }) {
  const [similar, setSimilar] = useState<Similar[]>([]);
  useEffect(() => {
    const input = document.getElementById(titleId);
    if (!(input instanceof HTMLInputElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const lookUp = () => {
      clearTimeout(timer);
      const title = input.value.trim();
      if (title.length < MIN_TITLE_LENGTH) return setSimilar([]);
      timer = setTimeout(() => {
        controller?.abort();
        controller = new AbortController();
        fetch(`/api/posts/similar?title=${encodeURIComponent(title)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
          .then((response) => (response.ok ? (response.json() as Promise<Similar[]>) : []))
          .then(setSimilar)
          .catch(() => undefined);
      }, DELAY_MS);
    };
    input.addEventListener("input", lookUp);
    lookUp();
    return () => {
      clearTimeout(timer);
      controller?.abort();
      input.removeEventListener("input", lookUp);
    };
  }, [titleId]);
  if (similar.length === 0) return null;
  return (
    <section aria-labelledby={`${titleId}-similar`} className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm" aria-live="polite">
      <h3 id={`${titleId}-similar`} className="font-semibold text-amber-900">
        Similar discussions
      </h3>
      <ul className="mt-1 space-y-1">
        {similar.map((post) => (
          <li key={post.id}>
            <AppLink to={routes.post(post.id)} className="text-indigo-700 hover:underline">
              {post.title}
            </AppLink>{" "}
            <span className="text-xs text-slate-500">({post.repliesCount === 1 ? "1 reply" : `${post.repliesCount} replies`})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
