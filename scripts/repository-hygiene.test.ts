/**
 * The scripts and the root configuration stay honest: a comment naming a section of a docs/ page
 * names one that exists (a heading, maybe with a parenthesis after it, or a paragraph's bold lead term), and no script writes to a
 * fixed path under /tmp (a scratch file comes from `os.tmpdir()` / `mkdtempSync`), and no dependency is
 * patched without a decision record.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function filesUnder(directory: string): string[] {
  return readdirSync(path.join(root, directory)).flatMap((name) => {
    const relative = path.join(directory, name);
    return statSync(path.join(root, relative)).isDirectory() ? filesUnder(relative) : [relative];
  });
}

const rootConfigs = readdirSync(root).filter((name) => /^(knip\.jsonc|[\w.-]+\.config\.(ts|js)|server\.ts|tsconfig\.json)$/.test(name));
const scripts = filesUnder("scripts").filter((name) => /\.(ts|mjs|sh)$/.test(name));

/** `docs/<page>.md, "<Section>"` or `docs/<page>.md ("<Section>")` in a comment. */
const SECTION_REFERENCE = /(docs\/[\w/-]+\.md)[,]? *\(?"([^"]+)"/g;

function sectionsOf(page: string): string[] {
  const text = readFileSync(path.join(root, page), "utf8");
  const headings = [...text.matchAll(/^#+ +(.+)$/gm)].map((match) => match[1].trim());
  const boldTerms = [...text.matchAll(/\*\*([^*]+?)\.?\*\*/g)].map((match) => match[1].trim());
  return [...headings, ...boldTerms];
}

describe("repository hygiene", () => {
  it.each([...rootConfigs, ...scripts])("%s names only docs sections that exist", (file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const [, page, section] of text.matchAll(SECTION_REFERENCE)) {
      const found = sectionsOf(page).some((name) => name === section || name.startsWith(`${section} (`));
      expect(found, `${file} points at ${page}, "${section}"`).toBe(true);
    }
  });

  it("no script writes to a fixed /tmp path", () => {
    const offenders = scripts.filter((file) => /["'`]\/tmp\//.test(readFileSync(path.join(root, file), "utf8")));
    expect(offenders).toEqual([]);
  });

  it("patches nothing without a decision record (docs/decisions/0091-public-apis-only.md)", () => {
    // A dependency patch needs a record naming its file, a test that fails without it and an
    // upstream link; stale patches of packages no longer installed are not kept either.
    const patches = existsSync(path.join(root, "patches")) ? readdirSync(path.join(root, "patches")) : [];
    const decisions = readdirSync(path.join(root, "docs/decisions")).map((name) => readFileSync(path.join(root, "docs/decisions", name), "utf8")).join("\n");
    expect(patches.filter((name) => !decisions.includes(`patches/${name}`))).toEqual([]);
  });
});
