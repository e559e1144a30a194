/** The AI Resource Library: admins submit and manage resources, members filter and rate them (JavaScript on and off). */
import { beforeAll, describe, expect, it } from "vitest";
import { browserPerFile, goto, isJavaScriptEnabled, jsModes, pagePerTest, pathOf, visible, waitForToast } from "./support/browser";
import type { Page } from "playwright-core";
import { createResourceViaApi, registerAccount, signInContext, uniqueMarker, type ApiAccount } from "./support/resources";

const browser = browserPerFile();
let admin: ApiAccount;
let member: ApiAccount;

beforeAll(async () => {
  admin = await registerAccount({ firstName: "Rita" }, "admin");
  member = await registerAccount({ firstName: "Milo" });
});

/** Applies the filter form: with JavaScript it submits itself; without, the Search button does. */
async function applyFilters(page: Page) {
  if (!isJavaScriptEnabled(page)) await page.getByRole("button", { name: "Search", exact: true }).click();
}

describe.each(jsModes)("resources ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("lets an admin submit a resource from the library ('Submit Resource'), with field errors kept on bad input", async () => {
    await signInContext(context(), admin);
    const title = uniqueMarker("Submitted ");
    await goto(page(), "/resources");
    await visible(page().getByRole("heading", { name: "AI Resource Library", level: 1 }));
    await page().getByRole("link", { name: "Submit Resource" }).click();
    if (!js) expect(pathOf(page())).toBe("/resources/new");
    const form = js ? page().getByRole("dialog", { name: "Submit Resource" }) : page().locator("main");
    await visible(form.getByLabel("Title"));

    // Defaults: type tool, difficulty beginner, pricing free.
    expect(await form.getByLabel("Type").inputValue()).toBe("tool");
    expect(await form.getByLabel("Difficulty").inputValue()).toBe("beginner");
    expect(await form.getByLabel("Free", { exact: true }).isChecked()).toBe(true);

    // Without JavaScript both link fields show, with a hint; with it, URL shows for a tool and Embed URL does not.
    expect(await form.getByLabel("Embed URL").count()).toBe(js ? 0 : 1);

    await form.getByLabel("URL", { exact: true }).fill("ftp://not-http.example");
    await form.getByRole("button", { name: "Submit Resource" }).click();
    await visible(form.getByText("URL must be a valid http:// or https:// address"));
    // The server validates (decision 0066), JavaScript on or off: the toast and every field's message.
    await waitForToast(page(), "Error", "Failed to submit resource. Please try again.");
    await visible(form.getByText("Title is required"));

    await form.getByLabel("Title").fill(title);
    await form.getByLabel("URL", { exact: true }).fill("https://tools.example.com/helper");
    await form.getByLabel("Difficulty").selectOption("intermediate");
    await form.getByLabel("Description").fill("A helpful assistant for prompt drafting.");
    await form.getByLabel("Tags").fill("LLM, Writing, Prompts, Extra");
    await form.getByLabel("Low: $20 or less").check();
    await form.getByRole("button", { name: "Submit Resource" }).click();

    await waitForToast(page(), "Success", "Resource submitted successfully!");
    expect(pathOf(page())).toBe("/resources");
    const card = page().locator("article", { has: page().getByRole("heading", { name: title }) });
    await visible(card);
    await visible(card.getByText("Intermediate", { exact: true }));
    await visible(card.getByText("$20 or less"));
    await visible(card.getByText(`By ${admin.firstName}`));
    expect(await card.getByRole("listitem").allTextContents()).toEqual(["LLM", "Writing", "Prompts"]);
    const visit = card.getByRole("link", { name: "Visit" });
    expect(await visit.getAttribute("href")).toBe("https://tools.example.com/helper");
    expect(await visit.getAttribute("target")).toBe("_blank");
    expect(await visit.getAttribute("rel")).toContain("noopener");
    // No screenshot service configured: the generated placeholder (domain and type), no broken image.
    await visible(card.getByTestId("thumbnail-placeholder").getByText("tools.example.com"));
    expect(await card.locator("img").count()).toBe(0);
  });

  it("lets an admin add a video in 'Add Resources' and edit and delete it in 'Manage Resources'", async () => {
    await signInContext(context(), admin);
    const title = uniqueMarker("Video ");
    await goto(page(), "/admin/add-resources");
    await visible(page().getByRole("heading", { name: "Add Resources" }));
    await page().getByLabel("Title").fill(title);
    await page().getByLabel("Type").selectOption("video");
    if (js) {
      await visible(page().getByLabel("Embed URL"));
      expect(await page().getByLabel("URL", { exact: true }).count()).toBe(0);
    }
    await page().getByLabel("Embed URL").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await page().getByRole("button", { name: "Add Resource" }).click();
    await waitForToast(page(), "Success", "Resource created successfully");

    await goto(page(), "/resources?q=" + encodeURIComponent(title));
    const player = page().locator(`iframe[title="${title} (video)"]`);
    await player.waitFor({ state: "attached" });
    expect(await player.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");

    await goto(page(), "/admin/manage-resources");
    const firstRow = page().getByTestId("admin-resource-row").first();
    await visible(firstRow.getByText(title));
    await page().getByRole("link", { name: `Edit ${title}` }).click();
    const editForm = js ? page().getByRole("dialog", { name: "Edit Resource" }) : page().locator("main");
    await visible(editForm.getByRole("button", { name: "Update Resource" }));
    await editForm.getByLabel("Title").fill("");
    await editForm.getByRole("button", { name: "Update Resource" }).click();
    await visible(editForm.getByText("Title is required"));
    await editForm.getByLabel("Title").fill(`${title} edited`);
    await editForm.getByRole("button", { name: "Update Resource" }).click();
    await waitForToast(page(), "Success", "Resource updated successfully");
    await visible(page().getByTestId("admin-resource-row").first().getByText(`${title} edited`));

    await page().getByRole("link", { name: `Delete ${title} edited` }).click();
    const confirm = js ? page().getByRole("dialog", { name: "Delete Resource" }) : page().locator("main");
    await visible(confirm.getByText("Are you sure you want to delete this resource? This action cannot be undone."));
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await waitForToast(page(), "Success", "Resource deleted successfully");
    expect(await page().getByText(`${title} edited`).count()).toBe(0);
  });

  it("lets a member search and filter the library, and rate a resource once (re-rating replaces it)", async () => {
    const marker = uniqueMarker("flt");
    const course = await createResourceViaApi(admin, {
      title: `${marker} Course`,
      url: "https://learn.example.com/course",
      resourceType: "course",
      difficulty: "advanced",
      pricingCategory: "paid",
      description: "Deep learning from scratch.",
    });
    await createResourceViaApi(admin, { title: `${marker} Tool`, url: "https://tool.example.com", description: "Free helper.", resourceType: "tool" });
    await signInContext(context(), member);
    await goto(page(), "/resources");
    await visible(page().getByRole("heading", { name: "AI Resource Library", level: 1 }));
    expect(await page().getByRole("link", { name: "Submit Resource" }).count()).toBe(0);

    await page().getByLabel("Search resources").fill(marker);
    await applyFilters(page());
    await visible(page().getByRole("heading", { name: `${marker} Tool` }));
    await visible(page().getByRole("heading", { name: `${marker} Course` }));

    await page().getByLabel("Filter by type").selectOption("course");
    await applyFilters(page());
    await page().getByRole("heading", { name: `${marker} Tool` }).waitFor({ state: "detached" });
    await visible(page().getByRole("heading", { name: `${marker} Course` }));
    expect(new URL(page().url()).searchParams.get("type")).toBe("course");

    await page().getByLabel("Filter by pricing").selectOption("low");
    await applyFilters(page());
    await visible(page().getByText("No resources found"));
    await page().getByLabel("Filter by pricing").selectOption("high");
    await applyFilters(page());
    const card = page().locator(`#resource-${course.id}`);
    await visible(card);
    await visible(card.getByText("More than $20"));

    await card.getByRole("button", { name: `Rate ${course.title} 4 stars` }).click();
    await waitForToast(page(), "Success", `You rated ${course.title} 4/5.`);
    await visible(page().locator(`#resource-${course.id}`).getByText("4.0/5"));
    await visible(page().locator(`#resource-${course.id}`).getByText("(1 review)"));
    // The filters are kept after rating.
    expect(new URL(page().url()).searchParams.get("type")).toBe("course");

    await page().locator(`#resource-${course.id}`).getByRole("button", { name: `Rate ${course.title} 2 stars` }).click();
    await visible(page().locator(`#resource-${course.id}`).getByText("2.0/5"));
    await visible(page().locator(`#resource-${course.id}`).getByText("Your rating: 2/5"));
    expect(await page().locator(`#resource-${course.id}`).getByText("(1 review)").count()).toBe(1);
  });

  it("keeps members out of the admin forms", async () => {
    await signInContext(context(), member);
    await goto(page(), "/resources/new");
    await waitForToast(page(), "Access Denied", "You need admin privileges to access this page.");
    expect(pathOf(page())).toBe("/");
  });
});
