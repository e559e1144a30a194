import { describe, expect, it } from "vitest";
import { isHttpUrl, safeRedirectPath } from "./url";
import { optionalHttpUrl } from "./url-schema";

describe("safeRedirectPath", () => {
  it("keeps same-site paths and refuses anything else", () => {
    expect(safeRedirectPath("/music-artists?q=a", "/x")).toBe("/music-artists?q=a");
    expect(safeRedirectPath("/", "/x")).toBe("/");
    for (const value of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)", "", null, 42]) {
      expect(safeRedirectPath(value, "/x")).toBe("/x");
    }
  });

  it("refuses what a URL parser would drop or normalise into another site: tabs, CR/LF, backslashes, fullwidth and other non-ASCII", () => {
    for (const value of ["/\t/evil.test", "/\n/evil.test", "/\r/evil.test", "/\r\n/evil.test", "/\u3000/evil.test", "/\uff0e/evil.test", "/\uff0f/evil.test", "/x\\..\\/evil.test", "/ /evil.test", "/\u0000/evil.test"]) {
      expect(safeRedirectPath(value, "/x"), JSON.stringify(value)).toBe("/x");
    }
  });

  it("answers the parsed path and query only: dot segments resolved, percent-encoding kept, no fragment", () => {
    expect(safeRedirectPath("/resources/../music-artists?page=2#artist-1", "/x")).toBe("/music-artists?page=2");
    expect(safeRedirectPath("/discussions?category=x#y")).toBe("/discussions?category=x");
    expect(safeRedirectPath("/music-artists?q=caf%C3%A9", "/x")).toBe("/music-artists?q=caf%C3%A9");
    expect(safeRedirectPath("/discussions?q=two%20words")).toBe("/discussions?q=two%20words");
  });

  it("refuses every way out of the site, to / by default", () => {
    const refused = [
      "/\t/evil.test/phish",
      "/%09/evil.test",
      "//evil.test",
      "/\\evil.test",
      "\\\\evil.test",
      "https://evil.test",
      "http:/evil.test",
      "/%0d%0aSet-Cookie:x",
      "/\r\nSet-Cookie:x",
      "/%7f",
      "javascript:alert(1)",
      " /x",
      "/x ",
      "/x\n",
      // Dot segments that resolve to a scheme-relative path (`//evil.test`).
      "/.//evil.test",
      "/a/..//evil.test",
      "/%2e%2e//evil.test",
      `/${"a".repeat(2048)}`,
    ];
    for (const value of refused) expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/");
  });
});

describe("isHttpUrl and optionalHttpUrl", () => {
  it("accepts only absolute http(s) URLs with a host", () => {
    expect(isHttpUrl("https://example.com/a?b=c")).toBe(true);
    expect(isHttpUrl("http://localhost:3000")).toBe(true);
    for (const value of ["ftp://files.example", "javascript:alert(1)", "example.com", "/relative", "https://", ""]) expect(isHttpUrl(value)).toBe(false);
  });

  it("refuses a link with whitespace or control characters (the URL parser would drop them silently)", () => {
    for (const value of ["https://open.spotify.com/x\r\nSet-Cookie: a=b", "https://zoom.example/j/1\n", "https://ex\tample.com", "https://example.com/a b", "https://example.com/\u3000", "https://example.com/\u200b", "https://example.com/\u0000"]) {
      expect(isHttpUrl(value), JSON.stringify(value)).toBe(false);
    }
    expect(optionalHttpUrl("Spotify URL").safeParse("https://open.spotify.com/x\r\nX: y").error?.issues[0].message).toBe("Spotify URL must be a valid http:// or https:// address");
  });

  it("reads empty as not given and names the field in its message", () => {
    const field = optionalHttpUrl("Spotify URL");
    expect(field.parse("")).toBeUndefined();
    expect(field.parse(null)).toBeUndefined();
    expect(field.parse(" https://open.spotify.com/x ")).toBe("https://open.spotify.com/x");
    expect(field.safeParse("ftp://x").error?.issues[0].message).toBe("Spotify URL must be a valid http:// or https:// address");
  });
});
