import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "react-router";
import { ColumnHeads } from "~/components/ui/column-heads";
import { Form, useLoaderData } from "react-router";
import { EmptyState } from "~/components/ui/page";
import { TableScrollRegion } from "~/components/ui/scroll-region";
import { answerAdminForm } from "~/features/admin/index.server";
import { getOutboxSummary, MAX_ATTEMPTS, sendTestEmail } from "~/features/mail/index.server";
import { requirePagePermission } from "~/features/auth/index.server";
import { getEnv } from "~/utils/env.server";
import { pageMeta } from "~/utils/meta";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";

export const meta: MetaFunction = ({ matches }) => pageMeta("Mail", matches);

/** The outbox: counts, recent messages with their last error, and 'Send test e-mail' (docs/accounts.md). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requirePagePermission(request, "settings:manage");
  const env = getEnv();
  return { ...(await getOutboxSummary()), adminEmail: admin.email, delivery: env.SMTP_URL ? ("smtp" as const) : ("files" as const), maxAttempts: MAX_ATTEMPTS };
}

export async function action({ request, url }: ActionFunctionArgs) {
  const admin = await requirePagePermission(request, "settings:manage");
  return answerAdminForm(request, url, async () => `Test e-mail queued for ${(await sendTestEmail(admin)).to}`, {
    intent: "send-test",
    description: "Failed to queue the test e-mail",
    target: "test",
  });
}

const statusStyle = { pending: "bg-amber-100 text-amber-900", sent: "bg-emerald-100 text-emerald-900", failed: "bg-red-100 text-red-800" } as const;
const when = (value: string | Date | null) => (value ? new Date(value).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }) + " UTC" : "");

export default function MailTab() {
  const { counts, recent, adminEmail, delivery, maxAttempts } = useLoaderData<typeof loader>();
  const isSending = useIsPending({ formMethod: "POST" });
  return (
    <section aria-labelledby="mail-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="mail-heading" className="text-xl font-semibold text-slate-900">
            Mail
          </h2>
          <p className="text-sm text-slate-600">
            {delivery === "smtp"
              ? "Messages go out through your SMTP server (SMTP_URL)."
              : "No SMTP_URL is set: every message is written as an .eml file under data/mail/ beside the database."}{" "}
            Failed deliveries are retried with growing pauses, {maxAttempts} attempts at most.
          </p>
        </div>
        <Form method="post">
          <Button disabled={isSending}>
            {isSending ? "Sending..." : "Send test e-mail"}
          </Button>
          <p className="mt-1 text-xs text-slate-500">To {adminEmail}</p>
        </Form>
      </div>
      <dl className="grid grid-cols-3 gap-3" data-testid="mail-counts">
        {(["pending", "sent", "failed"] as const).map((status) => (
          <div key={status} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="text-sm capitalize text-slate-600">{status}</dt>
            <dd className="text-2xl font-bold text-slate-900" data-status={status}>
              {counts[status]}
            </dd>
          </div>
        ))}
      </dl>
      {recent.length === 0 ? (
        <EmptyState title="No messages yet" message="Password resets, verification links and test e-mails will be listed here." />
      ) : (
        <TableScrollRegion label="Recent messages">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <ColumnHeads columns={["Message", "Status", "Queued", "Last error"]} />
            <tbody className="divide-y divide-slate-100">
              {recent.map((message) => (
                <tr key={message.id} data-testid="mail-row">
                  <td className="px-3 py-3">
                    <p className="font-medium text-slate-900">{message.subject}</p>
                    <p className="text-slate-600">
                      {message.to} · {message.kind}
                    </p>
                  </td>
                  <td className="whitespace-nowrap px-3 py-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[message.status]}`}>{message.status}</span>
                    <p className="mt-1 text-xs text-slate-500">
                      {message.status === "sent" ? `sent ${when(message.sentAt)}` : `${message.attempts} attempt${message.attempts === 1 ? "" : "s"}`}
                      {message.status === "pending" && message.attempts > 0 ? `, next ${when(message.nextAttemptAt)}` : ""}
                    </p>
                  </td>
                  <td className="whitespace-nowrap px-3 py-3 text-slate-600">{when(message.createdAt)}</td>
                  <td className="max-w-80 break-words px-3 py-3 text-red-800">{message.lastError ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScrollRegion>
      )}
    </section>
  );
}
