import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { ColumnHeads } from "~/components/ui/column-heads";
import { Form, useActionData, useLoaderData, useLocation, useNavigation, useSubmit } from "react-router";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { EmptyState } from "~/components/ui/page";
import { Pagination } from "~/components/ui/pagination";
import { RoleBadge } from "~/features/admin/components/role-badge";
import { answerAdminForm, formValues, type AdminActionFailure } from "~/features/admin/index.server";
import { failureMessage, failureValues } from "~/components/ui/form-failure";
import { dispatchIntent } from "~/utils/page-action.server";
import { sendResetLinkAsAdmin, requirePagePermission } from "~/features/auth/index.server";
import { grantSupporterBadge, revokeSupporterBadge, supporterIdsAmong } from "~/features/badges/index.server";
// db/enums, not users/schemas: the component needs only the list, and the schemas module would bring zod to the browser.
import { roles as userRoles } from "../../db/enums";
import { LiftForm, RestrictionNotice, SuspensionForm } from "~/features/moderation/components/suspension-panel";
import { activeRestrictionsOf, liftSuspension, parseSuspensionInput, suspendMember, toRestrictionView } from "~/features/moderation/index.server";
import { changeUserRole, deleteUser, listUsers } from "~/features/users/index.server";
import { displayNameOf } from "~/utils/display-name";
import { pageMeta } from "~/utils/meta";
import { readFormData } from "~/utils/http.server";
import { countLabel } from "~/utils/plural";
import { buttonClass } from "~/components/ui/button";
import { AdminTabHeader } from "~/features/admin/components/tab-header";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Manage Users · Admin Panel", matches);

/** How long, with JavaScript, a deletion can be undone before it is sent (decision 0051). */
export const UNDO_WINDOW_MS = 3000;

export async function loader({ request, url }: LoaderFunctionArgs) {
  const admin = await requirePagePermission(request, "users:manage");
  const list = await listUsers({ search: url.searchParams.get("search") ?? undefined, page: url.searchParams.get("page") ?? undefined });
  // Who holds the Supporter badge, for the whole page in one query.
  const userIds = list.users.map((user) => user.id);
  const supporters = await supporterIdsAmong(userIds);
  // Active suspensions and silences of the page's users, in one query (docs/moderation.md).
  const restrictions = await activeRestrictionsOf(userIds);
  return {
    ...list,
    users: list.users.map((user) => {
      const restriction = restrictions.get(user.id);
      return { ...user, isSupporter: supporters.has(user.id), restriction: restriction ? toRestrictionView(restriction) : null };
    }),
    currentUserId: admin.id,
  };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const admin = await requirePagePermission(request, "users:manage");
  const formData = await readFormData(request);
  const userId = String(formData.get("userId") ?? "");
  const actor = { id: admin.id, email: admin.email };
  /** Runs a row's form: success back to the list, a refusal beside the row (what was typed kept when `keep`). */
  const row = (description: string, work: () => string | Promise<string>, keep = false) => (intent: string) =>
    answerAdminForm(request, url, work, { intent, description, target: userId, values: keep ? formValues(formData) : undefined });
  const supporter = (isGrant: boolean) =>
    row(isGrant ? "Failed to grant the Supporter badge" : "Failed to revoke the Supporter badge", async () => {
      if (isGrant) await grantSupporterBadge(admin, userId);
      else await revokeSupporterBadge(admin, userId);
      return isGrant ? "Supporter badge granted" : "Supporter badge revoked";
    });
  return dispatchIntent(formData, {
    delete: row("Failed to delete user", async () => {
      await deleteUser({ actor, userId });
      return "User deleted successfully";
    }),
    suspend: row(
      "Failed to suspend or silence the member",
      async () => ((await suspendMember({ actor, userId, ...parseSuspensionInput(formValues(formData)) })).kind === "suspend" ? "Member suspended" : "Member silenced"),
      true,
    ),
    lift: row("Failed to lift it", async () => ((await liftSuspension({ actor, userId })).kind === "suspend" ? "Suspension lifted" : "Silence lifted"), true),
    "send-reset-link": row("Failed to send the reset link", async () => {
      await sendResetLinkAsAdmin({ actor, userId });
      return "Password reset link sent";
    }),
    "grant-supporter": supporter(true),
    "revoke-supporter": supporter(false),
    "change-role": row(
      "Failed to update user role",
      async () => {
        await changeUserRole({ actor, userId, input: { role: formData.get("role") } });
        return "User role updated successfully";
      },
      true,
    ),
  });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Row = LoaderData["users"][number];

export default function ManageUsersTab() {
  const list = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>();
  const location = useLocation();
  const { pending, waiting, schedule, undo } = usePendingDeletions();
  const rows = list.users.filter((user) => !pending.some((deletion) => deletion.userId === user.id));
  return (
    <section aria-labelledby="manage-users-heading">
      <AdminTabHeader
        id="manage-users-heading"
        title="Manage Users"
        summary={`${countLabel(list.total, "user")}${list.search ? ` matching “${list.search}”` : ""}`}
        actions={
          <Form method="get" role="search" className="flex gap-2">
            <label htmlFor="user-search" className="sr-only">
              Search users
            </label>
            <input
              id="user-search"
              type="search"
              name="search"
              defaultValue={list.search}
              placeholder="Search by name or e-mail"
              className="w-64 rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500"
            />
            <button type="submit" className="rounded-md bg-slate-800 px-4 py-2 text-sm font-semibold text-white hover:bg-slate-700">
              Search
            </button>
          </Form>
        }
      />

      {waiting.length > 0 ? (
        <div role="status" aria-live="polite" className="mb-4 space-y-2" data-testid="undo-delete">
          {waiting.map((deletion) => (
            <div key={deletion.userId} className="flex items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
              <span>
                Deleting <strong>{deletion.name}</strong>…
              </span>
              <button type="button" onClick={() => undo(deletion.userId)} className="rounded-md border border-amber-400 bg-white px-3 py-1 font-semibold hover:bg-amber-100">
                Undo
              </button>
            </div>
          ))}
        </div>
      ) : null}

      {rows.length === 0 ? (
        <EmptyState title="No users found" message={list.search ? "No user matches this search. Try another name or e-mail." : "Nobody has joined yet."} />
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <ColumnHeads columns={["User", "Role", "Joined", "Change role", <span key="actions" className="sr-only">Supporter badge and deletion</span>]} />
            <tbody className="divide-y divide-slate-100">
              {rows.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isSelf={user.id === list.currentUserId}
                  failure={failure && failure.formId === user.id ? failure : undefined}
                  onDelete={(event) => schedule(event, { userId: user.id, name: displayNameOf(user) })}
                  formAction={`${location.pathname}${location.search}`}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination pathname={location.pathname} page={list.page} pageCount={list.pageCount} searchParams={{ search: list.search || undefined }} label="Users pages" layout="spread" />
    </section>
  );
}

function UserRow({
  user,
  isSelf,
  failure,
  onDelete,
  formAction,
}: {
  user: Row;
  isSelf: boolean;
  failure?: AdminActionFailure;
  onDelete: (event: FormEvent<HTMLFormElement>) => void;
  formAction: string;
}) {
  const submit = useSubmit();
  const name = displayNameOf(user);
  const isLocked = isSelf || user.isAdminEmail;
  const lockReason = isSelf ? "This is you: another admin can change your role." : "Admin through ADMIN_EMAIL: change it in the server configuration.";
  const isSaving = useIsPending({ fields: { userId: user.id } });
  const selectedRole = failureValues(failure).role ?? user.role;
  const isSuspensionFailure = failure?.intent === "suspend";
  return (
    <tr data-testid="user-row" data-user-email={user.email} aria-busy={isSaving || undefined}>
      <td className="px-3 py-3">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="text-slate-600">{user.email}</p>
        {failure && !isSuspensionFailure ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {failureMessage(failure)}
          </p>
        ) : null}
        {user.restriction ? (
          <div className="mt-2 flex flex-wrap items-start gap-2 rounded-md bg-red-50 p-2">
            <RestrictionNotice restriction={user.restriction} className="max-w-72" />
            {isLocked ? null : <LiftForm action={formAction} name={name} hiddenFields={{ userId: user.id }} />}
          </div>
        ) : null}
        {isLocked ? null : (
          <details className="mt-2" open={isSuspensionFailure || undefined}>
            <summary className="cursor-pointer text-xs font-semibold text-slate-600 hover:text-slate-900">Suspend or silence…</summary>
            <div className="mt-2 max-w-sm">
              <SuspensionForm
                id={`suspension-form-${user.id}`}
                action={formAction}
                hiddenFields={{ userId: user.id }}
                lastResult={isSuspensionFailure ? failure?.result : undefined}
              />
            </div>
          </details>
        )}
      </td>
      <td className="px-3 py-3">
        <div className="flex flex-wrap items-center gap-1">
          <RoleBadge role={user.role} />
          {user.isAdminEmail ? (
            <span title="Admin rights through ADMIN_EMAIL" className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
              Owner
            </span>
          ) : null}
        </div>
      </td>
      <td className="whitespace-nowrap px-3 py-3 text-slate-600">
        {new Date(user.joinedAt).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}
      </td>
      <td className="px-3 py-3">
        {isLocked ? (
          <p className="max-w-56 text-xs text-slate-500">{lockReason}</p>
        ) : (
          <Form
            method="post"
            action={formAction}
            preventScrollReset
            className="flex items-center gap-2"
            onChange={(event) => submit(event.currentTarget, { preventScrollReset: true })}
          >
            <input type="hidden" name="intent" value="change-role" />
            <input type="hidden" name="userId" value={user.id} />
            <label htmlFor={`role-${user.id}`} className="sr-only">
              Role for {name}
            </label>
            <select
              key={`${user.id}-${user.role}-${selectedRole}`}
              id={`role-${user.id}`}
              name="role"
              defaultValue={selectedRole}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm capitalize"
            >
              {userRoles.map((role) => (
                <option key={role} value={role}>
                  {role}
                </option>
              ))}
            </select>
            <button type="submit" aria-label={`Save role for ${name}`} className={buttonClass("secondary", "sm")}>
              Save
            </button>
          </Form>
        )}
      </td>
      <td className="px-3 py-3">
        <div className="flex items-center justify-end gap-2">
          {isSelf ? (
            user.isSupporter ? (
              <span className="text-xs text-slate-600">Supporter</span>
            ) : null
          ) : (
            <Form method="post" action={formAction} preventScrollReset>
              <input type="hidden" name="intent" value={user.isSupporter ? "revoke-supporter" : "grant-supporter"} />
              <input type="hidden" name="userId" value={user.id} />
              <button
                type="submit"
                aria-label={`${user.isSupporter ? "Revoke Supporter" : "Grant Supporter"} for ${name}`}
                className={
                  user.isSupporter
                    ? "whitespace-nowrap rounded-md border border-amber-400 bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 hover:bg-amber-100"
                    : "whitespace-nowrap rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
                }
              >
                {user.isSupporter ? "Revoke Supporter" : "Grant Supporter"}
              </button>
            </Form>
          )}
          {isSelf ? null : (
            <Form method="post" action={formAction} preventScrollReset>
              <input type="hidden" name="intent" value="send-reset-link" />
              <input type="hidden" name="userId" value={user.id} />
              <button
                type="submit"
                aria-label={`Send reset link to ${name}`}
                className={`${buttonClass("secondary", "sm")} whitespace-nowrap`}
              >
                Send reset link
              </button>
            </Form>
          )}
          {isLocked ? null : (
            <Form method="post" action={formAction} preventScrollReset onSubmit={onDelete}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="userId" value={user.id} />
              <button type="submit" aria-label={`Delete ${name}`} className={buttonClass("danger-outline", "sm")}>
                Delete
              </button>
            </Form>
          )}
        </div>
      </td>
    </tr>
  );
}

type PendingDeletion = { userId: string; name: string; isSent?: boolean };

/**
 * With JavaScript, Delete hides the row at once and waits UNDO_WINDOW_MS before sending the
 * deletion, offering 'Undo' meanwhile. Leaving or reloading the page sends pending deletions
 * straight away (DELETE /api/admin/users/{id}, keepalive), so only Undo cancels one.
 * Without JavaScript the form posts immediately, as docs/admin.md says (no confirmation).
 */
function usePendingDeletions() {
  const submit = useSubmit();
  const location = useLocation();
  const navigation = useNavigation();
  const [pending, setPending] = useState<PendingDeletion[]>([]);
  const timers = useRef(new Map<string, number>());
  const formAction = `${location.pathname}${location.search}`;
  const formActionRef = useRef(formAction);
  formActionRef.current = formAction;

  // A sent deletion keeps its row hidden until the list has been reloaded (or the failure shown).
  useEffect(() => {
    if (navigation.state === "idle") setPending((current) => (current.some((item) => item.isSent) ? current.filter((item) => !item.isSent) : current));
  }, [navigation.state]);

  useEffect(() => {
    const pendingTimers = timers.current;
    const flush = () => {
      for (const [userId, timer] of pendingTimers) {
        window.clearTimeout(timer);
        void fetch(`/api/admin/users/${encodeURIComponent(userId)}`, { method: "DELETE", keepalive: true, credentials: "same-origin" });
      }
      pendingTimers.clear();
    };
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, []);

  function schedule(event: FormEvent<HTMLFormElement>, deletion: PendingDeletion) {
    event.preventDefault();
    if (timers.current.has(deletion.userId)) return;
    setPending((current) => [...current, deletion]);
    const timer = window.setTimeout(() => {
      timers.current.delete(deletion.userId);
      setPending((current) => current.map((item) => (item.userId === deletion.userId ? { ...item, isSent: true } : item)));
      void submit({ intent: "delete", userId: deletion.userId }, { method: "post", action: formActionRef.current, preventScrollReset: true });
    }, UNDO_WINDOW_MS);
    timers.current.set(deletion.userId, timer);
  }

  function undo(userId: string) {
    const timer = timers.current.get(userId);
    if (timer !== undefined) window.clearTimeout(timer);
    timers.current.delete(userId);
    setPending((current) => current.filter((item) => item.userId !== userId));
  }

  return { pending, waiting: pending.filter((item) => !item.isSent), schedule, undo };
}
