import { SocialLinkList } from "~/components/ui/social-icon";
import { copyrightLine, type PublicSettings } from "~/features/settings";
import { buttonClass } from "~/components/ui/button";

/**
 * The global footer from footer settings (defaults when missing); hidden entirely when inactive.
 * Social icons only for active links with a URL (and only when showSocialLinks), support buttons
 * likewise (showSupportLinks). Settings come from the root loader's cached getPublicSettings().
 */
export function GlobalFooter({ settings, year }: { settings: PublicSettings; year: number }) {
  const { footer, socialLinks, supportLinks } = settings;
  if (!footer.isActive) return null;
  const supportButtons = [
    { label: "Support Us", url: supportLinks.supportUs },
    { label: "Become a Patron", url: supportLinks.becomeAPatron },
    { label: "One-Time Donation", url: supportLinks.oneTimeDonation },
  ].filter((button): button is { label: string; url: string } => Boolean(button.url));
  return (
    <footer className="site-footer" data-testid="global-footer">
      <div className="footer-grid">
        <div>
          <p className="footer-name">{footer.companyName}</p>
          {footer.tagline ? <p className="footer-tagline">{footer.tagline}</p> : null}
          {footer.description ? <p className="mt-3 text-sm">{footer.description}</p> : null}
        </div>
        {footer.showSocialLinks && socialLinks.length > 0 ? (
          <div>
            <p className="text-sm font-semibold text-white">Follow Us</p>
            <SocialLinkList
              links={socialLinks}
              listClassName="mt-3 flex flex-wrap gap-2"
              linkClassName="grid h-9 w-9 place-items-center rounded-full bg-slate-800 hover:bg-indigo-600"
              iconClassName="h-5 w-5"
            />
          </div>
        ) : (
          <div />
        )}
        {footer.showSupportLinks && supportButtons.length > 0 ? (
          <div className="flex flex-col items-start gap-2">
            {supportButtons.map((button) => (
              <a
                key={button.label}
                href={button.url}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClass()}
              >
                {button.label}
              </a>
            ))}
          </div>
        ) : null}
      </div>
      <div className="footer-legal">{copyrightLine(footer.copyrightText, year)}</div>
    </footer>
  );
}
