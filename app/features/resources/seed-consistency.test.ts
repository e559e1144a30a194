import { describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";
import { seedDemoContent } from "../../../db/seed.server";

describe("demo seed: resources", () => {
  it("stores each resource's rating and reviewsCount as the exact average and count of its resource_ratings", () => {
    const db = getDb();
    seedDemoContent(db, { now: new Date(), adminEmail: "seed-admin@example.com", adminPasswordHash: "x", memberPasswordHash: "y" });
    const rows = db.$client
      .prepare(
        `select r.id, r.rating, r.reviews_count as reviewsCount, r.submitted_by as submittedBy, r.resource_type as type, r.embed_url as embedUrl,
                (select count(*) from resource_ratings rr where rr.resource_id = r.id) as actualCount,
                coalesce((select avg(rr.rating) from resource_ratings rr where rr.resource_id = r.id), 0) as actualAverage,
                (select count(*) from resource_ratings rr where rr.resource_id = r.id and rr.user_id = r.submitted_by) as selfRatings
         from resources r`,
      )
      .all() as { rating: number; reviewsCount: number; actualCount: number; actualAverage: number; selfRatings: number; type: string; embedUrl: string | null }[];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.some((row) => row.reviewsCount > 0)).toBe(true);
    for (const row of rows) {
      expect(row.reviewsCount).toBe(row.actualCount);
      expect(row.rating).toBeCloseTo(row.actualAverage, 10);
      expect(row.selfRatings).toBe(0);
      if (row.type === "video") expect(row.embedUrl).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    }
  });
});
