import { useEffect, useRef, useState } from "react";

type Suggestion = { id: string; username: string; displayName: string };

// The @word being typed just before the caret (the same start rule as the renderer's mentions).
const TYPED_MENTION = /(^|[^A-Za-z0-9_@/.])@([A-Za-z0-9_]{1,20})$/;
const SUGGEST_URL = "/api/members/suggest";
const DELAY_MS = 150;

function typedMention(textarea: HTMLTextAreaElement): { start: number; query: string } | null {
  const before = textarea.value.slice(0, textarea.selectionStart ?? 0);
  const match = TYPED_MENTION.exec(before);
  if (!match) return null;
  return { start: before.length - match[2].length - 1, query: match[2] };
}

/** The suggestion list under a textarea (lazy-loaded by MentionSuggestions). */
export default function MentionList({ textareaId }: { textareaId: string }) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [activeIndex, setActiveIndex] = useState(0);
  const state = useRef({ suggestions, activeIndex });
  state.current = { suggestions, activeIndex };
  const listId = `${textareaId}-mentions`;

  useEffect(() => {
    const textarea = document.getElementById(textareaId);
    if (!(textarea instanceof HTMLTextAreaElement)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const close = () => {
      controller?.abort();
      setSuggestions([]);
    };
    const lookUp = () => {
      clearTimeout(timer);
      const typed = typedMention(textarea);
      if (!typed) return close();
      timer = setTimeout(() => {
        controller?.abort();
        controller = new AbortController();
        fetch(`${SUGGEST_URL}?q=${encodeURIComponent(typed.query)}`, { signal: controller.signal, headers: { Accept: "application/json" } })
          .then((response) => (response.ok ? (response.json() as Promise<Suggestion[]>) : []))
          .then((found) => {
            setSuggestions(found);
            setActiveIndex(0);
          })
          .catch(() => undefined);
      }, DELAY_MS);
    };
    const pick = (suggestion: Suggestion) => {
      const typed = typedMention(textarea);
      if (!typed) return close();
      const caret = textarea.selectionStart ?? textarea.value.length;
      const inserted = `@${suggestion.username} `;
      textarea.setRangeText(inserted, typed.start, caret, "end");
      textarea.dispatchEvent(new Event("input", { bubbles: true }));
      close();
      textarea.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { suggestions: shown, activeIndex: active } = state.current;
      if (shown.length === 0) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActiveIndex((active + step + shown.length) % shown.length);
      } else if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        pick(shown[active]);
      } else if (event.key === "Escape") {
        event.preventDefault();
        close();
      }
    };
    const onPick = (event: Event) => pick((event as CustomEvent<Suggestion>).detail);
    const onBlur = () => setTimeout(close, 150);
    textarea.setAttribute("aria-autocomplete", "list");
    textarea.setAttribute("aria-controls", listId);
    textarea.addEventListener("input", lookUp);
    textarea.addEventListener("keydown", onKeyDown);
    textarea.addEventListener("blur", onBlur);
    textarea.addEventListener("mention-pick", onPick);
    lookUp();
    return () => {
      clearTimeout(timer);
      controller?.abort();
      textarea.removeEventListener("input", lookUp);
      textarea.removeEventListener("keydown", onKeyDown);
      textarea.removeEventListener("blur", onBlur);
      textarea.removeEventListener("mention-pick", onPick);
    };
  }, [textareaId, listId]);

  useEffect(() => {
    const textarea = document.getElementById(textareaId);
    if (!textarea) return;
    textarea.setAttribute("aria-expanded", String(suggestions.length > 0));
    if (suggestions.length > 0) textarea.setAttribute("aria-activedescendant", `${listId}-${activeIndex}`);
    else textarea.removeAttribute("aria-activedescendant");
  }, [textareaId, listId, suggestions, activeIndex]);

  if (suggestions.length === 0) return null;
  const choose = (suggestion: Suggestion) => document.getElementById(textareaId)?.dispatchEvent(new CustomEvent("mention-pick", { detail: suggestion }));
  return (
    <ul id={listId} role="listbox" aria-label="Members to mention" className="mt-1 max-w-sm divide-y divide-slate-100 rounded-md border border-slate-200 bg-white text-sm shadow-lg">
      {suggestions.map((suggestion, index) => (
        <li
          key={suggestion.id}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === activeIndex}
          onMouseDown={(event) => {
            event.preventDefault();
            choose(suggestion);
          }}
          className={`cursor-pointer px-3 py-1.5 ${index === activeIndex ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
        >
          <span className="font-medium">@{suggestion.username}</span> <span className="text-slate-500">{suggestion.displayName}</span>
        </li>
      ))}
    </ul>
  );
}
