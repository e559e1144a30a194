import { updateProfile } from "~/features/members/index.server";
import { requestInfoOf } from "~/utils/request-context";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import type { ReactNode } from "react";
import type { z, ZodTypeAny } from "zod";
import { FormField } from "~/components/ui/form-field";
import { IntentForm } from "~/components/ui/intent-form";
import { getFormProps, getInputProps, useServerForm, type FieldMetadata, type FormMetadata, type FormResult } from "~/components/ui/use-server-form";
import { changePassword, deleteAccount, getNotificationPreferences, listAccountSessions, signOutOtherSessions, updateNotificationPreferences, type NotificationPreferences } from "~/features/account/index.server";
import { changeEmailConstraints, changePasswordConstraints, deleteAccountConstraints, setPasswordConstraints } from "~/features/account";
import { pendingEmailOf, requestEmailChange, changeEmailSchema, changePasswordFormSchema, deleteAccountSchema, requireUser, setPasswordFormSchema } from "~/features/auth/index.server";
import { ConnectButton } from "~/features/identities/components/provider-buttons";
import { isProviderId, type IdentityView, type ProviderView } from "~/features/identities";
import { disconnectIdentity, listIdentities, listProviders } from "~/features/identities/index.server";
import { listBlockedMembers, unblockMember } from "~/features/blocks/index.server";
import { notFound } from "~/utils/errors.server";
import { readFormData } from "~/utils/http.server";
import { answerFormRefusal, dispatchIntent, fieldMessagesFirst, handleRefusal, submitSchemaFormAsync } from "~/utils/page-action.server";
import { pageMeta } from "~/utils/meta";
import { routes } from "~/utils/routes";
import { currentSessionId, destroyUserSession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { errorToast, successToast } from "~/utils/toast";
import { buttonClass } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Account settings", matches);

export async function loader({ request, url }: LoaderFunctionArgs) {
  const user = await requireUser(request, { returnTo: url });
  return {
    email: user.email,
    hasPassword: user.hasPassword,
    identities: await listIdentities(user.id),
    providers: listProviders(),
    isEmailVerified: user.emailVerifiedAt !== null,
    pendingEmail: await pendingEmailOf(user.id),
    sessions: await listAccountSessions({ userId: user.id, currentSid: await currentSessionId(request) }),
    preferences: await getNotificationPreferences(user.id),
    allowPrivateMessages: user.allowPrivateMessages,
    blockedMembers: (await listBlockedMembers(user.id)).map((member) => ({ id: member.id, name: member.displayName })),
  };
}

const section = (id: string) => `${routes.accountSettings}#${id}`;
const preferenceKeys = ["replies", "mentions", "messages", "meetingReminders", "weeklyDigest"] as const;

/**
 * A form with a password: validated with its schema, then `work`; a refused form answers 400 (or the
 * error's status) with the typed values (passwords hidden) and the messages under their fields.
 */
async function submitPasswordForm<Intent extends string, Schema extends ZodTypeAny>(
  intent: Intent,
  formData: FormData,
  schema: Schema,
  hideFields: string[],
  work: (value: z.output<Schema>) => Promise<Response>,
) {
  const outcome = await submitSchemaFormAsync(formData, schema, work, { hideFields, messagesOf: fieldMessagesFirst });
  return outcome.ok ? outcome.saved : answerFormRefusal(outcome, { intent });
}

/** One action per form, chosen by `intent`; each calls the same feature function as /api/account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const meta = { clientIp: requestInfoOf(context).clientIp };
  return dispatchIntent(formData, {
    password: () =>
      submitPasswordForm("password", formData, changePasswordFormSchema, ["currentPassword", "newPassword", "confirmPassword"], async (input) => {
        await changePassword({ userId: user.id, input, currentSid: await currentSessionId(request), meta });
        return redirectWithToast(section("password"), successToast("Your new password is set. Your other sessions were signed out.", "Password changed"));
      }),
    // A member without a password (external sign-in) sets one without a current password (decision 0112).
    "set-password": () =>
      submitPasswordForm("set-password", formData, setPasswordFormSchema, ["newPassword", "confirmPassword"], async (input) => {
        await changePassword({ userId: user.id, input, currentSid: await currentSessionId(request), meta });
        return redirectWithToast(section("password"), successToast("Your password is set: you can sign in with your e-mail and it too.", "Password set"));
      }),
    disconnect: () =>
      handleRefusal(
        async () => {
          const provider = formData.get("provider");
          if (!isProviderId(provider)) throw notFound("Unknown provider.");
          await disconnectIdentity({ userId: user.id, provider });
          return redirectWithToast(section("connected-accounts"), successToast("Disconnected. You can connect it again at any time."));
        },
        (error) => redirectWithToast(section("connected-accounts"), errorToast(error.message, "Not disconnected")),
      ),
    email: () =>
      submitPasswordForm("email", formData, changeEmailSchema, ["currentPassword"], async (input) => {
        const { pendingEmail } = await requestEmailChange({ userId: user.id, input, meta });
        return redirectWithToast(section("email"), successToast(`We sent a link to ${pendingEmail}. Your e-mail changes when you follow it.`, "Check your inbox"));
      }),
    "sign-out-others": async () => {
      const { signedOutSessions } = await signOutOtherSessions({ userId: user.id, currentSid: await currentSessionId(request) });
      const description = signedOutSessions === 0 ? "No other session was signed in." : `Signed out ${signedOutSessions} other ${signedOutSessions === 1 ? "session" : "sessions"}.`;
      return redirectWithToast(section("sessions"), successToast(description));
    },
    // 'Allow private messages from other members' (docs/messages.md), saved like PUT /api/profile's allowPrivateMessages.
    "private-messages": async () => {
      const isAllowed = formData.get("allowPrivateMessages") === "on";
      await updateProfile(user.id, { allowPrivateMessages: isAllowed });
      return redirectWithToast(section("private-messages"), successToast(isAllowed ? "Members can write to you." : "Private messages are off: only moderators and admins can write to you."));
    },
    preferences: async () => {
      const input = Object.fromEntries(preferenceKeys.map((key) => [key, formData.get(key) === "on"])) as NotificationPreferences;
      await updateNotificationPreferences({ userId: user.id, input });
      return redirectWithToast(section("notifications"), successToast("Your e-mail preferences are saved."));
    },
    unblock: () =>
      handleRefusal(
        async () => {
          const { name } = await unblockMember({ blocker: user, memberId: formData.get("memberId") });
          return redirectWithToast(section("blocked-members"), successToast(`You unblocked ${name}.`));
        },
        (error) => redirectWithToast(section("blocked-members"), errorToast(error.message)),
      ),
    "delete-account": () =>
      submitPasswordForm("delete-account", formData, deleteAccountSchema, ["password"], async (input) => {
        await deleteAccount({ userId: user.id, input, meta });
        const cookie = await destroyUserSession(request);
        const farewell = successToast("Your account and personal data are deleted. Thank you for being part of the community.", "Account deleted");
        return redirectWithToast(routes.home, farewell, { headers: { "Set-Cookie": cookie } });
      }),
  });
}

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const whenText = (iso: string | null) => (iso ? `${dateTime.format(new Date(iso))} UTC` : "unknown");

export default function AccountSettingsPage() {
  const { email, hasPassword: isPasswordSet, identities, providers, isEmailVerified, pendingEmail, sessions, preferences, allowPrivateMessages, blockedMembers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string): FormResult | undefined => (actionData && actionData.intent === intent ? (actionData.result as FormResult) : undefined);
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold text-slate-900 sm:text-3xl">Account settings</h1>
      <p className="mb-6 text-sm text-slate-600">
        Your password, e-mail, sessions and data. Your name, picture and bio are on your{" "}
        <AppLink to={routes.profile} className="font-medium text-indigo-700 hover:underline">
          profile
        </AppLink>
        .
      </p>
      {isPasswordSet ? <PasswordSection lastResult={resultFor("password")} /> : <SetPasswordSection lastResult={resultFor("set-password")} />}
      <ConnectedAccountsSection identities={identities} providers={providers} hasPassword={isPasswordSet} />
      <EmailSection email={email} isVerified={isEmailVerified} pendingEmail={pendingEmail} lastResult={resultFor("email")} />
      <SessionsSection sessions={sessions} />
      <PreferencesSection preferences={preferences} />
      <PrivateMessagesSection isAllowed={allowPrivateMessages} />
      <BlockedMembersSection members={blockedMembers} />
      <DataSection />
      <DeleteSection lastResult={resultFor("delete-account")} />
    </>
  );
}

function Section({ id, title, children, tone = "default" }: { id: string; title: string; children: ReactNode; tone?: "default" | "danger" }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={`mt-6 space-y-4 rounded-xl border bg-white p-5 shadow-sm ${tone === "danger" ? "border-red-200" : "border-slate-200"}`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function FormErrorsBox({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {errors.join(" ")}
    </p>
  );
}

function SubmitButton({ intent, children, isDanger = false }: { intent: string; children: string; isDanger?: boolean }) {
  const isBusy = useIsPending({ state: "submitting", intent });
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      disabled={isBusy}
      className={buttonClass(isDanger ? "danger" : "primary")}
    >
      {isBusy ? "Saving..." : children}
    </button>
  );
}

/** A section's form posted to this page: the form's errors above its fields, its submit button (with the intent) below. */
function AccountForm({ form, intent, submitLabel, isDanger, children }: { form: FormMetadata; intent: string; submitLabel: string; isDanger?: boolean; children: ReactNode }) {
  return (
    <Form method="post" action={routes.accountSettings} preventScrollReset {...getFormProps(form)} className="space-y-4">
      <FormErrorsBox id={form.errorId} errors={form.errors} />
      {children}
      <SubmitButton intent={intent} isDanger={isDanger}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}

/** A password field: the current one (to confirm a change) or a new one. */
function PasswordField({ label, field, isNew = false, hint }: { label: string; field: FieldMetadata; isNew?: boolean; hint?: string }) {
  return (
    <FormField label={label} hint={hint} errors={field.errors} inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete: isNew ? "new-password" : "current-password" }} />
  );
}

/** The new password and its confirmation (Change password, Set a password). */
function NewPasswordFields({ newPassword, confirmPassword }: { newPassword: FieldMetadata; confirmPassword: FieldMetadata }) {
  return (
    <>
      <PasswordField label="New password" hint="At least 8 characters, not a common password." field={newPassword} isNew />
      <PasswordField label="Confirm new password" field={confirmPassword} isNew />
    </>
  );
}

function PasswordSection({ lastResult }: { lastResult?: FormResult }) {
  const [form, fields] = useServerForm({ id: "password-form", lastResult, constraint: changePasswordConstraints });
  return (
    <Section id="password" title="Change password">
      <AccountForm form={form} intent="password" submitLabel="Change password">
        <PasswordField label="Current password" field={fields.currentPassword} />
        <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
        <p className="text-sm text-slate-600">Your other sessions are signed out, and we e-mail you that the password changed.</p>
      </AccountForm>
    </Section>
  );
}

function SetPasswordSection({ lastResult }: { lastResult?: FormResult }) {
  const [form, fields] = useServerForm({ id: "set-password-form", lastResult, constraint: setPasswordConstraints });
  return (
    <Section id="password" title="Set a password">
      <p className="text-sm text-slate-600">You joined with a connected account and have no password yet. Set one to sign in with your e-mail too.</p>
      <AccountForm form={form} intent="set-password" submitLabel="Set password">
        <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
      </AccountForm>
    </Section>
  );
}

/** Each configured provider with Connect or Disconnect (docs/accounts.md, "Connected accounts"). */
function ConnectedAccountsSection({ identities, providers, hasPassword: isPasswordSet }: { identities: IdentityView[]; providers: ProviderView[]; hasPassword: boolean }) {
  const connected = new Map(identities.map((identity) => [identity.provider, identity]));
  // A connected identity of a provider no longer configured still shows, so it can be disconnected.
  const shown: ProviderView[] = [...providers, ...identities.filter((identity) => !providers.some((provider) => provider.id === identity.provider)).map((identity) => ({ id: identity.provider, name: identity.name }))];
  if (shown.length === 0) return null;
  return (
    <Section id="connected-accounts" title="Connected accounts">
      <p className="text-sm text-slate-600">Sign in with these accounts instead of your password.{isPasswordSet ? "" : " You have no password yet: keep at least one connected, or set a password."}</p>
      <ul className="divide-y divide-slate-100" data-testid="connected-accounts">
        {shown.map((provider) => {
          const identity = connected.get(provider.id);
          return (
            <li key={provider.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{provider.name}</span>
                <span className="block text-slate-600">{identity ? `Connected ${whenText(identity.connectedAt)}` : "Not connected"}</span>
              </span>
              {identity ? (
                <IntentForm action={routes.accountSettings} intent="disconnect" fields={{ provider: provider.id }} aria-label={`Disconnect ${provider.name}`} className={buttonClass("danger-outline", "sm")}>
                  Disconnect
                </IntentForm>
              ) : providers.some((configured) => configured.id === provider.id) ? (
                <ConnectButton provider={provider} />
              ) : null}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function EmailSection({ email, isVerified, pendingEmail, lastResult }: { email: string; isVerified: boolean; pendingEmail: string | null; lastResult?: FormResult }) {
  const [form, fields] = useServerForm({ id: "email-form", lastResult, constraint: changeEmailConstraints });
  return (
    <Section id="email" title="Change e-mail">
      <p className="text-sm text-slate-700">
        Your e-mail is <strong className="font-semibold">{email}</strong> ({isVerified ? "verified" : "not verified yet"}).
      </p>
      {pendingEmail ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="pending-email">
          Waiting for confirmation: {pendingEmail}. Follow the link we sent there to use it.
        </p>
      ) : null}
      <AccountForm form={form} intent="email" submitLabel="Send confirmation link">
        <FormField
          label="New e-mail"
          hint="We send a link to the new address; it is used once you follow the link. Your current address gets a notice."
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <PasswordField label="Current password" field={fields.currentPassword} />
      </AccountForm>
    </Section>
  );
}

type SessionView = { id: string; device: string; lastSeenAt: string | null; signedInAt: string | null; current: boolean };

function SessionsSection({ sessions }: { sessions: SessionView[] }) {
  const others = sessions.filter((session) => !session.current).length;
  return (
    <Section id="sessions" title="Sessions">
      <p className="text-sm text-slate-600">Where you are signed in. If you do not recognise one, sign out the others and change your password.</p>
      <ul className="divide-y divide-slate-100" data-testid="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="py-2 text-sm">
            <span className="font-medium text-slate-900">{session.device}</span>
            {session.current ? <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">This device</span> : null}
            <span className="block text-slate-600">
              Last seen {whenText(session.lastSeenAt)} · signed in {whenText(session.signedInAt)}
            </span>
          </li>
        ))}
      </ul>
      <IntentForm action={routes.accountSettings} intent="sign-out-others" disabled={others === 0} className={`${buttonClass("danger-outline")} disabled:cursor-not-allowed disabled:opacity-60`}>
        Sign out other sessions
      </IntentForm>
    </Section>
  );
}

const preferenceLabels: Record<keyof NotificationPreferences, string> = {
  replies: "Replies to my posts and replies",
  mentions: "Mentions of me",
  messages: "Private messages to me",
  meetingReminders: "Reminders 24 hours before meetings I registered for",
  weeklyDigest: "A weekly digest of the most active discussions",
};

function PreferencesSection({ preferences }: { preferences: NotificationPreferences }) {
  return (
    <Section id="notifications" title="Notification e-mails">
      <Form method="post" action={routes.accountSettings} preventScrollReset className="space-y-3">
        <fieldset className="space-y-2">
          <legend className="text-sm text-slate-600">E-mail me about:</legend>
          {(Object.keys(preferenceLabels) as (keyof NotificationPreferences)[]).map((key) => (
            <label key={key} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name={key} defaultChecked={preferences[key]} className="h-4 w-4 rounded border-slate-300" />
              {preferenceLabels[key]}
            </label>
          ))}
        </fieldset>
        <p className="text-xs text-slate-500">Every such e-mail also has a one-click unsubscribe link. Account e-mails (password, verification) are always sent.</p>
        <SubmitButton intent="preferences">Save</SubmitButton>
      </Form>
    </Section>
  );
}

function PrivateMessagesSection({ isAllowed }: { isAllowed: boolean }) {
  return (
    <Section id="private-messages" title="Private messages">
      <Form method="post" action={routes.accountSettings} preventScrollReset className="space-y-3">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" name="allowPrivateMessages" defaultChecked={isAllowed} className="h-4 w-4 rounded border-slate-300" />
          Allow private messages from other members
        </label>
        <p className="text-xs text-slate-500">When this is off, members get a refusal when they write to you. Moderators and admins can always write to you.</p>
        <SubmitButton intent="private-messages">Save</SubmitButton>
      </Form>
    </Section>
  );
}

function BlockedMembersSection({ members }: { members: { id: string; name: string }[] }) {
  return (
    <Section id="blocked-members" title="Blocked members">
      {members.length === 0 ? (
        <p className="text-sm text-slate-600">You have not blocked anyone. Block a member from their profile to collapse what they write.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {members.map((member) => (
            <li key={member.id} className="flex items-center justify-between gap-3 py-2">
              <AppLink to={routes.member(member.id)} className="font-medium text-slate-900 hover:underline">
                {member.name}
              </AppLink>
              <IntentForm action={routes.accountSettings} intent="unblock" fields={{ memberId: member.id }} aria-label={`Unblock ${member.name}`} className={buttonClass("secondary", "sm")}>
                Unblock
              </IntentForm>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function DataSection() {
  return (
    <Section id="data" title="Download my data">
      <p className="text-sm text-slate-600">
        A JSON file with your profile, posts, replies, likes, ratings, comments, meeting registrations, badges and points history.
      </p>
      <a href={routes.accountExport} download className={buttonClass("outline")}>
        Download my data
      </a>
    </Section>
  );
}

function DeleteSection({ lastResult }: { lastResult?: FormResult }) {
  const [form, fields] = useServerForm({ id: "delete-form", lastResult, constraint: deleteAccountConstraints });
  return (
    <Section id="delete" title="Delete my account" tone="danger">
      <p className="text-sm text-slate-700">
        This cannot be undone. Your name, e-mail, bio, picture, sessions, likes, ratings, comments, meeting registrations, badges and points are deleted.{" "}
        <strong className="font-semibold">Your posts and replies stay, shown as written by &lsquo;Deleted member&rsquo;</strong>, so discussions keep making sense.
      </p>
      <AccountForm form={form} intent="delete-account" submitLabel="Delete my account" isDanger>
        <PasswordField label="Your password" field={fields.password} />
      </AccountForm>
    </Section>
  );
}
