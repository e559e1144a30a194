import { describe, expect, it } from "vitest";
import { countLinks, excerptOf, isSafeLinkUrl, renderMarkdown, toPlainText } from "./markdown.server";
import { findUnsafeHtml, XSS_PAYLOADS } from "./xss-payloads";

describe("renderMarkdown", () => {
  it("renders the safe subset: paragraphs, emphasis, links, lists, quotes, code", () => {
    const html = renderMarkdown(
      "Hello **bold** and _em_.\n\n- one\n- two\n\n1. first\n\n> quoted\n\n`inline` and\n\n```\nblock\n```\n\n[site](https://example.com)",
    );
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>em</em>");
    expect(html).toContain("<ul>");
    expect(html).toContain("<ol>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<code>inline</code>");
    expect(html).toContain("<pre><code>block\n</code></pre>");
    expect(html).toContain('<a href="https://example.com" rel="nofollow ugc noopener" target="_blank">site</a>');
  });

  it("keeps relative and mailto links, without a new tab", () => {
    expect(renderMarkdown("[post](/post/1)")).toContain('<a href="/post/1" rel="nofollow ugc noopener">post</a>');
    expect(renderMarkdown("[mail](mailto:a@example.com)")).toContain('href="mailto:a@example.com" rel="nofollow ugc noopener">');
  });

  it("auto-links bare URLs with the same rel", () => {
    expect(renderMarkdown("see https://example.com/x")).toContain('<a href="https://example.com/x" rel="nofollow ugc noopener" target="_blank">');
  });

  it("escapes raw HTML instead of rendering it, and drops headings and external images", () => {
    expect(renderMarkdown("<b>hi</b>")).toContain("&lt;b&gt;hi&lt;/b&gt;");
    expect(renderMarkdown("![alt](https://example.com/a.png)")).not.toContain("<img");
    expect(renderMarkdown("# Title")).not.toContain("<h1");
  });

  it.each(XSS_PAYLOADS)("neutralises %s", (payload) => {
    const html = renderMarkdown(payload);
    expect(findUnsafeHtml(html)).toBeNull();
  });

  it("neutralises every payload inside surrounding text too", () => {
    const html = renderMarkdown(XSS_PAYLOADS.map((payload) => `Intro ${payload} outro`).join("\n\n"));
    expect(findUnsafeHtml(html)).toBeNull();
  });
});

describe("isSafeLinkUrl", () => {
  it.each(["https://example.com", "http://example.com/a?b=c#d", "mailto:a@example.com", "/post/1", "post/1", "#replies", "?q=x", "./x"])(
    "allows %s",
    (url) => expect(isSafeLinkUrl(url)).toBe(true),
  );
  it.each([
    "javascript:alert(1)",
    " JAVASCRIPT:alert(1)",
    "java\nscript:alert(1)",
    "\u0000javascript:alert(1)",
    "vbscript:x",
    "data:text/html,x",
    "file:///etc/passwd",
    "//evil.example",
    "/\\evil.example",
    "javascript%3Aalert(1)",
    "ftp://example.com",
    "",
  ])("refuses %j", (url) => expect(isSafeLinkUrl(url)).toBe(false));
});

describe("images (docs/uploads.md)", () => {
  const hash = "0123456789abcdef0123456789abcdef";
  it("renders this Quads' uploads inline with width, height, srcset and lazy loading", () => {
    const html = renderMarkdown(`![A chart](/uploads/${hash}-1600x900.webp)`);
    expect(html).toContain(`<img src="/uploads/${hash}-1600x900.webp" srcset="/uploads/${hash}-800w.webp 800w, /uploads/${hash}-1600x900.webp 1600w"`);
    expect(html).toContain('width="1600" height="900" alt="A chart" loading="lazy"');
    expect(renderMarkdown(`![small](/uploads/${hash}-300x200.webp)`)).not.toContain("srcset");
  });

  it("keeps an external image, or a made-up upload URL, a plain link", () => {
    for (const url of ["https://tracker.example/pixel.png", `/uploads/${hash}.png`, `/uploads/../${hash}-10x10.webp`]) {
      const html = renderMarkdown(`![pixel](${url})`);
      expect(html).not.toContain("<img");
      expect(html).toContain('rel="nofollow ugc noopener"');
    }
    expect(countLinks("![pixel](https://tracker.example/pixel.png)")).toBe(1);
    expect(countLinks(`![chart](/uploads/${hash}-10x10.webp)`)).toBe(0);
  });

  it("escapes the alt text", () => {
    expect(renderMarkdown(`![<b onload=x>"](/uploads/${hash}-10x10.webp)`)).toContain('alt="&lt;b onload=x&gt;&quot;"');
  });

  it("shows a removed picture as an escaped placeholder, and leaves the cached rendering of others alone", () => {
    const other = "b".repeat(32);
    const source = `![<b>chart</b>](/uploads/${hash}-10x10.webp) ![kept](/uploads/${other}-10x10.webp)`;
    const html = renderMarkdown(source, { removedPictures: new Set([hash]) });
    expect(html).toContain('data-picture="removed">Picture removed: &lt;b&gt;chart&lt;/b&gt;</span>');
    expect(html).not.toContain(`/uploads/${hash}`);
    expect(html).toContain(`<img src="/uploads/${other}-10x10.webp"`);
    expect(renderMarkdown(source)).toContain(`<img src="/uploads/${hash}-10x10.webp"`);
    expect(renderMarkdown(`![x](/uploads/${hash}-10x10.webp)`, { removedPictures: new Set() })).toContain("<img");
  });
});

describe("excerptOf", () => {
  it("returns short text as it is, in plain text", () => {
    expect(excerptOf("Hello **world**, [a link](https://x.example).")).toBe("Hello world, a link.");
  });

  it("cuts at 200 characters and adds an ellipsis", () => {
    const long = "a".repeat(150) + " " + "b".repeat(150);
    const excerpt = excerptOf(long);
    expect(excerpt).toBe(`${long.slice(0, 200)}...`);
  });

  it("cuts at another length as asked, the same on a second call (memoised per length)", () => {
    const long = `**${"c".repeat(150)}** ${"d".repeat(150)}`;
    for (let call = 0; call < 2; call++) {
      expect(excerptOf(long, 140)).toBe(`${"c".repeat(140)}...`);
      expect(excerptOf(long, 160)).toBe(`${"c".repeat(150)} ${"d".repeat(9)}...`);
      expect(excerptOf(long)).toBe(`${"c".repeat(150)} ${"d".repeat(49)}...`);
    }
  });

  it("never contains markup", () => {
    const text = toPlainText("<script>alert(1)</script>\n\n> quote\n\n- item");
    expect(text).toBe("<script>alert(1)</script> quote item");
  });
});
