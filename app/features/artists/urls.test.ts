import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./urls";

describe("safeRedirectPath", () => {
  it("keeps same-site paths and refuses anything else", () => {
    expect(safeRedirectPath("/music-artists?q=a", "/x")).toBe("/music-artists?q=a");
    expect(safeRedirectPath("/", "/x")).toBe("/");
    for (const value of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, 42]) {
      expect(safeRedirectPath(value, "/x")).toBe("/x");
    }
  });
});
