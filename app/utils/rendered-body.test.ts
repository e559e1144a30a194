// @vitest-environment node
import { describe, expect, it } from "vitest";
import { renderedBodyOf, renderedResponse } from "./rendered-body";

describe("renderedResponse", () => {
  it("keeps a text body as it is", async () => {
    const response = renderedResponse('{"ok":true}', { status: 201 });
    expect(renderedBodyOf(response)).toBe('{"ok":true}');
    expect(await response.json()).toEqual({ ok: true });
    expect(response.status).toBe(201);
  });

  it("encodes a body in pieces into one buffer, multi-byte text included, and reads it back joined", async () => {
    const pieces = ["<!DOCTYPE html>", "<p>日本語 🎵 é</p>", "", "<script>1</script>"];
    const response = renderedResponse(pieces, { status: 200 });
    const body = renderedBodyOf(response);
    expect(Buffer.isBuffer(body)).toBe(true);
    expect((body as Buffer).toString("utf8")).toBe(pieces.join(""));
    expect((body as Buffer).byteLength).toBe(Buffer.byteLength(pieces.join("")));
    expect(await response.text()).toBe(pieces.join(""));
  });

  it("has no body beside a plain Response", () => {
    expect(renderedBodyOf(new Response("x"))).toBeUndefined();
  });
});
