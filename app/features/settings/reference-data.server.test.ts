import { describe, expect, it } from "vitest";
import { readDb, schema } from "~/utils/db.server";
import { REFERENCE_BADGES, seedReferenceData } from "./reference-data.server";
import { row, run } from "~/test/db";

// app/test/setup.ts seeded the reference data once already: a second run must change nothing.
await seedReferenceData({ communityName: "Quads" });

const countOf = async (sql: string) => ((await row(sql)) as { n: number }).n;

describe("seedReferenceData", () => {
  it("is idempotent: ten badges, ten platform settings, one footer row", async () => {
    expect(await countOf("SELECT count(*) AS n FROM badges")).toBe(10);
    expect(await countOf("SELECT count(*) AS n FROM platform_settings")).toBe(10);
    expect(await countOf("SELECT count(*) AS n FROM footer_settings")).toBe(1);
    expect(await countOf("SELECT count(*) AS n FROM categories")).toBeGreaterThanOrEqual(6);
  });

  it("seeds the badges of docs/gamification.md with their points", async () => {
    const badges = await readDb().select().from(schema.badges);
    const byName = Object.fromEntries(badges.map((badge) => [badge.name, badge]));
    expect(byName["Explorer"].pointsRequired).toBe(0);
    expect(byName["Discusser"].pointsRequired).toBe(5);
    expect(byName["Quads Master"]).toMatchObject({ type: "quads_master", pointsRequired: 500, category: "Mastery" });
    expect(badges).toHaveLength(REFERENCE_BADGES.length);
  });

  it("never overwrites admin edits", async () => {
    await run("UPDATE footer_settings SET tagline = 'Edited'");
    await run("UPDATE platform_settings SET url = 'https://youtube.com/@quads' WHERE platform = 'youtube'");
    await run("UPDATE badges SET description = 'Edited' WHERE type = 'explorer'");
    await seedReferenceData({ communityName: "Other" });
    expect((await readDb().select().from(schema.footerSettings))[0]?.tagline).toBe("Edited");
    expect(((await row("SELECT url FROM platform_settings WHERE platform = 'youtube'")) as { url: string }).url).toBe("https://youtube.com/@quads");
    expect(((await row("SELECT description FROM badges WHERE type = 'explorer'")) as { description: string }).description).toBe("Edited");
    expect(await countOf("SELECT count(*) AS n FROM footer_settings")).toBe(1);
  });
});
