import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { listMemberBadges } from "~/features/badges/badges.server";
import { blockMember, getBlockState, unblockMember } from "~/features/blocks/blocks.server";
import { ProfileCard } from "~/features/members/components/member-pieces";
import { getMemberProfile } from "~/features/members/members.server";
import { requireUser } from "~/utils/auth.server";
import { isAppError } from "~/utils/errors.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.profile.name ?? "Member", matches, "A member's public profile.");

/** A member's public, read-only profile: no e-mail, no edit controls; Block / Unblock for another member. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  try {
    const profile = getMemberProfile(params.id ?? "");
    return {
      profile,
      badges: listMemberBadges(profile.id),
      isOwnProfile: viewer.id === profile.id,
      block: getBlockState({ viewerId: viewer.id, memberId: profile.id }),
    };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Member not found", { status: 404 });
    throw error;
  }
}

/** The Block / Unblock button (intent block | unblock): the same blockMember / unblockMember as /api/users/{id}/block. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const memberId = params.id ?? "";
  const back = routes.member(memberId);
  const intent = String((await request.formData()).get("intent") ?? "");
  try {
    if (intent === "block") {
      const { name } = blockMember({ blocker: user, memberId });
      return redirectWithToast(back, { title: "Success", description: `You blocked ${name}. Their posts, replies and comments are collapsed for you.` });
    }
    if (intent === "unblock") {
      const { name } = unblockMember({ blocker: user, memberId });
      return redirectWithToast(back, { title: "Success", description: `You unblocked ${name}.` });
    }
    return redirectWithToast(back, { title: "Error", description: "Unknown action.", variant: "destructive" });
  } catch (error) {
    if (!isAppError(error) || error.status >= 500) throw error;
    if (error.status === 404) throw new Response("Member not found", { status: 404 });
    return redirectWithToast(back, { title: "Error", description: error.message, variant: "destructive" });
  }
}

export default function MemberProfilePage() {
  const { profile, badges, isOwnProfile, block } = useLoaderData<typeof loader>();
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
        ) : null}
      </div>
      <h1 className="sr-only">{profile.name}</h1>
      <ProfileCard
        profile={profile}
        badges={badges}
        headerActions={
          block.isBlocked || block.canBlock ? (
            <Form method="post" preventScrollReset>
              <button
                type="submit"
                name="intent"
                value={block.isBlocked ? "unblock" : "block"}
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-50"
              >
                {block.isBlocked ? "Unblock" : "Block"}
              </button>
            </Form>
          ) : null
        }
      >
        {block.isBlocked ? <p className="text-sm text-slate-600">You blocked this member: their posts, replies and comments are collapsed for you.</p> : null}
      </ProfileCard>
    </>
  );
}
