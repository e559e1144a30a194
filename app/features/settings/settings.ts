/** Settings types and defaults shared by the server and the UI. */
import type { FooterSettings } from "../../../db/schema";
import type { SocialIconShape } from "~/components/ui/social-icon-shapes";

export const socialPlatforms = ["youtube", "facebook", "twitter", "instagram", "tiktok", "patreon", "threads"] as const;
export type SocialPlatform = (typeof socialPlatforms)[number];

export type PublicSettings = {
  /** Active social platforms that have a URL, in the order of docs/admin.md, each with its icon's shape (drawn without shipping the table). */
  socialLinks: { platform: SocialPlatform; url: string; icon: SocialIconShape }[];
  /** Active support links that have a URL. */
  supportLinks: { supportUs?: string; becomeAPatron?: string; oneTimeDonation?: string };
  footer: Pick<FooterSettings, "companyName" | "tagline" | "copyrightText" | "description" | "showSocialLinks" | "showSupportLinks" | "isActive">;
};

/** The copyright line as shown: `{year}` becomes the current year (from the server's clock). */
export function copyrightLine(copyrightText: string, year: number): string {
  return copyrightText.replaceAll("{year}", String(year));
}

/** Default footer values naming the community (defaults are used when settings are missing). */
export function defaultFooter(communityName: string): PublicSettings["footer"] {
  return {
    companyName: communityName,
    tagline: "AI Community Platform",
    copyrightText: `© {year} ${communityName}. All rights reserved.`,
    description: `${communityName} is a community for AI enthusiasts: Question, Understand, Adapt, Discover, Share.`,
    showSocialLinks: true,
    showSupportLinks: true,
    isActive: true,
  };
}


/** The three support links, with the button texts docs/admin.md gives them. */
export const supportPlatformLabels = {
  support_link: "Support Us",
  patron_link: "Become a Patron",
  donation_link: "One-Time Donation",
} as const;
