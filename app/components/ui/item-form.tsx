import { Form } from "react-router";
import type { ReactNode } from "react";
import { FormActions } from "./form-field";
import { getFormProps, type FormMetadata, type FormResult } from "./use-server-form";
import { useIsPending } from "./use-is-pending";

/** What a create or edit form of an item (an artist, a resource) takes from the page or dialog showing it. */
export type ItemFormProps = {
  id: string;
  action: string;
  intent: string;
  lastResult?: FormResult | null;
  submitLabel: string;
  pendingLabel: string;
  onCancel?: () => void;
};

/**
 * The frame of an item's form: a POST form carrying its `intent`, its `formId` (so only this form
 * shows "Saving...") and the item's id field when editing, then the fields, the form's own
 * messages, Cancel and the submit button.
 */
export function ItemForm({
  form,
  action,
  intent,
  idField,
  submitLabel,
  pendingLabel,
  onCancel,
  children,
}: Omit<ItemFormProps, "id" | "lastResult"> & { form: FormMetadata; /** The hidden id of the item edited ("artistId"), if any. */ idField?: { name: string; value: number }; children: ReactNode }) {
  const isPending = useIsPending({ state: "submitting", fields: { formId: form.id } });
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formId" value={form.id} />
      {idField ? <input type="hidden" name={idField.name} value={idField.value} /> : null}
      {children}
      <FormActions errors={form.errors} onCancel={onCancel} isPending={isPending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </Form>
  );
}
