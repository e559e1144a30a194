import { useRouteLoaderData } from "react-router";
import type { ReactNode } from "react";
import { AppLink } from "./app-link";

/**
 * A small centred card for the account pages (forgot and reset password, e-mail verification,
 * unsubscribe): its own <main id="main" tabIndex={-1}> for visitors (the skip link's target, which
 * takes the focus), a plain block inside the app shell's <main> for members.
 */
export function CenteredCard({ children, className = "" }: { children: ReactNode; className?: string }) {
  const root = useRouteLoaderData("root") as { user: unknown } | undefined;
  const isSignedIn = Boolean(root?.user);
  const Wrapper = isSignedIn ? "div" : "main";
  return (
    <Wrapper
      id={isSignedIn ? undefined : "main"}
      tabIndex={isSignedIn ? undefined : -1}
      className={`mx-auto flex max-w-md items-center px-4 focus:outline-none ${isSignedIn ? "py-6" : "min-h-[60vh] py-12"}`}
    >
      <div className={`w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 ${className}`}>{children}</div>
    </Wrapper>
  );
}

/** The way on under a centred card's text ("Back to sign in", "Go to the dashboard"). */
export function CardLink({ to, children, isCentered = false }: { to: string; children: ReactNode; isCentered?: boolean }) {
  return (
    <p className={isCentered ? "mt-6 text-center text-sm" : "mt-6 text-sm"}>
      <AppLink to={to} className="font-medium text-indigo-700 hover:underline">
        {children}
      </AppLink>
    </p>
  );
}
