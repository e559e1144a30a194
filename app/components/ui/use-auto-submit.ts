import { useSubmit } from "react-router";
import { useEffect, useRef } from "react";

/** With JavaScript, a GET filter form submits itself as the member types (debounced) or picks an option. */
export function useAutoSubmit(delayMs = 300) {
  const submit = useSubmit();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (form: HTMLFormElement | null, immediately = false) => {
    if (!form) return;
    window.clearTimeout(timer.current);
    const send = () => {
      const formData = new FormData(form);
      // A new search starts at page 1; empty fields stay out of the URL.
      const params = new URLSearchParams();
      for (const [key, value] of formData) if (typeof value === "string" && value.trim() !== "" && key !== "page") params.append(key, value);
      submit(params, { method: "get", action: form.getAttribute("action") ?? undefined, replace: true, preventScrollReset: true });
    };
    if (immediately) send();
    else timer.current = window.setTimeout(send, delayMs);
  };
}
