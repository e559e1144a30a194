/**
 * User content: the safe Markdown subset posts and replies are written in, rendered to HTML on
 * the server, and the plain-text excerpt of it.
 *
 * Safety comes from construction, not from cleaning afterwards: markdown-it runs with
 * `html: false` (any tag a member types is escaped as text), headings and tables are switched
 * off, and every link target must pass `isSafeLinkUrl` (http, https, mailto or a relative path),
 * so no script, event handler or `javascript:` URL can come out of it. Images render inline only
 * when they are this Quads' own uploads (docs/uploads.md); any other image stays a plain link, so
 * a member's browser never loads a third-party picture (no tracking pixels).
 */
import MarkdownIt from "markdown-it";
import { parseUploadedImageUrl, uploadHashesIn } from "~/utils/upload-urls";
import { mentionsOfTokens, mentionsPlugin } from "./mentions.server";

/** Excerpt length (post cards, dashboard; docs/discussions.md). */
export const EXCERPT_LENGTH = 200;

const ALLOWED_SCHEMES = new Set(["http:", "https:", "mailto:"]);
// Characters browsers ignore or strip inside a URL scheme ("java\nscript:", "\u0000javascript:").
// eslint-disable-next-line no-control-regex
const IGNORED_URL_CHARACTERS = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;

/** Whether a link target may appear in user content: http(s), mailto, or a relative link. */
export function isSafeLinkUrl(url: string): boolean {
  const compact = url.replace(IGNORED_URL_CHARACTERS, "");
  if (compact === "") return false;
  // Protocol-relative ("//evil.example") and backslash tricks ("/\evil.example") leave the site.
  if (/^[/\\]{2}/.test(compact) || /^\/\\/.test(compact)) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) return ALLOWED_SCHEMES.has(`${scheme[1].toLowerCase()}:`);
  // An encoded colon before the first slash could be decoded into a scheme by some consumer.
  const beforePath = compact.split(/[/?#]/)[0];
  if (/:|%3a|&#|&colon;/i.test(beforePath)) return false;
  return true;
}

function isExternal(url: string): boolean {
  return /^(https?:|mailto:)/i.test(url.trim());
}

type RenderEnv = { removedPictures?: ReadonlySet<string> };

const REMOVED_PICTURE_CLASS = "inline-block rounded-md border border-dashed border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-500";

function createRenderer(): MarkdownIt {
  const markdown = new MarkdownIt("default", { html: false, linkify: true, typographer: false, breaks: true });
  markdown.disable(["table", "heading", "lheading", "html_block", "html_inline"]);
  markdown.validateLink = isSafeLinkUrl;
  markdown.use(mentionsPlugin);

  markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
    const token = tokens[index];
    const href = token.attrGet("href") ?? "";
    token.attrSet("rel", "nofollow ugc noopener");
    if (isExternal(href) && !/^mailto:/i.test(href.trim())) token.attrSet("target", "_blank");
    return self.renderToken(tokens, index, options);
  };

  markdown.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index];
    const src = token.attrGet("src") ?? "";
    const alt = self.renderInlineAsText(token.children ?? [], options, env);
    const escape = markdown.utils.escapeHtml;
    const image = parseUploadedImageUrl(src);
    if (!image) {
      const target = isExternal(src) ? ' target="_blank"' : "";
      return `<a href="${escape(src)}" rel="nofollow ugc noopener"${target}>${escape(alt || src)}</a>`;
    }
    if ((env as RenderEnv).removedPictures?.has(image.hash)) {
      // Removed by its owner or a moderator (docs/uploads.md): a placeholder, not a broken picture.
      return `<span class="${REMOVED_PICTURE_CLASS}" data-picture="removed">${escape(alt ? `Picture removed: ${alt}` : "Picture removed")}</span>`;
    }
    const srcSet = image.srcSet ? ` srcset="${escape(image.srcSet)}" sizes="(min-width: 768px) 720px, 100vw"` : "";
    return `<img src="${escape(image.url)}"${srcSet} width="${image.width}" height="${image.height}" alt="${escape(alt)}" loading="lazy" decoding="async">`;
  };
  return markdown;
}

let renderer: MarkdownIt | undefined;
function getRenderer(): MarkdownIt {
  renderer ??= createRenderer();
  return renderer;
}

/**
 * A small least-recently-used memo: rendering is a pure function of the text, and the same posts
 * and replies are shown again and again (a list page parsed 20 posts' Markdown on every view).
 */
function memo(limit: number, compute: (source: string) => string): (source: string) => string {
  const cache = new Map<string, string>();
  return (source) => {
    const hit = cache.get(source);
    if (hit !== undefined) {
      cache.delete(source);
      cache.set(source, hit);
      return hit;
    }
    const value = compute(source);
    if (source.length <= 20_000) {
      cache.set(source, value);
      if (cache.size > limit) cache.delete(cache.keys().next().value as string);
    }
    return value;
  };
}

const renderCached = memo(2_000, (source) => getRenderer().render(source));

/**
 * Renders a member's Markdown to safe HTML (for dangerouslySetInnerHTML through <UserContent>).
 * `removedPictures`: hashes of this Quads' pictures that no longer exist (uploads feature,
 * `missingUploadHashes`); each shows as a 'Picture removed' placeholder.
 */
export function renderMarkdown(source: string, { removedPictures }: RenderEnv = {}): string {
  if (removedPictures?.size && uploadHashesIn(source).some((hash) => removedPictures.has(hash))) {
    return getRenderer().render(source, { removedPictures } satisfies RenderEnv);
  }
  return renderCached(source);
}

/** The distinct usernames `@mentioned` in a member's Markdown (not in code, not in links), lowercase, in order. */
export function extractMentions(source: string): string[] {
  return mentionsOfTokens(getRenderer().parse(source, {}));
}

/** The visible text of a member's Markdown, whitespace collapsed (for excerpts and notifications). */
export function toPlainText(source: string): string {
  const tokens = getRenderer().parse(source, {});
  const parts: string[] = [];
  for (const token of tokens) {
    if (token.type === "inline") {
      for (const child of token.children ?? []) {
        if (child.type === "text" || child.type === "code_inline") parts.push(child.content);
        else if (child.type === "softbreak" || child.type === "hardbreak") parts.push(" ");
      }
      parts.push(" ");
    } else if (token.type === "code_block" || token.type === "fence") {
      parts.push(token.content, " ");
    }
  }
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** The excerpt: the first `length` (200) characters of the plain text, plus an ellipsis when cut. */
export function excerptOf(source: string, length = EXCERPT_LENGTH): string {
  // Memoised per length too: /messages shows 140-character excerpts of the same last messages on every view.
  return length === EXCERPT_LENGTH ? excerptCached(source) : excerptOfLengthCached(`${length}:${source}`);
}

function computeExcerpt(source: string, length: number): string {
  const text = toPlainText(source);
  if (text.length <= length) return text;
  return `${Array.from(text).slice(0, length).join("")}...`;
}

const excerptCached = memo(2_000, (source) => computeExcerpt(source, EXCERPT_LENGTH));
const excerptOfLengthCached = memo(2_000, (key) => {
  const colon = key.indexOf(":");
  return computeExcerpt(key.slice(colon + 1), Number(key.slice(0, colon)));
});

/** How many links the renderer makes of a member's Markdown (written ones and bare URLs it links). */
export function countLinks(source: string): number {
  let links = 0;
  for (const token of getRenderer().parse(source, {})) {
    if (token.type !== "inline") continue;
    // An image that is not one of this Quads' uploads renders as a link; a @mention links inside the site.
    for (const child of token.children ?? []) {
      if ((child.type === "link_open" && !child.meta?.mention) || (child.type === "image" && !parseUploadedImageUrl(child.attrGet("src") ?? ""))) links += 1;
    }
  }
  return links;
}
