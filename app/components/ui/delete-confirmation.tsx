import { Form } from "react-router";
import type { ReactNode } from "react";
import { buttonClass } from "./button";
import { useIsPending } from "./use-is-pending";

/**
 * The confirmation of a delete: the question, an optional detail (what is deleted), Cancel and a
 * Delete button posting `fields` as hidden inputs. In a `Dialog` with JavaScript, a page of its own
 * without (docs/decisions/0014-url-driven-dialogs.md); never `window.confirm()`.
 */
export function DeleteConfirmation({
  question,
  detail,
  action,
  fields,
  cancel,
}: {
  question: string;
  detail?: ReactNode;
  action: string;
  fields: Record<string, string | number | undefined>;
  cancel: ReactNode;
}) {
  const hidden = Object.entries(fields).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  const isPending = useIsPending({ fields });
  return (
    <Form method="post" action={action} className="space-y-4">
      <p className="text-sm text-slate-700">{question}</p>
      {detail ? <p className="text-sm font-medium text-slate-900">{detail}</p> : null}
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="flex justify-end gap-2">
        {cancel}
        <button type="submit" disabled={isPending} className={buttonClass("danger")}>
          {isPending ? "Deleting..." : "Delete"}
        </button>
      </div>
    </Form>
  );
}
