import { useEffect, useRef, useState } from "react";
import { resourceTypeIcons, resourceTypeLabels, type ResourceType } from "../constants";

/**
 * The screenshot thumbnail over a generated placeholder (domain and type). A thumbnail that fails
 * to load is hidden, uncovering the placeholder; without JavaScript a failed image (empty alt)
 * simply shows nothing over it, so the layout never breaks. Styled by `.thumb` (app/tailwind.css).
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
    <div className="thumb" data-testid="resource-thumbnail">
      <div data-testid="thumbnail-placeholder">
        <span aria-hidden="true">{resourceTypeIcons[resourceType]}</span>
        <span>{domain}</span>
        <span>{resourceTypeLabels[resourceType]}</span>
      </div>
      {thumbnailUrl && !hasFailed ? (
        <img
          ref={imageRef}
          src={thumbnailUrl}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setHasFailed(true)}
          data-testid="thumbnail-image"
        />
      ) : null}
    </div>
  );
}
