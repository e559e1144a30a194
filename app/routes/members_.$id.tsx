import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ToastMessage } from "~/components/ui/toaster";
import { listMemberBadges } from "~/features/badges/badges.server";
import { ProfileCard } from "~/features/members/components/member-pieces";
import { getMemberProfile } from "~/features/members/members.server";
import { LiftForm, RestrictionNotice, SuspensionForm } from "~/features/moderation/components/suspension-panel";
import { suspensionSchema } from "~/features/moderation/schemas";
import { liftSuspension, moderationPanelFor, suspendMember } from "~/features/moderation/suspensions.server";
import { requireUser, userCan } from "~/utils/auth.server";
import { forbidden, isAppError } from "~/utils/errors.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.profile.name ?? "Member", matches, "A member's public profile.");

/** A member's public, read-only profile: no e-mail, no edit controls; moderators also get the moderation section. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  try {
    const profile = getMemberProfile(params.id ?? "");
    const moderation = userCan(viewer, "members:suspend") ? moderationPanelFor(viewer, profile.id) : null;
    return { profile, badges: listMemberBadges(profile.id), isOwnProfile: viewer.id === profile.id, moderation };
  } catch (error) {
    if (isAppError(error) && error.status === 404) throw new Response("Member not found", { status: 404 });
    throw error;
  }
}

const errorToast = (description: string): ToastMessage => ({ id: String(Date.now()), title: "Error", description, variant: "destructive" });

/** The moderation section's forms (intent suspend | lift); success comes back here with a toast, failure keeps the input. */
export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request);
  const userId = params.id ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  const submission = parseWithZod(formData, { schema: suspensionSchema });
  const fail = (status: number, message: string, fieldErrors?: Record<string, string[]>, headers?: Record<string, string>) =>
    data({ result: submission.reply({ formErrors: [message], fieldErrors }), toast: errorToast(message) }, { status, headers });
  try {
    if (!userCan(viewer, "members:suspend")) throw forbidden();
    const actor = { id: viewer.id, email: viewer.email };
    const back = `${routes.member(userId)}#moderation`;
    if (intent === "lift") {
      const lifted = liftSuspension({ actor, userId });
      return redirectWithToast(back, { title: "Success", description: lifted.kind === "suspend" ? "Suspension lifted" : "Silence lifted" });
    }
    if (submission.status !== "success") {
      return data({ result: submission.reply(), toast: errorToast("Please check the form and try again.") }, { status: 400 });
    }
    const restriction = suspendMember({ actor, userId, ...submission.value });
    return redirectWithToast(back, { title: "Success", description: restriction.kind === "suspend" ? "Member suspended" : "Member silenced" });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return fail(error.status, error.message, error.fieldErrors, error.headers);
  }
}

export default function MemberProfilePage() {
  const { profile, badges, isOwnProfile, moderation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
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
      <ProfileCard profile={profile} badges={badges} />
      {moderation ? (
        <section id="moderation" aria-labelledby="moderation-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="moderation-heading" className="text-lg font-semibold text-slate-900">
            Moderation
          </h2>
          {moderation.restriction ? (
            <div className="mt-3 flex flex-wrap items-start justify-between gap-3 rounded-lg bg-red-50 p-3">
              <RestrictionNotice restriction={moderation.restriction} />
              {moderation.refusal ? null : <LiftForm action={routes.member(profile.id)} name={profile.name} />}
            </div>
          ) : (
            <p className="mt-1 text-sm text-slate-600">Not suspended or silenced.</p>
          )}
          {moderation.refusal ? (
            <p className="mt-3 text-sm text-slate-600">{moderation.refusal}</p>
          ) : (
            <div className="mt-4">
              <SuspensionForm id="suspension-form" action={routes.member(profile.id)} lastResult={actionData?.result} />
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
