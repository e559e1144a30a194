/**
 * Platform links and footer settings, read on every page: served from an in-process cache that
 * every write through this module invalidates (see invalidateSettingsCache). The Platform
 * Settings tab and the /api/admin/platform-settings and /api/admin/footer-settings routes call
 * the functions below; every write runs in one transaction with its audit entry.
 *
 * Several worker processes (a cluster) each hold their own cache: a write invalidates only the
 * writer's. So on every read the cache asks SQLite whether another connection has committed
 * anything since (`PRAGMA data_version`, no I/O); only then is the copy re-validated with one tiny
 * query (row count and latest updatedAt of both tables) and reloaded if that changed. Another
 * worker therefore sees a settings change on its very next request, and the 5-minute TTL (docs/admin.md)
 * stays the outer bound. See decisions 0053 and 0062.
 */
import { asc, count, eq, max, sql } from "drizzle-orm";
import { socialIconShape } from "~/components/ui/social-icon-shapes";
import { recordAudit } from "~/features/audit/index.server";
import { getDb, schema, transaction, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { getEnv } from "~/utils/env.server";
import { notFound } from "~/utils/errors.server";
import type { Platform } from "../../../db/schema";
import { footerSettingsUpdateSchema, platformNames, platformSettingUpdateSchema, type FooterSettingsUpdate } from "./schemas";
import { copyrightLine, defaultFooter, socialPlatforms, type PublicSettings } from "./settings";
import { parseOrThrow } from "~/utils/validation.server";
import type { ActorRef } from "~/utils/actor";

export { defaultFooter, type PublicSettings };

export const CACHE_TTL_MS = 5 * 60 * 1000;
export const SETTINGS_VERSION_CHECK_MS = 5 * 1000;


let cached: { value: PublicSettings; loadedAt: number; checkedAt: number; version: string; dataVersion: number } | undefined;

const dataVersionStatements = new WeakMap<object, { get(): unknown }>();

/** SQLite's counter of commits by *other* connections (other workers, scripts) seen by ours. */
function readDataVersion(): number {
  // A PRAGMA has no builder form (docs/decisions/0077-data-access-style.md).
  const client = getDb().$client;
  let statement = dataVersionStatements.get(client);
  if (!statement) {
    statement = client.prepare("pragma data_version").pluck();
    dataVersionStatements.set(client, statement);
  }
  return Number(statement.get());
}

/** A cheap fingerprint of both settings tables; it changes whenever any worker writes them. */
function readSettingsVersion(): string {
  const row = settingsVersionQuery(getDb()).get();
  const stamp = (rows: number, last: Date | null) => `${rows}:${last?.getTime() ?? 0}`;
  return row ? `${stamp(row.platformRows, row.platformLast)}|${stamp(row.footerRows, row.footerLast)}` : "";
}

/** Made once per database (one statement, at most every SETTINGS_VERSION_CHECK_MS per worker). */
const settingsVersionQuery = perDatabase((db: AppDatabase) => {
  const { platformSettings, footerSettings } = schema;
  return db
    .select({
      platformRows: count(),
      platformLast: max(platformSettings.updatedAt),
      footerRows: db.$count(footerSettings),
      footerLast: sql`${db.select({ last: max(footerSettings.updatedAt) }).from(footerSettings)}`.mapWith(footerSettings.updatedAt),
    })
    .from(platformSettings)
    .prepare();
});

function loadSettings(): PublicSettings {
  const db = getDb();
  const rows = db.select().from(schema.platformSettings).orderBy(asc(schema.platformSettings.id)).all();
  const activeUrl = (platform: Platform) => {
    const row = rows.find((candidate) => candidate.platform === platform);
    return row?.isActive && row.url ? row.url : undefined;
  };
  const footerRow = readFooterRow();
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
      return url ? [{ platform, url, icon: socialIconShape(platform) }] : [];
    }),
    supportLinks: {
      supportUs: activeUrl("support_link"),
      becomeAPatron: activeUrl("patron_link"),
      oneTimeDonation: activeUrl("donation_link"),
    },
    footer,
  };
}

/** The public settings, cached in process for 5 minutes or until a write (here or, within seconds, in another worker) changes them. */
export function getPublicSettings(): PublicSettings {
  const now = Date.now();
  const dataVersion = readDataVersion();
  if (cached && now - cached.loadedAt <= CACHE_TTL_MS) {
    // Nobody else wrote since the last check, and this process's own writes invalidate: fresh.
    if (dataVersion === cached.dataVersion && now - cached.checkedAt < SETTINGS_VERSION_CHECK_MS) return cached.value;
    const version = readSettingsVersion();
    if (version === cached.version) {
      cached.checkedAt = now;
      cached.dataVersion = dataVersion;
      return cached.value;
    }
  }
  const version = readSettingsVersion();
  cached = { value: loadSettings(), loadedAt: now, checkedAt: now, version, dataVersion };
  return cached.value;
}

/** Call after every write to platform or footer settings. */
export function invalidateSettingsCache() {
  cached = undefined;
}

// ---------- platform settings ----------

/** The public shape of a platform setting (GET /api/admin/platform-settings, readable by everyone). */
export type PlatformSettingView = { id: number; platform: Platform; url: string | null; isActive: boolean; updatedAt: Date };

function toPlatformView(row: typeof schema.platformSettings.$inferSelect): PlatformSettingView {
  return { id: row.id, platform: row.platform, url: row.url, isActive: row.isActive, updatedAt: row.updatedAt };
}

export function isPlatform(value: string): value is Platform {
  return (platformNames as readonly string[]).includes(value);
}

/** The ten platform links in the order of docs/admin.md (a missing row reads as empty and active). */
export function listPlatformSettings(): PlatformSettingView[] {
  const rows = getDb().select().from(schema.platformSettings).all();
  return platformNames.map((platform) => {
    const row = rows.find((candidate) => candidate.platform === platform);
    return row ? toPlatformView(row) : { id: 0, platform, url: null, isActive: true, updatedAt: new Date(0) };
  });
}

/** Sets a platform's URL and/or active switch. 404 unknown platform, 400 not an http(s) URL. */
export function updatePlatformSetting({ actor, platform, input }: { actor: ActorRef; platform: string; input: unknown }): PlatformSettingView {
  if (!isPlatform(platform)) throw notFound(`Unknown platform '${platform}'.`);
  const { url, isActive } = parseOrThrow(platformSettingUpdateSchema, input);
  const result = transaction((db) => {
    const current = db.select().from(schema.platformSettings).where(eq(schema.platformSettings.platform, platform)).get();
    const nextUrl = url === undefined ? (current?.url ?? null) : url === null || url === "" ? null : url;
    const nextActive = isActive ?? current?.isActive ?? true;
    if (current && current.url === nextUrl && current.isActive === nextActive) return toPlatformView(current);
    const now = new Date();
    const row = db
      .insert(schema.platformSettings)
      .values({ platform, url: nextUrl, isActive: nextActive, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: schema.platformSettings.platform, set: { url: nextUrl, isActive: nextActive, updatedAt: now, updatedBy: actor.id } })
      .returning()
      .get();
    const changes = [
      current?.url !== nextUrl ? `url ${nextUrl ?? "(empty)"}` : null,
      (current?.isActive ?? true) !== nextActive || !current ? `${nextActive ? "active" : "inactive"}` : null,
    ].filter(Boolean);
    recordAudit({ actor, action: "platform_setting.updated", targetType: "platform_setting", targetId: platform, summary: `${platform}: ${changes.join(", ")}` });
    return toPlatformView(row);
  });
  invalidateSettingsCache();
  return result;
}

// ---------- footer settings ----------

export type FooterSettingsView = {
  id: number | null;
  companyName: string;
  tagline: string;
  /** The copyright line as shown: `{year}` filled in. */
  copyrightText: string;
  /** The copyright line as stored and edited: `{year}` shows the current year. */
  copyrightTemplate: string;
  description: string;
  showSocialLinks: boolean;
  showSupportLinks: boolean;
  isActive: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
};

function readFooterRow() {
  return getDb().select().from(schema.footerSettings).orderBy(asc(schema.footerSettings.id)).get();
}

/**
 * The footer settings (GET /api/admin/footer-settings, readable by everyone, and the admin form);
 * defaults when there is no row. `year` is the one the copyright line shows (the server's clock).
 */
export function getFooterSettings({ year = new Date().getFullYear() }: { year?: number } = {}): FooterSettingsView {
  const row = readFooterRow();
  const { updatedBy: _updatedBy, ...stored } = row ?? { id: null, ...defaultFooter(getEnv().COMMUNITY_NAME), createdAt: null, updatedAt: null, updatedBy: null };
  return { ...stored, copyrightText: copyrightLine(stored.copyrightText, year), copyrightTemplate: stored.copyrightText };
}

/** Updates any of the seven footer fields (others keep their value). 400 on bad input. */
export function updateFooterSettings({ actor, input }: { actor: ActorRef; input: unknown }): FooterSettingsView {
  const changes: FooterSettingsUpdate = parseOrThrow(footerSettingsUpdateSchema, input);
  transaction((db) => {
    const current = readFooterRow();
    const base = current ?? defaultFooter(getEnv().COMMUNITY_NAME);
    const changedFields = (Object.keys(changes) as (keyof FooterSettingsUpdate)[]).filter(
      (field) => changes[field] !== undefined && changes[field] !== base[field],
    );
    if (current && changedFields.length === 0) return;
    const now = new Date();
    if (current) {
      db.update(schema.footerSettings)
        .set({ ...changes, updatedAt: now, updatedBy: actor.id })
        .where(eq(schema.footerSettings.id, current.id))
        .run();
    } else {
      db.insert(schema.footerSettings)
        .values({ ...base, ...changes, updatedAt: now, updatedBy: actor.id })
        .run();
    }
    recordAudit({
      actor,
      action: "footer_settings.updated",
      targetType: "footer_settings",
      targetId: current?.id ?? null,
      summary: changedFields.length ? `changed ${changedFields.join(", ")}` : "created",
    });
  });
  invalidateSettingsCache();
  return getFooterSettings();
}

