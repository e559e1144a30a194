import { buttonClass } from "~/components/ui/button";
import type { PublicSettings } from "../settings";

/**
 * The dashboard's support box (docs/admin.md): Support Us, Become a Patron and One-Time Donation, each
 * only when its admin link (support_link, patron_link, donation_link) is active with a URL.
 * Renders nothing when none is. Feed it `settings.supportLinks` from the root loader.
 */
export function SupportBox({ supportLinks }: { supportLinks: PublicSettings["supportLinks"] }) {
  const buttons = [
    { label: "Support Us", url: supportLinks.supportUs, variant: "primary" as const },
    { label: "Become a Patron", url: supportLinks.becomeAPatron, variant: "patron" as const },
    { label: "One-Time Donation", url: supportLinks.oneTimeDonation, variant: "secondary" as const },
  ].filter((button): button is typeof button & { url: string } => Boolean(button.url));
  if (buttons.length === 0) return null;
  return (
    <section aria-labelledby="support-box-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="support-box">
      <h2 id="support-box-heading" className="text-lg font-semibold text-slate-900">
        Support the Community
      </h2>
      <p className="mt-1 text-sm text-slate-600">Help keep the community free for everyone.</p>
      <div className="mt-4 space-y-2">
        {buttons.map((button) => (
          <a key={button.label} href={button.url} target="_blank" rel="noopener noreferrer" className={`${buttonClass(button.variant)} w-full`}>
            {button.label}
          </a>
        ))}
      </div>
    </section>
  );
}
