import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { readDb, schema } from "~/utils/db.server";
import {
  addComment,
  createArtist,
  deleteArtist,
  getArtist,
  getArtistStats,
  getAverageRating,
  getMyRating,
  getRatingPanels,
  deleteComment,
  findComment,
  hideComment,
  listArtists,
  listComments,
  listGenres,
  rateArtist,
  listenerKey,
  recordPlay,
  unhideComment,
  updateArtist,
} from "./artists.server";
import { loadFeaturedArtists } from "./dashboard.server";
import { appErrorOfAsync, statusOfAsync } from "~/test/errors";

const contributions = async (userId: string, kind: string) =>
  (await readDb()
    .select()
    .from(schema.contributions)
    .where(eq(schema.contributions.userId, userId)))
    .filter((row) => row.kind === kind);

async function admin() {
  const user = await createMember({ role: "admin" });
  return { id: user.id, email: user.email };
}

describe("artists: admin writes", () => {
  it("creates with http(s) links only, updates partially, records the audit log", async () => {
    const actor = await admin();
    const artist = await createArtist({ actor, input: { name: "Neon", genre: "Synthwave", spotifyUrl: "https://open.spotify.com/artist/1", featured: "on" } });
    expect(artist).toMatchObject({ name: "Neon", genre: "Synthwave", featured: true, playCount: 0, youtubeUrl: null });
    expect(await appErrorOfAsync(() => createArtist({ actor, input: { name: "X", youtubeUrl: "javascript:alert(1)" } }))).toMatchObject({ status: 400 });
    expect(await appErrorOfAsync(() => createArtist({ actor, input: { genre: "Jazz" } }))).toMatchObject({ status: 400, message: "Name is required" });
    const updated = await updateArtist({ actor, id: artist.id, input: { featured: false, latestTrack: "Gradient" } });
    expect(updated).toMatchObject({ name: "Neon", featured: false, latestTrack: "Gradient", spotifyUrl: "https://open.spotify.com/artist/1" });
    const actions = (await readDb().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, String(artist.id)))).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(["artist.created", "artist.updated"]));
  });
});

describe("plays", () => {
  it("counts a play and returns the platform's link; unknown artist, platform or missing link is 404", async () => {
    const actor = await admin();
    const artist = await createArtist({ actor, input: { name: "Player", spotifyUrl: "https://open.spotify.com/artist/2", appleMusicUrl: "https://music.apple.com/a/1" } });
    const listener = "user:a";
    expect(await recordPlay({ artistId: artist.id, platform: "spotify", listener: "user:a" })).toBe("https://open.spotify.com/artist/2");
    expect(await recordPlay({ artistId: artist.id, platform: "apple", listener: "user:b" })).toBe("https://music.apple.com/a/1");
    expect((await getArtist(artist.id)).playCount).toBe(2);
    expect((await appErrorOfAsync(() => recordPlay({ artistId: artist.id, platform: "youtube", listener }))).status).toBe(404);
    expect((await appErrorOfAsync(() => recordPlay({ artistId: artist.id, platform: "napster", listener }))).status).toBe(404);
    expect((await appErrorOfAsync(() => recordPlay({ artistId: 999_999, platform: "spotify", listener }))).status).toBe(404);
    expect((await getArtist(artist.id)).playCount).toBe(2);
  });

  it("counts a play once per listener per artist per day", async () => {
    const actor = await admin();
    const artist = await createArtist({ actor, input: { name: "Daily", spotifyUrl: "https://open.spotify.com/artist/3" } });
    const visitor = listenerKey({ userId: null, clientIp: "203.0.113.9" });
    expect(visitor).toMatch(/^ip:/);
    expect(visitor).not.toContain("203.0.113.9");
    const day = new Date("2026-11-20T10:00:00Z");
    for (let index = 0; index < 5; index += 1) await recordPlay({ artistId: artist.id, platform: "spotify", listener: visitor, now: day });
    await recordPlay({ artistId: artist.id, platform: "spotify", listener: listenerKey({ userId: "m1", clientIp: "203.0.113.9" }), now: day });
    expect((await getArtist(artist.id)).playCount).toBe(2);
    await recordPlay({ artistId: artist.id, platform: "spotify", listener: visitor, now: new Date("2026-11-21T09:00:00Z") });
    expect((await getArtist(artist.id)).playCount).toBe(3);
  });
});

describe("stats, genres and search", () => {
  it("counts artists, plays, distinct genres and active artists; filters by name, description and genre", async () => {
    const actor = await admin();
    const before = await getArtistStats();
    const marker = `mk${Date.now()}`;
    const one = await createArtist({ actor, input: { name: `${marker} One`, genre: "Lo-fi", spotifyUrl: "https://open.spotify.com/x" } });
    const two = await createArtist({ actor, input: { name: "Two", description: `plays ${marker}`, genre: "lo-fi" } });
    await createArtist({ actor, input: { name: "Three", genre: "Ambient" } });
    await recordPlay({ artistId: one.id, platform: "spotify", listener: "user:stats" });
    const after = await getArtistStats();
    expect(after.artists - before.artists).toBe(3);
    expect(after.totalPlays - before.totalPlays).toBe(1);
    expect(after.active - before.active).toBe(1);
    expect(after.genres).toBeGreaterThanOrEqual(2);
    expect(await listGenres()).toEqual(expect.arrayContaining(["Ambient"]));
    expect((await listArtists({ q: marker })).items.map((artist) => artist.id)).toEqual([two.id, one.id]);
    expect((await listArtists({ q: marker, genre: "LO-FI" })).total).toBe(2);
    expect((await listArtists({ q: marker, genre: "Ambient" })).total).toBe(0);
  });
});

describe("artist ratings", () => {
  it("averages one rating per member; re-rating replaces it; the first rating earns points once", async () => {
    const actor = await admin();
    const artist = await createArtist({ actor, input: { name: "Rated" } });
    const alice = await createMember();
    const bob = await createMember();
    expect(await getAverageRating(artist.id)).toEqual({ averageRating: 0, totalRatings: 0 });
    expect(await getMyRating(artist.id, alice.id)).toEqual({ rating: null });
    await rateArtist({ userId: alice.id, artistId: artist.id, input: { rating: 5 } });
    expect(await rateArtist({ userId: bob.id, artistId: artist.id, input: { rating: 4 } })).toMatchObject({ averageRating: 4.5, totalRatings: 2 });
    expect(await rateArtist({ userId: alice.id, artistId: artist.id, input: { rating: "3" } })).toMatchObject({ rating: 3, averageRating: 3.5, totalRatings: 2 });
    expect(await getMyRating(artist.id, alice.id)).toEqual({ rating: 3 });
    expect(await contributions(alice.id, "artist_rated")).toHaveLength(1);
    for (const rating of [0, 6, 4.5, "five", null]) {
      expect((await appErrorOfAsync(() => rateArtist({ userId: bob.id, artistId: artist.id, input: { rating } }))).status).toBe(400);
    }
    expect((await appErrorOfAsync(() => rateArtist({ userId: bob.id, artistId: 999_999, input: { rating: 3 } }))).status).toBe(404);
  });
});

describe("artist comments", () => {
  it("trims, accepts 1–1000 characters, refuses empty ('Comment cannot be empty') and too long ('Comment is too long')", async () => {
    const actor = await admin();
    const artist = await createArtist({ actor, input: { name: "Commented" } });
    const member = await createMember({ displayName: "Maya" });
    const comment = await addComment({ userId: member.id, artistId: artist.id, input: { comment: "  Love it!  " } });
    expect(comment).toMatchObject({ comment: "Love it!", artistId: artist.id, user: { id: member.id, displayName: "Maya" } });
    expect((await addComment({ userId: member.id, artistId: artist.id, input: { comment: "x".repeat(1000) } })).comment).toHaveLength(1000);
    expect(await appErrorOfAsync(() => addComment({ userId: member.id, artistId: artist.id, input: { comment: "   " } }))).toMatchObject({ status: 400, message: "Comment cannot be empty" });
    expect(await appErrorOfAsync(() => addComment({ userId: member.id, artistId: artist.id, input: {} }))).toMatchObject({ status: 400, message: "Comment cannot be empty" });
    expect(await appErrorOfAsync(() => addComment({ userId: member.id, artistId: artist.id, input: { comment: "x".repeat(1001) } }))).toMatchObject({ status: 400, message: "Comment is too long" });
    expect(await listComments(artist.id)).toHaveLength(2);
    expect(await contributions(member.id, "artist_commented")).toHaveLength(2);
  });

  it("hides a comment from lists and counts, taking its points back, with an audit entry", async () => {
    const actor = await admin();
    const artist = await createArtist({ actor, input: { name: "Moderated" } });
    const member = await createMember();
    const comment = await addComment({ userId: member.id, artistId: artist.id, input: { comment: "spam" } });
    await hideComment({ actor, commentId: comment.id });
    expect(await listComments(artist.id)).toEqual([]);
    expect((await getRatingPanels([artist.id], null)).get(artist.id)).toMatchObject({ commentsCount: 0, comments: [] });
    expect(await contributions(member.id, "artist_commented")).toHaveLength(0);
    const audit = await readDb().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, String(comment.id)));
    expect(audit.map((row) => row.action)).toContain("artist_comment.hidden");
  });

  it("shows a hidden comment again and deletes one, its points and audit entries following", async () => {
    const actor = await admin();
    const artist = await createArtist({ actor, input: { name: "Queue" } });
    const member = await createMember();
    const first = await addComment({ userId: member.id, artistId: artist.id, input: { comment: "first" } });
    const second = await addComment({ userId: member.id, artistId: artist.id, input: { comment: "second" } });

    expect(await hideComment({ actor, commentId: first.id })).toEqual({ id: first.id, artistId: artist.id });
    expect(await findComment(first.id)).toMatchObject({ comment: "first", isHidden: true });
    expect(await unhideComment({ actor, commentId: first.id })).toEqual({ id: first.id, artistId: artist.id });
    expect(await findComment(first.id)).toMatchObject({ comment: "first", isHidden: false });
    expect(await contributions(member.id, "artist_commented")).toHaveLength(2);

    await hideComment({ actor: null, commentId: second.id });
    expect((await listComments(artist.id)).map((comment) => comment.id)).toEqual([first.id]);
    await unhideComment({ actor, commentId: second.id });
    expect(await findComment(second.id)).toMatchObject({ isHidden: false });

    await deleteComment({ actor, commentId: first.id });
    await deleteComment({ actor, commentId: second.id });
    expect(await findComment(first.id)).toBeNull();
    expect(await findComment(second.id)).toBeNull();
    expect(await contributions(member.id, "artist_commented")).toHaveLength(0);
    expect((await appErrorOfAsync(() => deleteComment({ actor, commentId: first.id }))).status).toBe(404);
    const actions = (await readDb().select().from(schema.auditLog).where(eq(schema.auditLog.targetType, "comment"))).filter((row) => [String(first.id), String(second.id)].includes(row.targetId ?? ""));
    expect(actions.map((row) => row.action).sort()).toEqual(["artist_comment.deleted", "artist_comment.deleted", "artist_comment.hidden", "artist_comment.shown", "artist_comment.shown"]);
  });

  it("rate-limits comments per member (POST_RATE_LIMIT)", async () => {
    const actor = await admin();
    const artist = await createArtist({ actor, input: { name: "Busy" } });
    const member = await createMember();
    let status: number | "ok" = "ok";
    for (let attempt = 0; attempt < 20 && status === "ok"; attempt += 1) {
      status = await statusOfAsync(() => addComment({ userId: member.id, artistId: artist.id, input: { comment: `c${attempt}` } }));
    }
    expect(status).toBe(429);
  });
});

describe("panels and the dashboard card", () => {
  it("shows each artist's summary, the viewer's rating and latest comments; visitors get a read-only viewer", async () => {
    const actor = await admin();
    const featured = await createArtist({ actor, input: { name: "Featured One", featured: true } });
    const member = await createMember();
    await rateArtist({ userId: member.id, artistId: featured.id, input: { rating: 4 } });
    await addComment({ userId: member.id, artistId: featured.id, input: { comment: "Great" } });
    const asMember = await loadFeaturedArtists(member.id);
    const card = asMember.artists.find((artist) => artist.id === featured.id);
    expect(card?.panel).toMatchObject({ averageRating: 4, totalRatings: 1, myRating: 4, commentsCount: 1 });
    expect(asMember.viewer).toEqual({ isSignedIn: true, canModerate: false });
    const asVisitor = await loadFeaturedArtists(null);
    expect(asVisitor.viewer).toEqual({ isSignedIn: false, canModerate: false });
    expect(asVisitor.artists.find((artist) => artist.id === featured.id)?.panel.myRating).toBeNull();
    expect(asVisitor.artists.every((artist) => artist.featured)).toBe(true);
  });

  it("deletes an artist with its ratings and comments, taking their points back", async () => {
    const actor = await admin();
    const artist = await createArtist({ actor, input: { name: "Gone" } });
    const member = await createMember();
    await rateArtist({ userId: member.id, artistId: artist.id, input: { rating: 5 } });
    await addComment({ userId: member.id, artistId: artist.id, input: { comment: "bye" } });
    await deleteArtist({ actor, id: artist.id });
    expect((await appErrorOfAsync(() => getArtist(artist.id))).status).toBe(404);
    expect(await contributions(member.id, "artist_rated")).toHaveLength(0);
    expect(await contributions(member.id, "artist_commented")).toHaveLength(0);
  });
});
