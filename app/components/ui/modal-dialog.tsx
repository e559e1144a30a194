import { useEffect, useRef, type ReactNode } from "react";

/** A native modal <dialog> driven by `isOpen` (JavaScript only; pages offer the same content as a step without it). */
export function ModalDialog({ isOpen, onClose, title, children }: { isOpen: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  const titleId = `${title.replace(/\W+/g, "-").toLowerCase()}-dialog-title`;
  return (
    <dialog ref={dialogRef} aria-labelledby={titleId} onClose={onClose} className="m-auto w-full max-w-lg rounded-xl p-0 shadow-xl backdrop:bg-slate-900/50">
      {isOpen ? (
        <div className="max-h-[85vh] overflow-y-auto p-6">
          <h2 id={titleId} className="mb-4 text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
