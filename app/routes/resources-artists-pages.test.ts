import type { ActionFunctionArgs } from "react-router";
import { describe, expect, it } from "vitest";
import { createArtist, getRatingPanels } from "~/features/artists/artists.server";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import { action as artistPageAction } from "./music-artists_.$id";
import { action as resourcesAction } from "./resources";
import { action as rateResourceAction } from "./resources_.$id.rate";

type Result = { data: Record<string, unknown>; init: { status: number } };
const call = (handler: (args: ActionFunctionArgs) => unknown, request: Request, params: Record<string, string> = {}) =>
  handler(routeArgs(request, params) as ActionFunctionArgs) as Promise<Response | Result>;
const form = (fields: Record<string, string>): RequestInit => ({ method: "POST", body: new URLSearchParams(fields) });

describe("the artist page's action (the rating panel's forms)", () => {
  it("redirects back with a toast on success, and answers 400 with the message and the text kept", async () => {
    const admin = await createMember({ role: "admin" });
    const member = await createMember();
    const artist = await createArtist({ actor: admin, input: { name: "Form Artist" } });
    const params = { id: String(artist.id) };
    const url = `http://localhost/music-artists/${artist.id}`;

    const rated = (await call(artistPageAction as never, await signedInRequest(member.id, url, form({ intent: "rate", rating: "5", redirectTo: "/music-artists?q=Form" })), params)) as Response;
    expect(rated.status).toBe(302);
    expect(rated.headers.get("Location")).toBe(`/music-artists?q=Form#artist-${artist.id}`);
    expect(rated.headers.get("Set-Cookie")).toContain("quads_toast=");

    const offSite = (await call(artistPageAction as never, await signedInRequest(member.id, url, form({ intent: "rate", rating: "4", redirectTo: "https://evil.example/" })), params)) as Response;
    expect(offSite.headers.get("Location")).toBe(`/music-artists/${artist.id}#artist-${artist.id}`);

    const tooLong = (await call(artistPageAction as never, await signedInRequest(member.id, url, form({ intent: "comment", comment: "z".repeat(1001), redirectTo: "/" })), params)) as Result;
    expect(tooLong.init.status).toBe(400);
    expect(tooLong.data).toMatchObject({ intent: "comment", result: { error: { comment: ["Comment is too long"] }, initialValue: { redirectTo: "/" } } });
    expect((tooLong.data.result as { initialValue: { comment: string } }).initialValue.comment.length).toBe(1001);

    const badRating = (await call(artistPageAction as never, await signedInRequest(member.id, url, form({ intent: "rate", rating: "7" })), params)) as Result;
    expect(badRating.init.status).toBe(400);
    expect(badRating.data).toMatchObject({ intent: "rate", result: { error: { rating: [expect.any(String)] } } });

    const comment = (await call(artistPageAction as never, await signedInRequest(member.id, url, form({ intent: "comment", comment: " hello " })), params)) as Response;
    expect(comment.status).toBe(302);
    const panel = (await getRatingPanels([artist.id], member.id)).get(artist.id);
    expect(panel).toMatchObject({ averageRating: 4, totalRatings: 1, myRating: 4, commentsCount: 1 });

    // A member cannot hide comments; a visitor is sent to sign in.
    const commentId = String(panel?.comments[0].id);
    const hide = (await call(artistPageAction as never, await signedInRequest(member.id, url, form({ intent: "hide-comment", commentId })), params)) as Result;
    expect(hide.init.status).toBe(403);
    await expect(call(artistPageAction as never, new Request(url, form({ intent: "rate", rating: "3" })), params)).rejects.toMatchObject({ status: 302 });
  });
});

describe("resource page actions", () => {
  it("turns members away from submitting, and rates with a redirect back", async () => {
    const member = await createMember();
    await expect(
      call(resourcesAction as never, await signedInRequest(member.id, "http://localhost/resources", form({ intent: "create", title: "x", url: "https://x.example" }))),
    ).rejects.toMatchObject({ status: 302 });

    const admin = await createMember({ role: "admin" });
    const refused = (await call(resourcesAction as never, await signedInRequest(admin.id, "http://localhost/resources", form({ intent: "create", title: "", url: "https://x.example" })))) as Result;
    expect(refused.init.status).toBe(400);
    expect(refused.data.toast).toMatchObject({ title: "Error", description: "Failed to submit resource. Please try again." });

    const created = (await call(resourcesAction as never, await signedInRequest(admin.id, "http://localhost/resources", form({ intent: "create", title: "Ok", url: "https://ok.example" })))) as Response;
    expect(created.status).toBe(302);

    const bad = (await call(rateResourceAction as never, await signedInRequest(member.id, "http://localhost/resources/1/rate", form({ rating: "0" })), { id: "1" })) as Result;
    expect(bad.init.status).toBe(400);
  });
});
