import { useFetcher, useLocation } from "react-router";
import { useIdleFetcher } from "~/components/ui/idle-fetcher";
import { TAGS_ON_CARD, difficultyClasses, difficultyLabels, pricingLabels, resourceTypeIcons, resourceTypeLabels } from "../constants";
import type { ResourceCardData } from "../resources.server";
import { isHttpUrl } from "~/utils/url";
import { resourceUrls } from "../urls";
import { ResourceThumbnail } from "./resource-thumbnail";
import { countLabel } from "~/utils/plural";
import { buttonClass } from "~/components/ui/button";
import { spaced } from "~/components/ui/spaced";
import { StarButtons } from "~/components/ui/star-buttons";
import { failureMessage, type FormFailure } from "~/components/ui/form-failure";

/** An idle fetcher on the server (plain form markup), React Router's in the browser (app/components/ui/idle-fetcher.tsx). */
const usePageFetcher: typeof useFetcher = import.meta.env.SSR ? useIdleFetcher : useFetcher;

/** '4.5/5' (one decimal). */
export function formatResourceRating(rating: number): string {
  return `${(Math.round(rating * 10) / 10).toFixed(1)}/5`;
}

/**
 * A resource card: type icon, difficulty, type, pricing, description, player or thumbnail, tags, rating, byline, Visit and the member's stars.
 * One class (`.resource-card` in app/tailwind.css), its parts styled by position.
 */
export function ResourceCard({ resource }: { resource: ResourceCardData }) {
  const location = useLocation();
  const fetcher = usePageFetcher<FormFailure>();
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
    <article id={resourceUrls.card(resource.id)} aria-labelledby={headingId} className="resource-card" data-testid="resource-card">
      <div>
        <span aria-hidden="true">{resourceTypeIcons[resource.resourceType]}</span>
        <div>
          <h2 id={headingId}>{resource.title}</h2>
          <div>
            {spaced([
              <span key="difficulty" className={difficultyClasses[resource.difficulty]}>
                {difficultyLabels[resource.difficulty]}
              </span>,
              <span key="type">{resourceTypeLabels[resource.resourceType]}</span>,
              <span key="pricing" data-testid="pricing-tag">
                {pricingLabels[resource.pricingCategory] ?? resource.pricingCategory}
              </span>,
            ])}
          </div>
        </div>
      </div>

      {resource.description ? <p>{resource.description}</p> : null}

      <div>
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
        <ul>
          {resource.tags.slice(0, TAGS_ON_CARD).map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}

      <div>
        {spaced([
          <span key="byline">By {resource.byline}</span>,
          rating > 0 ? (
            <span key="rating" data-testid="resource-rating">
              <span aria-hidden="true">★</span> {formatResourceRating(rating)} <span>{`(${countLabel(reviews, "review")})`}</span>
            </span>
          ) : null,
        ])}
      </div>

      <div>
        <fetcher.Form method="post" action={resourceUrls.rate(resource.id)} preventScrollReset>
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <StarButtons name={resource.title} myRating={myRating} small />
          {myRating ? <p>{`Your rating: ${myRating}/5`}</p> : null}
          {failureMessage(fetcher.data) ? <p role="alert">{failureMessage(fetcher.data)}</p> : null}
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
