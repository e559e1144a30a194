/**
 * Toasts, the one pair of builders: `errorToast` for a refusal (returned in a failed action's data
 * and rendered by the page, or carried by a redirect), `successToast` for what a success redirects
 * with (redirectWithToast, app/utils/toast.server.ts). Every toast id is made by `toastId`.
 */
import type { ToastMessage } from "~/components/ui/toaster";

/** A fresh id, so the same message twice shows twice. */
export function toastId(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** A refusal: the red toast, "Error" unless another title is given. */
export function errorToast(description: string, title = "Error"): ToastMessage {
  return { id: toastId(), title, description, variant: "destructive" };
}

/** A success: the plain toast, "Success" unless another title is given. */
export function successToast(description: string, title = "Success"): ToastMessage {
  return { id: toastId(), title, description, variant: "default" };
}
