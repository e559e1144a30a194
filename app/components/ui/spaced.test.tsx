import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { spaced } from "./spaced";

describe("spaced", () => {
  it("puts one space between the items it keeps, none around them and no comment markers", () => {
    const html = renderToString(<nav>{spaced([<a key="a" href="/a">A</a>, null, false, <a key="b" href="/b">B</a>, <span key="c">C</span>])}</nav>);
    expect(html).toBe('<nav><a href="/a">A</a> <a href="/b">B</a> <span>C</span></nav>');
  });
});
