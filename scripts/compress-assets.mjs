// Runs after the Vite build (npm run build): writes a brotli (quality 11) and a gzip (level 9)
// copy next to every script, stylesheet and SVG in build/client/assets (`x.js.br`, `x.js.gz`),
// which server.ts serves to browsers that accept them instead of compressing each answer at
// brotli quality 4 (docs/decisions/0081-slow-connection-first-view.md). Files under 1 KB stay as they
// are (the compression middleware's threshold too). A copy that is not smaller is not written.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const directory = path.resolve(process.argv[2] ?? "build/client/assets");
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
for (const name of readdirSync(directory)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const bytes = readFileSync(path.join(directory, name));
  if (bytes.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: name.endsWith(".svg") || name.endsWith(".css") ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  if (brotli.length < bytes.length) writeFileSync(path.join(directory, `${name}.br`), brotli);
  if (gzip.length < bytes.length) writeFileSync(path.join(directory, `${name}.gz`), gzip);
  before += bytes.length;
  after += brotli.length;
}
console.log(`Precompressed assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
