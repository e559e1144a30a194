import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { ToastCard as ServerToastCard } from "./toast-card";

export type ToastMessage = { id: string; title: string; description?: string; variant: "default" | "destructive" };

// The toast itself is a browser chunk of its own, fetched when one shows: most page views have none
// (docs/decisions/0078-shell-code-after-hydration.md). The server renders it directly, as `/` does.
const ToastCard = import.meta.env.SSR
  ? ServerToastCard
  : /* @__PURE__ */ lazy(() => import("./toast-card").then((module) => ({ default: module.ToastCard })));

/**
 * Shows one toast at a time. Server-rendered, so it shows with JavaScript off; with JavaScript
 * it disappears after 5 s, can be dismissed, swiped right, and F8 moves focus to it.
 */
export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [current, setCurrent] = useState<ToastMessage | null>(toast);
  const regionRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (toast) setCurrent(toast);
  }, [toast]);

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

  const dismiss = useCallback(() => setCurrent(null), []);
  // A region that is always there (so screen readers announce what appears in it) holding at most
  // one toast. Without JavaScript the toast leaves on its own (the `toast-leaves` animation in
  // app/tailwind.css) and ✕ is a link to #dismiss-toast, which hides it through :target;
  // with JavaScript ✕ closes it at once. See docs/accessibility.md.
  return (
    <section aria-label="Notifications (F8)" className="toaster">
      <div ref={regionRef} tabIndex={-1} className="outline-none" role="status" aria-live="polite">
        {current ? (
          <Suspense fallback={null}>
            <ToastCard key={current.id} toast={current} onDismiss={dismiss} />
          </Suspense>
        ) : null}
      </div>
    </section>
  );
}
