import { describe, expect, it } from "vitest";
import { previewLink } from "./format";

describe("admin format rules", () => {
  it("cuts link previews at 30 characters", () => {
    expect(previewLink("https://example.com")).toBe("https://example.com");
    expect(previewLink("https://www.youtube.com/@quads-community-channel")).toBe("https://www.youtube.com/@quads...");
    expect(previewLink("https://www.youtube.com/@quads")).toHaveLength(30);
    expect(previewLink(null)).toBe("");
  });
});
