import { Form } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import type { ReactNode } from "react";
import { FieldErrors } from "~/components/ui/form-field";
import { failureMessage, failureValues, type FormFailure } from "~/components/ui/form-failure";
import { routes } from "~/utils/routes";
import { REASON_MAX_LENGTH, UNTIL_LIFTED } from "~/features/moderation";
import { targetNouns, WARNING_MAX } from "../constants";
import type { OpenedMessage, QueueGroup } from "../reports.server";
import { UserContent } from "~/features/content/components/user-content";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";

type Group = QueueGroup;
type Failure = FormFailure | null;

const typeLabels: Record<Group["target"]["type"], string> = { post: "Post", reply: "Reply", artist_comment: "Artist comment", user: "Member", message: "Private message" };
const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function ActionForm({ reportId, intent, children, variant }: { reportId: number; intent: string; children: ReactNode; variant: "secondary" | "warning-outline" | "danger-outline" }) {
  const isPending = useIsPending({ state: "submitting", intent, fields: { reportId } });
  return (
    <Form method="post" preventScrollReset className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="reportId" value={reportId} />
      <Button variant={variant} size="sm" disabled={isPending}>
        {children}
      </Button>
    </Form>
  );
}

/** The message of a warning or a suspension: required text, kept with its message after a refusal (`failure`). */
function MessageField({ id, errorId = `${id}-error`, label, rows, maxLength, failure }: { id: string; errorId?: string; label: string; rows: number; maxLength: number; failure: Failure }) {
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        name="message"
        rows={rows}
        required
        maxLength={maxLength}
        defaultValue={failure ? failureValues(failure).message : undefined}
        aria-invalid={failure ? true : undefined}
        aria-describedby={failure ? errorId : undefined}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
      <FieldErrors id={errorId} errors={failure?.result.error?.[""] ?? undefined} />
    </>
  );
}

/** One reported item in the queue: the content, its author, the reasons counted, the notes, and the moderator's actions (plain forms). */
export function ReportQueueItem({ group, failure, opened }: { group: Group; failure: Failure; opened?: OpenedMessage | null }) {
  const { target, reportId } = group;
  const noun = targetNouns[target.type];
  const headingId = `report-${reportId}-heading`;
  const warnId = `report-${reportId}-warning`;
  const warnFailed = failure?.intent === "warn";
  const suspendId = `report-${reportId}-suspend`;
  const suspendFailed = failure?.intent === "suspend";
  return (
    // Named by its h3 (no aria-label on list items or lists: docs/accessibility.md, "Lists").
    <li data-testid="report-group" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <span className="rounded-full bg-indigo-100 px-2 py-0.5 font-semibold text-indigo-800">{typeLabels[target.type]}</span>
        <span className="rounded-full bg-red-100 px-2 py-0.5 font-semibold text-red-800">{`${group.count} ${group.count === 1 ? "report" : "reports"}`}</span>
        {target.isHidden ? (
          <span className="rounded-full bg-slate-200 px-2 py-0.5 font-semibold text-slate-800">{target.hiddenReason === "reports" ? "Hidden automatically" : "Hidden"}</span>
        ) : null}
        <span className="text-slate-500">Last reported {dateFormat.format(new Date(group.latestAt))} UTC</span>
      </div>
      <h3 id={headingId} className="mt-2 font-semibold text-slate-900">
        {target.link && target.type !== "message" ? (
          <AppLink to={target.link} className="hover:underline">
            {target.label}
          </AppLink>
        ) : (
          target.label
        )}
      </h3>
      {target.authorId ? (
        <p className="text-sm text-slate-600">
          by{" "}
          <AppLink to={routes.member(target.authorId)} className="font-medium text-slate-900 hover:underline">
            {target.authorName}
          </AppLink>
        </p>
      ) : null}
      {target.excerpt ? <blockquote className="mt-2 border-l-4 border-slate-200 pl-3 text-sm text-slate-700">{target.excerpt}</blockquote> : null}
      {target.type === "message" && target.exists ? <ReportedMessage reportId={reportId} opened={opened ?? null} /> : null}

      <h4 className="sr-only">Reasons</h4>
      <ul className="mt-3 flex flex-wrap gap-2 text-xs">
        {group.reasons.map((reason) => (
          <li key={reason.reason} className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900">{`${reason.label} × ${reason.count}`}</li>
        ))}
      </ul>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-slate-700">Who reported it, and their notes</summary>
        <ul className="mt-2 space-y-1">
          {group.reports.map((report) => (
            <li key={report.id} className="text-slate-700">
              <span className="font-medium text-slate-900">{report.reporter.name}</span> — {report.reasonLabel}
              {report.note ? `: “${report.note}”` : ""} <span className="text-xs text-slate-500">({dateFormat.format(new Date(report.createdAt))} UTC)</span>
            </li>
          ))}
        </ul>
      </details>

      {failure ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 p-2 text-sm text-red-800">
          {failureMessage(failure)}
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap items-center gap-2" aria-label={`Actions on this ${noun}`} role="group">
        <ActionForm reportId={reportId} intent="dismiss" variant="secondary">
          Dismiss
        </ActionForm>
        {target.exists && target.type !== "user" ? (
          <>
            <ActionForm reportId={reportId} intent="hide" variant="warning-outline">
              {`Hide ${noun}`}
            </ActionForm>
            <ActionForm reportId={reportId} intent="delete" variant="danger-outline">
              {`Delete ${noun}`}
            </ActionForm>
          </>
        ) : null}
      </div>
      {target.exists && target.authorId ? (
        <AuthorActionForm summary="Warn author" intent="warn" reportId={reportId} isOpen={warnFailed}>
          <MessageField id={warnId} label={`Message to ${target.authorName}`} rows={3} maxLength={WARNING_MAX} failure={warnFailed ? failure : null} />
          <Button size="sm">
            Send warning
          </Button>
        </AuthorActionForm>
      ) : null}
      {target.exists && target.authorId ? (
        <AuthorActionForm summary="Suspend author" intent="suspend" reportId={reportId} isOpen={suspendFailed}>
          <label htmlFor={`${suspendId}-days`} className="block text-sm font-medium text-slate-800">
            {`Suspend ${target.authorName} for`}
          </label>
          <select id={`${suspendId}-days`} name="days" defaultValue={suspendFailed ? failureValues(failure).days : "7"} className="block rounded-md border border-slate-300 px-3 py-2 text-sm">
            <option value="1">1 day</option>
            <option value="7">7 days</option>
            <option value="30">30 days</option>
            <option value={UNTIL_LIFTED}>Until lifted</option>
          </select>
          <MessageField id={`${suspendId}-reason`} errorId={`${suspendId}-error`} label="Reason (the member sees it)" rows={2} maxLength={REASON_MAX_LENGTH} failure={suspendFailed ? failure : null} />
          <Button variant="danger" size="sm">
            Suspend author
          </Button>
          <p className="text-xs text-slate-600">
            To silence instead, or to see their history, use the{" "}
            <AppLink to={`${routes.member(target.authorId)}#moderation`} className="font-medium text-indigo-700 hover:underline">
              moderation section of their profile
            </AppLink>
            .
          </p>
        </AuthorActionForm>
      ) : null}
    </li>
  );
}

/** A folded form acting on the reported item's author (warn, suspend): open again when it failed. */
function AuthorActionForm({ summary, intent, reportId, isOpen, children }: { summary: string; intent: string; reportId: number; isOpen: boolean; children: ReactNode }) {
  return (
    <details open={isOpen} className="mt-3">
      <summary className="cursor-pointer text-sm font-medium text-indigo-700">{summary}</summary>
      <Form method="post" preventScrollReset className="mt-2 space-y-2">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="reportId" value={reportId} />
        {children}
      </Form>
    </details>
  );
}

/**
 * A private message is not shown until a moderator opens it (each opening is written to the audit
 * log, docs/messages.md); then the message and the ones just before it.
 */
function ReportedMessage({ reportId, opened }: { reportId: number; opened: OpenedMessage | null }) {
  if (!opened) {
    return (
      <p className="mt-2 text-sm">
        <AppLink to={`${routes.adminTab("reports")}?open=${reportId}#report-${reportId}-heading`} className="font-medium text-indigo-700 underline">
          Read the reported message
        </AppLink>{" "}
        <span className="text-slate-600">(with the messages just before it; the opening is written to the audit log)</span>
      </p>
    );
  }
  return (
    <>
      <h4 className="sr-only">The reported message and the messages before it</h4>
      <ol className="mt-2 space-y-2">
      {opened.messages.map((message) => (
        <li key={message.id} className={`rounded-md border p-2 text-sm ${message.isReported ? "border-red-300 bg-red-50" : "border-slate-200"}`}>
          <p className="text-xs text-slate-600">
            {message.authorName} · {dateFormat.format(new Date(message.createdAt))} UTC{message.isReported ? " · reported" : ""}
          </p>
          <UserContent html={{ __html: message.html }} />
        </li>
      ))}
      </ol>
    </>
  );
}
