import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { socialIconShape } from "~/components/ui/social-icon-shapes";
import { listAuditEntries } from "~/features/audit/audit.server";
import { createMember } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { writeFromAnotherProcess } from "~/test/db";
import { appErrorOfAsync } from "~/test/errors";
import {
  getFooterSettings,
  getPublicSettings,
  invalidateSettingsCache,
  listPlatformSettings,
  updateFooterSettings,
  updatePlatformSetting,
} from "./settings.server";

async function admin() {
  const user = await createMember({ role: "admin" });
  return { id: user.id, email: user.email };
}

describe("platform settings", () => {
  it("lists the ten platforms in their display order", async () => {
    expect((await listPlatformSettings()).map((setting) => setting.platform)).toEqual([
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
    expect((await getPublicSettings()).socialLinks.find((link) => link.platform === "youtube")).toBeUndefined();
    const saved = await updatePlatformSetting({ actor, platform: "youtube", input: { url: " https://youtube.com/@quads ", isActive: true } });
    expect(saved).toMatchObject({ platform: "youtube", url: "https://youtube.com/@quads", isActive: true });
    expect((await getPublicSettings()).socialLinks).toContainEqual({ platform: "youtube", url: "https://youtube.com/@quads", icon: socialIconShape("youtube") });
    const row = (await readDb().select().from(schema.platformSettings).where(eq(schema.platformSettings.platform, "youtube")))[0];
    expect(row?.updatedBy).toBe(actor.id);
    expect((await listAuditEntries()).entries[0]).toMatchObject({ action: "platform_setting.updated", targetId: "youtube", actorEmail: actor.email });

    await updatePlatformSetting({ actor, platform: "youtube", input: { isActive: false } });
    expect((await getPublicSettings()).socialLinks.find((link) => link.platform === "youtube")).toBeUndefined();
    await updatePlatformSetting({ actor, platform: "support_link", input: { url: "https://support.example", isActive: true } });
    expect((await getPublicSettings()).supportLinks.supportUs).toBe("https://support.example");
    await updatePlatformSetting({ actor, platform: "support_link", input: { url: "" } });
    expect((await getPublicSettings()).supportLinks.supportUs).toBeUndefined();
  });

  it("records nothing when nothing changed", async () => {
    const actor = await admin();
    await updatePlatformSetting({ actor, platform: "threads", input: { url: "https://threads.net/@q" } });
    const before = (await listAuditEntries()).total;
    await updatePlatformSetting({ actor, platform: "threads", input: { url: "https://threads.net/@q" } });
    expect((await listAuditEntries()).total).toBe(before);
  });

  it("answers 404 for an unknown platform and 400 for anything but an http(s) URL", async () => {
    const actor = await admin();
    expect((await appErrorOfAsync(() => updatePlatformSetting({ actor, platform: "myspace", input: { url: "https://myspace.com" } }))).status).toBe(404);
    for (const url of ["javascript:alert(1)", "ftp://files.example", "not a url", "//example.com", 42]) {
      expect((await appErrorOfAsync(() => updatePlatformSetting({ actor, platform: "facebook", input: { url } }))).status).toBe(400);
    }
    expect((await appErrorOfAsync(() => updatePlatformSetting({ actor, platform: "facebook", input: { isActive: "yes" } }))).status).toBe(400);
  });

  it("notices a write by another worker at once (the write version moved), without a query while nothing was written", async () => {
    invalidateSettingsCache();
    const first = await getPublicSettings();
    // Nothing written since, or nothing in these tables: the same copy is served.
    expect(await getPublicSettings()).toBe(first);
    await createMember();
    expect(await getPublicSettings()).toBe(first);
    // Another process writes straight to the database: this process's cache is not invalidated by it.
    await writeFromAnotherProcess("update platform_settings set url = ?, is_active = true, updated_at = ? where platform = 'tiktok'", "https://tiktok.com/@quads", Date.now() + 1000);
    // SQLite: at once (the file's data version moved); PostgreSQL: when the commit's notification arrives.
    await vi.waitFor(async () => expect((await getPublicSettings()).socialLinks).toContainEqual({ platform: "tiktok", url: "https://tiktok.com/@quads", icon: socialIconShape("tiktok") }));
  });

  it("notices a write by another box whose clock is behind (its updatedAt older than the newest row's)", async () => {
    // Box A, its clock a minute ahead, saved one link; box B, on time, saves another a moment later.
    await writeFromAnotherProcess("update platform_settings set url = ?, is_active = true, updated_at = ? where platform = 'tiktok'", "https://tiktok.com/@ahead", Date.now() + 60_000);
    await vi.waitFor(async () => expect((await getPublicSettings()).socialLinks.map((link) => link.url)).toContain("https://tiktok.com/@ahead"));
    await writeFromAnotherProcess("update platform_settings set url = ?, is_active = true, updated_at = ? where platform = 'twitter'", "https://twitter.com/behind", Date.now());
    await vi.waitFor(async () => expect((await getPublicSettings()).socialLinks.map((link) => link.url)).toContain("https://twitter.com/behind"));
  });

  it("keeps the cached copy to committed rows: a unit of work still open is not seen by other requests", async () => {
    const actor = await admin();
    await getPublicSettings();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const pending = write(async () => {
      await updatePlatformSetting({ actor, platform: "instagram", input: { url: "https://instagram.com/quads", isActive: true } });
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await getPublicSettings()).socialLinks.find((link) => link.platform === "instagram")).toBeUndefined();
    release();
    await pending;
    expect((await getPublicSettings()).socialLinks.find((link) => link.platform === "instagram")?.url).toBe("https://instagram.com/quads");
  });
});

describe("footer settings", () => {
  it("updates any of the seven fields, ignores id and audit fields, and hides the footer when inactive", async () => {
    const actor = await admin();
    const before = await getFooterSettings();
    const updated = await updateFooterSettings({
      actor,
      input: { id: 999, updatedBy: "someone", createdAt: 1, companyName: "Quads Collective", tagline: "Learn AI together", isActive: false },
    });
    expect(updated).toMatchObject({ id: before.id, companyName: "Quads Collective", tagline: "Learn AI together", isActive: false, copyrightText: before.copyrightText });
    expect(updated).not.toHaveProperty("updatedBy");
    expect((await getPublicSettings()).footer).toMatchObject({ companyName: "Quads Collective", isActive: false });
    const row = (await readDb().select().from(schema.footerSettings))[0];
    expect(row?.updatedBy).toBe(actor.id);
    expect((await listAuditEntries()).entries[0]).toMatchObject({ action: "footer_settings.updated", actorEmail: actor.email });
    expect((await listAuditEntries()).entries[0].summary).toContain("companyName");
    await updateFooterSettings({ actor, input: { isActive: true } });
    expect((await getPublicSettings()).footer.isActive).toBe(true);
  });

  it("shows the copyright line with the year filled in, and keeps its template editable", async () => {
    const actor = await admin();
    const shown = await getFooterSettings();
    expect(shown.copyrightText).not.toContain("{year}");
    expect(shown.copyrightText).toContain(String(new Date().getFullYear()));
    expect(shown.copyrightTemplate).toContain("{year}");

    const updated = await updateFooterSettings({ actor, input: { copyrightTemplate: "Since 2019, until {year}: Quads" } });
    expect(updated).toMatchObject({ copyrightText: `Since 2019, until ${new Date().getFullYear()}: Quads`, copyrightTemplate: "Since 2019, until {year}: Quads" });
    expect((await readDb().select().from(schema.footerSettings))[0]?.copyrightText).toBe("Since 2019, until {year}: Quads");
    expect((await getPublicSettings()).footer.copyrightText).toBe("Since 2019, until {year}: Quads");

    // A GET sent back as it came changes nothing: the template wins over the line as shown.
    const entries = (await listAuditEntries()).entries.length;
    await updateFooterSettings({ actor, input: await getFooterSettings({ year: 1999 }) });
    expect((await getFooterSettings()).copyrightTemplate).toBe("Since 2019, until {year}: Quads");
    expect((await listAuditEntries()).entries.length).toBe(entries);

    // The older name alone still sets the stored line.
    await updateFooterSettings({ actor, input: { copyrightText: "© {year} The Quads" } });
    expect(await getFooterSettings({ year: 2030 })).toMatchObject({ copyrightText: "© 2030 The Quads", copyrightTemplate: "© {year} The Quads" });
    expect((await appErrorOfAsync(() => updateFooterSettings({ actor, input: { copyrightTemplate: " " } }))).status).toBe(400);
  });

  it("refuses an empty company name or a non-boolean switch with 400", async () => {
    const actor = await admin();
    expect((await appErrorOfAsync(() => updateFooterSettings({ actor, input: { companyName: "  " } }))).status).toBe(400);
    expect((await appErrorOfAsync(() => updateFooterSettings({ actor, input: { showSocialLinks: "maybe" } }))).status).toBe(400);
    expect((await appErrorOfAsync(() => updateFooterSettings({ actor, input: { description: "x".repeat(1001) } }))).status).toBe(400);
  });

  it("falls back to the defaults naming the community when no row exists", async () => {
    await write((tx) => tx.delete(schema.footerSettings));
    invalidateSettingsCache();
    expect(await getFooterSettings()).toMatchObject({ id: null, companyName: "Quads", tagline: "AI Community Platform", isActive: true });
    expect(await getFooterSettings({ year: 2031 })).toMatchObject({ copyrightText: "© 2031 Quads. All rights reserved.", copyrightTemplate: "© {year} Quads. All rights reserved." });
    expect((await getPublicSettings()).footer.companyName).toBe("Quads");
  });
});
