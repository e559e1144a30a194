import { describe, expect, it } from "vitest";
import { difficulties as schemaDifficulties, resourceTypes as schemaResourceTypes } from "../../../db/schema";
import { difficulties, normalizePricing, resourceTypes } from "./constants";
import { toEmbedUrl } from "./embed";
import { domainOf, screenshotUrlFor } from "./thumbnail";

describe("toEmbedUrl", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://m.youtube.com/watch?v=dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?si=abc", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/abcdEFGH123", "https://www.youtube-nocookie.com/embed/abcdEFGH123"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"],
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871"],
    ["https://player.vimeo.com/video/76979871", "https://player.vimeo.com/video/76979871"],
    ["http://vimeo.com/76979871", "https://player.vimeo.com/video/76979871"],
  ])("converts %s", (link, embed) => {
    expect(toEmbedUrl(link)).toBe(embed);
  });

  it.each([
    ["another host", "https://evil.example.com/embed/dQw4w9WgXcQ"],
    ["a look-alike host", "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a YouTube page without a video", "https://www.youtube.com/@somechannel"],
    ["a watch link without v", "https://www.youtube.com/watch"],
    ["an id with odd characters", "https://www.youtube.com/watch?v=<script>"],
    ["a Vimeo page without an id", "https://vimeo.com/channels/staffpicks"],
    ["not a URL", "dQw4w9WgXcQ"],
    ["nothing", ""],
  ])("refuses %s", (_name, link) => {
    expect(toEmbedUrl(link)).toBeNull();
  });
});

describe("thumbnails", () => {
  it("fills {url} with the URL-encoded link", () => {
    expect(screenshotUrlFor("https://shots.example.com/?url={url}&w=640", "https://example.com/a?b=c")).toBe(
      "https://shots.example.com/?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc&w=640",
    );
  });

  it("gives no thumbnail when no template (or a template without {url} or http(s)) is configured", () => {
    expect(screenshotUrlFor("", "https://example.com")).toBeNull();
    expect(screenshotUrlFor("https://shots.example.com/", "https://example.com")).toBeNull();
    expect(screenshotUrlFor("javascript:{url}", "https://example.com")).toBeNull();
  });

  it("names the domain for the placeholder", () => {
    expect(domainOf("https://www.example.com/path")).toBe("example.com");
    expect(domainOf("not a url")).toBe("not a url");
  });
});

describe("vocabularies", () => {
  it("match the database's", () => {
    expect([...resourceTypes]).toEqual([...schemaResourceTypes]);
    expect([...difficulties]).toEqual([...schemaDifficulties]);
  });

  it("map the admin dialog's pricing set onto the public one", () => {
    expect(normalizePricing("free")).toBe("free");
    expect(normalizePricing("freemium")).toBe("low");
    expect(normalizePricing("Paid")).toBe("high");
    expect(normalizePricing("low")).toBe("low");
    expect(normalizePricing("expensive")).toBeUndefined();
  });
});
