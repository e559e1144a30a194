/**
 * Pictures in a real browser, JavaScript on and off (docs/uploads.md): a member sets and removes
 * their avatar on /profile; POST /api/uploads answers { id, url, width, height } to a same-origin
 * request and refuses a cross-site one; stored files are served immutable, as WebP, never sniffed;
 * a reply with an image shows it inline, lazy and sized; a moderator removes a reply's picture and
 * a member's avatar after a confirmation (a placeholder and the initials take their place).
 */
import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import { browserPerFile, goto, jsModes, pagePerTest, visible, waitForToast } from "./support/browser";
import { setRole } from "./support/db";
import { apiCall, createApiMember, createPostViaApi, signInContext, uniqueToken, type ApiMember } from "./support/discussions";

const browser = browserPerFile();
const baseURL = inject("baseURL");

const pngOf = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

async function uploadViaApi(member: ApiMember, bytes: Buffer, headers: Record<string, string>, name = "chart.png", kind = "image") {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  form.append("kind", kind);
  const response = await fetch(`${baseURL}/api/uploads`, { method: "POST", headers: { Cookie: member.cookie, ...headers }, body: form });
  return { status: response.status, json: (await response.json()) as { id: string; url: string; width: number; height: number; message?: string } };
}

describe("POST /api/uploads and /uploads/{name}", () => {
  it("stores a same-origin upload, serves it immutable as WebP, and refuses a cross-site or type-less one", async () => {
    const member = await createApiMember(baseURL);
    const bytes = await pngOf(1200, 600, "#2255aa");
    expect((await uploadViaApi(member, bytes, {})).status).toBe(403); // no Origin, no Sec-Fetch-Site: a cross-site form could send this
    expect((await uploadViaApi(member, bytes, { Origin: "https://evil.example" })).status).toBe(403);
    const created = await uploadViaApi(member, bytes, { Origin: baseURL });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ width: 1200, height: 600 });
    expect(created.json.url).toMatch(/^\/uploads\/[0-9a-f]{32}-1200x600\.webp$/);
    const served = await fetch(`${baseURL}${created.json.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const svg = await uploadViaApi(member, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), { Origin: baseURL }, "trick.png");
    expect(svg.status).toBe(400);
    expect(svg.json.message).toMatch(/JPEG, PNG, WebP and GIF/);
    expect((await fetch(`${baseURL}/uploads/not-a-picture.svg`)).status).toBe(404);
  });
});

describe("upload size limits", () => {
  it("accepts a picture over the 1 MB default body limit, and refuses one over UPLOAD_MAX_BYTES with 413 before reading it", async () => {
    const member = await createApiMember(baseURL);
    const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } }).png().toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    expect((await uploadViaApi(member, noise, { Origin: baseURL })).status).toBe(201);

    // Announce 50 MB and send nothing: the answer comes from the Content-Length alone.
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${baseURL}/api/uploads`, {
        method: "POST",
        headers: { Cookie: member.cookie, Origin: baseURL, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
      });
      request.on("response", (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on("error", reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
  });
});

describe.each(jsModes)("avatars ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("sets an avatar on /profile (it shows in the header and the profile), then removes it (the initials show again)", async () => {
    const token = uniqueToken();
    const member = await createApiMember(baseURL, { displayName: `Pictured ${token}` });
    await signInContext(context(), baseURL, member);
    await goto(page(), "/profile");
    const section = page().getByRole("region", { name: "Profile picture" });
    await section.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await pngOf(500, 400, "#cc3344") });
    if (js) await visible(section.getByTestId("avatar-preview"));
    await section.getByRole("button", { name: "Save picture" }).click();
    await waitForToast(page(), "Success", "Your profile picture is saved.");
    const headerAvatar = page().locator("header img[src^='/uploads/']");
    await visible(headerAvatar);
    expect(await headerAvatar.getAttribute("srcset")).toMatch(/-64\.webp 64w, \/uploads\/[0-9a-f]{32}-256\.webp 256w/);
    const user = (await (await fetch(`${baseURL}/api/auth/user`, { headers: { Cookie: member.cookie } })).json()) as { avatarUrl: string | null };
    expect(user.avatarUrl).toMatch(/^\/uploads\/[0-9a-f]{32}-256\.webp$/);
    expect(await page().evaluate(async (url) => (await fetch(url)).status, user.avatarUrl!)).toBe(200);

    await section.getByRole("button", { name: "Remove picture" }).click();
    await waitForToast(page(), "Success", "Your profile picture is removed: your initials show instead.");
    expect(await page().locator("header img[src^='/uploads/']").count()).toBe(0);
    const after = (await (await fetch(`${baseURL}/api/auth/user`, { headers: { Cookie: member.cookie } })).json()) as { avatarUrl: string | null };
    expect(after.avatarUrl).toBeNull();
    expect((await fetch(`${baseURL}${user.avatarUrl}`)).status).toBe(404);
  });

  it("refuses a file that is not a picture with a clear message", async () => {
    const member = await createApiMember(baseURL);
    await signInContext(context(), baseURL, member);
    await goto(page(), "/profile");
    const section = page().getByRole("region", { name: "Profile picture" });
    await section.getByLabel("Choose a picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from("<html><script>alert(1)</script>") });
    await section.getByRole("button", { name: "Save picture" }).click();
    await waitForToast(page(), "Error", "Only JPEG, PNG, WebP and GIF pictures can be uploaded.");
  });
});

describe.each(jsModes)("images in replies ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("posts a reply with an image (alt text from the field); the image shows inline, lazy and sized", async () => {
    const token = uniqueToken();
    const member = await createApiMember(baseURL);
    const post = await createPostViaApi(baseURL, member, { title: `Pictures ${token}` });
    await signInContext(context(), baseURL, member);
    await goto(page(), `/post/${post.id}`);
    const form = page().locator("form#reply-form");
    await form.getByLabel("Alt text (what the image shows)").fill(`Loss curve ${token}`);
    await form.getByLabel(/^Image \(JPEG/).setInputFiles({ name: "loss-curve.png", mimeType: "image/png", buffer: await pngOf(1400, 700, "#22aa55") });
    const textarea = form.locator("textarea[name=content]");
    if (js) {
      await visible(form.getByText("Image added to the text."));
      expect(await textarea.inputValue()).toMatch(new RegExp(`^!\\[Loss curve ${token}\\]\\(/uploads/[0-9a-f]{32}-1400x700\\.webp\\)`));
    }
    await textarea.press("End");
    await textarea.pressSequentially(`Look at this ${token}`);
    await form.getByRole("button", { name: "Post Reply" }).click();
    await waitForToast(page(), "Success", "Reply posted successfully!");
    const image = page().getByRole("img", { name: `Loss curve ${token}` });
    await visible(image);
    expect(await image.getAttribute("loading")).toBe("lazy");
    expect([await image.getAttribute("width"), await image.getAttribute("height")]).toEqual(["1400", "700"]);
    expect(await image.getAttribute("srcset")).toMatch(/-800w\.webp 800w/);
    expect(await image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  });
});

describe.each(jsModes)("moderators remove pictures ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("removes a reply's picture and a member's avatar after a confirmation; a placeholder and the initials show instead", async () => {
    const token = uniqueToken();
    const member = await createApiMember(baseURL, { displayName: `Painter ${token}` });
    const moderator = await createApiMember(baseURL);
    setRole(moderator.email, "moderator");
    const image = await uploadViaApi(member, await pngOf(300, 200, js ? "#aa2211" : "#11aa22"), { Origin: baseURL }, "sunset.png");
    const avatar = await uploadViaApi(member, await pngOf(200, 200, js ? "#3311aa" : "#aa1133"), { Origin: baseURL }, "me.png", "avatar");
    expect([image.status, avatar.status]).toEqual([201, 201]);
    expect((await apiCall(baseURL, member, "PUT", "/api/profile", { avatarUploadId: avatar.json.id })).status).toBe(200);
    const post = await createPostViaApi(baseURL, member, { title: `Pictures ${token}` });
    const reply = await apiCall<{ id: number }>(baseURL, member, "POST", `/api/posts/${post.id}/replies`, { content: `Sunset ![Sunset ${token}](${image.json.url})` });
    expect(reply.status).toBe(201);
    // A member (even the author) gets no 'Remove picture'.
    expect(await (await fetch(`${baseURL}/post/${post.id}`, { headers: { Cookie: member.cookie } })).text()).not.toContain("Remove picture");

    await signInContext(context(), baseURL, moderator);
    await goto(page(), `/post/${post.id}`);
    const replyItem = page().locator(`#reply-${reply.json.id}`);
    await visible(replyItem.getByRole("img", { name: `Sunset ${token}` }));
    await replyItem.getByRole("link", { name: "Remove picture" }).click();
    const confirmation = replyItem.getByRole("alertdialog", { name: "Remove this picture?" });
    await visible(confirmation);
    await confirmation.getByRole("button", { name: "Remove Picture" }).click();
    await waitForToast(page(), "Success", "The picture has been removed.");
    await visible(replyItem.getByText(`Picture removed: Sunset ${token}`));
    expect(await replyItem.getByRole("img", { name: `Sunset ${token}` }).count()).toBe(0);
    expect(await replyItem.getByRole("link", { name: "Remove picture" }).count()).toBe(0);
    expect((await fetch(`${baseURL}${image.json.url}`)).status).toBe(404);

    await goto(page(), `/members/${member.id}`);
    const moderation = page().getByRole("region", { name: "Moderation" });
    await moderation.getByRole("link", { name: "Remove picture" }).click();
    const avatarConfirmation = moderation.getByRole("alertdialog", { name: `Remove ${member.displayName}'s profile picture?` });
    await visible(avatarConfirmation);
    // Cancel keeps it; then remove it for real.
    await avatarConfirmation.getByRole("link", { name: "Cancel" }).click();
    await visible(moderation.getByRole("link", { name: "Remove picture" }));
    await moderation.getByRole("link", { name: "Remove picture" }).click();
    await avatarConfirmation.getByRole("button", { name: "Remove Picture" }).click();
    await waitForToast(page(), "Success", `${member.displayName}'s profile picture has been removed.`);
    expect(await page().locator(`main img[src^='/uploads/${avatar.json.url.slice(9, 41)}']`).count()).toBe(0);
    expect(await moderation.getByRole("link", { name: "Remove picture" }).count()).toBe(0);
    const after = (await (await fetch(`${baseURL}/api/auth/user`, { headers: { Cookie: member.cookie } })).json()) as { avatarUrl: string | null };
    expect(after.avatarUrl).toBeNull();
  });
});
