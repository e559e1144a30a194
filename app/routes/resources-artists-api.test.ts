import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { createArtist } from "~/features/artists/artists.server";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import { action as adminArtistAction } from "./api.admin.music-artists.$id";
import { action as adminArtistsAction } from "./api.admin.music-artists";
import { action as adminResourceAction } from "./api.admin.resources.$id";
import { action as adminResourcesAction, loader as adminResourcesLoader } from "./api.admin.resources";
import { loader as averageLoader } from "./api.artists.$id.average-rating";
import { action as commentAction } from "./api.artists.$id.comment";
import { loader as commentsLoader } from "./api.artists.$id.comments";
import { loader as myRatingLoader } from "./api.artists.$id.my-rating";
import { action as rateAction } from "./api.artists.$id.rate";
import { action as hideAction } from "./api.artists.comments.$commentId.hide";
import { loader as musicArtistsLoader } from "./api.music-artists";
import { action as rateResourceAction } from "./api.resources.$id.rate";
import { action as resourcesAction, loader as resourcesLoader } from "./api.resources";
import { loader as listenLoader } from "./music-artists.$id.listen.$platform";

type Params = Record<string, string>;
const call = (handler: (args: ActionFunctionArgs & LoaderFunctionArgs) => unknown, request: Request, params: Params = {}) =>
  handler(routeArgs(request, params) as ActionFunctionArgs & LoaderFunctionArgs) as Promise<Response>;
const jsonInit = (body: unknown, method = "POST"): RequestInit => ({ method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const url = (path: string) => `http://localhost${path}`;

async function users() {
  const admin = await createMember({ role: "admin" });
  const member = await createMember({ firstName: "Mia", displayName: "Mia M" });
  const moderator = await createMember({ role: "moderator" });
  return { admin, member, moderator };
}

describe("admin writes: visitors 401, members 403, bad input 400", () => {
  const cases: [string, (args: ActionFunctionArgs & LoaderFunctionArgs) => unknown, string, string, Params][] = [
    ["POST /api/resources", resourcesAction as never, "/api/resources", "POST", {}],
    ["POST /api/admin/resources", adminResourcesAction as never, "/api/admin/resources", "POST", {}],
    ["PUT /api/admin/resources/1", adminResourceAction as never, "/api/admin/resources/1", "PUT", { id: "1" }],
    ["DELETE /api/admin/resources/1", adminResourceAction as never, "/api/admin/resources/1", "DELETE", { id: "1" }],
    ["POST /api/admin/music-artists", adminArtistsAction as never, "/api/admin/music-artists", "POST", {}],
    ["PUT /api/admin/music-artists/1", adminArtistAction as never, "/api/admin/music-artists/1", "PUT", { id: "1" }],
    ["DELETE /api/admin/music-artists/1", adminArtistAction as never, "/api/admin/music-artists/1", "DELETE", { id: "1" }],
  ];
  it.each(cases)("%s", async (_name, handler, path, method, params) => {
    const { member } = await users();
    const visitor = await call(handler as never, new Request(url(path), jsonInit({ title: "x" }, method)), params);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ message: "Unauthorized" });
    const asMember = await call(handler as never, await signedInRequest(member.id, url(path), jsonInit({ title: "x" }, method)), params);
    expect(asMember.status).toBe(403);
  });

  it("creates, updates and deletes a resource as an admin; bad input is 400 with the field message", async () => {
    const { admin } = await users();
    const bad = await call(resourcesAction as never, await signedInRequest(admin.id, url("/api/resources"), jsonInit({ title: "X", url: "ftp://nope" })));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.url[0]).toMatch(/http/);
    const created = await call(
      adminResourcesAction as never,
      await signedInRequest(admin.id, url("/api/admin/resources"), jsonInit({ title: "Guide", url: "https://guide.example", resourceType: "tool", pricingCategory: "freemium", tags: ["a"] })),
    );
    const untyped = await call(adminResourcesAction as never, await signedInRequest(admin.id, url("/api/admin/resources"), jsonInit({ title: "Guide", url: "https://guide.example" })));
    expect(untyped.status).toBe(400);
    expect(await untyped.json()).toMatchObject({ message: "Resource type is required", errors: { resourceType: ["Resource type is required"] } });
    expect(created.status).toBe(201);
    const resource = await created.json();
    expect(resource).toMatchObject({ title: "Guide", pricingCategory: "low", tags: ["a"], resourceType: "tool", difficulty: "beginner", rating: 0, reviewsCount: 0 });
    const id = String(resource.id);
    const updated = await call(adminResourceAction as never, await signedInRequest(admin.id, url(`/api/admin/resources/${id}`), jsonInit({ difficulty: "advanced" }, "PUT")), { id });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ title: "Guide", difficulty: "advanced" });
    const list = await call(adminResourcesLoader as never, await signedInRequest(admin.id, url("/api/admin/resources")));
    expect(list.headers.get("X-Total-Count")).toBeTruthy();
    expect((await list.json())[0].id).toBe(resource.id);
    const deleted = await call(adminResourceAction as never, await signedInRequest(admin.id, url(`/api/admin/resources/${id}`), { method: "DELETE" }), { id });
    expect(deleted.status).toBe(200);
    const again = await call(adminResourceAction as never, await signedInRequest(admin.id, url(`/api/admin/resources/${id}`), { method: "DELETE" }), { id });
    expect(again.status).toBe(404);
  });

  it("creates and edits an artist as an admin; a non-http link is 400", async () => {
    const { admin } = await users();
    const bad = await call(adminArtistsAction as never, await signedInRequest(admin.id, url("/api/admin/music-artists"), jsonInit({ name: "A", spotifyUrl: "javascript:x" })));
    expect(bad.status).toBe(400);
    const created = await call(adminArtistsAction as never, await signedInRequest(admin.id, url("/api/admin/music-artists"), jsonInit({ name: "Aurora", featured: true })));
    expect(created.status).toBe(201);
    const artist = await created.json();
    expect(artist).toMatchObject({ name: "Aurora", featured: true, playCount: 0 });
    const id = String(artist.id);
    const updated = await call(adminArtistAction as never, await signedInRequest(admin.id, url(`/api/admin/music-artists/${id}`), jsonInit({ genre: "Ambient" }, "PUT")), { id });
    expect(await updated.json()).toMatchObject({ name: "Aurora", genre: "Ambient", featured: true });
  });
});

describe("GET lists", () => {
  it("/api/resources needs a signed-in member; /api/music-artists is public; both are arrays", async () => {
    const { member, admin } = await users();
    expect((await call(resourcesLoader as never, new Request(url("/api/resources")))).status).toBe(401);
    const resources = await call(resourcesLoader as never, await signedInRequest(member.id, url("/api/resources?pricing=paid")));
    expect(resources.status).toBe(200);
    expect(Array.isArray(await resources.json())).toBe(true);
    await createArtist({ actor: admin, input: { name: "Listed" } });
    const artists = await call(musicArtistsLoader as never, new Request(url("/api/music-artists")));
    expect(artists.status).toBe(200);
    expect((await artists.json()).some((artist: { name: string }) => artist.name === "Listed")).toBe(true);
    expect((await call(musicArtistsLoader as never, new Request(url("/api/music-artists?limit=1000")))).status).toBe(400);
  });
});

describe("artist ratings and comments API", () => {
  it("rates (1–5, else 400), reads the average, my rating, and comments with their author", async () => {
    const { admin, member } = await users();
    const artist = await createArtist({ actor: admin, input: { name: "Api Artist" } });
    const id = String(artist.id);
    const params = { id };
    expect((await call(rateAction as never, new Request(url(`/api/artists/${id}/rate`), jsonInit({ rating: 5 })), params)).status).toBe(401);
    for (const rating of [0, 6, 3.5, "x"]) {
      const bad = await call(rateAction as never, await signedInRequest(member.id, url(`/api/artists/${id}/rate`), jsonInit({ rating })), params);
      expect(bad.status).toBe(400);
    }
    const rated = await call(rateAction as never, await signedInRequest(member.id, url(`/api/artists/${id}/rate`), jsonInit({ rating: 4 })), params);
    expect(rated.status).toBe(200);
    expect(await rated.json()).toMatchObject({ rating: 4, averageRating: 4, totalRatings: 1 });

    const average = await call(averageLoader as never, new Request(url(`/api/artists/${id}/average-rating`)), params);
    expect(await average.json()).toEqual({ averageRating: 4, totalRatings: 1 });
    expect((await call(myRatingLoader as never, new Request(url(`/api/artists/${id}/my-rating`)), params)).status).toBe(401);
    const mine = await call(myRatingLoader as never, await signedInRequest(member.id, url(`/api/artists/${id}/my-rating`)), params);
    expect(await mine.json()).toEqual({ rating: 4 });

    expect((await call(commentAction as never, new Request(url(`/api/artists/${id}/comment`), jsonInit({ comment: "hi" })), params)).status).toBe(401);
    const empty = await call(commentAction as never, await signedInRequest(member.id, url(`/api/artists/${id}/comment`), jsonInit({ comment: "  " })), params);
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Comment cannot be empty");
    const long = await call(commentAction as never, await signedInRequest(member.id, url(`/api/artists/${id}/comment`), jsonInit({ comment: "y".repeat(1001) })), params);
    expect((await long.json()).message).toBe("Comment is too long");
    const posted = await call(commentAction as never, await signedInRequest(member.id, url(`/api/artists/${id}/comment`), jsonInit({ comment: "  Nice  " })), params);
    expect(posted.status).toBe(201);
    const comments = await (await call(commentsLoader as never, new Request(url(`/api/artists/${id}/comments`)), params)).json();
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({ comment: "Nice", user: { id: member.id, firstName: "Mia", displayName: "Mia M" } });
    expect(comments[0].user).not.toHaveProperty("email");

    const missing = await call(averageLoader as never, new Request(url("/api/artists/999999/average-rating")), { id: "999999" });
    expect(missing.status).toBe(404);
  });

  it("lets moderators hide a comment (members 403, visitors 401)", async () => {
    const { admin, member, moderator } = await users();
    const artist = await createArtist({ actor: admin, input: { name: "Hidden" } });
    const posted = await call(commentAction as never, await signedInRequest(member.id, url(`/api/artists/${artist.id}/comment`), jsonInit({ comment: "spam" })), { id: String(artist.id) });
    const comment = await posted.json();
    const params = { commentId: String(comment.id) };
    const path = url(`/api/artists/comments/${comment.id}/hide`);
    expect((await call(hideAction as never, new Request(path, { method: "POST" }), params)).status).toBe(401);
    expect((await call(hideAction as never, await signedInRequest(member.id, path, { method: "POST" }), params)).status).toBe(403);
    const hidden = await call(hideAction as never, await signedInRequest(moderator.id, path, { method: "POST" }), params);
    expect(hidden.status).toBe(200);
    const comments = await (await call(commentsLoader as never, new Request(url(`/api/artists/${artist.id}/comments`)), { id: String(artist.id) })).json();
    expect(comments).toEqual([]);
  });

  it("rates a resource through the API", async () => {
    const { admin, member } = await users();
    const created = await call(resourcesAction as never, await signedInRequest(admin.id, url("/api/resources"), jsonInit({ title: "R", url: "https://r.example", resourceType: "tool" })));
    const resource = await created.json();
    const params = { id: String(resource.id) };
    const path = url(`/api/resources/${resource.id}/rate`);
    expect((await call(rateResourceAction as never, new Request(path, jsonInit({ rating: 3 })), params)).status).toBe(401);
    expect((await call(rateResourceAction as never, await signedInRequest(member.id, path, jsonInit({ rating: 9 })), params)).status).toBe(400);
    const rated = await call(rateResourceAction as never, await signedInRequest(member.id, path, jsonInit({ rating: 3 })), params);
    expect(await rated.json()).toMatchObject({ rating: 3, reviewsCount: 1, myRating: 3 });
  });
});

describe("/music-artists/:id/listen/:platform", () => {
  it("counts the play and redirects (302); a missing link or unknown artist is 404", async () => {
    const { admin } = await users();
    const artist = await createArtist({ actor: admin, input: { name: "Listen", youtubeUrl: "https://www.youtube.com/@listen" } });
    const response = await call(listenLoader as never, new Request(url(`/music-artists/${artist.id}/listen/youtube`)), { id: String(artist.id), platform: "youtube" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://www.youtube.com/@listen");
    await expect(call(listenLoader as never, new Request(url("/x")), { id: String(artist.id), platform: "spotify" })).rejects.toMatchObject({ status: 404 });
    await expect(call(listenLoader as never, new Request(url("/x")), { id: "999999", platform: "youtube" })).rejects.toMatchObject({ status: 404 });
  });
});
