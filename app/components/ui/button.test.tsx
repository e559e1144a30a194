import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button, buttonClass } from "./button";

describe("buttonClass", () => {
  it("gives each variant its colours on the shared shape", () => {
    expect(buttonClass()).toBe("btn btn-md btn-primary");
    expect(buttonClass("secondary")).toBe("btn btn-md btn-secondary");
    expect(buttonClass("danger", "sm")).toBe("btn btn-sm btn-danger");
    expect(buttonClass("primary", "lg")).toBe("btn btn-lg btn-primary");
    expect(buttonClass("ghost")).toBe("btn-ghost");
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
