/**
 * Classic XSS payloads (OWASP filter-evasion cheat sheet and friends), used by the renderer's
 * unit tests and the discussions tests to prove that none of them can run from user content.
 */
export const XSS_PAYLOADS: readonly string[] = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
  `<img src=x onerror=alert(1)>`,
  `<svg/onload=alert(1)>`,
  `<body onload=alert(1)>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<a href="javascript:alert(1)">click</a>`,
  `[click](javascript:alert(1))`,
  `[click](JaVaScRiPt:alert(1))`,
  `[click](java\tscript:alert(1))`,
  `[click](&#106;avascript:alert(1))`,
  `[click](&#x6A;avascript&#x3A;alert(1))`,
  `[click](vbscript:msgbox(1))`,
  `[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)`,
  `[click]( javascript:alert(1))`,
  `[click](<javascript:alert(1)>)`,
  `[click](//evil.example/steal)`,
  `![x](javascript:alert(1))`,
  `![x](x" onerror="alert(1))`,
  `[x](https://ok.example" onclick="alert(1))`,
  `<a href=# onmouseover="alert(1)">hover</a>`,
  `"><script>alert(document.cookie)</script>`,
  `'';!--"<XSS>=&{()}`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<div style="background:url(javascript:alert(1))">x</div>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<details open ontoggle=alert(1)>`,
  `javascript:alert(1)`,
  `<https://ok.example/" onmouseover="alert(1)>`,
  `[a](https://ok.example/\`onmouseover=alert(1)\`)`,
  `\`<script>alert(1)</script>\``,
  "```html\n<script>alert(1)</script>\n```",
  `<object data="javascript:alert(1)"></object>`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
];

/**
 * What must never appear in rendered HTML: a tag that runs or loads code, an event-handler
 * attribute, or a dangerous URL scheme inside an attribute.
 */
export function findUnsafeHtml(html: string): string | null {
  const checks: [RegExp, string][] = [
    [/<\s*(script|iframe|object|embed|svg|math|img|style|meta|form|body|details|base|link)\b/i, "a dangerous tag"],
    [/<[^>]*\son[a-z]+\s*=/i, "an event-handler attribute"],
    [/(href|src|action|data)\s*=\s*["']?\s*(javascript|vbscript|data):/i, "a dangerous URL"],
    [/href\s*=\s*["']\/\//i, "a protocol-relative link"],
  ];
  for (const [pattern, reason] of checks) {
    if (pattern.test(html)) return `${reason} in ${html}`;
  }
  return null;
}
