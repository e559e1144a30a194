// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { SupportBox } from "./support-box";

afterEach(cleanup);

describe("SupportBox", () => {
  it("shows only the buttons whose link is active, each opening in a new tab", () => {
    render(<SupportBox supportLinks={{ supportUs: "https://support.example", oneTimeDonation: "https://donate.example" }} />);
    expect(screen.getByRole("link", { name: "Support Us" }).getAttribute("href")).toBe("https://support.example");
    expect(screen.getByRole("link", { name: "One-Time Donation" }).getAttribute("target")).toBe("_blank");
    expect(screen.queryByRole("link", { name: "Become a Patron" })).toBeNull();
  });
  it("renders nothing when no support link is active", () => {
    const { container } = render(<SupportBox supportLinks={{}} />);
    expect(container.innerHTML).toBe("");
  });
});
