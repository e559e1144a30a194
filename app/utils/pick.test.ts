import { describe, expect, it } from "vitest";
import { pick } from "./pick";

describe("pick", () => {
  it("copies only the named fields, nulls and falsy values included", () => {
    const row = { id: 7, title: "A", description: null, isRecorded: false, extra: "left out" };
    expect(pick(row, ["title", "description", "isRecorded"])).toEqual({ title: "A", description: null, isRecorded: false });
  });

  it("returns a new object", () => {
    const row = { title: "A" };
    const picked = pick(row, ["title"]);
    picked.title = "B";
    expect(row.title).toBe("A");
  });
});
