import { AppLink } from "~/components/ui/app-link";
import { SocialLinkList, type SocialPlatform } from "~/components/ui/social-icon";
import type { SocialIconShape } from "~/components/ui/social-icon-shapes";
import type { ReactNode } from "react";
import { buttonClass } from "~/components/ui/button";

export type SocialLink = { platform: SocialPlatform; url: string; icon: SocialIconShape };

/**
 * A band of the page below the hero: a section labelled by its heading, in a centred column (the
 * closing call to join: narrow, centred, on the dark band). `isAnchor`: the section is the target of
 * "#<id>" (Learn More).
 */
function LandingBand({ id, title, className, isAnchor = false, isNarrow = false, children }: { id: string; title: string; className: string; isAnchor?: boolean; isNarrow?: boolean; children: ReactNode }) {
  return (
    <section id={isAnchor ? id : undefined} aria-labelledby={`${id}-heading`} className={className}>
      <div className={isNarrow ? "mx-auto max-w-3xl px-4 py-16 text-center sm:px-6" : "mx-auto max-w-6xl px-4 py-16 sm:px-6"}>
        <h2 id={`${id}-heading`} className={isNarrow ? "text-3xl font-bold" : "text-center text-3xl font-bold text-slate-900"}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

const MISSION_WORDS = ["Question", "Understand", "Adapt", "Discover", "Share"] as const;

const FEATURES = [
  { icon: "💬", title: "Community Discussions", text: "Join conversations about AI with members from beginner to expert." },
  { icon: "🎥", title: "Weekly Live Meetings", text: "Meet every week on live video to explore the latest AI trends together." },
  { icon: "🏆", title: "Gamified Learning", text: "Earn badges and climb levels as you learn, share and take part." },
  { icon: "📚", title: "AI Resource Library", text: "Browse curated reviews of AI tools picked by the community." },
  { icon: "🎵", title: "AI Music Artists", text: "Discover and rate artists in our AI music artists showcase." },
  { icon: "💜", title: "Support the Community", text: "Keep the community going through donations and our membership-funding platform." },
] as const;

const BADGES = [
  { icon: "🧭", name: "Explorer", level: "Beginner", text: "Automatic on joining." },
  { icon: "🤝", name: "Community Helper", level: "Intermediate", text: "Help 25 members." },
  { icon: "📖", name: "Resource Guru", level: "Advanced", text: "Share 10 resources." },
  { icon: "📅", name: "Meeting Regular", level: "Active", text: "Attend 10 meetings." },
  { icon: "💎", name: "Supporter", level: "Patron", text: "Donate or become a patron." },
  { icon: "🚀", name: "AI Innovator", level: "Expert", text: "Contribute significantly to AI discussions." },
] as const;

const textLink =
  "inline-flex min-h-11 items-center font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600";

function Logo() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-linear-to-br from-indigo-600 to-violet-600 text-xl font-extrabold text-white"
    >
      Q
    </span>
  );
}

/** The signed-out home page: what the community offers and how to join. */
export function LandingPage({
  communityName,
  socialLinks,
  themeMenu,
  year,
}: {
  communityName: string;
  socialLinks: SocialLink[];
  /** The Light / Dark / System menu, drawn by the root layout (app/root.tsx). */
  themeMenu?: ReactNode;
  /** The current year, from the server's clock (the copyright line). */
  year: number;
}) {
  const activeSocialLinks = socialLinks.filter((link) => link.url);

  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <AppLink to="/" className="flex items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-indigo-600">
            <Logo />
            <span className="flex flex-col leading-tight">
              <span className="text-lg font-bold text-slate-900">{communityName}</span>
              <span className="text-sm text-slate-600">AI Community Platform</span>
            </span>
          </AppLink>
          <nav aria-label="Account" className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <AppLink to="/login" className={textLink}>
              Already a member? Sign In Here
            </AppLink>
            <AppLink to="/login" className={buttonClass("primary", "lg")}>
              Join the Community
            </AppLink>
            {themeMenu}
          </nav>
        </div>
      </header>

      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <section aria-labelledby="hero-heading" className="bg-linear-to-b from-indigo-50 to-white">
          <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
            <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Level up in AI with{" "}
              <span className="text-violet-700">{communityName}</span>
            </h1>
            <p className="mt-4 text-lg text-slate-700">
              A community for AI enthusiasts, guided by a five-word mission.
            </p>
            <ul data-testid="mission-words" className="mt-8 flex flex-wrap justify-center gap-3">
              {MISSION_WORDS.map((word) => (
                <li key={word} className="rounded-full border border-indigo-200 bg-white px-4 py-2 text-base font-medium text-slate-800">
                  <span className="text-xl font-extrabold text-indigo-700">{word.charAt(0)}</span>
                  {word.slice(1)}
                </li>
              ))}
            </ul>
            <p className="mt-8 text-lg font-semibold text-slate-900">Joining is free.</p>
            <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <AppLink to="/login" className={buttonClass("primary", "lg")}>
                Join for Free
              </AppLink>
              <a href="#features" className={buttonClass("secondary", "lg")}>
                Learn More
              </a>
            </div>
            <p className="mt-4 text-slate-700">
              Already a member?{" "}
              <AppLink to="/login" className={textLink}>
                Sign In
              </AppLink>
            </p>
          </div>
        </section>

        <LandingBand id="features" title="Everything you need to grow in AI" className="scroll-mt-4" isAnchor>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span aria-hidden="true" className="text-3xl">
                  {feature.icon}
                </span>
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{feature.title}</h3>
                <p className="mt-2 text-slate-700">{feature.text}</p>
              </li>
            ))}
          </ul>
        </LandingBand>

        <LandingBand id="badges" title="Level Up Your AI Journey" className="bg-indigo-50">
          <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700">
            Earn badges as you take part, from your first day to expert.
          </p>
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {BADGES.map((badge) => (
              <li key={badge.name} data-testid="landing-badge" className="flex items-start gap-4 rounded-2xl bg-white p-5 shadow-sm">
                <span aria-hidden="true" className="text-3xl">
                  {badge.icon}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{badge.name}</h3>
                  <p className="mt-1 inline-block rounded-full bg-violet-100 px-2.5 py-0.5 text-sm font-medium text-violet-800">
                    {badge.level}
                  </p>
                  <p className="mt-2 text-sm text-slate-700">{badge.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </LandingBand>

        <LandingBand id="join" title={`Ready to join ${communityName}?`} className="bg-linear-to-br from-indigo-700 to-violet-800 text-white" isNarrow>
          <p className="mt-3 text-lg text-indigo-100">Question, Understand, Adapt, Discover, Share. Joining is free.</p>
          <SocialLinkList
            links={activeSocialLinks}
            listClassName="mt-8 flex flex-wrap justify-center gap-3"
            linkClassName="inline-flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          />
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a
              href="/api/login"
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-6 py-3 font-semibold text-indigo-700 shadow-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              Get Started Now
            </a>
            <AppLink
              to="/login"
              className="inline-flex min-h-11 items-center font-medium text-white underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-white"
            >
              Sign in to your account
            </AppLink>
          </div>
        </LandingBand>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-8 sm:flex-row sm:justify-between sm:px-6">
          <div className="flex items-center gap-3">
            <Logo />
            <span className="font-semibold text-slate-900">{communityName}</span>
          </div>
          <p className="text-sm text-slate-600">{`© ${year} ${communityName}. All rights reserved.`}</p>
        </div>
      </footer>
    </div>
  );
}
