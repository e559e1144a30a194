import type { ReactNode } from "react";
import { AppLink } from "./app-link";
import { buttonClass, type ButtonVariant } from "./button";

/** A page's one action that is a link (to another page), shown as a button. */
type HeaderLink = { to: string; label: string; variant?: ButtonVariant };

/** A page title with an optional description and actions (or one `link` as a button). */
export function PageHeader({ title, description, actions, link }: { title: string; description?: ReactNode; actions?: ReactNode; link?: HeaderLink }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
      </div>
      {link ? (
        <AppLink to={link.to} className={buttonClass(link.variant)}>
          {link.label}
        </AppLink>
      ) : null}
      {actions}
    </div>
  );
}

/** An honest empty state. */
export function EmptyState({ title, message, children }: { title: string; message: ReactNode; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center" data-testid="empty-state">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mx-auto mt-2 max-w-prose text-slate-600">{message}</p>
      {children ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}>{children}</section>;
}
