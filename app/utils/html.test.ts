import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";

describe("escapeHtml", () => {
  it("writes the five special characters as entities, an entity already written included", () => {
    expect(escapeHtml(`<b>bold</b> & "quoted" 'single' &amp;`)).toBe("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot; &#39;single&#39; &amp;amp;");
    expect(escapeHtml("plain text")).toBe("plain text");
  });
});
