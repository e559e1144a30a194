/**
 * Toasts, the one builder: a success or an error toast with its id made here. Actions return it
 * in their data (rendered by the page) or pass it to redirectWithToast (app/utils/toast.server.ts).
 */
import type { ToastMessage } from "~/components/ui/toaster";

/** A fresh id, so the same message twice shows twice. */
export function toastId(): string {
  return `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function successToast(description: string, title = "Success"): ToastMessage {
  return { id: toastId(), title, description, variant: "default" };
}

export function errorToast(description: string, title = "Error"): ToastMessage {
  return { id: toastId(), title, description, variant: "destructive" };
}
