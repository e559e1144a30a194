import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData, useLocation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { type CurrentUser, requireUser, userCan } from "~/features/auth/index.server";
import { listMemberBadges } from "~/features/badges/index.server";
import { blockMember, getBlockState, unblockMember } from "~/features/blocks/index.server";
import { ProfileCard } from "~/features/members/components/member-pieces";
import { getMemberProfile } from "~/features/members/index.server";
import { ReportLink } from "~/features/reports/components/report-link";
import { LiftForm, RestrictionNotice, SuspensionForm } from "~/features/moderation/components/suspension-panel";
import { suspensionSchema, liftSuspension, moderationPanelFor, suspendMember } from "~/features/moderation/index.server";
import { removeMemberAvatar } from "~/features/uploads/index.server";
import { forbidden, type AppError } from "~/utils/errors.server";
import { CHECK_THE_FORM } from "~/utils/validation.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { handlePage, pageErrorResponse, readFormData } from "~/utils/http.server";
import { redirectWithToast } from "~/utils/toast.server";
import { errorToast, successToast } from "~/utils/toast";
import { buttonClass } from "~/components/ui/button";
import { answerFormRefusal, dispatchIntent, handleRefusal, refuseSchemaForm, submitSchemaFormAsync } from "~/utils/page-action.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(data?.profile.name ?? "Member", matches, "A member's public profile.");

/**
 * A member's public, read-only profile: no e-mail, no edit controls; Block / Unblock for another
 * member; moderators also get the moderation section (suspensions, and 'Remove picture' for
 * another member's avatar).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request);
  return handlePage(async () => {
    const profile = await getMemberProfile(params.id ?? "");
    const moderation = userCan(viewer, "members:suspend") ? await moderationPanelFor(viewer, profile.id) : null;
    return {
      profile,
      canRemoveAvatar: Boolean(profile.avatarUrl) && viewer.id !== profile.id && userCan(viewer, "content:moderate"),
      badges: await listMemberBadges(profile.id),
      isOwnProfile: viewer.id === profile.id,
      block: await getBlockState({ viewerId: viewer.id, memberId: profile.id }),
      moderation,
    };
  });
}


/**
 * The profile's forms: Block / Unblock (intent block | unblock, the same blockMember /
 * unblockMember as /api/users/{id}/block) and, for moderators, the moderation section
 * (intent suspend | lift | remove-avatar). Success comes back here with a toast; a failed
 * suspension keeps the input.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const viewer = await requireUser(request);
  const userId = params.id ?? "";
  const formData = await readFormData(request);
  return dispatchIntent(formData, {
    block: () => blockAction(viewer, userId, "block"),
    unblock: () => blockAction(viewer, userId, "unblock"),
    "remove-avatar": () => removeAvatarAction(viewer, userId),
    lift: () => suspensionAction(viewer, userId, formData, "lift"),
    suspend: () => suspensionAction(viewer, userId, formData, "suspend"),
  });
}

/** The moderation section's suspension form (and its 'Lift'): a refusal keeps the input. */
async function suspensionAction(viewer: CurrentUser, userId: string, formData: FormData, intent: "suspend" | "lift") {
  const back = `${routes.member(userId)}#moderation`;
  const refused = (error: AppError) => answerFormRefusal(refuseSchemaForm(formData, suspensionSchema, error), { intent, toast: errorToast(error.message) });
  // Not allowed comes before bad input: a member learns nothing about the form.
  if (!userCan(viewer, "members:suspend")) return refused(forbidden());
  if (intent === "lift") {
    return handleRefusal(async () => {
      const lifted = await liftSuspension({ actor: viewer, userId });
      return redirectWithToast(back, successToast(lifted.kind === "suspend" ? "Suspension lifted" : "Silence lifted"));
    }, refused);
  }
  const outcome = await submitSchemaFormAsync(formData, suspensionSchema, (input) => suspendMember({ actor: viewer, userId, ...input }));
  if (outcome.ok) return redirectWithToast(back, successToast(outcome.saved.kind === "suspend" ? "Member suspended" : "Member silenced"));
  return answerFormRefusal(outcome, { intent, toast: errorToast(outcome.error ? outcome.message : CHECK_THE_FORM) });
}

async function blockAction(viewer: CurrentUser, memberId: string, intent: "block" | "unblock") {
  const back = routes.member(memberId);
  return handleRefusal(
    async () => {
      if (intent === "block") {
        const { name } = await blockMember({ blocker: viewer, memberId });
        return redirectWithToast(back, successToast(`You blocked ${name}. Their posts, replies and comments are collapsed for you.`));
      }
      const { name } = await unblockMember({ blocker: viewer, memberId });
      return redirectWithToast(back, successToast(`You unblocked ${name}.`));
    },
    (error) => {
      if (error.status === 404) throw pageErrorResponse(error);
      return redirectWithToast(back, errorToast(error.message));
    },
  );
}

/** A moderator removes the member's avatar (docs/uploads.md, "Moderators"): audited, the initials come back. */
async function removeAvatarAction(viewer: CurrentUser, memberId: string) {
  const back = `${routes.member(memberId)}#moderation`;
  return handleRefusal(
    async () => {
      const { name } = await removeMemberAvatar({ actor: viewer, userId: memberId });
      return redirectWithToast(back, successToast(`${name}'s profile picture has been removed.`));
    },
    (error) => redirectWithToast(back, errorToast(error.message)),
  );
}

export default function MemberProfilePage() {
  const { profile, badges, isOwnProfile, block, moderation, canRemoveAvatar } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const isConfirmingAvatarRemoval = canRemoveAvatar && new URLSearchParams(location.search).get("removePicture") === "avatar";
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <AppLink to={routes.members} className="text-sm font-semibold text-indigo-700 hover:underline">
          ← Back to members
        </AppLink>
        {isOwnProfile ? (
          <AppLink to={routes.profile} className="text-sm font-semibold text-indigo-700 hover:underline">
            This is your public profile: edit it on your profile page
          </AppLink>
        ) : (
          <ReportLink type="user" id={profile.id} className="text-sm font-medium text-slate-600 hover:text-red-700 hover:underline" label={`Report ${profile.name}`} />
        )}
      </div>
      <h1 className="sr-only">{profile.name}</h1>
      <ProfileCard
        profile={profile}
        badges={badges}
        headerActions={
          isOwnProfile ? null : (
            <>
              {/* A private conversation with this member (docs/messages.md); the rules answer on sending. */}
              <AppLink to={routes.newMessage(profile.username)} className={buttonClass()}>
                Message
              </AppLink>{" "}
              {block.isBlocked || block.canBlock ? (
                <Form method="post" preventScrollReset className="inline">
                  <button type="submit" name="intent" value={block.isBlocked ? "unblock" : "block"} className={buttonClass("secondary")}>
                    {block.isBlocked ? "Unblock" : "Block"}
                  </button>
                </Form>
              ) : null}
            </>
          )
        }
      >
        {block.isBlocked ? <p className="text-sm text-slate-600">You blocked this member: their posts, replies and comments are collapsed for you.</p> : null}
      </ProfileCard>
      {moderation || canRemoveAvatar ? (
        <section id="moderation" aria-labelledby="moderation-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="moderation-heading" className="text-lg font-semibold text-slate-900">
            Moderation
          </h2>
          {canRemoveAvatar && profile.avatarUrl ? (
            <div className="mt-3 border-b border-slate-100 pb-4">
              {isConfirmingAvatarRemoval ? (
                <div role="alertdialog" aria-labelledby="remove-avatar-title" aria-describedby="remove-avatar-message" className="rounded-lg border border-red-200 bg-red-50 p-4">
                  <h3 id="remove-avatar-title" className="font-semibold text-red-900">
                    Remove {profile.name}&apos;s profile picture?
                  </h3>
                  <p id="remove-avatar-message" className="mt-1 text-sm text-red-800">
                    The picture is deleted and the initials show instead, everywhere. This cannot be undone.
                  </p>
                  <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-center gap-2">
                    <img src={profile.avatarUrl} alt={`Profile picture of ${profile.name}`} width={96} height={96} className="h-24 w-24 rounded-full border border-red-200 object-cover" />
                    <button type="submit" name="intent" value="remove-avatar" className={buttonClass("danger")}>
                      Remove Picture
                    </button>
                    <AppLink to={`${routes.member(profile.id)}#moderation`} preventScrollReset className={buttonClass("secondary")}>
                      Cancel
                    </AppLink>
                  </Form>
                </div>
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p className="text-sm text-slate-600">Profile picture: shown instead of the initials.</p>
                  <AppLink
                    to={`${routes.member(profile.id)}?removePicture=avatar#moderation`}
                    preventScrollReset
                    className={buttonClass("danger-outline", "sm")}
                  >
                    Remove picture
                  </AppLink>
                </div>
              )}
            </div>
          ) : null}
          {!moderation ? null : moderation.restriction ? (
            <div className="mt-3 flex flex-wrap items-start justify-between gap-3 rounded-lg bg-red-50 p-3">
              <RestrictionNotice restriction={moderation.restriction} />
              {moderation.refusal ? null : <LiftForm action={routes.member(profile.id)} name={profile.name} />}
            </div>
          ) : (
            <p className="mt-1 text-sm text-slate-600">Not suspended or silenced.</p>
          )}
          {!moderation ? null : moderation.refusal ? (
            <p className="mt-3 text-sm text-slate-600">{moderation.refusal}</p>
          ) : (
            <div className="mt-4">
              <SuspensionForm id="suspension-form" action={routes.member(profile.id)} lastResult={actionData?.intent === "suspend" || actionData?.intent === "lift" ? actionData.result : undefined} />
            </div>
          )}
        </section>
      ) : null}
    </>
  );
}
