import { lazy, Suspense, useEffect, useState } from "react";

// The list and its fetching load only once the member types an @ (page weight: docs/operations.md).
// The server never renders it (it appears after typing), so its build stays one file.
const MentionList = import.meta.env.SSR ? () => null : lazy(() => import("./mention-list"));

/**
 * With JavaScript, typing `@` in the textarea `textareaId` suggests members (GET
 * /api/members/suggest, docs/discussions.md "Usernames and mentions"). Without it, nothing renders
 * and typing the username by hand works the same.
 */
export function MentionSuggestions({ textareaId }: { textareaId: string }) {
  const [isActive, setIsActive] = useState(false);
  useEffect(() => {
    if (isActive) return;
    const textarea = document.getElementById(textareaId);
    if (!(textarea instanceof HTMLTextAreaElement)) return;
    const onInput = () => {
      if (textarea.value.includes("@")) setIsActive(true);
    };
    textarea.addEventListener("input", onInput);
    return () => textarea.removeEventListener("input", onInput);
  }, [textareaId, isActive]);
  if (!isActive) return null;
  return (
    <Suspense fallback={null}>
      <MentionList textareaId={textareaId} />
    </Suspense>
  );
}
