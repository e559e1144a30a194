import { Fragment, type ReactNode } from "react";
import { Card } from "~/components/ui/page";
import type { ItemFormProps } from "~/components/ui/item-form";
import type { FormFailure } from "~/components/ui/use-server-form";

type CreateFormProps = Omit<ItemFormProps, "onCancel">;

/**
 * An admin tab with one create form (docs/admin.md: Add Artists, Add Resources). Its loader and
 * action are app/features/admin/add-tab.server.ts; after a refused save the form keeps the input.
 */
export function AddTab({
  path,
  noun,
  formKey,
  actionData,
  form,
}: {
  /** The tab's own URL: the form posts here. */
  path: string;
  /** "Artist", "Resource": in the heading, the form's id and its button. */
  noun: string;
  formKey: number;
  actionData: FormFailure | undefined;
  form: (props: CreateFormProps) => ReactNode;
}) {
  return (
    <>
      <h2 className="mb-4 text-xl font-semibold text-slate-900">Add {noun}s</h2>
      <Card className="max-w-2xl">
        <Fragment key={actionData ? "retry" : formKey}>
          {form({ id: `admin-add-${noun.toLowerCase()}`, action: path, intent: "create", lastResult: actionData?.result, submitLabel: `Add ${noun}`, pendingLabel: "Adding..." })}
        </Fragment>
      </Card>
    </>
  );
}
