// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ResourceThumbnail } from "./resource-thumbnail";

afterEach(cleanup);

describe("ResourceThumbnail", () => {
  it("shows the generated placeholder (domain and type) when no screenshot service is configured", () => {
    render(<ResourceThumbnail thumbnailUrl={null} domain="example.com" resourceType="tool" />);
    expect(screen.getByTestId("thumbnail-placeholder").textContent).toContain("example.com");
    expect(screen.getByTestId("thumbnail-placeholder").textContent).toContain("Tool");
    expect(screen.queryByTestId("thumbnail-image")).toBeNull();
  });

  it("hides a thumbnail that fails to load, leaving the placeholder", () => {
    render(<ResourceThumbnail thumbnailUrl="https://shots.example.com/?url=x" domain="example.com" resourceType="article" />);
    const image = screen.getByTestId("thumbnail-image");
    expect(image.getAttribute("src")).toBe("https://shots.example.com/?url=x");
    fireEvent.error(image);
    expect(screen.queryByTestId("thumbnail-image")).toBeNull();
    expect(screen.getByTestId("thumbnail-placeholder").textContent).toContain("example.com");
  });
});
