import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listMemberBadges } from "~/features/badges/badges.server";
import { ProfileCard } from "~/features/members/components/member-pieces";
import { getMemberProfile } from "~/features/members/members.server";
import { ReportLink } from "~/features/moderation/components/report-link";
import { requireUser } from "~/utils/auth.server";
import { isAppError } from "~/utils/errors.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.profile.name ?? "Member", matches, "A member's public profile.");

/** A member's public, read-only profile: no e-mail, no edit controls. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  try {
    const profile = getMemberProfile(params.id ?? "");
    return { profile, badges: listMemberBadges(profile.id), isOwnProfile: viewer.id === profile.id };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Member not found", { status: 404 });
    throw error;
  }
}

export default function MemberProfilePage() {
  const { profile, badges, isOwnProfile } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <Link to={routes.members} className="text-sm font-semibold text-indigo-700 hover:underline">
          ← Back to members
        </Link>
        {isOwnProfile ? (
          <Link to={routes.profile} className="text-sm font-semibold text-indigo-700 hover:underline">
            This is your public profile: edit it on your profile page
          </Link>
        ) : (
          <ReportLink type="user" id={profile.id} className="text-sm font-medium text-slate-600 hover:text-red-700 hover:underline" label={`Report ${profile.name}`} />
        )}
      </div>
      <h1 className="sr-only">{profile.name}</h1>
      <ProfileCard profile={profile} badges={badges} />
    </>
  );
}
