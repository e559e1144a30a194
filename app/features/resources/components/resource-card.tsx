import { useFetcher, useLocation } from "@remix-run/react";
import { TAGS_ON_CARD, difficultyClasses, difficultyLabels, pricingLabels, resourceTypeIcons, resourceTypeLabels } from "../constants";
import type { ResourceCardData } from "../resources.server";
import { isHttpUrl } from "~/utils/url";
import { resourceUrls } from "../urls";
import { ResourceThumbnail } from "./resource-thumbnail";
import { countLabel } from "~/utils/plural";
import { buttonClass } from "~/components/ui/button";
import { StarButtons } from "~/components/ui/star-buttons";

/** '4.5/5' (one decimal). */
export function formatResourceRating(rating: number): string {
  return `${(Math.round(rating * 10) / 10).toFixed(1)}/5`;
}

/** A resource card: type icon, difficulty, type, pricing, description, player or thumbnail, tags, rating, byline, Visit and the member's stars. */
export function ResourceCard({ resource }: { resource: ResourceCardData }) {
  const location = useLocation();
  const fetcher = useFetcher<{ message?: string }>();
  const pending = fetcher.formData ? Number(fetcher.formData.get("rating")) : null;
  const myRating = pending ?? resource.myRating;
  let rating = resource.rating;
  let reviews = resource.reviewsCount;
  if (pending) {
    // Optimistic: the average as it will be once the rating is saved.
    if (resource.myRating === null) {
      rating = (rating * reviews + pending) / (reviews + 1);
      reviews += 1;
    } else if (reviews > 0) {
      rating = (rating * reviews - resource.myRating + pending) / reviews;
    }
  }
  const headingId = `${resourceUrls.card(resource.id)}-title`;
  return (
    <article id={resourceUrls.card(resource.id)} aria-labelledby={headingId} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="resource-card">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-xl">
          {resourceTypeIcons[resource.resourceType]}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {resource.title}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs">
            <span className={`rounded-full px-2 py-0.5 font-medium ${difficultyClasses[resource.difficulty]}`}>{difficultyLabels[resource.difficulty]}</span>
            <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">{resourceTypeLabels[resource.resourceType]}</span>
            <span className="rounded-full bg-indigo-100 px-2 py-0.5 font-medium text-indigo-800" data-testid="pricing-tag">
              {pricingLabels[resource.pricingCategory] ?? resource.pricingCategory}
            </span>
          </div>
        </div>
      </div>

      {resource.description ? <p className="mt-3 line-clamp-3 text-sm text-slate-700">{resource.description}</p> : null}

      <div className="mt-3">
        {resource.playerUrl ? (
          <div className="aspect-video overflow-hidden rounded-lg bg-black">
            <iframe
              src={resource.playerUrl}
              title={`${resource.title} (video)`}
              loading="lazy"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
              className="h-full w-full"
            />
          </div>
        ) : (
          <ResourceThumbnail thumbnailUrl={resource.thumbnailUrl} domain={resource.domain} resourceType={resource.resourceType} />
        )}
      </div>

      {resource.tags.length ? (
        <ul className="mt-3 flex flex-wrap gap-1.5">
          {resource.tags.slice(0, TAGS_ON_CARD).map((tag) => (
            <li key={tag} className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <span>By {resource.byline}</span>
        {rating > 0 ? (
          <span data-testid="resource-rating">
            <span aria-hidden="true" className="text-amber-500">
              ★
            </span>{" "}
            {formatResourceRating(rating)}{" "}
            <span className="text-xs text-slate-500">
              ({countLabel(reviews, "review")})
            </span>
          </span>
        ) : null}
      </div>

      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-3">
        <fetcher.Form method="post" action={resourceUrls.rate(resource.id)} preventScrollReset>
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <StarButtons name={resource.title} myRating={myRating} small />
          {myRating ? <p className="text-xs text-slate-500">Your rating: {myRating}/5</p> : null}
          {fetcher.data?.message ? (
            <p role="alert" className="text-xs text-red-700">
              {fetcher.data.message}
            </p>
          ) : null}
        </fetcher.Form>
        <a
          href={isHttpUrl(resource.url) ? resource.url : undefined}
          target="_blank"
          rel="noopener noreferrer"
          title="Opens in a new tab"
          className={buttonClass("primary", "sm")}
        >
          Visit
        </a>
      </div>
    </article>
  );
}
