import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { socialIconShape } from "~/components/ui/social-icon-shapes";
import { listAuditEntries } from "~/features/audit/audit.server";
import { createMember } from "~/test/factories";
import { getDb, schema } from "~/utils/db.server";
import { statusOf } from "~/test/errors";
import {
  getFooterSettings,
  getPublicSettings,
  invalidateSettingsCache,
  listPlatformSettings,
  SETTINGS_VERSION_CHECK_MS,
  updateFooterSettings,
  updatePlatformSetting,
} from "./settings.server";

async function admin() {
  const user = await createMember({ role: "admin" });
  return { id: user.id, email: user.email };
}

describe("platform settings", () => {
  it("lists the ten platforms in their display order", () => {
    expect(listPlatformSettings().map((setting) => setting.platform)).toEqual([
      "youtube",
      "facebook",
      "twitter",
      "instagram",
      "tiktok",
      "patreon",
      "threads",
      "support_link",
      "patron_link",
      "donation_link",
    ]);
  });

  it("saves a URL and the switch, sets updatedBy, audits, and refreshes the cached public settings at once", async () => {
    const actor = await admin();
    expect(getPublicSettings().socialLinks.find((link) => link.platform === "youtube")).toBeUndefined();
    const saved = updatePlatformSetting({ actor, platform: "youtube", input: { url: " https://youtube.com/@quads ", isActive: true } });
    expect(saved).toMatchObject({ platform: "youtube", url: "https://youtube.com/@quads", isActive: true });
    expect(getPublicSettings().socialLinks).toContainEqual({ platform: "youtube", url: "https://youtube.com/@quads", icon: socialIconShape("youtube") });
    const row = getDb().select().from(schema.platformSettings).where(eq(schema.platformSettings.platform, "youtube")).get();
    expect(row?.updatedBy).toBe(actor.id);
    expect(listAuditEntries().entries[0]).toMatchObject({ action: "platform_setting.updated", targetId: "youtube", actorEmail: actor.email });

    updatePlatformSetting({ actor, platform: "youtube", input: { isActive: false } });
    expect(getPublicSettings().socialLinks.find((link) => link.platform === "youtube")).toBeUndefined();
    updatePlatformSetting({ actor, platform: "support_link", input: { url: "https://support.example", isActive: true } });
    expect(getPublicSettings().supportLinks.supportUs).toBe("https://support.example");
    updatePlatformSetting({ actor, platform: "support_link", input: { url: "" } });
    expect(getPublicSettings().supportLinks.supportUs).toBeUndefined();
  });

  it("records nothing when nothing changed", async () => {
    const actor = await admin();
    updatePlatformSetting({ actor, platform: "threads", input: { url: "https://threads.net/@q" } });
    const before = listAuditEntries().total;
    updatePlatformSetting({ actor, platform: "threads", input: { url: "https://threads.net/@q" } });
    expect(listAuditEntries().total).toBe(before);
  });

  it("answers 404 for an unknown platform and 400 for anything but an http(s) URL", async () => {
    const actor = await admin();
    expect(statusOf(() => updatePlatformSetting({ actor, platform: "myspace", input: { url: "https://myspace.com" } }))).toBe(404);
    for (const url of ["javascript:alert(1)", "ftp://files.example", "not a url", "//example.com", 42]) {
      expect(statusOf(() => updatePlatformSetting({ actor, platform: "facebook", input: { url } }))).toBe(400);
    }
    expect(statusOf(() => updatePlatformSetting({ actor, platform: "facebook", input: { isActive: "yes" } }))).toBe(400);
  });

  it("notices a write by another worker within a few seconds (version check), without a query per request", async () => {
    invalidateSettingsCache();
    getPublicSettings();
    // Another process writes straight to the database: this process's cache is not invalidated.
    getDb()
      .update(schema.platformSettings)
      .set({ url: "https://tiktok.com/@quads", isActive: true, updatedAt: new Date(Date.now() + 1000) })
      .where(eq(schema.platformSettings.platform, "tiktok"))
      .run();
    expect(getPublicSettings().socialLinks.find((link) => link.platform === "tiktok")).toBeUndefined();
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + SETTINGS_VERSION_CHECK_MS + 1;
      expect(getPublicSettings().socialLinks).toContainEqual({ platform: "tiktok", url: "https://tiktok.com/@quads", icon: socialIconShape("tiktok") });
    } finally {
      Date.now = realNow;
    }
  });
});

describe("footer settings", () => {
  it("updates any of the seven fields, ignores id and audit fields, and hides the footer when inactive", async () => {
    const actor = await admin();
    const before = getFooterSettings();
    const updated = updateFooterSettings({
      actor,
      input: { id: 999, updatedBy: "someone", createdAt: 1, companyName: "Quads Collective", tagline: "Learn AI together", isActive: false },
    });
    expect(updated).toMatchObject({ id: before.id, companyName: "Quads Collective", tagline: "Learn AI together", isActive: false, copyrightText: before.copyrightText });
    expect(updated).not.toHaveProperty("updatedBy");
    expect(getPublicSettings().footer).toMatchObject({ companyName: "Quads Collective", isActive: false });
    const row = getDb().select().from(schema.footerSettings).get();
    expect(row?.updatedBy).toBe(actor.id);
    expect(listAuditEntries().entries[0]).toMatchObject({ action: "footer_settings.updated", actorEmail: actor.email });
    expect(listAuditEntries().entries[0].summary).toContain("companyName");
    updateFooterSettings({ actor, input: { isActive: true } });
    expect(getPublicSettings().footer.isActive).toBe(true);
  });

  it("shows the copyright line with the year filled in, and keeps its template editable", async () => {
    const actor = await admin();
    const shown = getFooterSettings();
    expect(shown.copyrightText).not.toContain("{year}");
    expect(shown.copyrightText).toContain(String(new Date().getFullYear()));
    expect(shown.copyrightTemplate).toContain("{year}");

    const updated = updateFooterSettings({ actor, input: { copyrightTemplate: "Since 2019, until {year}: Quads" } });
    expect(updated).toMatchObject({ copyrightText: `Since 2019, until ${new Date().getFullYear()}: Quads`, copyrightTemplate: "Since 2019, until {year}: Quads" });
    expect(getDb().select().from(schema.footerSettings).get()?.copyrightText).toBe("Since 2019, until {year}: Quads");
    expect(getPublicSettings().footer.copyrightText).toBe("Since 2019, until {year}: Quads");

    // A GET sent back as it came changes nothing: the template wins over the line as shown.
    const entries = listAuditEntries().entries.length;
    updateFooterSettings({ actor, input: getFooterSettings({ year: 1999 }) });
    expect(getFooterSettings().copyrightTemplate).toBe("Since 2019, until {year}: Quads");
    expect(listAuditEntries().entries.length).toBe(entries);

    // The older name alone still sets the stored line.
    updateFooterSettings({ actor, input: { copyrightText: "© {year} The Quads" } });
    expect(getFooterSettings({ year: 2030 })).toMatchObject({ copyrightText: "© 2030 The Quads", copyrightTemplate: "© {year} The Quads" });
    expect(statusOf(() => updateFooterSettings({ actor, input: { copyrightTemplate: " " } }))).toBe(400);
  });

  it("refuses an empty company name or a non-boolean switch with 400", async () => {
    const actor = await admin();
    expect(statusOf(() => updateFooterSettings({ actor, input: { companyName: "  " } }))).toBe(400);
    expect(statusOf(() => updateFooterSettings({ actor, input: { showSocialLinks: "maybe" } }))).toBe(400);
    expect(statusOf(() => updateFooterSettings({ actor, input: { description: "x".repeat(1001) } }))).toBe(400);
  });

  it("falls back to the defaults naming the community when no row exists", () => {
    getDb().delete(schema.footerSettings).run();
    invalidateSettingsCache();
    expect(getFooterSettings()).toMatchObject({ id: null, companyName: "Quads", tagline: "AI Community Platform", isActive: true });
    expect(getFooterSettings({ year: 2031 })).toMatchObject({ copyrightText: "© 2031 Quads. All rights reserved.", copyrightTemplate: "© {year} Quads. All rights reserved." });
    expect(getPublicSettings().footer.companyName).toBe("Quads");
  });
});
