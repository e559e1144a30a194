import { Form } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { AddImageField } from "~/components/ui/add-image-field";
import { DraftKeeper } from "~/components/ui/draft-keeper";
import { buttonClass } from "~/components/ui/button";
import { MARKDOWN_HINT, TextAreaField } from "./fields";
import { useIsPending } from "~/components/ui/use-is-pending";

/** A reply (or reply edit) form: a plain POST form; the server validates and re-renders it with the text kept. */
export function ReplyForm({
  id,
  action,
  intent,
  label,
  parentReplyId,
  replyId,
  defaultContent,
  errors,
  imageErrors,
  defaultImageAlt,
  submitLabel,
  pendingLabel,
  cancelTo,
  autoFocus,
  draftKey,
}: {
  id: string;
  action: string;
  intent: "reply" | "edit-reply";
  label: string;
  parentReplyId?: number;
  replyId?: number;
  defaultContent?: string;
  errors?: string[];
  /** The 'Add image' field's refusal (a picture too large, not a picture, ...) and the alt text kept. */
  imageErrors?: string[];
  defaultImageAlt?: string;
  submitLabel: string;
  pendingLabel: string;
  cancelTo?: string;
  autoFocus?: boolean;
  /** Keeps the unsent text in the browser under this key (JavaScript only). */
  draftKey?: string;
}) {
  const isPending = useIsPending({ state: "submitting", intent, fields: { formId: id } });
  return (
    <Form method="post" action={action} encType="multipart/form-data" noValidate className="space-y-3" id={id} preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formId" value={id} />
      {parentReplyId ? <input type="hidden" name="parentReplyId" value={parentReplyId} /> : null}
      {replyId ? <input type="hidden" name="replyId" value={replyId} /> : null}
      <TextAreaField
        label={label}
        errors={errors}
        hint={MARKDOWN_HINT}
        mentions
        textareaProps={{ id: `${id}-content`, name: "content", rows: 4, defaultValue: defaultContent, placeholder: "Share your thoughts...", autoFocus, maxLength: 10_000 }}
      />
      <AddImageField textareaId={`${id}-content`} errors={imageErrors} defaultAlt={defaultImageAlt} />
      {draftKey ? <DraftKeeper formId={id} storageKey={draftKey} fields={["content"]} /> : null}
      <div className="flex justify-end gap-2">
        {cancelTo ? (
          <AppLink to={cancelTo} preventScrollReset className={buttonClass("secondary")}>
            Cancel
          </AppLink>
        ) : null}
        <button type="submit" disabled={isPending} className={buttonClass("primary")}>
          {isPending ? pendingLabel : submitLabel}
        </button>
      </div>
    </Form>
  );
}
