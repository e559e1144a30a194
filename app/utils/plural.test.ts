import { describe, expect, it } from "vitest";
import { countLabel } from "./plural";

describe("countLabel", () => {
  it("uses the singular for one and the plural otherwise", () => {
    expect(countLabel(1, "like")).toBe("1 like");
    expect(countLabel(0, "like")).toBe("0 likes");
    expect(countLabel(2, "reply", "replies")).toBe("2 replies");
    expect(countLabel(1, "reply", "replies")).toBe("1 reply");
    expect(countLabel(1200, "play", "plays", (count) => count.toLocaleString("en-US"))).toBe("1,200 plays");
  });
});
