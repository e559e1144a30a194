/**
 * Pictures in a real browser, JavaScript on and off (docs/uploads.md): a member sets and removes
 * their avatar on /profile; POST /api/uploads answers { id, url, width, height } to a same-origin
 * request and refuses a cross-site one; stored files are served immutable, as WebP, never sniffed;
 * a reply with an image shows it inline, lazy and sized; a moderator removes a reply's picture and
 * a member's avatar after a confirmation (a placeholder and the initials take their place). A
 * member deleting their upload removes only their own copy; any picture of one's own can become
 * the avatar. A picture over the limit is refused beside its field (before it is sent with
 * JavaScript; the page comes back with the form and the typed text without), and every 413 is
 * read by the client, never a reset connection (docs/decisions/0085-oversized-pictures.md).
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
  if (kind) form.append("kind", kind); // "": the documented call, without kind
  const response = await fetch(`${baseURL}/api/uploads`, { method: "POST", headers: { Cookie: member.cookie, ...headers }, body: form });
  return { status: response.status, json: (await response.json()) as { id: string; url: string; width: number; height: number; message?: string } };
}

const TOO_LARGE = "This picture is too large: at most 5 MB is accepted.";

/** A file over UPLOAD_MAX_BYTES (5 MB by default); never read as a picture. */
const tooLargeFile = () => ({ name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(6 * 1024 * 1024, 7) });

/**
 * Sends a whole body with a raw node:http client and reads the answer; `error` is how the
 * connection failed (EPIPE, ECONNRESET), also after the answer came (a server that answers and
 * closes while the body is still coming resets the connection).
 */
function sendWholeBody(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string; error?: string }> {
  return new Promise((resolve) => {
    let status = 0;
    let text = "";
    let error: string | undefined;
    const failed = (caught: NodeJS.ErrnoException) => (error ??= caught.code ?? caught.message);
    const request = httpRequest(`${baseURL}${path}`, { method: "POST", agent: false, headers: { ...headers, "Content-Length": String(body.length) } });
    request.on("response", (response) => {
      status = response.statusCode ?? 0;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("error", failed);
    });
    request.on("error", failed);
    request.on("close", () => resolve({ status, text, error }));
    request.end(body);
  });
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

describe("DELETE /api/uploads/{id}", () => {
  it("removes only the caller's own copy: another member who uploaded the same bytes keeps their picture and avatar", async () => {
    const [first, second] = [await createApiMember(baseURL), await createApiMember(baseURL)];
    const bytes = await pngOf(240, 160, "#8a2be2");
    const mine = await uploadViaApi(first, bytes, { Origin: baseURL });
    const theirs = await uploadViaApi(second, bytes, { Origin: baseURL }, "same.png", "avatar");
    expect(theirs.json.url).toBe(mine.json.url); // one stored file
    expect((await apiCall(baseURL, second, "PUT", "/api/profile", { avatarUploadId: theirs.json.id })).status).toBe(200);
    const post = await createPostViaApi(baseURL, second, { title: `Shared ${uniqueToken()}`, content: `Mine too ![Shared chart](${theirs.json.url})` });

    const removed = await fetch(`${baseURL}/api/uploads/${mine.json.id}`, { method: "DELETE", headers: { Cookie: first.cookie, Origin: baseURL } });
    expect([removed.status, await removed.json()]).toEqual([200, { removed: 1 }]);
    const user = (await (await fetch(`${baseURL}/api/auth/user`, { headers: { Cookie: second.cookie } })).json()) as { avatarUrl: string | null };
    expect(user.avatarUrl).toMatch(/-256\.webp$/);
    expect((await fetch(`${baseURL}${theirs.json.url}`)).status).toBe(200);
    const page = await (await fetch(`${baseURL}/post/${post.id}`, { headers: { Cookie: second.cookie } })).text();
    expect(page).toContain(`src="${theirs.json.url}"`);
    expect(page).not.toContain("Picture removed");
    // Someone else's copy is not the caller's to remove.
    expect((await fetch(`${baseURL}/api/uploads/${theirs.json.id}`, { method: "DELETE", headers: { Cookie: first.cookie, Origin: baseURL } })).status).toBe(403);
  });
});

describe("PUT /api/profile { avatarUploadId }", () => {
  it("takes a picture uploaded as documented (no kind) and makes its avatar sizes", async () => {
    const member = await createApiMember(baseURL);
    const created = await uploadViaApi(member, await pngOf(400, 300, "#3377cc"), { Origin: baseURL }, "me.png", "");
    expect(created.status).toBe(201);
    const updated = await apiCall<{ avatarUrl: string | null }>(baseURL, member, "PUT", "/api/profile", { avatarUploadId: created.json.id });
    expect(updated.status).toBe(200);
    expect(updated.json.avatarUrl).toMatch(/^\/uploads\/[0-9a-f]{32}-256\.webp$/);
    for (const url of [updated.json.avatarUrl!, updated.json.avatarUrl!.replace("-256.", "-64.")]) {
      const served = await fetch(`${baseURL}${url}`);
      expect(served.status, url).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
    }
  });
});

describe("upload size limits", () => {
  it("accepts a picture over the 1 MB default body limit, and refuses one over UPLOAD_MAX_BYTES with 413 before reading it", async () => {
    const member = await createApiMember(baseURL);
    const noise = await sharp(randomBytes(900 * 900 * 3), { raw: { width: 900, height: 900, channels: 3 } }).png().toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    expect((await uploadViaApi(member, noise, { Origin: baseURL })).status).toBe(201);

    // Announce 50 MB and send nothing: the answer comes from the Content-Length alone. Asked of a box
    // itself: a proxy in front (QUADS_E2E_BOXES=2, like nginx) reads a body whole before passing it on.
    const [box] = inject("boxURLs");
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${box}/api/uploads`, {
        method: "POST",
        headers: { Cookie: member.cookie, Origin: box, "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(50 * 1024 * 1024) },
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

describe("413 answers a client can read", () => {
  it("answers a 20 MB JSON body to /api/auth/login and a 20 MB picture to /api/uploads with a readable 413 { message }, never a reset connection", async () => {
    const member = await createApiMember(baseURL);
    const json = Buffer.concat([Buffer.from('{"email":"someone@example.com","password":"'), Buffer.alloc(20 * 1024 * 1024, 97), Buffer.from('"}')]);
    const boundary = "----quads-test-boundary";
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.alloc(20 * 1024 * 1024, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    // Several at once, as under load: each must get its answer.
    const answers = await Promise.all([
      ...[1, 2, 3].map(() => sendWholeBody("/api/auth/login", { "Content-Type": "application/json", Origin: baseURL }, json)),
      ...[1, 2, 3].map(() =>
        sendWholeBody("/api/uploads", { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: member.cookie, Origin: baseURL }, multipart),
      ),
    ]);
    const messages = answers.map((answer) => answer.error ?? `${answer.status} ${(JSON.parse(answer.text) as { message: string }).message}`);
    expect(messages).toEqual([
      ...[1, 2, 3].map(() => "413 The request body is too large: at most 1 MB is accepted."),
      ...[1, 2, 3].map(() => `413 ${TOO_LARGE}`),
    ]);
    expect((await fetch(`${baseURL}/healthz`)).status).toBe(200);
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
    await visible(section.getByRole("alert").filter({ hasText: "Only JPEG, PNG, WebP and GIF pictures can be uploaded." }));
    expect(await section.getByLabel("Choose a picture").getAttribute("aria-invalid")).toBe("true");
  });

  it("refuses a picture over the limit beside the field, saying the hint's limit: before sending it with JavaScript, with the page and its form without", async () => {
    const member = await createApiMember(baseURL);
    await signInContext(context(), baseURL, member);
    await goto(page(), "/profile");
    const section = page().getByRole("region", { name: "Profile picture" });
    await visible(section.getByText("JPEG, PNG, WebP or GIF, up to 5 MB."));
    const posted: string[] = [];
    page().on("request", (request) => {
      if (request.method() === "POST") posted.push(request.url());
    });
    const fileInput = section.getByLabel("Choose a picture");
    await fileInput.setInputFiles(tooLargeFile());
    if (js) {
      await visible(section.getByRole("alert").filter({ hasText: TOO_LARGE }));
      expect(await fileInput.evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0); // never sent
      expect(await section.getByTestId("avatar-preview").count()).toBe(0);
    } else {
      await section.getByRole("button", { name: "Save picture" }).click();
      await visible(page().getByRole("region", { name: "Profile picture" }).getByRole("alert").filter({ hasText: TOO_LARGE }));
      expect(posted.length).toBe(1);
    }
    // The page is still the profile page with its forms (no error page, no bare text).
    await visible(page().getByRole("heading", { name: "Profile", exact: true }));
    expect(await page().getByText("Something went wrong").count()).toBe(0);
    expect(await page().getByRole("region", { name: "Profile picture" }).getByLabel("Choose a picture").getAttribute("aria-invalid")).toBe("true");
    if (js) expect(posted).toEqual([]);
    const user = (await (await fetch(`${baseURL}/api/auth/user`, { headers: { Cookie: member.cookie } })).json()) as { avatarUrl: string | null };
    expect(user.avatarUrl).toBeNull();
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
    await form.getByLabel("Image", { exact: true }).setInputFiles({ name: "loss-curve.png", mimeType: "image/png", buffer: await pngOf(1400, 700, "#22aa55") });
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
    // Loaded: a lazy picture starts loading once in view, and on two boxes it comes from the bucket through the other box.
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  });
});

describe.each(jsModes)("a picture over the limit in a reply ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("is refused beside the file field and the typed text is kept (refused as it is picked with JavaScript; the page comes back with the form without)", async () => {
    const token = uniqueToken();
    const member = await createApiMember(baseURL);
    const post = await createPostViaApi(baseURL, member, { title: `Big pictures ${token}` });
    await signInContext(context(), baseURL, member);
    await goto(page(), `/post/${post.id}`);
    const form = page().locator("form#reply-form");
    await visible(form.getByText("JPEG, PNG, WebP or GIF, up to 5 MB; at most 4 per text."));
    const typed = `My long answer ${token}`;
    await form.locator("textarea[name=content]").fill(typed);
    await form.getByLabel("Alt text (what the image shows)").fill(`Huge chart ${token}`);
    await form.getByLabel("Image", { exact: true }).setInputFiles(tooLargeFile());
    if (js) {
      await visible(form.getByText(TOO_LARGE));
      expect(await form.getByLabel("Image", { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
      expect(await form.getByText("Uploading the image...").count()).toBe(0);
      // Sent again: the text goes, without the picture.
      await form.getByRole("button", { name: "Post Reply" }).click();
      await waitForToast(page(), "Success", "Reply posted successfully!");
      await visible(page().getByText(typed));
      return;
    }
    await form.getByRole("button", { name: "Post Reply" }).click();
    const returned = page().locator("form#reply-form");
    await visible(returned.getByRole("alert").filter({ hasText: TOO_LARGE }));
    expect(await returned.locator("textarea[name=content]").inputValue()).toBe(typed);
    expect(await returned.getByLabel("Alt text (what the image shows)").inputValue()).toBe(`Huge chart ${token}`);
    expect(await returned.getByLabel("Image", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    // Sent again without the picture: the kept text is the reply.
    await returned.getByRole("button", { name: "Post Reply" }).click();
    await waitForToast(page(), "Success", "Reply posted successfully!");
    await visible(page().getByText(typed));
  });
});

describe.each(jsModes)("a picture over the limit in a new discussion ($mode)", ({ js }) => {
  const { page, context } = pagePerTest(browser, js);

  it("is refused beside the file field, the title and content kept", async () => {
    const token = uniqueToken();
    const member = await createApiMember(baseURL);
    await signInContext(context(), baseURL, member);
    await goto(page(), "/discussions/new");
    const form = page().getByRole("dialog", { name: "Create New Discussion" });
    await form.getByLabel("Title").fill(`Huge ${token}`);
    await form.getByLabel("Content").fill(`Content ${token}`);
    await form.getByLabel("Category").selectOption({ index: 1 });
    await form.getByLabel("Image", { exact: true }).setInputFiles(tooLargeFile());
    if (js) {
      // Refused as it is picked, nothing sent: the message under the field, the input emptied.
      await visible(form.getByText(TOO_LARGE));
      expect(await form.getByLabel("Image", { exact: true }).evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
      return;
    }
    await form.getByRole("button", { name: "Create Post" }).click();
    const returned = page().getByRole("dialog", { name: "Create New Discussion" });
    await visible(returned.getByRole("alert").filter({ hasText: TOO_LARGE }));
    expect([await returned.getByLabel("Title").inputValue(), await returned.getByLabel("Content").inputValue()]).toEqual([`Huge ${token}`, `Content ${token}`]);
    expect(await returned.getByLabel("Image", { exact: true }).getAttribute("aria-invalid")).toBe("true");
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
