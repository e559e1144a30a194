import { useFetcher, useLocation } from "react-router";
import { useEffect, useRef } from "react";
import { Dialog } from "~/components/ui/dialog";
import type { FormResult } from "~/components/ui/use-server-form";
import { ReportForm } from "./report-form";
import { useIsPending } from "~/components/ui/use-is-pending";

/**
 * The report form in a modal dialog (JavaScript only; loaded when 'Report' is first clicked, so
 * pages carry no extra script). It posts to the same /report action as the page: a refused
 * report keeps the dialog open with the reason; a sent one redirects back with the thanks toast,
 * and that navigation closes the dialog.
 */
export default function ReportDialog({ action, title, onClose }: { action: string; title: string; onClose: () => void }) {
  const fetcher = useFetcher<{ result?: FormResult }>();
  const isPending = useIsPending({ fetcher });
  const location = useLocation();
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== openedAt.current) onClose();
  }, [location.key, onClose]);
  return (
    <Dialog open onClose={onClose} title={title}>
      <ReportForm FormComponent={fetcher.Form} action={action} lastResult={fetcher.data?.result} isPending={isPending} onCancel={onClose} />
    </Dialog>
  );
}
