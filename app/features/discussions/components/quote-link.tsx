import { AppLink } from "~/components/ui/app-link";
import type { MouseEvent } from "react";
import { quoteMarkdown } from "../quote";
import { buttonClass } from "~/components/ui/button";

const REPLY_TEXTAREA_ID = "reply-form-content";

/** The text the member selected inside `container`, if any. */
function selectedTextIn(container: HTMLElement | null): string {
  const selection = window.getSelection();
  if (!container || !selection || selection.isCollapsed) return "";
  const range = selection.getRangeAt(0);
  return container.contains(range.commonAncestorContainer) ? selection.toString().trim() : "";
}

/**
 * 'Quote' on a post or reply (docs/discussions.md, "Quotes"). Without JavaScript it is a link to
 * `?quote=<post|reply id>#reply` and the server pre-fills the reply form; with it, the quote (of the
 * selected text only, when the member selected some inside it) is added to the form in place.
 * `discover="none"`: it links to the page it is on, whose route the browser already has.
 */
export function QuoteLink({
  postPath,
  target,
  username,
  link,
  content,
  contentId,
}: {
  postPath: string;
  target: "post" | number;
  username: string;
  link: string;
  content: string;
  contentId: string;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const textarea = document.getElementById(REPLY_TEXTAREA_ID);
    if (!(textarea instanceof HTMLTextAreaElement)) return;
    event.preventDefault();
    const selected = selectedTextIn(document.getElementById(contentId));
    const quote = quoteMarkdown({ username, link, text: selected || content });
    const current = textarea.value;
    const separator = current && !current.endsWith("\n\n") ? (current.endsWith("\n") ? "\n" : "\n\n") : "";
    textarea.value = `${current}${separator}${quote}`;
    textarea.dispatchEvent(new Event("input", { bubbles: true }));
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
    textarea.scrollIntoView({ block: "center" });
  };
  return (
    <AppLink to={`${postPath}?quote=${target}#reply`} preventScrollReset discover="none" onClick={onClick} className={buttonClass("ghost")} aria-label={`Quote @${username}`}>
      Quote
    </AppLink>
  );
}
