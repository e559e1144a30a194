import { useEffect, useRef, useState } from "react";
import { resourceTypeIcons, resourceTypeLabels, type ResourceType } from "../constants";

/**
 * The screenshot thumbnail over a generated placeholder (domain and type). A thumbnail that fails
 * to load is hidden, uncovering the placeholder; without JavaScript a failed image (empty alt)
 * simply shows nothing over it, so the layout never breaks.
 */
export function ResourceThumbnail({ thumbnailUrl, domain, resourceType }: { thumbnailUrl: string | null; domain: string; resourceType: ResourceType }) {
  const imageRef = useRef<HTMLImageElement>(null);
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(() => {
    // The image may have failed before React attached its onError handler (server-rendered markup).
    const image = imageRef.current;
    if (image && image.complete && image.naturalWidth === 0) setHasFailed(true);
  }, []);
  return (
    <div className="relative aspect-video overflow-hidden rounded-lg bg-gradient-to-br from-indigo-50 to-slate-100" data-testid="resource-thumbnail">
      <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-3 text-center" data-testid="thumbnail-placeholder">
        <span aria-hidden="true" className="text-3xl">
          {resourceTypeIcons[resourceType]}
        </span>
        <span className="max-w-full truncate text-sm font-medium text-slate-700">{domain}</span>
        <span className="text-xs uppercase tracking-wide text-slate-500">{resourceTypeLabels[resourceType]}</span>
      </div>
      {thumbnailUrl && !hasFailed ? (
        <img
          ref={imageRef}
          src={thumbnailUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setHasFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
          data-testid="thumbnail-image"
        />
      ) : null}
    </div>
  );
}
