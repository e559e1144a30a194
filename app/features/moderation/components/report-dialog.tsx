import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ModalDialog } from "~/components/ui/modal-dialog";
import type { FormResult } from "~/components/ui/use-server-form";
import { ReportForm } from "./report-form";

/**
 * The report form in a modal dialog (JavaScript only; loaded when 'Report' is first clicked, so
 * pages carry no extra script). It posts to the same /report action as the page: a refused
 * report keeps the dialog open with the reason; a sent one redirects back with the thanks toast.
 */
export default function ReportDialog({ action, title, onClose }: { action: string; title: string; onClose: () => void }) {
  const fetcher = useFetcher<{ result?: FormResult }>();
  const wasSubmitting = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      wasSubmitting.current = true;
      return;
    }
    if (wasSubmitting.current) {
      wasSubmitting.current = false;
      if (!fetcher.data?.result) onClose();
    }
  }, [fetcher.state, fetcher.data, onClose]);
  return (
    <ModalDialog isOpen onClose={onClose} title={title}>
      <ReportForm FormComponent={fetcher.Form} action={action} lastResult={fetcher.data?.result} isPending={fetcher.state !== "idle"} onCancel={onClose} />
    </ModalDialog>
  );
}
