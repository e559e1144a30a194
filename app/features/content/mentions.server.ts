/**
 * @mentions in member Markdown (docs/discussions.md, "Usernames and mentions"): a markdown-it
 * plugin that turns `@username` in plain text into a link to `/u/username`. It runs on the parsed
 * inline tokens, so code spans, code blocks and the text of links are never touched; an address
 * like `ada@example.com` is not a mention (the @ must not follow a letter, digit or _).
 */
import type MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";

// The @ starts the text or follows a character that cannot end a word, a mention or a path.
const MENTION = /(^|[^A-Za-z0-9_@/.])@([A-Za-z0-9_]{3,20})(?![A-Za-z0-9_])/g;

/** The usernames mentioned in one text run, lowercase, in order (duplicates kept). */
function mentionsIn(text: string): { index: number; length: number; username: string }[] {
  const found: { index: number; length: number; username: string }[] = [];
  for (const match of text.matchAll(MENTION)) {
    const start = (match.index ?? 0) + match[1].length;
    found.push({ index: start, length: match[2].length + 1, username: match[2].toLowerCase() });
  }
  return found;
}

function splitMentions(state: { Token: typeof Token }, children: Token[]): Token[] {
  const result: Token[] = [];
  let linkDepth = 0;
  for (const child of children) {
    if (child.type === "link_open") linkDepth += 1;
    if (child.type === "link_close") linkDepth -= 1;
    const mentions = child.type === "text" && linkDepth === 0 ? mentionsIn(child.content) : [];
    if (mentions.length === 0) {
      result.push(child);
      continue;
    }
    let position = 0;
    const pushText = (content: string) => {
      if (!content) return;
      const text = new state.Token("text", "", 0);
      text.content = content;
      result.push(text);
    };
    for (const mention of mentions) {
      pushText(child.content.slice(position, mention.index));
      const open = new state.Token("link_open", "a", 1);
      open.attrs = [
        ["href", `/u/${mention.username}`],
        ["class", "mention"],
      ];
      open.meta = { mention: mention.username };
      const text = new state.Token("text", "", 0);
      text.content = `@${mention.username}`;
      result.push(open, text, new state.Token("link_close", "a", -1));
      position = mention.index + mention.length;
    }
    pushText(child.content.slice(position));
  }
  return result;
}

/** The markdown-it plugin: call once on the renderer (after linkify, so URLs are already links). */
export function mentionsPlugin(markdown: MarkdownIt): void {
  markdown.core.ruler.push("mentions", (state) => {
    for (const token of state.tokens) {
      if (token.type === "inline" && token.children) token.children = splitMentions(state, token.children);
    }
  });
}

/**
 * The distinct usernames a parsed text mentions, in order of first appearance; mentions inside a
 * quote (a blockquote) are someone else's words and are left out.
 */
export function mentionsOfTokens(tokens: Token[]): string[] {
  const usernames = new Set<string>();
  let quoteDepth = 0;
  for (const token of tokens) {
    if (token.type === "blockquote_open") quoteDepth += 1;
    if (token.type === "blockquote_close") quoteDepth -= 1;
    if (quoteDepth > 0) continue;
    for (const child of token.children ?? []) {
      const mention = (child.meta as { mention?: string } | null)?.mention;
      if (child.type === "link_open" && mention) usernames.add(mention);
    }
  }
  return [...usernames];
}
