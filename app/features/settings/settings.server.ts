/**
 * Platform links and footer settings, read on every page: served from an in-process cache that
 * every write through this module invalidates (see invalidateSettingsCache).
 */
import { asc } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import type { Platform } from "../../../db/schema";
import { defaultFooter, socialPlatforms, type PublicSettings } from "./settings";

export { defaultFooter, type PublicSettings };

const CACHE_TTL_MS = 5 * 60 * 1000;
let cached: { value: PublicSettings; loadedAt: number } | undefined;

function loadSettings(): PublicSettings {
  const db = getDb();
  const rows = db.select().from(schema.platformSettings).orderBy(asc(schema.platformSettings.id)).all();
  const activeUrl = (platform: Platform) => {
    const row = rows.find((candidate) => candidate.platform === platform);
    return row?.isActive && row.url ? row.url : undefined;
  };
  const footerRow = db.select().from(schema.footerSettings).orderBy(asc(schema.footerSettings.id)).get();
  const footer = footerRow
    ? {
        companyName: footerRow.companyName,
        tagline: footerRow.tagline,
        copyrightText: footerRow.copyrightText,
        description: footerRow.description,
        showSocialLinks: footerRow.showSocialLinks,
        showSupportLinks: footerRow.showSupportLinks,
        isActive: footerRow.isActive,
      }
    : defaultFooter(getEnv().COMMUNITY_NAME);
  return {
    socialLinks: socialPlatforms.flatMap((platform) => {
      const url = activeUrl(platform);
      return url ? [{ platform, url }] : [];
    }),
    supportLinks: {
      supportUs: activeUrl("support_link"),
      becomeAPatron: activeUrl("patron_link"),
      oneTimeDonation: activeUrl("donation_link"),
    },
    footer,
  };
}

/** The public settings, cached in process for 5 minutes or until a write invalidates them. */
export function getPublicSettings(): PublicSettings {
  const now = Date.now();
  if (!cached || now - cached.loadedAt > CACHE_TTL_MS) cached = { value: loadSettings(), loadedAt: now };
  return cached.value;
}

/** Call after every write to platform or footer settings. */
export function invalidateSettingsCache() {
  cached = undefined;
}
