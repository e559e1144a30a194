import { describe, expect, it } from "vitest";
import { addedOn, previewLink } from "./format";

describe("admin format rules", () => {
  it("cuts link previews at 30 characters", () => {
    expect(previewLink("https://example.com")).toBe("https://example.com");
    expect(previewLink("https://www.youtube.com/@quads-community-channel")).toBe("https://www.youtube.com/@quads...");
    expect(previewLink("https://www.youtube.com/@quads")).toHaveLength(30);
    expect(previewLink(null)).toBe("");
  });

  it("dates a Manage tab's item in UTC", () => {
    expect(addedOn("2026-03-04T23:30:00.000Z")).toBe("Added Mar 4, 2026");
    expect(addedOn(new Date(Date.UTC(2025, 11, 31)))).toBe("Added Dec 31, 2025");
  });
});
