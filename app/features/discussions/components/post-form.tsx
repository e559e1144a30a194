import { lazy, Suspense, useEffect, useState } from "react";
import { Form } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { AddImageField } from "~/components/ui/add-image-field";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useServerForm, type FormResult } from "~/components/ui/use-server-form";
import { postConstraints } from "../constraints";
import { DraftKeeper } from "~/components/ui/draft-keeper";
import { buttonClass } from "~/components/ui/button";
import { MARKDOWN_HINT, SelectField, TextAreaField, TextInputField } from "./fields";
import { useIsPending } from "~/components/ui/use-is-pending";

// 'Similar discussions' loads once the member types a title (page weight: docs/operations.md).
// Marked pure so that a page importing this module only for the server (post.$id.tsx) does not load it.
const SimilarDiscussions = import.meta.env.SSR ? () => null : /* @__PURE__ */ lazy(() => import("./similar-discussions"));

function SimilarDiscussionsOnInput({ titleId }: { titleId: string }) {
  const [isTyping, setIsTyping] = useState(false);
  useEffect(() => {
    const input = document.getElementById(titleId);
    if (!input || isTyping) return;
    const start = () => setIsTyping(true);
    input.addEventListener("input", start, { once: true });
    return () => input.removeEventListener("input", start);
  }, [titleId, isTyping]);
  if (!isTyping) return null;
  return (
    <Suspense fallback={null}>
      <SimilarDiscussions titleId={titleId} />
    </Suspense>
  );
}

type CategoryOption = { id: number; name: string };

/**
 * The post form (create and edit): Title, Content, Category (starts empty). The server
 * validates (the same schema), so a mistake reads the same with JavaScript on and off.
 */
export function PostForm({
  id,
  action,
  intent,
  categories,
  lastResult,
  defaultValue,
  submitLabel,
  pendingLabel,
  cancelTo,
  autoFocus,
  allowImages,
  showsSimilar,
  draftKey,
}: {
  id: string;
  action: string;
  intent?: string;
  categories: CategoryOption[];
  lastResult?: FormResult | null;
  defaultValue?: { title: string; content: string; categoryId: number | string | null };
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
  autoFocus?: boolean;
  /** Shows the 'Add image' field; the action must then read it (appendPictureFromForm, docs/uploads.md). */
  allowImages?: boolean;
  /** 'Similar discussions' under the title (a new discussion, JavaScript only). */
  showsSimilar?: boolean;
  /** Keeps the unsent title and content in the browser under this key (JavaScript only). */
  draftKey?: string;
}) {
  const isPending = useIsPending({ state: "submitting", formAction: action, intent: intent || undefined });
  const [form, fields] = useServerForm({
    id,
    lastResult,
    constraint: postConstraints,
    defaultValue: defaultValue ? { ...defaultValue, categoryId: defaultValue.categoryId == null ? "" : String(defaultValue.categoryId) } : undefined,
  });
  const generalErrors = form.errors ?? [];
  return (
    <Form method="post" action={action} {...getFormProps(form)} encType={allowImages ? "multipart/form-data" : undefined} className="space-y-4">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {generalErrors.length ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {generalErrors.join(" ")}
        </p>
      ) : null}
      <TextInputField
        label="Title"
        errors={fields.title.errors}
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), required: false, placeholder: "What would you like to discuss?", autoFocus }}
      />
      {showsSimilar ? <SimilarDiscussionsOnInput titleId={fields.title.id} /> : null}
      <TextAreaField
        label="Content"
        errors={fields.content.errors}
        hint={MARKDOWN_HINT}
        mentions
        textareaProps={{ ...getTextareaProps(fields.content), required: false, rows: 8, placeholder: "Share your thoughts, questions, or insights..." }}
      />
      {allowImages ? (
        <AddImageField textareaId={fields.content.id} errors={fields.image.errors} defaultAlt={typeof fields.imageAlt.initialValue === "string" ? fields.imageAlt.initialValue : undefined} />
      ) : null}
      <SelectField label="Category" errors={fields.categoryId.errors} selectProps={{ ...getSelectProps(fields.categoryId), required: false }}>
        <option value="">Select a category</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </SelectField>
      {draftKey ? <DraftKeeper formId={form.id} storageKey={draftKey} fields={["title", "content"]} /> : null}
      <div className="flex justify-end gap-2">
        <AppLink to={cancelTo} preventScrollReset className={buttonClass("secondary")}>
          Cancel
        </AppLink>
        <button type="submit" disabled={isPending} className={buttonClass("primary")}>
          {isPending ? pendingLabel : submitLabel}
        </button>
      </div>
    </Form>
  );
}
