/**
 * Every e-mail's two parts, plain text and HTML, from one description: a heading, a few
 * paragraphs, an optional button (its link also written out), the community's name, and for
 * notification mail the unsubscribe link. Texts are escaped here, never by the caller.
 */
import { getEnv } from "~/utils/env.server";
import { escapeHtml } from "~/utils/html";

export type MailContent = {
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A closing line in small print (why the member got this, what to do if it was not them). */
  footnote?: string;
  /** Notification mail: the one-click unsubscribe page for this kind of mail. */
  unsubscribeUrl?: string;
};

/** The text and HTML parts of a message. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const community = getEnv().COMMUNITY_NAME;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.footnote ? [content.footnote, ""] : []),
    `— ${community}`,
    ...(content.unsubscribeUrl ? ["", `Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ].join("\n");

  const paragraph = (value: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(value)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Or open this link: <a href="${escapeHtml(content.action.url)}" style="color:#4338ca">${escapeHtml(content.action.url)}</a></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<p style="margin:0 0 16px;font-weight:700;color:#4338ca">${escapeHtml(community)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(paragraph).join("\n")}
${button}
${content.footnote ? `<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(content.footnote)}</p>` : ""}
</div>
${content.unsubscribeUrl ? `<p style="text-align:center;font-size:12px;color:#64748b"><a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#64748b">Unsubscribe from these e-mails</a></p>` : ""}
</body></html>`;
  return { text, html };
}

/** An absolute link for an e-mail: PUBLIC_URL + path. */
export function publicUrl(pathAndQuery: string): string {
  return `${getEnv().PUBLIC_URL}${pathAndQuery}`;
}
