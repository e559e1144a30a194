import { useEffect, useRef, useState } from "react";
import type { ToastMessage } from "./toaster";

const SWIPE_THRESHOLD_PX = 50;
const TOAST_DURATION_MS = 5000;

/**
 * The toast itself (docs/accessibility.md): dismissed with ✕ or a swipe to the right. A browser
 * chunk of its own, fetched when a toast shows (./toaster.tsx); without JavaScript, or until it
 * has loaded, ✕ is a link to #dismiss-toast that hides it through :target.
 */
export function ToastCard({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  const [offset, setOffset] = useState(0);
  const swipeStart = useRef<number | null>(null);
  // The 5 s start when the card shows, not when the toast arrives: the card's chunk may still be
  // loading on a slow connection (./toaster.tsx).
  useEffect(() => {
    const timer = window.setTimeout(onDismiss, TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [onDismiss]);
  return (
    <div
      data-testid="toast"
      style={{ transform: `translateX(${offset}px)` }}
      onPointerDown={(event) => {
        swipeStart.current = event.clientX;
      }}
      onPointerMove={(event) => {
        if (swipeStart.current !== null) setOffset(Math.max(0, event.clientX - swipeStart.current));
      }}
      onPointerUp={() => {
        if (offset > SWIPE_THRESHOLD_PX) onDismiss();
        swipeStart.current = null;
        setOffset(0);
      }}
      className={`toast pointer-events-auto flex items-start justify-between gap-3 rounded-lg border p-4 shadow-lg ${
        toast.variant === "destructive" ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
      }`}
    >
      <span id="dismiss-toast" hidden />
      <div>
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm">{toast.description}</p> : null}
      </div>
      <a
        href="#dismiss-toast"
        onClick={(event) => {
          event.preventDefault();
          onDismiss();
        }}
        className="rounded p-1 text-current no-underline hover:bg-black/10"
        aria-label="Dismiss notification"
      >
        <span aria-hidden="true">✕</span>
      </a>
    </div>
  );
}
