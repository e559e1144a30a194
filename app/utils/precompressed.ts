/**
 * Which precompressed copy of a static asset to send (docs/decisions/0081-slow-connection-first-view.md):
 * the build writes `x.js.br` (brotli quality 11) and `x.js.gz` (gzip level 9) beside the files in
 * build/client/assets (scripts/compress-assets.mjs), and server.ts sends one of them when the
 * request's `Accept-Encoding` allows it. Brotli when the client accepts both (it is ≈13 % smaller
 * than gzip on the shell chunk), unless the client ranks gzip higher with q-values; `q=0` refuses
 * an encoding, and `*` stands for every encoding the header does not name.
 */
export type AssetEncoding = "br" | "gzip";

const EXTENSION: Record<AssetEncoding, string> = { br: ".br", gzip: ".gz" };

export function chooseAssetEncoding(acceptEncoding: string | undefined, available: ReadonlySet<AssetEncoding>): AssetEncoding | undefined {
  if (!acceptEncoding || available.size === 0) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [token, ...parameters] = part.trim().toLowerCase().split(";");
    if (!token) continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(parameter)?.[1]).find((value) => value !== undefined);
    weights.set(token.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: AssetEncoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const candidates = (["br", "gzip"] as const).filter((encoding) => available.has(encoding) && weightOf(encoding) > 0);
  return candidates.sort((a, b) => weightOf(b) - weightOf(a))[0];
}

/** The file to send for `name` in `encoding` (`shell-x.js` → `shell-x.js.br`). */
export function precompressedName(name: string, encoding: AssetEncoding): string {
  return name + EXTENSION[encoding];
}
