import { Form, useNavigation } from "react-router";
import { Suspense, useEffect, useRef, type ReactNode, type RefObject } from "react";

/**
 * A real modal <dialog> (focus trapped by the browser, Escape closes it); `open` drives
 * showModal()/close(). Dialogs are addressed by the URL (docs/decisions/0014-url-driven-dialogs.md):
 * whatever opens one is a link or a `DialogTrigger` to a page doing the same job without
 * JavaScript, and `renderOpen` makes the server render it open (a failed form posted without it).
 * The content is rendered only while the dialog is open; it may be loaded on use (a `lazy` form: the
 * page does not ship what only a dialog shows, docs/decisions/0098-dialogs-load-their-forms-on-use.md):
 * the dialog opens once its content is there, so the browser puts the focus inside it as when the
 * content came with the page.
 */
export function Dialog({
  open,
  onClose,
  title,
  titleId = `${title.replace(/\W+/g, "-").toLowerCase()}-dialog-title`,
  children,
  renderOpen = false,
  role,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  titleId?: string;
  children: ReactNode;
  renderOpen?: boolean;
  role?: "alertdialog";
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      role={role}
      open={renderOpen || undefined}
      onClose={onClose}
      onCancel={onClose}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-0 shadow-xl backdrop:bg-slate-900/50"
    >
      {open || renderOpen ? (
        <div className="max-h-[85vh] overflow-y-auto p-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <div className="mt-4">
            <Suspense fallback={null}>
              {children}
              {open ? <ShowModal dialogRef={ref} /> : null}
            </Suspense>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/** Opens the dialog as a modal once it is committed with its content (inside the content's Suspense boundary). */
function ShowModal({ dialogRef }: { dialogRef: RefObject<HTMLDialogElement | null> }) {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    if (typeof dialog.showModal === "function") dialog.showModal();
    else dialog.setAttribute("open", "");
  }, [dialogRef]);
  return null;
}

/**
 * A button that opens a dialog with JavaScript and, without it, is a GET form to the page
 * doing the same job (docs/decisions/0014-url-driven-dialogs.md).
 */
export function DialogTrigger({
  to,
  params,
  onOpen,
  className,
  label,
  title,
  children,
}: {
  to: string;
  params?: Record<string, string>;
  onOpen?: () => void;
  className: string;
  label?: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" action={to} className="inline">
      {Object.entries(params ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={label}
        title={title}
        className={className}
        onClick={
          onOpen
            ? (event) => {
                event.preventDefault();
                onOpen();
              }
            : undefined
        }
      >
        {children}
      </button>
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
