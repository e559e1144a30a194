import type { SocialIconShape } from "./social-icon-shapes";

/** The social platforms an admin can link to (platform_settings). */
export const SOCIAL_PLATFORMS = ["youtube", "facebook", "twitter", "instagram", "tiktok", "patreon", "threads"] as const;

export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

const LABELS: Record<SocialPlatform, string> = {
  youtube: "YouTube",
  facebook: "Facebook",
  twitter: "X (Twitter)",
  instagram: "Instagram",
  tiktok: "TikTok",
  patreon: "Patreon",
  threads: "Threads",
};

function isSocialPlatform(platform: string): platform is SocialPlatform {
  return (SOCIAL_PLATFORMS as readonly string[]).includes(platform);
}

/** Human name of a social platform, for link labels and admin screens. */
export function socialLabel(platform: string): string {
  if (isSocialPlatform(platform)) return LABELS[platform];
  return platform ? platform.charAt(0).toUpperCase() + platform.slice(1) : "Social link";
}

/**
 * Decorative icon of a social platform; the surrounding link carries the accessible name. The
 * shape comes with the link from the server (`socialIconShape`, ./social-icon-shapes.ts), so the
 * path data is not in every page's JavaScript (docs/decisions/0078-shell-code-after-hydration.md).
 */
export function SocialIcon({ icon, className = "h-5 w-5" }: { icon: SocialIconShape; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill={icon.isOutline ? "none" : "currentColor"}
      stroke={icon.isOutline ? "currentColor" : "none"}
      strokeWidth={icon.isOutline ? 2 : undefined}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={icon.d} fillRule={icon.isOutline ? undefined : "evenodd"} />
    </svg>
  );
}

/** A list of social links, each opening in a new tab with its icon and an accessible name. */
export function SocialLinkList({
  links,
  listClassName,
  linkClassName,
  iconClassName,
}: {
  links: { platform: string; url: string; icon: SocialIconShape }[];
  listClassName: string;
  linkClassName: string;
  iconClassName?: string;
}) {
  if (links.length === 0) return null;
  return (
    <ul className={listClassName}>
      {links.map((link) => (
        <li key={link.platform}>
          <a href={link.url} target="_blank" rel="noopener noreferrer" aria-label={socialLabel(link.platform)} className={linkClassName}>
            <SocialIcon icon={link.icon} className={iconClassName} />
          </a>
        </li>
      ))}
    </ul>
  );
}
