/**
 * Quotes (docs/discussions.md, "Quotes"): the Markdown a 'Quote' puts into the reply form, the
 * same on the server (`?quote=`, JavaScript off) and in the browser (JavaScript on).
 */

/** `> [@ada wrote](/post/12#reply-34):` then the quoted text, each line prefixed with `> `, then a blank line. */
export function quoteMarkdown({ username, link, text }: { username: string; link: string; text: string }): string {
  const lines = text.trim().replace(/\r\n?/g, "\n").split("\n");
  return `> [@${username} wrote](${link}):\n${lines.map((line) => (line ? `> ${line}` : ">")).join("\n")}\n\n`;
}

/** What `?quote=` names: `post` for the post itself, or a reply's id. */
export function quoteTargetOf(value: string | null): "post" | number | null {
  if (value === "post") return "post";
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
