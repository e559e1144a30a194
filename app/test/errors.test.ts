import { describe, expect, it } from "vitest";
import { badRequest, notFound } from "~/utils/errors.server";
import { appErrorOf, appErrorOfAsync, statusOf, statusOfAsync } from "./errors";

describe("test error capture", () => {
  it("appErrorOf returns the AppError thrown, and fails without one or with another error", () => {
    expect(appErrorOf(() => {
      throw notFound("Post not found");
    })).toMatchObject({ status: 404, message: "Post not found" });
    expect(() => appErrorOf(() => 1)).toThrow("expected an AppError");
    expect(() => appErrorOf(() => {
      throw new TypeError("boom");
    })).toThrow("boom");
  });

  it("appErrorOfAsync takes a function or a promise", async () => {
    expect((await appErrorOfAsync(async () => Promise.reject(badRequest("No")))).status).toBe(400);
    expect((await appErrorOfAsync(Promise.reject(badRequest("No")))).message).toBe("No");
    await expect(appErrorOfAsync(Promise.resolve(1))).rejects.toThrow("expected an AppError");
  });

  it("statusOf gives the status, or ok when nothing is thrown", () => {
    expect(statusOf(() => 1)).toBe("ok");
    expect(statusOf(() => {
      throw badRequest("No");
    })).toBe(400);
    expect(() => statusOf(() => {
      throw new Error("boom");
    })).toThrow("boom");
  });

  it("statusOfAsync gives the status of async work, or ok when it resolves", async () => {
    expect(await statusOfAsync(async () => 1)).toBe("ok");
    expect(await statusOfAsync(Promise.reject(badRequest("No")))).toBe(400);
    await expect(statusOfAsync(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
