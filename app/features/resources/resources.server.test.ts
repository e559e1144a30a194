import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { createResource, deleteResource, getResource, listResources, rateResource, refreshResourceRatings, toCardData, updateResource } from "./resources.server";
import { appErrorOfAsync } from "~/test/errors";

const points = async (userId: string) => (await readDb().select({ points: schema.users.points }).from(schema.users).where(eq(schema.users.id, userId)))[0]?.points ?? 0;
const contributionKinds = async (userId: string) =>
  await readDb()
    .select({ kind: schema.contributions.kind, subjectId: schema.contributions.subjectId })
    .from(schema.contributions)
    .where(eq(schema.contributions.userId, userId));

async function admin() {
  const user = await createMember({ role: "admin", firstName: "Ada" });
  return { id: user.id, email: user.email };
}

async function expectBadRequest(work: () => Promise<unknown>, message: string | RegExp) {
  const error = await appErrorOfAsync(work);
  expect(error.status).toBe(400);
  expect(error.message).toMatch(message);
  return error;
}

describe("createResource", () => {
  it("applies the defaults (tool, beginner, free, no tags), credits resource_shared and writes the audit log", async () => {
    const actor = await admin();
    const resource = await createResource({ actor, input: { title: "  Prompting guide ", url: "https://example.com/guide" } });
    expect(resource).toMatchObject({
      title: "Prompting guide",
      resourceType: "tool",
      difficulty: "beginner",
      pricingCategory: "free",
      tags: [],
      rating: 0,
      reviewsCount: 0,
      embedUrl: null,
      submitter: { firstName: "Ada", email: null },
    });
    expect(await contributionKinds(actor.id)).toContainEqual({ kind: "resource_shared", subjectId: String(resource.id) });
    const audit = await readDb().select().from(schema.auditLog).where(eq(schema.auditLog.targetId, String(resource.id)));
    expect(audit.map((entry) => entry.action)).toContain("resource.created");
  });

  it("maps the other pricing set and splits comma-separated tags", async () => {
    const actor = await admin();
    const freemium = await createResource({ actor, input: { title: "A", url: "https://a.example", pricingCategory: "freemium", tags: "LLM, Chat , LLM," } });
    expect(freemium.pricingCategory).toBe("low");
    expect(freemium.tags).toEqual(["LLM", "Chat"]);
    expect((await createResource({ actor, input: { title: "B", url: "https://b.example", pricingCategory: "paid", tags: ["x"] } })).pricingCategory).toBe("high");
  });

  it("stores a video's embed form and keeps its link for Visit", async () => {
    const actor = await admin();
    const video = await createResource({ actor, input: { title: "Talk", resourceType: "video", embedUrl: "https://youtu.be/dQw4w9WgXcQ" } });
    expect(video.embedUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(video.url).toBe("https://youtu.be/dQw4w9WgXcQ");
    const [card] = await toCardData([video], null);
    expect(card.playerUrl).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
    expect(card.thumbnailUrl).toBeNull();
  });

  it("does not embed a video from another host", async () => {
    const actor = await admin();
    const video = await createResource({ actor, input: { title: "Elsewhere", resourceType: "video", url: "https://videos.example.com/watch/1" } });
    const [card] = await toCardData([video], null);
    expect(card.playerUrl).toBeNull();
    expect(card.domain).toBe("videos.example.com");
  });

  it("refuses non-http(s) URLs, a missing title, a missing URL and unknown values with 400", async () => {
    const actor = await admin();
    await expectBadRequest(() => createResource({ actor, input: { title: "X", url: "javascript:alert(1)" } }), /http/);
    await expectBadRequest(() => createResource({ actor, input: { title: "X", url: "ftp://example.com" } }), /http/);
    await expectBadRequest(() => createResource({ actor, input: { url: "https://example.com" } }), "Title is required");
    await expectBadRequest(() => createResource({ actor, input: { title: "X" } }), "URL is required");
    await expectBadRequest(() => createResource({ actor, input: { title: "X", resourceType: "video" } }), /video/);
    await expectBadRequest(() => createResource({ actor, input: { title: "X", url: "https://e.example", difficulty: "guru" } }), /difficulty/);
    await expectBadRequest(() => createResource({ actor, input: { title: "X", url: "https://e.example", pricingCategory: "pricey" } }), /pricing/);
  });
});

describe("listResources", () => {
  it("searches title and description, filters and pages, newest first", async () => {
    const actor = await admin();
    const marker = `zq${Date.now()}`;
    const first = await createResource({ actor, input: { title: `${marker} alpha`, url: "https://1.example", resourceType: "course", difficulty: "advanced" } });
    const second = await createResource({ actor, input: { title: "Beta", description: `About ${marker.toUpperCase()} things`, url: "https://2.example", pricingCategory: "high" } });
    expect((await listResources({ q: marker })).items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect((await listResources({ q: marker, type: "course" })).items.map((item) => item.id)).toEqual([first.id]);
    expect((await listResources({ q: marker, difficulty: "advanced" })).items.map((item) => item.id)).toEqual([first.id]);
    expect((await listResources({ q: marker, pricing: "high" })).items.map((item) => item.id)).toEqual([second.id]);
    expect((await listResources({ q: "%" })).total).toBe(0);
    const paged = await listResources({ q: marker, page: 2 }, { pageSize: 1 });
    expect(paged).toMatchObject({ total: 2, page: 2, pageCount: 2 });
    expect(paged.items.map((item) => item.id)).toEqual([first.id]);
  });
});

describe("rateResource", () => {
  it("keeps one rating per member, the exact average and the count, and credits the first rating only", async () => {
    const actor = await admin();
    const resource = await createResource({ actor, input: { title: "Rated", url: "https://rated.example" } });
    const alice = await createMember();
    const bob = await createMember();

    expect(await rateResource({ userId: alice.id, resourceId: resource.id, input: { rating: 5 } })).toMatchObject({ rating: 5, reviewsCount: 1 });
    expect(await rateResource({ userId: bob.id, resourceId: resource.id, input: { rating: "4" } })).toMatchObject({ rating: 4.5, reviewsCount: 2 });
    const alicePoints = await points(alice.id);
    expect(await rateResource({ userId: alice.id, resourceId: resource.id, input: { rating: 2 } })).toMatchObject({ rating: 3, reviewsCount: 2, myRating: 2 });
    expect(await points(alice.id)).toBe(alicePoints);
    expect((await contributionKinds(alice.id)).filter((row) => row.kind === "resource_rated")).toHaveLength(1);
    expect(await getResource(resource.id)).toMatchObject({ rating: 3, reviewsCount: 2 });
    expect((await toCardData([await getResource(resource.id)], alice.id))[0].myRating).toBe(2);
  });

  it("refuses ratings outside 1–5 or not whole with 400, and unknown resources with 404", async () => {
    const actor = await admin();
    const resource = await createResource({ actor, input: { title: "R", url: "https://r.example" } });
    const member = await createMember();
    for (const rating of [0, 6, 2.5, "abc", null, undefined]) {
      await expectBadRequest(() => rateResource({ userId: member.id, resourceId: resource.id, input: { rating } }), /1 to 5/);
    }
    await expect(rateResource({ userId: member.id, resourceId: 999_999, input: { rating: 3 } })).rejects.toThrow(/not found/);
    expect(await getResource(resource.id)).toMatchObject({ rating: 0, reviewsCount: 0 });
  });
});

describe("updateResource and deleteResource", () => {
  it("updates only the given fields and deletes with the points taken back", async () => {
    const actor = await admin();
    const resource = await createResource({ actor, input: { title: "Old", url: "https://old.example", tags: ["a"] } });
    const member = await createMember();
    await rateResource({ userId: member.id, resourceId: resource.id, input: { rating: 4 } });
    const updated = await updateResource({ actor, id: resource.id, input: { title: "New", pricingCategory: "paid" } });
    expect(updated).toMatchObject({ title: "New", url: "https://old.example", tags: ["a"], pricingCategory: "high", rating: 4 });

    await deleteResource({ actor, id: resource.id });
    await expect(getResource(resource.id)).rejects.toThrow(/not found/);
    expect((await contributionKinds(actor.id)).filter((row) => row.subjectId === String(resource.id))).toEqual([]);
    expect((await contributionKinds(member.id)).filter((row) => row.subjectId === String(resource.id))).toEqual([]);
    await expect(deleteResource({ actor, id: resource.id })).rejects.toThrow(/not found/);
  });
});

describe("refreshResourceRatings", () => {
  it("recomputes the stored rating from the ratings left, in the caller's unit of work", async () => {
    const actor = await admin();
    const resource = await createResource({ actor, input: { title: "Refreshed", url: "https://refreshed.example" } });
    const [alice, bob] = [await createMember(), await createMember()];
    await rateResource({ userId: alice.id, resourceId: resource.id, input: { rating: 5 } });
    await rateResource({ userId: bob.id, resourceId: resource.id, input: { rating: 2 } });
    const forget = (userId: string) =>
      write((tx) => tx.delete(schema.resourceRatings).where(and(eq(schema.resourceRatings.resourceId, resource.id), eq(schema.resourceRatings.userId, userId))));

    await forget(alice.id);
    await write((tx) => refreshResourceRatings(tx, [resource.id, resource.id]));
    expect(await getResource(resource.id)).toMatchObject({ rating: 2, reviewsCount: 1 });
    await forget(bob.id);
    await write((tx) => refreshResourceRatings(tx, [resource.id]));
    expect(await getResource(resource.id)).toMatchObject({ rating: 0, reviewsCount: 0 });
  });
});

describe("submitResourceForm", () => {
  const form = (fields: Record<string, string>) => {
    const formData = new FormData();
    for (const [key, value] of Object.entries(fields)) formData.set(key, value);
    return formData;
  };

  it("answers bad input with the field messages and the input kept", async () => {
    const { submitResourceForm } = await import("./form.server");
    const actor = await admin();
    const outcome = await submitResourceForm({ formData: form({ title: "", url: "notaurl", resourceType: "tool" }), actor });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.status).toBe(400);
    expect(outcome.result.error?.title).toEqual(["Title is required"]);
    expect(outcome.result.initialValue?.url).toBe("notaurl");
  });

  it("keeps a field the form did not show, clears one it sent empty, and gives a new video its link as URL", async () => {
    const { submitResourceForm } = await import("./form.server");
    const actor = await admin();
    const created = await submitResourceForm({
      formData: form({ title: "Clip", resourceType: "video", embedUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }),
      actor,
    });
    if (!created.ok) throw new Error(created.message);
    const id = created.resource.id;
    // With JavaScript, the URL field is not shown for a video: the stored link stays.
    const edited = await submitResourceForm({ formData: form({ title: "Clip 2", resourceType: "video", embedUrl: "https://vimeo.com/76979871", description: "" }), actor, resourceId: id });
    if (!edited.ok) throw new Error(edited.message);
    expect(edited.resource).toMatchObject({ title: "Clip 2", url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", embedUrl: "https://player.vimeo.com/video/76979871" });

    const tool = await createResource({ actor, input: { title: "Site", url: "https://site.example", description: "old" } });
    const toVideo = await submitResourceForm({ formData: form({ title: "Site", resourceType: "video", embedUrl: "https://youtu.be/dQw4w9WgXcQ", description: "" }), actor, resourceId: tool.id });
    if (!toVideo.ok) throw new Error(toVideo.message);
    expect(toVideo.resource).toMatchObject({ url: "https://youtu.be/dQw4w9WgXcQ", embedUrl: "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", description: "" });
  });
});
