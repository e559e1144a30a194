/** A link to a member's public profile (/members/:id), for post authors, commenters and the like. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { routes } from "~/utils/routes";

export function MemberLink({ memberId, children, className = "font-semibold hover:underline" }: { memberId: string; children: ReactNode; className?: string }) {
  return (
    <Link to={routes.member(memberId)} className={className}>
      {children}
    </Link>
  );
}
