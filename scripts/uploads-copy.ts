// npm run uploads:copy [-- --from DIR]: copies the pictures on the local disk (UPLOADS_DIR, or DIR)
// into the bucket S3_* name, with a progress bar. Resumable: run it again after an interruption
// and the objects already there (same size and SHA-256) are skipped. Every object written is read
// back and compared; the summary lists any failure and the exit code is 1 then. The disk is left
// as it is. How and when: docs/operations.md, "Pictures in an object store".
import path from "node:path";
import { createLocalDiskStorage, getUploadStorage } from "../app/features/uploads/storage.server";
import { ConfigurationError, getEnv } from "../app/utils/env.server";
import { copyUploads, type UploadsCopyProgress } from "./lib/uploads-copy";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.indexOf(`--${name}`);
  if (index >= 0) return args[index + 1];
  return args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

let env;
try {
  env = getEnv();
} catch (error) {
  fail(error instanceof ConfigurationError ? error.message : String(error));
}
if (!env.objectStore) fail("No bucket to copy into: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE as your store needs). See docs/operations.md, \"Pictures in an object store\".");
const source = createLocalDiskStorage(path.resolve(option("from") ?? env.UPLOADS_DIR));
const target = getUploadStorage();

const isTerminal = Boolean(process.stderr.isTTY);
let lastDraw = 0;

/** On a terminal, one bar redrawn in place; otherwise a line every 500 pictures. */
function showProgress({ done, total }: UploadsCopyProgress) {
  if (isTerminal) {
    const now = Date.now();
    if (done !== total && now - lastDraw < 100) return;
    lastDraw = now;
    const width = 30;
    const share = total === 0 ? 1 : done / total;
    const filled = Math.round(share * width);
    process.stderr.write(`\r\x1b[2K${"█".repeat(filled)}${"░".repeat(width - filled)} ${(share * 100).toFixed(0).padStart(3)}%  ${done.toLocaleString("en")}/${total.toLocaleString("en")} files`);
  } else if (done % 500 === 0 || done === total) {
    console.log(`  ${done.toLocaleString("en")}/${total.toLocaleString("en")} files`);
  }
}

try {
  await target.check();
} catch (error) {
  fail(`The bucket ${target.location} cannot be reached: ${error instanceof Error ? error.message || error.name : String(error)}`);
}
console.log(`Copying the pictures of ${source.location} into ${target.location}…`);
const result = await copyUploads({ source, target, onProgress: showProgress });
if (isTerminal) process.stderr.write("\n");
const megabytes = (result.bytesCopied / 1024 / 1024).toFixed(1);
console.log(
  `${result.total} files: ${result.copied} copied (${megabytes} MB) and verified, ${result.skipped} already there, ${result.failed.length} failed, in ${(result.durationMs / 1000).toFixed(1)} s.`,
);
for (const failure of result.failed) console.log(`  FAILED ${failure.name}: ${failure.reason}`);
if (result.failed.length > 0) fail("Some pictures were not copied (listed above): run npm run uploads:copy again; the ones already copied are skipped.");
console.log("Every picture is in the bucket. Keep S3_* set and restart Quads to serve them from there.");
process.exit(0);
