/**
 * Platform links and footer settings, read on every page: served from an in-process cache that
 * every write through this module invalidates (see invalidateSettingsCache). The Platform
 * Settings tab and the /api/admin/platform-settings and /api/admin/footer-settings routes call
 * the functions below; every write runs in one unit of work with its audit entry.
 *
 * Several worker processes (a cluster) each hold their own cache: a write invalidates only the
 * writer's. So on every read the cache compares the database's write version (`databaseVersion`,
 * which moves on any commit by any connection, no I/O); only when it moved is the copy re-validated
 * with one tiny query (row count and the sum of updatedAt of both tables) and reloaded if that changed.
 * The sum, not the latest: boxes stamp updatedAt with their own clocks, and a write by a box whose
 * clock is behind leaves the latest one where it was (docs/operations.md, "Running several boxes").
 * Another worker therefore sees a settings change on its very next request, and the 5-minute TTL
 * (docs/admin.md) stays the outer bound. See decisions 0053, 0062 and 0102 (the async data layer).
 */
import { asc, count, eq, sql, sum } from "drizzle-orm";
import { socialIconShape } from "~/components/ui/social-icon-shapes";
import { recordAudit } from "~/features/audit/index.server";
import { afterCommit, databaseVersion, isInsideOpenUnit, readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { literalLimit } from "~/utils/sql-dialect.server";
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

let cached: { value: PublicSettings; loadedAt: number; checkedAt: number; fingerprint: string; databaseVersion: string } | undefined;

/** Made once per database connection: the public settings are read on every page. */
const settingsQueries = perDatabase((db: AppDatabase) => {
  const { platformSettings, footerSettings } = schema;
  return {
    /** A cheap fingerprint of both tables (one statement, only after the write version moved). */
    fingerprint: db
      .select({
        platformRows: count(),
        platformStamps: sum(platformSettings.updatedAt).mapWith(String),
        footerRows: db.$count(footerSettings),
        footerStamps: sql`${db.select({ stamps: sum(footerSettings.updatedAt) }).from(footerSettings)}`.mapWith(String),
      })
      .from(platformSettings)
      .prepare(),
    platforms: db.select().from(platformSettings).orderBy(asc(platformSettings.id)).prepare(),
    footer: db.select().from(footerSettings).orderBy(asc(footerSettings.id)).limit(literalLimit(1)).prepare(),
  };
});

type SettingsQueries = ReturnType<typeof settingsQueries>;
type FingerprintRow = Awaited<ReturnType<SettingsQueries["fingerprint"]["execute"]>>[number];

function fingerprintOf(row: FingerprintRow | undefined): string {
  return row ? `${row.platformRows}:${row.platformStamps}|${row.footerRows}:${row.footerStamps}` : "";
}

type PlatformRow = typeof schema.platformSettings.$inferSelect;
type FooterRow = typeof schema.footerSettings.$inferSelect;

function toPublicSettings(rows: PlatformRow[], footerRow: FooterRow | undefined): PublicSettings {
  const activeUrl = (platform: Platform) => {
    const row = rows.find((candidate) => candidate.platform === platform);
    return row?.isActive && row.url ? row.url : undefined;
  };
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

/** What the cached copy needs before it is served: nothing, a fingerprint check, or a reload. */
function cacheNeeds(now: number, version: string): "nothing" | "check" | "reload" {
  if (!cached || now - cached.loadedAt > CACHE_TTL_MS) return "reload";
  return version === cached.databaseVersion && now - cached.checkedAt < SETTINGS_VERSION_CHECK_MS ? "nothing" : "check";
}

/** The cached copy, still right after a check (its stamps moved on), or undefined when the tables changed. */
function confirmCached(now: number, version: string, fingerprint: string): PublicSettings | undefined {
  if (!cached || cached.fingerprint !== fingerprint) return undefined;
  cached.checkedAt = now;
  cached.databaseVersion = version;
  return cached.value;
}

function storeCached(now: number, version: string, fingerprint: string, value: PublicSettings): PublicSettings {
  cached = { value, loadedAt: now, checkedAt: now, fingerprint, databaseVersion: version };
  return value;
}

/** The public settings, cached in process for 5 minutes or until a write (here or in another worker) changes them. */
export async function getPublicSettings(): Promise<PublicSettings> {
  const queries = settingsQueries(readDb());
  // Inside a unit of work the rows may be uncommitted: read them, and neither serve nor keep the cache.
  if (isInsideOpenUnit()) return toPublicSettings(await queries.platforms.execute(), (await queries.footer.execute())[0]);
  const now = Date.now();
  // The version and the fingerprint are read before the rows: a write committed meanwhile moves both again.
  const version = databaseVersion();
  const needs = cacheNeeds(now, version);
  if (needs === "nothing" && cached) return cached.value;
  const fingerprint = fingerprintOf((await queries.fingerprint.execute())[0]);
  const confirmed = needs === "check" ? confirmCached(now, version, fingerprint) : undefined;
  if (confirmed) return confirmed;
  const platforms = await queries.platforms.execute();
  const [footer] = await queries.footer.execute();
  return storeCached(now, version, fingerprint, toPublicSettings(platforms, footer));
}

/** Call after every write to platform or footer settings: once it is committed (a unit of work's may still roll back). */
export function invalidateSettingsCache() {
  afterCommit(() => {
    cached = undefined;
  });
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
export async function listPlatformSettings(): Promise<PlatformSettingView[]> {
  const rows = await readDb().select().from(schema.platformSettings);
  return platformNames.map((platform) => {
    const row = rows.find((candidate) => candidate.platform === platform);
    return row ? toPlatformView(row) : { id: 0, platform, url: null, isActive: true, updatedAt: new Date(0) };
  });
}

/** Sets a platform's URL and/or active switch. 404 unknown platform, 400 not an http(s) URL. */
export async function updatePlatformSetting({ actor, platform, input }: { actor: ActorRef; platform: string; input: unknown }): Promise<PlatformSettingView> {
  if (!isPlatform(platform)) throw notFound(`Unknown platform '${platform}'.`);
  const { url, isActive } = parseOrThrow(platformSettingUpdateSchema, input);
  const result = await write(async (tx) => {
    const [current] = await tx.select().from(schema.platformSettings).where(eq(schema.platformSettings.platform, platform)).limit(literalLimit(1));
    const nextUrl = url === undefined ? (current?.url ?? null) : url === null || url === "" ? null : url;
    const nextActive = isActive ?? current?.isActive ?? true;
    if (current && current.url === nextUrl && current.isActive === nextActive) return toPlatformView(current);
    const now = new Date();
    const [row] = await tx
      .insert(schema.platformSettings)
      .values({ platform, url: nextUrl, isActive: nextActive, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: schema.platformSettings.platform, set: { url: nextUrl, isActive: nextActive, updatedAt: now, updatedBy: actor.id } })
      .returning();
    const changes = [
      current?.url !== nextUrl ? `url ${nextUrl ?? "(empty)"}` : null,
      (current?.isActive ?? true) !== nextActive || !current ? `${nextActive ? "active" : "inactive"}` : null,
    ].filter(Boolean);
    await recordAudit({ actor, action: "platform_setting.updated", targetType: "platform_setting", targetId: platform, summary: `${platform}: ${changes.join(", ")}` });
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

async function readFooterRow(): Promise<FooterRow | undefined> {
  const [row] = await readDb().select().from(schema.footerSettings).orderBy(asc(schema.footerSettings.id)).limit(literalLimit(1));
  return row;
}

/**
 * The footer settings (GET /api/admin/footer-settings, readable by everyone, and the admin form);
 * defaults when there is no row. `year` is the one the copyright line shows (the server's clock).
 */
export async function getFooterSettings({ year = new Date().getFullYear() }: { year?: number } = {}): Promise<FooterSettingsView> {
  const row = await readFooterRow();
  const { updatedBy: _updatedBy, ...stored } = row ?? { id: null, ...defaultFooter(getEnv().COMMUNITY_NAME), createdAt: null, updatedAt: null, updatedBy: null };
  return { ...stored, copyrightText: copyrightLine(stored.copyrightText, year), copyrightTemplate: stored.copyrightText };
}

/** Updates any of the seven footer fields (others keep their value). 400 on bad input. */
export async function updateFooterSettings({ actor, input }: { actor: ActorRef; input: unknown }): Promise<FooterSettingsView> {
  const changes: FooterSettingsUpdate = parseOrThrow(footerSettingsUpdateSchema, input);
  await write(async (tx) => {
    const current = await readFooterRow();
    const base = current ?? defaultFooter(getEnv().COMMUNITY_NAME);
    const changedFields = (Object.keys(changes) as (keyof FooterSettingsUpdate)[]).filter(
      (field) => changes[field] !== undefined && changes[field] !== base[field],
    );
    if (current && changedFields.length === 0) return;
    const now = new Date();
    if (current) {
      await tx
        .update(schema.footerSettings)
        .set({ ...changes, updatedAt: now, updatedBy: actor.id })
        .where(eq(schema.footerSettings.id, current.id));
    } else {
      await tx.insert(schema.footerSettings).values({ ...base, ...changes, updatedAt: now, updatedBy: actor.id });
    }
    await recordAudit({
      actor,
      action: "footer_settings.updated",
      targetType: "footer_settings",
      targetId: current?.id ?? null,
      summary: changedFields.length ? `changed ${changedFields.join(", ")}` : "created",
    });
  });
  invalidateSettingsCache();
  return await getFooterSettings();
}

