/** The post form's page action (Create New Discussion, a post's Edit): one answer for both (docs/discussions.md). */
import { appendPictureFromForm } from "~/features/uploads/index.server";
import type { AppError } from "~/utils/errors.server";
import { answerFormOutcome, answerFormRefusal, fieldMessagesFirst, handleRefusal, refuseSchemaForm, submitSchemaFormAsync } from "~/utils/page-action.server";
import { errorToast } from "~/utils/toast";
import type { output } from "zod";
import { createPostSchema } from "./schemas";

/**
 * The 'Add image' picture joins the text first (docs/uploads.md; its refusal goes beside the file
 * field), then the schema reads the form and `save` stores it: back to `redirectTo` with the
 * `success` toast, or the form again with the input kept and the `failed` toast. A typed error of
 * `save` puts `formMessageOf(error)` on the form (its message unless told) and toasts
 * `toastOf(error)` (`failed` unless told).
 */
export async function answerPostForm<Intent extends string>(
  formData: FormData,
  {
    ownerId,
    intent,
    save,
    redirectTo,
    success,
    failed,
    formMessageOf = (error) => error.message,
    toastOf = () => failed,
  }: {
    ownerId: string;
    intent: Intent;
    save: (input: output<typeof createPostSchema>) => Promise<unknown>;
    redirectTo: string;
    success: string;
    failed: string;
    formMessageOf?: (error: AppError) => string;
    toastOf?: (error: AppError) => string;
  },
) {
  const pictureRefused = await handleRefusal(
    async () => {
      formData.set("content", await appendPictureFromForm({ ownerId, formData, content: String(formData.get("content") ?? "") }));
      return null;
    },
    (error) => answerFormRefusal(refuseSchemaForm(formData, createPostSchema, error, { messagesOf: fieldMessagesFirst }), { intent, toast: errorToast(error.message) }),
  );
  if (pictureRefused) return pictureRefused;
  const outcome = await submitSchemaFormAsync(formData, createPostSchema, save, {
    messagesOf: ({ error }) => (error ? { formErrors: [formMessageOf(error)], fieldErrors: error.fieldErrors } : {}),
  });
  return answerFormOutcome(outcome, { redirectTo, success, intent, failure: !outcome.ok && outcome.error ? toastOf(outcome.error) : failed });
}
