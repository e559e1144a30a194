import { useEffect, useState } from "react";

const PREFIX = "quads:draft:";
const SAVE_DELAY_MS = 300;

type Draft = Record<string, string>;

function readDraft(key: string): Draft | null {
  try {
    const stored = window.localStorage.getItem(`${PREFIX}${key}`);
    const draft = stored ? (JSON.parse(stored) as unknown) : null;
    return draft && typeof draft === "object" ? (draft as Draft) : null;
  } catch {
    return null;
  }
}

function fieldsOf(form: HTMLFormElement, names: string[]) {
  return names.map((name) => form.elements.namedItem(name)).filter((field): field is HTMLInputElement | HTMLTextAreaElement => field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement);
}

/**
 * Keeps an unsent form's text fields in the browser (localStorage, one key per thread) and puts
 * them back when the member returns; sending or 'Discard draft' clears it (docs/discussions.md,
 * "Drafts"). JavaScript only: without it nothing is stored and the form works as before.
 */
export function DraftKeeper({ formId, storageKey, fields }: { formId: string; storageKey: string; fields: string[] }) {
  const [isRestored, setIsRestored] = useState(false);
  const fieldList = fields.join(",");
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const inputs = fieldsOf(form, fieldList.split(","));
    const draft = readDraft(storageKey);
    // Restore only into empty fields: text the server sent back (a failed send, a quote) wins.
    if (draft && inputs.every((input) => input.value.trim() === "") && inputs.some((input) => draft[input.name])) {
      for (const input of inputs) if (draft[input.name]) input.value = draft[input.name];
      setIsRestored(true);
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const values = Object.fromEntries(inputs.map((input) => [input.name, input.value]));
        try {
          if (Object.values(values).some((value) => value.trim() !== "")) window.localStorage.setItem(`${PREFIX}${storageKey}`, JSON.stringify(values));
          else window.localStorage.removeItem(`${PREFIX}${storageKey}`);
        } catch {
          // Storage full or blocked: the form still works, only the draft is not kept.
        }
      }, SAVE_DELAY_MS);
    };
    const clear = () => {
      clearTimeout(timer);
      window.localStorage.removeItem(`${PREFIX}${storageKey}`);
    };
    form.addEventListener("input", save);
    form.addEventListener("submit", clear);
    return () => {
      clearTimeout(timer);
      form.removeEventListener("input", save);
      form.removeEventListener("submit", clear);
    };
  }, [formId, storageKey, fieldList]);
  if (!isRestored) return null;
  const discard = () => {
    window.localStorage.removeItem(`${PREFIX}${storageKey}`);
    const form = document.getElementById(formId);
    if (form instanceof HTMLFormElement) for (const input of fieldsOf(form, fields)) input.value = "";
    setIsRestored(false);
  };
  return (
    <p className="flex items-center gap-2 text-xs text-slate-600" role="status">
      Draft restored.
      <button type="button" onClick={discard} className="font-semibold text-indigo-700 hover:underline">
        Discard draft
      </button>
    </p>
  );
}
