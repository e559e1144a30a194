import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

export { ModalDialog } from "~/components/ui/modal-dialog";

/** The delete confirmation: the question, Cancel, and a Delete button posting `intent=delete`. */
export function DeleteConfirmation({
  question,
  action,
  idName,
  id,
  onCancel,
  cancelHref,
}: {
  question: string;
  action: string;
  idName: string;
  id: number;
  onCancel?: () => void;
  cancelHref?: string;
}) {
  const navigation = useNavigation();
  const isPending = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" action={action} className="space-y-4">
      <p className="text-sm text-slate-700">{question}</p>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name={idName} value={id} />
      <div className="flex justify-end gap-2">
        {onCancel ? (
          <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            Cancel
          </button>
        ) : (
          <a href={cancelHref} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            Cancel
          </a>
        )}
        <button type="submit" disabled={isPending} className="rounded-md bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-70">
          {isPending ? "Deleting..." : "Delete"}
        </button>
      </div>
    </Form>
  );
}

/** Closes a dialog once the form posted from it has gone through (the action redirected with no error). */
export function useCloseAfterSubmit(hasError: boolean, close: () => void) {
  const navigation = useNavigation();
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (navigation.state === "submitting") {
      wasSubmitting.current = true;
      return;
    }
    if (navigation.state === "idle" && wasSubmitting.current) {
      wasSubmitting.current = false;
      if (!hasError) close();
    }
  }, [navigation.state, hasError, close]);
}
