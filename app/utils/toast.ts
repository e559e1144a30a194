/**
 * Toasts, the one builder: `errorToast` is what a failed action returns in its data (rendered by
 * the page); a success redirects with redirectWithToast (app/utils/toast.server.ts). Every toast
 * id is made by `toastId`.
 */
import type { ToastMessage } from "~/components/ui/toaster";

/** A fresh id, so the same message twice shows twice. */
export function toastId(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function errorToast(description: string, title = "Error"): ToastMessage {
  return { id: toastId(), title, description, variant: "destructive" };
}
