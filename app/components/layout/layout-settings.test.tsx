// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { socialIconShape } from "~/components/ui/social-icon-shapes";
import { defaultFooter, type PublicSettings } from "~/features/settings/settings";
import { GlobalFooter } from "./global-footer";
import { Sidebar } from "./sidebar";

afterEach(cleanup);

const settings = (overrides: Partial<PublicSettings> = {}): PublicSettings => ({
  socialLinks: [
    { platform: "youtube", url: "https://youtube.com/@quads", icon: socialIconShape("youtube") },
    { platform: "threads", url: "https://threads.net/@quads", icon: socialIconShape("threads") },
  ],
  supportLinks: { supportUs: "https://support.example", becomeAPatron: "https://patreon.com/quads" },
  footer: defaultFooter("Quads"),
  ...overrides,
});

describe("GlobalFooter", () => {
  it("shows company name, tagline, description, social icons, the active support buttons and the copyright", () => {
    render(<GlobalFooter settings={settings()} year={2031} />);
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByText("Quads")).toBeTruthy();
    expect(within(footer).getByText("AI Community Platform")).toBeTruthy();
    expect(within(footer).getByRole("link", { name: "YouTube" }).getAttribute("href")).toBe("https://youtube.com/@quads");
    expect(within(footer).getByRole("link", { name: "Threads" }).getAttribute("target")).toBe("_blank");
    expect(within(footer).getByRole("link", { name: "Support Us" })).toBeTruthy();
    expect(within(footer).getByRole("link", { name: "Become a Patron" })).toBeTruthy();
    expect(within(footer).queryByRole("link", { name: "One-Time Donation" })).toBeNull();
    expect(within(footer).getByText("© 2031 Quads. All rights reserved.")).toBeTruthy();
  });

  it("is hidden entirely when inactive, and honours the social and support switches", () => {
    const { container } = render(<GlobalFooter settings={settings({ footer: { ...defaultFooter("Quads"), isActive: false } })} year={2031} />);
    expect(container.innerHTML).toBe("");
    cleanup();
    render(<GlobalFooter settings={settings({ footer: { ...defaultFooter("Quads"), showSocialLinks: false, showSupportLinks: false } })} year={2031} />);
    expect(screen.queryByRole("link", { name: "YouTube" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Support Us" })).toBeNull();
  });
});

describe("Sidebar settings", () => {
  const renderSidebar = (value: PublicSettings) =>
    render(
      <MemoryRouter>
        <Sidebar totalMembers={3} unreadDiscussions={0} settings={value} />
      </MemoryRouter>,
    );

  it("shows 'Support Us' in a new tab only with an active support link, and Follow Us icons", () => {
    renderSidebar(settings());
    const support = screen.getByRole("link", { name: "Support Us" });
    expect(support.getAttribute("href")).toBe("https://support.example");
    expect(support.getAttribute("target")).toBe("_blank");
    expect(screen.getByRole("region", { name: "Follow Us" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "YouTube" })).toBeTruthy();
  });

  it("hides both when there is nothing to show", () => {
    renderSidebar(settings({ socialLinks: [], supportLinks: {} }));
    expect(screen.queryByRole("link", { name: "Support Us" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Follow Us" })).toBeNull();
  });
});
