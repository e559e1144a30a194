import { describe, expect, it } from "vitest";
import { pageHref } from "./pagination";

describe("pageHref", () => {
  it("keeps the filters of a query string and drops page 1", () => {
    expect(pageHref({ params: new URLSearchParams("q=ai&type=video&page=3"), page: 4 })).toBe("?q=ai&type=video&page=4");
    expect(pageHref({ params: new URLSearchParams("q=ai&page=3"), page: 1 })).toBe("?q=ai");
    expect(pageHref({ params: new URLSearchParams(), page: 1 })).toBe("?");
  });

  it("builds from a record on a path, leaving out empty values", () => {
    expect(pageHref({ pathname: "/admin/users", params: { search: "ada", skill: undefined }, page: 1 })).toBe("/admin/users?search=ada");
    expect(pageHref({ pathname: "/admin/users", params: { search: "" }, page: 3 })).toBe("/admin/users?page=3");
    expect(pageHref({ pathname: "/admin/audit", page: 1 })).toBe("/admin/audit");
  });
});
