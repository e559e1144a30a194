/** AI Music Artists: admins add and manage artists; members rate and comment; visitors see the panel read only (JavaScript on and off). */
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { browserPerFile, goto, isJavaScriptEnabled, jsModes, pagePerTest, pathOf, visible, waitForToast } from "./support/browser";
import type { Page } from "playwright-core";
import { apiAs, createArtistViaApi, registerAccount, signInContext, uniqueMarker, type ApiAccount } from "./support/resources";

const browser = browserPerFile();
let admin: ApiAccount;
let member: ApiAccount;
let moderator: ApiAccount;

beforeAll(async () => {
  admin = await registerAccount({ firstName: "Ari" }, "admin");
  member = await registerAccount({ firstName: "Nina" });
  moderator = await registerAccount({ firstName: "Mod" }, "moderator");
});

async function applyFilters(page: Page) {
  if (!isJavaScriptEnabled(page)) await page.getByRole("button", { name: "Search", exact: true }).click();
}

describe.each(jsModes)("music artists ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("lets an admin add an artist in 'Add Artists', then edit and delete it in 'Manage Artists'", async () => {
    await signInContext(context(), admin);
    const name = uniqueMarker("Synth ");
    await goto(page(), "/admin/add-artists");
    await visible(page().getByRole("heading", { name: "Add Artists" }));
    await page().getByLabel("Name").fill(name);
    await page().getByLabel("Spotify URL").fill("not a link");
    await page().getByRole("button", { name: "Add Artist" }).click();
    await visible(page().getByText("Spotify URL must be a valid http:// or https:// address"));
    expect(await page().getByLabel("Name").inputValue()).toBe(name);

    await page().getByLabel("Spotify URL").fill("https://open.spotify.com/artist/abc");
    await page().getByLabel("Genre").fill("Synthwave");
    await page().getByLabel("Description").fill("Neon skylines and midnight drives.");
    await page().getByLabel("Featured").check();
    await page().getByRole("button", { name: "Add Artist" }).click();
    await waitForToast(page(), "Success", "Music artist created successfully");
    expect(await page().getByLabel("Name").inputValue()).toBe("");

    await goto(page(), "/admin/manage-artists");
    const row = page().getByTestId("admin-artist-row").first();
    await visible(row.getByText(name));
    await visible(row.getByText("Featured"));
    await page().getByRole("link", { name: `Edit ${name}` }).click();
    const editForm = js ? page().getByRole("dialog", { name: "Edit Artist" }) : page().locator("main");
    await visible(editForm.getByRole("button", { name: "Update Artist" }));
    expect(await editForm.getByLabel("Genre").inputValue()).toBe("Synthwave");
    await editForm.getByLabel("YouTube URL").fill("ftp://nope.example");
    await editForm.getByRole("button", { name: "Update Artist" }).click();
    await visible(editForm.getByText("YouTube URL must be a valid http:// or https:// address"));
    expect(await editForm.getByLabel("Genre").inputValue()).toBe("Synthwave");
    await editForm.getByLabel("YouTube URL").fill("");
    await editForm.getByLabel("Genre").fill("Darkwave");
    await editForm.getByRole("button", { name: "Update Artist" }).click();
    await waitForToast(page(), "Success", "Artist updated successfully");
    await visible(page().getByTestId("admin-artist-row").first().getByText(/Darkwave/));

    await page().getByRole("link", { name: `Delete ${name}` }).click();
    const confirm = js ? page().getByRole("dialog", { name: "Delete Artist" }) : page().locator("main");
    await visible(confirm.getByText("Are you sure you want to delete this artist? This action cannot be undone."));
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await waitForToast(page(), "Success", "Artist deleted successfully");
    expect(await page().getByText(name).count()).toBe(0);
  });

  it("lets a member find an artist, rate it (re-rating replaces it), and comment", async () => {
    const name = uniqueMarker("Aurora ");
    const artist = await createArtistViaApi(admin, {
      name,
      genre: uniqueMarker("Genre"),
      latestTrack: "Late Night Backprop",
      featured: true,
      spotifyUrl: "https://open.spotify.com/artist/xyz",
      appleMusicUrl: "https://music.apple.com/us/artist/xyz/1",
    });
    await signInContext(context(), member);
    await goto(page(), "/music-artists");
    await visible(page().getByRole("heading", { name: "AI Music Artists", level: 1 }));
    for (const label of ["Artists", "Total Plays", "Genres", "Active"]) await visible(page().getByText(label, { exact: true }).first());

    await page().getByLabel("Search artists").fill(name);
    await applyFilters(page());
    const all = page().getByRole("region", { name: "All Artists (1)" });
    await visible(all);
    await visible(page().getByRole("heading", { name: "Featured Artists" }));
    const card = all.getByTestId("artist-card");
    await visible(card.getByText("Latest: Late Night Backprop"));
    await visible(card.getByText("0 plays"));
    const spotify = card.getByRole("link", { name: /Spotify/ });
    expect(await spotify.getAttribute("href")).toBe(`/music-artists/${artist.id}/listen/spotify`);
    expect(await spotify.getAttribute("target")).toBe("_blank");
    expect(await spotify.getAttribute("rel")).toContain("noopener");
    expect(await card.getByRole("link", { name: /YouTube/ }).count()).toBe(0);
    await visible(card.getByText("Community Rating"));
    await visible(card.getByText("(0 ratings)"));

    await card.getByRole("button", { name: `Rate ${name} 4 stars` }).click();
    await waitForToast(page(), "Success", `You rated ${name} 4/5.`);
    const ratedCard = page().getByRole("region", { name: "All Artists (1)" }).getByTestId("artist-card");
    await visible(ratedCard.getByText("(1 rating)"));
    expect(await ratedCard.getByTestId("average-rating").textContent()).toBe("4.0");
    await ratedCard.getByRole("button", { name: `Rate ${name} 2 stars` }).click();
    await waitForToast(page(), "Success", `You rated ${name} 2/5.`);
    await visible(ratedCard.getByText("Your rating: 2/5"));
    expect(await ratedCard.getByTestId("average-rating").textContent()).toBe("2.0");
    await visible(ratedCard.getByText("(1 rating)"));

    // An empty comment is refused with 'Comment cannot be empty', the panel stays usable.
    await ratedCard.getByText("Add a Comment").click();
    await ratedCard.getByRole("button", { name: "Post Comment" }).click();
    await visible(page().getByText("Comment cannot be empty"));
    // Without JavaScript the refused post lands on the artist's own page (one card), the text kept.
    const panelCard = js ? page().getByRole("region", { name: "All Artists (1)" }).getByTestId("artist-card") : page().getByTestId("artist-card").first();
    const textarea = panelCard.getByRole("textbox", { name: `Comment on ${name}` });
    await textarea.fill("x".repeat(1001));
    await panelCard.getByRole("button", { name: "Post Comment" }).click();
    await visible(panelCard.getByText("Comment is too long"));
    expect((await textarea.inputValue()).length).toBe(1001);
    await textarea.fill("  Perfect study music!  ");
    await panelCard.getByRole("button", { name: "Post Comment" }).click();
    await waitForToast(page(), "Success", "Comment posted successfully!");

    const done = js ? page().getByRole("region", { name: "All Artists (1)" }).getByTestId("artist-card") : page().getByTestId("artist-card").first();
    await visible(done.getByText("Comments (1)"));
    await visible(done.getByText("Perfect study music!"));
    await visible(done.getByText(member.displayName));
    // Posting collapsed the comment box and cleared it.
    expect(await done.locator("details").first().getAttribute("open")).toBeNull();
    await done.getByText("Add a Comment").click();
    expect(await done.getByRole("textbox", { name: `Comment on ${name}` }).inputValue()).toBe("");

    const counts = await apiAs<{ averageRating: number; totalRatings: number }>(null, "GET", `/api/artists/${artist.id}/average-rating`);
    expect(counts).toEqual({ averageRating: 2, totalRatings: 1 });
  });

  it("counts a play when a listen button is followed", async () => {
    const artist = await createArtistViaApi(admin, { name: uniqueMarker("Player "), youtubeUrl: "https://www.youtube.com/@someone" });
    const response = await fetch(`${inject("baseURL")}/music-artists/${artist.id}/listen/youtube`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://www.youtube.com/@someone");
    expect((await fetch(`${inject("baseURL")}/music-artists/${artist.id}/listen/spotify`, { redirect: "manual" })).status).toBe(404);
    await signInContext(context(), member);
    await goto(page(), `/music-artists?q=${encodeURIComponent(artist.name)}`);
    await visible(page().getByRole("region", { name: "All Artists (1)" }).getByText("1 play", { exact: true }));
  });

  it("shows a visitor the read-only panel with a 'Sign in' link, and lets a moderator hide a comment", async () => {
    const name = uniqueMarker("Visible ");
    const artist = await createArtistViaApi(admin, { name, description: "Ambient textures." });
    await apiAs(member, "POST", `/api/artists/${artist.id}/rate`, { rating: 5 });
    await apiAs(member, "POST", `/api/artists/${artist.id}/comment`, { comment: "Spam spam spam" }, 201);

    await goto(page(), `/music-artists/${artist.id}`);
    await visible(page().getByText("Community Rating"));
    await visible(page().getByText("(1 rating)"));
    await visible(page().getByText("Comments (1)"));
    await visible(page().getByText("to rate and comment on this artist"));
    expect(await page().getByRole("link", { name: "Sign in", exact: true }).getAttribute("href")).toBe("/login");
    expect(await page().getByRole("button", { name: /Rate .* stars?/ }).count()).toBe(0);
    expect(await page().getByText("Add a Comment").count()).toBe(0);

    await signInContext(context(), moderator);
    await goto(page(), `/music-artists/${artist.id}`);
    await page().getByRole("button", { name: `Hide comment by ${member.displayName}` }).click();
    await waitForToast(page(), "Success", "Comment hidden");
    await visible(page().getByText("Comments (0)"));
    expect(await page().getByText("Spam spam spam").count()).toBe(0);
    expect(pathOf(page())).toBe(`/music-artists/${artist.id}`);
  });
});
