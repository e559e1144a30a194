/**
 * The features' boundaries (docs/decisions/0099-feature-entries.md, docs/architecture.md "Which
 * feature may import which"): another feature is reached only through its public entries
 * (`index.server.ts`, the client-safe `index.ts`, its `components/` files), the features' graph has
 * no cycle, a client-safe entry never pulls a `.server` module or zod into the browser, and
 * app/utils imports no feature. The lint rule (eslint.config.js) says the same for `~/features/…`
 * imports; this test also reads relative paths and dynamic imports.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");
const featuresDir = path.join(root, "app/features");

/** Test code may set up state through any module of any feature. */
const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || /\/test-support\//.test(file) || /\/test-helpers\.ts$/.test(file) || file.startsWith("app/test/");

/** The mail worker's script loads its jobs' modules and nothing else (docs/decisions/0089-mail-worker-entry.md). */
const directImportsAllowed: Record<string, RegExp> = {
  "app/mail-worker.server.ts": /^app\/features\/(mail\/(sender|scheduler|outbox)|discussions\/(reply-mail|weekly-digest)|conversations\/message-mail|meetings\/reminders)\.server\.ts$/,
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path.relative(root, full)] : [];
  });
}

/** The repository file an import specifier names, or null for a package. */
function resolveImport(from: string, importSpecifier: string): string | null {
  const specifier = importSpecifier.replace(/\?.*$/, "");
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(root, "app", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(root, path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return path.relative(root, candidate);
  }
  throw new Error(`${from}: cannot resolve "${specifier}"`);
}

const importsCache = new Map<string, { specifier: string; file: string | null }[]>();
/** Static imports, `export … from` and dynamic `import()`, type-only ones included. */
function importsOf(file: string) {
  let imports = importsCache.get(file);
  if (!imports) {
    const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), "utf8"), true, true);
    imports = importedFiles.map(({ fileName }) => ({ specifier: fileName, file: resolveImport(file, fileName) }));
    importsCache.set(file, imports);
  }
  return imports;
}

/** The value imports only (what reaches a bundle): `import type` and `export type` are erased. */
function valueImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(root, file), "utf8"), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && !statement.isTypeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
  }
  return specifiers;
}

const featureOf = (file: string) => /^app\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
const isPublicEntry = (file: string, feature: string) => {
  const inside = file.slice(`app/features/${feature}/`.length);
  return inside === "index.server.ts" || inside === "index.ts" || inside.startsWith("components/");
};

const features = readdirSync(featuresDir).filter((name) => statSync(path.join(featuresDir, name)).isDirectory());
const appFiles = [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "server"))].filter((file) => !isTestCode(file));

/** Each feature's imports of other features, with one importing file as the witness. */
function featureGraph(): Map<string, Map<string, string>> {
  const graph = new Map(features.map((feature) => [feature, new Map<string, string>()]));
  for (const file of appFiles) {
    const from = featureOf(file);
    if (!from) continue;
    for (const { file: target } of importsOf(file)) {
      const to = target ? featureOf(target) : null;
      if (to && to !== from && !graph.get(from)!.has(to)) graph.get(from)!.set(to, `${file} → ${target}`);
    }
  }
  return graph;
}

/** One cycle of the graph as a path ("a → b → a" with the files), or null. */
function findCycle(graph: Map<string, Map<string, string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === "open") {
        const cycle = [...stack.slice(stack.indexOf(next)), next];
        return cycle.slice(1).map((to, index) => `${cycle[index]} → ${to} (${graph.get(cycle[index])!.get(to)})`);
      }
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const feature of graph.keys()) {
    if (state.has(feature)) continue;
    const found = visit(feature);
    if (found) return found;
  }
  return null;
}

describe("feature boundaries", () => {
  it("reaches another feature only through its public entries", () => {
    const bypasses: string[] = [];
    for (const file of appFiles) {
      const from = featureOf(file);
      for (const { specifier, file: target } of importsOf(file)) {
        const to = target ? featureOf(target) : null;
        if (!target || !to || to === from || isPublicEntry(target, to)) continue;
        if (directImportsAllowed[file]?.test(target)) continue;
        bypasses.push(`${file} imports "${specifier}"`);
      }
    }
    expect(bypasses).toEqual([]);
  });

  it("has no cycle between features", () => {
    expect(findCycle(featureGraph())).toBeNull();
  });

  it("finds a cycle when one comes back", () => {
    const graph = featureGraph();
    graph.get("auth")!.set("reports", "a probe");
    expect(findCycle(graph)?.join(" ")).toMatch(/reports → auth|auth → reports/);
  });

  it("keeps each client-safe index.ts free of .server modules and zod, however deep", () => {
    const leaks: string[] = [];
    for (const feature of features) {
      const entry = `app/features/${feature}/index.ts`;
      if (!existsSync(path.join(root, entry))) continue;
      const seen = new Set<string>();
      const pending = [entry];
      while (pending.length > 0) {
        const file = pending.pop()!;
        if (seen.has(file)) continue;
        seen.add(file);
        if (/\.server\.tsx?$/.test(file)) leaks.push(`${entry} reaches ${file}`);
        for (const specifier of valueImportsOf(file)) {
          if (/^(zod|@conform-to\/zod)(\/|$)/.test(specifier)) leaks.push(`${entry} reaches zod through ${file}`);
          const target = resolveImport(file, specifier);
          if (target) pending.push(target);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it("lets app/utils import no feature", () => {
    const imports = appFiles
      .filter((file) => file.startsWith("app/utils/"))
      .flatMap((file) => importsOf(file).filter(({ file: target }) => target && featureOf(target)).map(({ specifier }) => `${file} imports "${specifier}"`));
    expect(imports).toEqual([]);
  });
});
