import { useEffect, useRef, useState } from "react";

export type ToastMessage = { id: string; title: string; description?: string; variant: "default" | "destructive" };

const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * Shows one toast at a time. Server-rendered, so it shows with JavaScript off; with JavaScript
 * it disappears after 5 s, can be dismissed, swiped right, and F8 moves focus to it.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [current, setCurrent] = useState<ToastMessage | null>(toast);
  const [offset, setOffset] = useState(0);
  const regionRef = useRef<HTMLDivElement>(null);
  const swipeStart = useRef<number | null>(null);

  useEffect(() => {
    if (toast) setCurrent(toast);
  }, [toast]);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  const destructive = current?.variant === "destructive";
  // A region that is always there (so screen readers announce what appears in it) holding at most
  // one toast. Without JavaScript the toast leaves on its own (the `toast-leaves` animation in
  // app/tailwind.css) and ✕ is a link to #dismiss-toast, which hides it through :target;
  // with JavaScript ✕ closes it at once. See docs/accessibility.md.
  return (
    <section aria-label="Notifications (F8)" className="pointer-events-none fixed bottom-4 right-4 z-50 w-full max-w-sm px-4 sm:px-0">
      <div ref={regionRef} tabIndex={-1} className="outline-none" role="status" aria-live="polite">
        {current ? (
          <div
            key={current.id}
            data-testid="toast"
            style={{ transform: `translateX(${offset}px)` }}
            onPointerDown={(event) => {
              swipeStart.current = event.clientX;
            }}
            onPointerMove={(event) => {
              if (swipeStart.current !== null) setOffset(Math.max(0, event.clientX - swipeStart.current));
            }}
            onPointerUp={() => {
              if (offset > SWIPE_THRESHOLD_PX) setCurrent(null);
              swipeStart.current = null;
              setOffset(0);
            }}
            className={`toast pointer-events-auto flex items-start justify-between gap-3 rounded-lg border p-4 shadow-lg ${
              destructive ? "border-red-800 bg-red-700 text-white" : "border-slate-200 bg-white text-slate-900"
            }`}
          >
            <span id="dismiss-toast" hidden />
            <div>
              <p className="text-sm font-semibold">{current.title}</p>
              {current.description ? <p className="mt-1 text-sm">{current.description}</p> : null}
            </div>
            <a
              href="#dismiss-toast"
              onClick={(event) => {
                event.preventDefault();
                setCurrent(null);
              }}
              className="rounded p-1 text-current no-underline hover:bg-black/10"
              aria-label="Dismiss notification"
            >
              <span aria-hidden="true">✕</span>
            </a>
          </div>
        ) : null}
      </div>
    </section>
  );
}
