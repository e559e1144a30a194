import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { FormField, FieldErrors } from "~/components/ui/form-field";
import { IntentForm } from "~/components/ui/intent-form";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useServerForm } from "~/components/ui/use-server-form";
import { NameFields } from "~/features/auth/components/name-fields";
import { failureFieldErrors, type FormResult } from "~/components/ui/form-failure";
import { listMemberBadges } from "~/features/badges/index.server";
import { ViewAllBadgesLink } from "~/features/badges/components/badge-pieces";
import { AvatarForm } from "~/features/members/components/avatar-form";
import { ProfileCard } from "~/features/members/components/member-pieces";
import { getMemberProfile, updateProfile, profileFormSchema } from "~/features/members/index.server";
import { profileConstraints } from "~/features/members";
import { asFileFieldError, createUpload, readUploadedFile } from "~/features/uploads/index.server";
import { USERNAME_RULE } from "~/features/auth";
import { feedUrlsOf, rotateFeedToken } from "~/features/feeds/index.server";
import { useEffect, useState } from "react";
import { requireUser } from "~/features/auth/index.server";
import { getEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/meta";
import { pictureLimits } from "~/utils/upload-limit";
import { routes } from "~/utils/routes";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/http.server";
import { answerFormOutcome, dispatchIntent, formFailure, formResult, handleRefusal, submitSchemaFormAsync } from "~/utils/page-action.server";
import { successToast } from "~/utils/toast";
import { buttonClass } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Profile", matches);

const EDIT_URL = `${routes.profile}?edit=1`;

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return {
    profile: await getMemberProfile(user.id),
    badges: await listMemberBadges(user.id),
    isEditing: url.searchParams.has("edit"),
    pictureLimits: pictureLimits(getEnv().UPLOAD_MAX_BYTES),
    // The private feed links stay here (docs/discussions.md, "Private feeds"); the blocked list is on /settings/account.
    feeds: await feedUrlsOf(user.id, getEnv().PUBLIC_URL),
    form: {
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: user.displayName,
      username: user.username,
      skillLevel: user.skillLevel,
      bio: user.bio ?? "",
      interests: user.interests.join(", "),
    },
  };
}

const PROFILE_FAILED = "Failed to update profile. Please try again.";

/**
 * The profile's forms, by intent: the Edit Profile form (no intent; its Cancel is a link back to
 * /profile), the picture (`avatar`, `remove-avatar`) and the feed links (`rotate-feed`).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  return dispatchIntent(formData, {
    "": () => saveProfile(request, user, formData),
    avatar: () => saveAvatar(user, formData.get("avatar")),
    "remove-avatar": () => removeAvatar(user),
    "rotate-feed": async () => {
      await rotateFeedToken(user.id);
      return redirectWithToast(FEEDS_URL, successToast("New feed links made. The old ones no longer work."));
    },
  });
}

/** Saves the Edit Profile form (same updateProfile as PUT /api/profile); errors keep the input and say why. */
async function saveProfile(request: Request, user: { id: string }, formData: FormData) {
  const outcome = await submitSchemaFormAsync(formData, profileFormSchema, (value) => updateProfile(user.id, { ...value, bio: value.bio ?? null, interests: value.interests ?? "" }), {
    unexpected: { request, message: PROFILE_FAILED },
  });
  return answerFormOutcome(outcome, { redirectTo: routes.profile, success: "Profile updated successfully!", failure: PROFILE_FAILED, intent: "" });
}

const AVATAR_URL = `${routes.profile}#avatar`;

/**
 * The Profile picture form: the same createUpload and updateProfile as POST /api/uploads then
 * PUT /api/profile. A refusal comes back with the form and the message beside the file field.
 */
async function saveAvatar(user: { id: string }, file: FormDataEntryValue | null) {
  const intent = "avatar";
  return handleRefusal(
    async () => {
      const picked = await readUploadedFile(file, "avatar");
      if (!picked) return formFailure({ intent, result: formResult({}, { avatar: ["Choose a picture first."] }) });
      const upload = await createUpload({ ownerId: user.id, bytes: picked.bytes, kind: "avatar" });
      await updateProfile(user.id, { avatarUploadId: upload.id });
      return redirectWithToast(AVATAR_URL, successToast("Your profile picture is saved."));
    },
    (error) => {
      const refusal = asFileFieldError(error, "avatar");
      return formFailure({ intent, result: formResult({}, { avatar: refusal.fieldErrors?.avatar ?? [refusal.message] }) }, { status: error.status, headers: error.headers });
    },
  );
}

async function removeAvatar(user: { id: string }) {
  await updateProfile(user.id, { avatarUploadId: null });
  return redirectWithToast(AVATAR_URL, successToast("Your profile picture is removed: your initials show instead."));
}

const FEEDS_URL = `${routes.profile}#feeds`;

export default function ProfilePage() {
  const { profile, badges, isEditing, form, feeds, pictureLimits } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const profileFailure = actionData?.intent === "" ? actionData : undefined;
  const avatarFailure = actionData?.intent === "avatar" ? actionData : undefined;
  const isEditOpen = isEditing || Boolean(profileFailure);
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">Profile</h1>
      <ProfileCard
        profile={profile}
        badges={badges}
        headerActions={
          isEditOpen ? null : (
            <Form method="get" action={routes.profile} preventScrollReset>
              <input type="hidden" name="edit" value="1" />
              <button type="submit" className={buttonClass("outline")}>
                Edit Profile
              </button>
            </Form>
          )
        }
        badgesFooter={<ViewAllBadgesLink />}
      >
        {isEditOpen ? <EditProfileForm defaults={form} lastResult={profileFailure?.result} /> : null}
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
          <AppLink to={routes.accountSettings} className={buttonClass("secondary")}>
            Account settings
          </AppLink>
          <Form method="post" action={routes.logout}>
            <button type="submit" className={buttonClass("danger-outline")}>
              Logout
            </button>
          </Form>
        </div>
      </ProfileCard>
      <AvatarForm
        name={profile.name}
        avatarUrl={profile.avatarUrl}
        action={routes.profile}
        limits={pictureLimits}
        errors={failureFieldErrors(avatarFailure)?.avatar}
      />
      <FeedsSection feeds={feeds} />
    </>
  );
}

function FeedLink({ label, url }: { label: string; url: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== "undefined" && Boolean(navigator.clipboard)), []);
  const inputId = `feed-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input id={inputId} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs" />
        {canCopy ? (
          <button
            type="button"
            onClick={() => void navigator.clipboard.writeText(url).then(() => setIsCopied(true))}
            className={`${buttonClass("secondary", "sm")} shrink-0`}
          >
            {isCopied ? "Copied" : "Copy"}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** The member's private feed links (docs/discussions.md, "Private feeds"), and a button to replace them. */
function FeedsSection({ feeds }: { feeds: { discussions: string; categories: { id: number; name: string; url: string }[] } }) {
  return (
    <section id="feeds" aria-labelledby="feeds-heading" className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="feeds-heading" className="text-lg font-semibold text-slate-900">
        Feeds
      </h2>
      <p className="text-sm text-slate-600">
        Follow the discussions in a feed reader. These links are private: anyone who has them can read the discussions, so keep them to yourself. If one leaks, make new
        links.
      </p>
      <FeedLink label="All discussions" url={feeds.discussions} />
      <details>
        <summary className="cursor-pointer text-sm font-medium text-indigo-700">One category</summary>
        <div className="mt-3 space-y-3">
          {feeds.categories.map((category) => (
            <FeedLink key={category.id} label={category.name} url={category.url} />
          ))}
        </div>
      </details>
      <IntentForm action={routes.profile} intent="rotate-feed" className={buttonClass("danger-outline")}>
        Make new feed links
      </IntentForm>
    </section>
  );
}

const fieldClass = (hasError: boolean) =>
  `block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500 ${hasError ? "border-red-500" : "border-slate-300"}`;

function EditProfileForm({ defaults, lastResult }: { defaults: Record<string, string>; lastResult?: FormResult }) {
  const isSaving = useIsPending({ state: "submitting", formMethod: "POST", intent: null });
  const [formMeta, fields] = useServerForm({ id: "profile-form", lastResult, defaultValue: defaults, constraint: profileConstraints });
  return (
    <Form method="post" action={EDIT_URL} {...getFormProps(formMeta)} className="space-y-4 rounded-lg border border-indigo-100 bg-indigo-50/40 p-4" aria-labelledby="edit-profile-heading">
      <h2 id="edit-profile-heading" className="text-lg font-semibold">
        Edit Profile
      </h2>
      {formMeta.errors?.length ? (
        <p className="text-sm text-red-700" role="alert">
          {formMeta.errors.join(" ")}
        </p>
      ) : null}
      <NameFields fields={fields} />
      <FormField
        label="Username"
        hint={`Others mention you as @username. ${USERNAME_RULE}`}
        errors={fields.username.errors}
        inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username", autoCapitalize: "none", spellCheck: false }}
      />
      <div className="space-y-1">
        <label htmlFor={fields.skillLevel.id} className="block text-sm font-medium text-slate-800">
          Skill Level
        </label>
        <select {...getSelectProps(fields.skillLevel)} key={fields.skillLevel.key} className={`${fieldClass(Boolean(fields.skillLevel.errors))} bg-white`}>
          <option value="beginner">Beginner</option>
          <option value="intermediate">Intermediate</option>
          <option value="expert">Expert</option>
        </select>
        <FieldErrors id={fields.skillLevel.errorId} errors={fields.skillLevel.errors} />
      </div>
      <div className="space-y-1">
        <label htmlFor={fields.bio.id} className="block text-sm font-medium text-slate-800">
          Bio
        </label>
        <textarea {...getTextareaProps(fields.bio)} key={fields.bio.key} rows={4} placeholder="Tell the community about yourself..." className={fieldClass(Boolean(fields.bio.errors))} />
        <FieldErrors id={fields.bio.errorId} errors={fields.bio.errors} />
      </div>
      <FormField
        label="Interests"
        hint="Separate interests with commas, e.g. Machine Learning, AI Music."
        errors={fields.interests.errors}
        inputProps={{ ...getInputProps(fields.interests, { type: "text" }) }}
      />
      <div className="flex flex-wrap justify-end gap-3">
        {/* A link, not a button: Enter in a field submits the form's first submit button, which must be Save. */}
        <AppLink to={routes.profile} className={buttonClass("secondary")}>
          Cancel
        </AppLink>
        <button
          type="submit"
          disabled={isSaving}
          className={buttonClass()}
        >
          {isSaving ? "Saving..." : "Save Changes"}
        </button>
      </div>
    </Form>
  );
}
