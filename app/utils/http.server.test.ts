import { describe, expect, it } from "vitest";
import { isAppError } from "./errors.server";
import { DEFAULT_BODY_LIMIT_BYTES } from "./body-limit";
import { getEnv } from "./env.server";
import { OversizedFile } from "./multipart.server";
import { answerDatabaseErrorsOnEveryRoute, FORM_CONTENT_TYPE_MESSAGE, FORM_UNREADABLE_MESSAGE, readFormData, readIdField, readIdParam, readIntegerParam, readPageParam } from "./http.server";
import { appErrorOf } from "~/test/errors";

const params = (query: string) => new URLSearchParams(query);

describe("readIdParam", () => {
  it("reads a positive whole number", () => {
    expect(readIdParam("42", "Post")).toBe(42);
  });

  it("answers 404 '{what} not found' for a missing, malformed or non-positive id", () => {
    for (const value of [undefined, "", "0", "-3", "1.5", "1e3", "0x10", "abc", "99999999999999999"]) {
      const error = appErrorOf(() => readIdParam(value, "Meeting"));
      expect(isAppError(error) && error.status === 404 && error.message === "Meeting not found").toBe(true);
    }
  });
});

describe("readIntegerParam", () => {
  it("reads whole numbers in range; absent or empty is undefined", () => {
    expect(readIntegerParam(params("limit=20"), "limit", { min: 1, max: 100 })).toBe(20);
    expect(readIntegerParam(params("offset=0"), "offset")).toBe(0);
    expect(readIntegerParam(params(""), "limit")).toBeUndefined();
    expect(readIntegerParam(params("limit="), "limit")).toBeUndefined();
  });

  it("answers 400 naming the parameter for fractions, huge numbers, text and values out of range", () => {
    for (const query of ["limit=1.5", "limit=1e309", "limit=1e3", "limit=0x10", "limit=abc", "limit=Infinity", "limit=-1", "limit=101", "limit=99999999999999999999"]) {
      const error = appErrorOf(() => readIntegerParam(params(query), "limit", { min: 1, max: 100 }));
      expect(isAppError(error) && error.status, query).toBe(400);
      expect(isAppError(error) && error.message, query).toBe("limit must be a whole number from 1 to 100.");
    }
    const error = appErrorOf(() => readIntegerParam(params("offset=1e309"), "offset"));
    expect(isAppError(error) && error.message).toBe("offset must be a whole number of 0 or more.");
  });

  it("lets a page's ?page= fall back to 1", () => {
    expect(readPageParam(params("page=3"))).toBe(3);
    for (const query of ["", "page=1.5", "page=0", "page=-2", "page=1e309", "page=x"]) expect(readPageParam(params(query)), query).toBe(1);
  });
});

describe("readFormData", () => {
  const post = (body: BodyInit | undefined, contentType?: string) =>
    new Request("http://quads.test/discussions", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });

  it("reads url-encoded and multipart forms", async () => {
    expect((await readFormData(post(new URLSearchParams({ intent: "like" })))).get("intent")).toBe("like");
    const form = new FormData();
    form.set("intent", "create");
    expect((await readFormData(post(form))).get("intent")).toBe("create");
  });

  it("answers 415 for JSON, XML, text or no body, and 400 for a broken multipart body, each with a message", async () => {
    for (const request of [post('{"a":1}', "application/json"), post("<a/>", "application/xml"), post("a=b", "text/plain"), post(undefined)]) {
      const error = await readFormData(request).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Response);
      expect((error as Response).status).toBe(415);
      expect(await (error as Response).text()).toBe(FORM_CONTENT_TYPE_MESSAGE);
    }
    for (const request of [post("a=b", "multipart/form-data"), post('--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', "multipart/form-data; boundary=zz")]) {
      const error = await readFormData(request).catch((caught: unknown) => caught);
      expect((error as Response).status).toBe(400);
      expect(await (error as Response).text()).toBe(FORM_UNREADABLE_MESSAGE);
    }
  });

  it("reads a multipart form as it arrives: a file over UPLOAD_MAX_BYTES stands in as an OversizedFile (no bytes kept), the text fields are kept", async () => {
    const env = getEnv();
    const original = env.UPLOAD_MAX_BYTES;
    env.UPLOAD_MAX_BYTES = 1000;
    try {
      const form = new FormData();
      form.set("content", "My typed text");
      form.set("image", new File([new Uint8Array(5000)], "huge.png", { type: "image/png" }));
      form.set("small", new File([new Uint8Array(1000)], "small.png", { type: "image/png" }));
      form.set("imageAlt", "A chart");
      const read = await readFormData(post(form));
      expect([read.get("content"), read.get("imageAlt")]).toEqual(["My typed text", "A chart"]);
      const image = read.get("image");
      expect(image).toBeInstanceOf(OversizedFile);
      expect([(image as OversizedFile).name, (image as OversizedFile).size, (image as OversizedFile).receivedBytes]).toEqual(["huge.png", 0, 5000]);
      const small = read.get("small") as File;
      expect(small).not.toBeInstanceOf(OversizedFile);
      expect([small.name, small.size, small.type]).toEqual(["small.png", 1000, "image/png"]);
    } finally {
      env.UPLOAD_MAX_BYTES = original;
    }
  });

  it("answers 413 when a multipart form's text fields pass 1 MB", async () => {
    const form = new FormData();
    form.set("content", "x".repeat(DEFAULT_BODY_LIMIT_BYTES + 1));
    const error = await readFormData(post(form)).catch((caught: unknown) => caught);
    expect((error as Response).status).toBe(413);
    expect(await (error as Response).text()).toMatch(/at most 1 MB of text/);
  });
});

describe("numbers a form posts", () => {
  const form = (fields: Record<string, string | Blob>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("readIntegerParam reads a form field by the same rule as a query parameter; a file is malformed", () => {
    expect(readIntegerParam(form({ replyId: " 12 " }), "replyId", { min: 1 })).toBe(12);
    expect(readIntegerParam(form({}), "replyId", { min: 1 })).toBeUndefined();
    expect(appErrorOf(() => readIntegerParam(form({ replyId: "1.5" }), "replyId", { min: 1 })).message).toBe("replyId must be a whole number of 1 or more.");
    expect(appErrorOf(() => readIntegerParam(form({ replyId: new Blob(["7"]) }), "replyId", { min: 1 })).status).toBe(400);
  });

  it("readIdField answers a missing or malformed id like an unknown one: 404 '{what} not found'", () => {
    expect(readIdField(form({ commentId: "7" }), "commentId", "Comment")).toBe(7);
    for (const fields of [{}, { commentId: "" }, { commentId: "abc" }, { commentId: "0" }] as Record<string, string>[]) {
      expect(appErrorOf(() => readIdField(form(fields), "commentId", "Comment"))).toMatchObject({ status: 404, message: "Comment not found" });
    }
  });
});

describe("answerDatabaseErrorsOnEveryRoute", () => {
  /** What a driver throws: SQLite's busy error (PostgreSQL's lost connection is mapped the same way: app/utils/postgres-engine.server.ts). */
  const busy = () => Object.assign(new Error("database is locked"), { code: "SQLITE_BUSY" });
  const build = {
    routes: {
      root: { id: "root", module: { loader: () => Promise.reject(busy()), default: "Root" } },
      page: { id: "page", module: { loader: () => "data", action: () => Promise.reject(busy()) } },
      failing: { id: "failing", module: { loader: () => Promise.reject(new Error("a bug")) } },
      plain: { id: "plain", module: { default: "Plain" } },
    },
  };

  it("answers a loader or action the database failed with the error page's Response: its status, message and Retry-After", async () => {
    const { routes } = answerDatabaseErrorsOnEveryRoute(build);
    for (const handler of [routes.root.module.loader, routes.page.module.action]) {
      const thrown: unknown = await Promise.resolve(handler()).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("1");
      expect(await response.text()).toMatch(/Please try again in a moment/);
    }
  });

  it("leaves what succeeds, any other error and the rest of each module as they were", async () => {
    const { routes } = answerDatabaseErrorsOnEveryRoute(build);
    expect(await routes.page.module.loader()).toBe("data");
    await expect(routes.failing.module.loader()).rejects.toThrow("a bug");
    expect(routes.root.module.default).toBe("Root");
    expect(routes.plain).toBe(build.routes.plain);
    expect(build.routes.root.module.loader).not.toBe(routes.root.module.loader); // the build given is not changed
  });
});
