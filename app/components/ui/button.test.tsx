import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonClass } from "./button";

describe("buttonClass", () => {
  it("gives each variant its colours on the shared shape", () => {
    expect(buttonClass()).toContain("bg-indigo-600");
    expect(buttonClass("secondary")).toContain("border-slate-300");
    expect(buttonClass("danger")).toContain("bg-red-600");
    for (const variant of ["primary", "secondary", "danger"] as const) expect(buttonClass(variant)).toContain("rounded-md px-4 py-2 text-sm");
    expect(buttonClass("primary", "sm")).toContain("px-3 py-1.5");
    expect(buttonClass("primary", "lg")).toContain("min-h-11");
    expect(buttonClass("ghost")).not.toContain("shadow-sm");
  });
});

describe("Button", () => {
  it("is a submit button with the looks, keeping extra classes and attributes", () => {
    const html = renderToStaticMarkup(
      <Button variant="danger" className="w-full" name="intent" value="delete">
        Delete
      </Button>,
    );
    expect(html).toBe(`<button type="submit" class="${buttonClass("danger")} w-full" name="intent" value="delete">Delete</button>`);
    expect(renderToStaticMarkup(<Button type="button">Cancel</Button>)).toContain('type="button"');
  });
});
