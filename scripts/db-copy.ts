// npm run db:copy -- --from file:./data/quads.db --to postgres://user:password@host:5432/quads
// npm run db:copy -- --from postgres://… --to file:./data/quads.db
//
// Copies a whole community into an EMPTY database of either engine, then compares both sides
// (row counts of every table, key counters) and exits 1 on any difference. Stop the server first:
// what it writes during the copy would not be copied. How and why: scripts/lib/db-copy.ts and
// docs/operations.md, "Moving to PostgreSQL". Options: --batch-size N (rows read per batch, 1000).
import { DatabaseUrlError, parseDatabaseUrl } from "../app/utils/database-url.server";
import { type CopyEndpoint, type CopyProgress, CopyRefusedError, copyDatabase, openCopyEndpoint } from "./lib/db-copy";

const USAGE = "Usage: npm run db:copy -- --from file:./data/quads.db --to postgres://user:password@host:5432/quads (or the other way round)";

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

const from = option("from");
const to = option("to");
if (!from || !to) fail(USAGE);
const batchSize = Number(option("batch-size") ?? 1000);
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000) fail("--batch-size must be a whole number from 1 to 100000");
for (const [name, url] of [
  ["--from", from],
  ["--to", to],
] as const) {
  try {
    parseDatabaseUrl(url);
  } catch (error) {
    if (error instanceof DatabaseUrlError) fail(`${name} ${error.message}`);
    throw error;
  }
}
const fromTarget = parseDatabaseUrl(from);
const toTarget = parseDatabaseUrl(to);
if ((fromTarget.engine === "sqlite" ? fromTarget.path : fromTarget.url) === (toTarget.engine === "sqlite" ? toTarget.path : toTarget.url)) {
  fail("--from and --to name the same database.");
}

const isTerminal = Boolean(process.stderr.isTTY);
let lastTable = "";
let tableStarted = Date.now();
let lastDraw = 0;

/** On a terminal, one bar redrawn in place; otherwise a plain line per finished table. */
function showProgress(progress: CopyProgress) {
  const now = Date.now();
  if (progress.table !== lastTable) {
    lastTable = progress.table;
    tableStarted = now;
  }
  const isTableDone = progress.tableCopied === progress.tableTotal;
  if (isTerminal) {
    if (!isTableDone && now - lastDraw < 100) return;
    lastDraw = now;
    const width = 30;
    const share = progress.total === 0 ? 1 : progress.copied / progress.total;
    const filled = Math.round(share * width);
    const bar = `${"█".repeat(filled)}${"░".repeat(width - filled)}`;
    process.stderr.write(
      `\r\x1b[2K${bar} ${(share * 100).toFixed(0).padStart(3)}%  ${progress.copied.toLocaleString("en")}/${progress.total.toLocaleString("en")} rows  ${progress.table} ${progress.tableCopied.toLocaleString("en")}/${progress.tableTotal.toLocaleString("en")}`,
    );
  } else if (isTableDone) {
    console.log(`  ${progress.table.padEnd(24)} ${String(progress.tableTotal).padStart(9)} rows  ${((now - tableStarted) / 1000).toFixed(1)} s`);
  }
}

let source: CopyEndpoint | undefined;
let target: CopyEndpoint | undefined;
try {
  source = await openCopyEndpoint(from, { mustExist: true });
  target = await openCopyEndpoint(to, { mustExist: false });
  console.log(`Copying ${source.label} (${source.engine}) into ${target.label} (${target.engine})…`);
  const result = await copyDatabase({ source, target, batchSize, onProgress: showProgress });
  if (isTerminal) process.stderr.write("\n");
  console.log(`Copied ${result.rowsCopied.toLocaleString("en")} rows in ${(result.durationMs / 1000).toFixed(1)} s. Comparison (source → target):`);
  const width = Math.max(...result.comparison.map((line) => line.label.length));
  for (const line of result.comparison) {
    console.log(`  ${line.isEqual ? "ok  " : "DIFF"} ${line.label.padEnd(width)} ${String(line.source).padStart(14)} ${String(line.target).padStart(14)}`);
  }
  for (const problem of result.integrityProblems) console.log(`  DIFF ${problem}`);
  if (!result.isEqual) fail("The copy does not match its source (lines marked DIFF above): do not switch to it.");
  console.log(`Both sides match. Point DATABASE_URL at the new database and start Quads.`);
} catch (error) {
  if (isTerminal) process.stderr.write("\n");
  if (error instanceof CopyRefusedError) fail(error.message);
  fail(`The copy failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await source?.close().catch(() => undefined);
  await target?.close().catch(() => undefined);
}
