// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { socialIconShape } from "~/components/ui/social-icon-shapes";
import { LandingPage, type SocialLink } from "./landing-page";

function renderLandingPage(socialLinks: SocialLink[] = []) {
  return render(
    <MemoryRouter>
      <LandingPage communityName="Quads" socialLinks={socialLinks} year={2031} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe("LandingPage", () => {
  it("shows the documented texts and a single h1", () => {
    renderLandingPage();

    expect(screen.getByText("AI Community Platform")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Level Up Your AI Journey" })).toBeTruthy();
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByText("Joining is free.")).toBeTruthy();
    expect(screen.getByText("© 2031 Quads. All rights reserved.")).toBeTruthy();
    for (const word of ["Question", "Understand", "Adapt", "Discover", "Share"]) {
      expect(within(screen.getByTestId("mission-words")).getByText(word.slice(1), { exact: false })).toBeTruthy();
    }
  });

  it("sends every join and sign-in link of the page to the documented routes", () => {
    renderLandingPage();

    expect(screen.getByRole("link", { name: "Already a member? Sign In Here" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "Join the Community" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "Join for Free" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
    expect(screen.getByRole("link", { name: "Learn More" }).getAttribute("href")).toBe("#features");
    expect(screen.getByRole("link", { name: "Get Started Now" }).getAttribute("href")).toBe("/api/login");
    expect(screen.getByRole("link", { name: "Sign in to your account" }).getAttribute("href")).toBe("/login");
    expect(document.getElementById("features")).not.toBeNull();
  });

  it("shows the six example badges with their level labels", () => {
    renderLandingPage();

    const badges = screen.getAllByTestId("landing-badge");
    const expected = [
      ["Explorer", "Beginner"],
      ["Community Helper", "Intermediate"],
      ["Resource Guru", "Advanced"],
      ["Meeting Regular", "Active"],
      ["Supporter", "Patron"],
      ["AI Innovator", "Expert"],
    ];
    expect(badges).toHaveLength(expected.length);
    expected.forEach(([name, level], index) => {
      const badge = within(badges[index]);
      expect(badge.getByRole("heading", { name })).toBeTruthy();
      expect(badge.getByText(level)).toBeTruthy();
    });
  });

  it("shows the six advertised features", () => {
    renderLandingPage();

    const features = within(screen.getByRole("region", { name: "Everything you need to grow in AI" }));
    expect(features.getAllByRole("heading", { level: 3 })).toHaveLength(6);
    expect(features.getByText(/from beginner to expert/)).toBeTruthy();
    expect(features.getByText(/live video/)).toBeTruthy();
    expect(features.getByText(/badges and climb levels/)).toBeTruthy();
    expect(features.getByText(/curated reviews of AI tools/)).toBeTruthy();
    expect(features.getByText(/AI music artists showcase/)).toBeTruthy();
    expect(features.getByText(/donations and our membership-funding platform/)).toBeTruthy();
  });

  it("renders social links only for configured platforms, each in a new tab", () => {
    renderLandingPage([
      { platform: "youtube", url: "https://youtube.com/@quads", icon: socialIconShape("youtube") },
      { platform: "twitter", url: "https://x.com/quads", icon: socialIconShape("twitter") },
      { platform: "patreon", url: "", icon: socialIconShape("patreon") },
    ]);

    const followList = screen.getByRole("link", { name: "YouTube" }).closest("ul") as HTMLElement;
    const links = within(followList).getAllByRole("link");
    expect(links.map((link) => link.getAttribute("aria-label"))).toEqual(["YouTube", "X (Twitter)"]);
    expect(links.map((link) => link.getAttribute("href"))).toEqual(["https://youtube.com/@quads", "https://x.com/quads"]);
    for (const link of links) {
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
    }
    for (const missing of ["Facebook", "Instagram", "TikTok", "Patreon", "Threads"]) {
      expect(screen.queryByRole("link", { name: missing })).toBeNull();
    }
  });

  it("renders no follow list when no social link is configured", () => {
    renderLandingPage([]);

    expect(screen.queryByRole("link", { name: "YouTube" })).toBeNull();
  });
});
