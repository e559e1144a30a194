import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { appErrorOf } from "~/test/errors";
import { readDb, schema, write } from "./db.server";
import { parseRating, ratingsTable, summarizeRatings, upsertRating } from "./rating.server";

const artistRatings = ratingsTable(schema.artistRatings, "artistId");
const resourceRatings = ratingsTable(schema.resourceRatings, "resourceId");
const now = new Date("2026-01-05T10:00:00Z");

const newArtist = async (name: string) => (await write((tx) => tx.insert(schema.musicArtists).values({ name }).returning()))[0].id;
const newResource = async (title: string) => (await write((tx) => tx.insert(schema.resources).values({ title, url: "https://tool.example", resourceType: "tool" }).returning()))[0].id;

describe("the one rating rule", () => {
  it("parses 1–5 (a form's '4' counts) and refuses anything else under `rating`", () => {
    expect(parseRating({ rating: "4" })).toBe(4);
    for (const rating of [0, 6, 2.5, "x", undefined]) expect(appErrorOf(() => parseRating({ rating })).fieldErrors).toHaveProperty("rating");
  });

  it("stores a first rating, replaces a later one, and answers the exact average and count", async () => {
    const [alice, bob] = await Promise.all([createMember(), createMember()]);
    const artistId = await newArtist("Rated");
    const rate = (userId: string, rating: number) => write((tx) => upsertRating(tx, artistRatings, { itemId: artistId, userId, rating, now }));
    expect(await rate(alice.id, 4)).toEqual({ isFirstRating: true, summary: { average: 4, count: 1 } });
    expect(await rate(bob.id, 5)).toEqual({ isFirstRating: true, summary: { average: 4.5, count: 2 } });
    expect(await rate(alice.id, 1)).toEqual({ isFirstRating: false, summary: { average: 3, count: 2 } });
    expect((await readDb().select().from(schema.artistRatings)).filter((row) => row.artistId === artistId)).toHaveLength(2);
  });

  it("is the same rule over another ratings table: an exact average, not rounded", async () => {
    const members = await Promise.all([createMember(), createMember(), createMember()]);
    const resourceId = await newResource("Thirds");
    let last;
    for (const [index, member] of members.entries()) last = await write((tx) => upsertRating(tx, resourceRatings, { itemId: resourceId, userId: member.id, rating: [1, 2, 2][index], now }));
    expect(last?.summary).toEqual({ average: 5 / 3, count: 3 });
  });

  it("summarizes many items at once; an unrated item is 0 and 0", async () => {
    const member = await createMember();
    const [rated, unrated] = [await newArtist("One"), await newArtist("Two")];
    await write((tx) => upsertRating(tx, artistRatings, { itemId: rated, userId: member.id, rating: 2, now }));
    const summaries = await summarizeRatings(readDb(), artistRatings, [rated, unrated]);
    expect(summaries.get(rated)).toEqual({ average: 2, count: 1 });
    expect(summaries.get(unrated)).toEqual({ average: 0, count: 0 });
    expect((await summarizeRatings(readDb(), artistRatings, [])).size).toBe(0);
  });

  it("rolls a rating back with the unit that made it", async () => {
    const member = await createMember();
    const artistId = await newArtist("Rolled back");
    await expect(
      write(async (tx) => {
        await upsertRating(tx, artistRatings, { itemId: artistId, userId: member.id, rating: 5, now });
        throw new Error("refused later in the unit");
      }),
    ).rejects.toThrow("refused later in the unit");
    expect((await summarizeRatings(readDb(), artistRatings, [artistId])).get(artistId)).toEqual({ average: 0, count: 0 });
  });
});
