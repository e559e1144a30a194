import { useMemo, type ReactNode } from "react";
import { AppLink } from "~/components/ui/app-link";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/page";
import { BlockedContent } from "~/features/blocks/components/blocked-content";
import { fromCardRows, type CardRows } from "../card-rows";
import { isFirstCardOfAuthor, PostCard, PostCardSkeleton } from "./post-card";

/**
 * The cards of /discussions (or skeletons while a new list loads, or the empty states): a browser
 * chunk of its own, so /discussions/new, whose modal dialog covers the list, does not load it with the
 * page (app/routes/discussions.tsx, docs/performance.md "JavaScript per page").
 */
export function DiscussionList({
  cards,
  isLoadingList,
  page,
  isFiltering,
  likeAction,
  firstPage,
  createFirst,
}: {
  /** The loader's compact rows (../card-rows.ts). */
  cards: CardRows;
  isLoadingList: boolean;
  page: number;
  isFiltering: boolean;
  /** Where the like buttons post (the list with its filters and page). */
  likeAction: string;
  /** The list's first page with the same filters. */
  firstPage: string;
  /** The 'Create First Post' button of an empty community. */
  createFirst: ReactNode;
}) {
  const posts = useMemo(() => fromCardRows(cards), [cards]);
  if (isLoadingList) return Array.from({ length: 5 }, (_, index) => <PostCardSkeleton key={index} />);
  if (posts.length === 0 && page > 1) {
    return (
      <EmptyState title="No discussions found" message="This page is past the end of the list.">
        <AppLink to={firstPage} discover="none" className={buttonClass("secondary")}>
          Back to the first page
        </AppLink>
      </EmptyState>
    );
  }
  if (posts.length === 0) {
    return (
      <EmptyState title="No discussions found" message={isFiltering ? "Try adjusting your search or filter criteria." : "Be the first to start a discussion in our community!"}>
        {isFiltering ? null : createFirst}
      </EmptyState>
    );
  }
  return posts.map((post, index) =>
    post.isFromBlockedMember ? (
      <BlockedContent key={post.id} kind="post" className="rounded-xl border border-slate-200 bg-white px-5 py-3">
        <PostCard post={post} likeAction={likeAction} discoverAuthor={isFirstCardOfAuthor(posts, index)} />
      </BlockedContent>
    ) : (
      <PostCard key={post.id} post={post} likeAction={likeAction} discoverAuthor={isFirstCardOfAuthor(posts, index)} />
    ),
  );
}
