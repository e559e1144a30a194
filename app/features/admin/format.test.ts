import { describe, expect, it } from "vitest";
import { previewLink, withSearchParams } from "./format";

describe("admin format rules", () => {
  it("cuts link previews at 30 characters", () => {
    expect(previewLink("https://example.com")).toBe("https://example.com");
    expect(previewLink("https://www.youtube.com/@quads-community-channel")).toBe("https://www.youtube.com/@quads...");
    expect(previewLink("https://www.youtube.com/@quads")).toHaveLength(30);
    expect(previewLink(null)).toBe("");
  });
  it("builds list URLs without empty parameters or page 1", () => {
    expect(withSearchParams("/admin/users", { search: "ada", page: 1 })).toBe("/admin/users?search=ada");
    expect(withSearchParams("/admin/users", { search: "", page: 3 })).toBe("/admin/users?page=3");
  });
});
