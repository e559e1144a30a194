import { afterEach, describe, expect, it, vi } from "vitest";
import { logServerError } from "./errors.server";

afterEach(() => vi.restoreAllMocks());

describe("logServerError", () => {
  it("logs one JSON line with the request id server.ts put in the headers", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    logServerError(new Error("boom"), new Request("http://localhost/post/7?x=1", { method: "POST", headers: { "X-Request-Id": "req-123" } }));
    expect(error).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(error.mock.calls[0][0])) as Record<string, unknown>;
    expect(line).toMatchObject({ level: "error", requestId: "req-123", method: "POST", path: "/post/7", message: "boom" });
    expect(String(line.stack)).toContain("boom");
  });
});
