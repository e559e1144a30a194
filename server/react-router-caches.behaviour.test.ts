/**
 * The edits of server/react-router-caches.ts change how React Router's server code works, never what
 * it answers: the installed modules and their edited copies, side by side (decisions 0097 and 0100).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type * as ReactRouter from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { applyServerCaches } from "./react-router-caches";

const productionBuild = path.resolve("node_modules/react-router/dist/production");
// Under node_modules: the test runner loads it as an installed module, as Node does.
const scratch = mkdtempSync(path.resolve("node_modules/.cache/quads-rr-edits-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The module holding `marker`, installed and edited: the edited copy imports what the installed one does. */
async function installedAndEdited<T>(marker: string): Promise<{ installed: T; edited: T }> {
  const { readdirSync } = await import("node:fs");
  const file = readdirSync(productionBuild)
    .filter((name) => name.startsWith("chunk-") && name.endsWith(".mjs"))
    .map((name) => path.join(productionBuild, name))
    .find((candidate) => readFileSync(candidate, "utf8").includes(marker));
  if (!file) throw new Error(`no chunk of React Router holds ${marker}`);
  const resolveFrom = createRequire(file);
  const { code, applied } = applyServerCaches(readFileSync(file, "utf8"));
  expect(applied.length).toBeGreaterThan(0);
  // The module's own import statements (at the start of a line) point at the installed files.
  const absolute = code.replace(/^(import\s[^\n]*?|\}) from "([^"]+)";$/gm, (_whole, head: string, specifier: string) => {
    const target = specifier.startsWith(".") ? path.resolve(path.dirname(file), specifier) : specifier.startsWith("node:") ? specifier : resolveFrom.resolve(specifier);
    return `${head} from ${JSON.stringify(target.startsWith("node:") ? target : pathToFileURL(target).href)};`;
  });
  const copy = path.join(scratch, path.basename(file));
  writeFileSync(copy, absolute);
  return { installed: (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T, edited: (await import(/* @vite-ignore */ pathToFileURL(copy).href)) as T };
}

type CookieModule = typeof ReactRouter;

describe("signed cookies through Node's HMAC", () => {
  it("sign exactly as WebCrypto did, and each side reads the other's cookies", async () => {
    const { installed, edited } = await installedAndEdited<CookieModule>("var unsign = async");
    const values = [{ userId: "u1" }, "plain", { text: "é ✓ 𝄞 \u00ff" }, { toast: { id: "x", title: "Saved", variant: "default" } }];
    for (const secrets of [["s3cret"], ["new-secret", "old-secret"], ["ünïcödé-secret"]]) {
      const before = installed.createCookie("quads_test", { secrets });
      const after = edited.createCookie("quads_test", { secrets });
      for (const value of values) {
        const header = await before.serialize(value);
        expect(await after.serialize(value)).toBe(header);
        const cookie = header.split(";")[0];
        expect(await after.parse(cookie)).toEqual(await before.parse(cookie));
        expect(await after.parse(cookie)).toEqual(value);
      }
    }
    // A cookie signed with a retired secret is still read while that secret is listed.
    const old = await installed.createCookie("quads_test", { secrets: ["old-secret"] }).serialize({ a: 1 });
    expect(await edited.createCookie("quads_test", { secrets: ["new-secret", "old-secret"] }).parse(old.split(";")[0])).toEqual({ a: 1 });
  });

  it("refuse what WebCrypto refused: another secret, a changed value, a short, long or malformed signature", async () => {
    const { installed, edited } = await installedAndEdited<CookieModule>("var unsign = async");
    const signed = (await installed.createCookie("quads_test", { secrets: ["s3cret"] }).serialize({ userId: "u1" })).split(";")[0];
    const [name, raw] = signed.split("=");
    const decoded = decodeURIComponent(raw);
    const dot = decoded.lastIndexOf(".");
    const tampered = [
      decoded.slice(0, dot - 2) + "xx" + decoded.slice(dot),
      decoded.slice(0, -4),
      decoded + "AAAA",
      decoded.slice(0, dot) + ".%%%not-base64",
      decoded.slice(0, dot),
      decoded.slice(0, dot) + ".",
    ];
    for (const secrets of [["s3cret"], ["other"]]) {
      for (const value of secrets[0] === "other" ? [decoded] : tampered) {
        const cookie = `${name}=${encodeURIComponent(value)}`;
        const expected = await installed.createCookie("quads_test", { secrets }).parse(cookie);
        expect(await edited.createCookie("quads_test", { secrets }).parse(cookie)).toEqual(expected);
        expect(expected).toBeNull();
      }
    }
  });
});

type RouterModule = Pick<typeof ReactRouter, "createStaticHandler">;

describe("the branch a path matches", () => {
  it("matches every path as before, the first time and from the cache", async () => {
    const { installed, edited } = await installedAndEdited<RouterModule>("function matchRoutesImpl(");
    const routes = () => [
      {
        id: "root",
        path: "/",
        loader: () => null,
        children: [
          { id: "index", index: true, loader: () => null },
          { id: "post", path: "post/:id", loader: () => null },
          { id: "post-edit", path: "post/:id/edit", loader: () => null },
          { id: "static", path: "post/new", loader: () => null },
          { id: "optional", path: "tags/:tag?", loader: () => null },
          { id: "splat", path: "files/*", loader: () => null },
          { id: "api", path: "api/posts", loader: () => null },
        ],
      },
    ];
    const before = installed.createStaticHandler(routes());
    const after = edited.createStaticHandler(routes());
    const summary = (context: Awaited<ReturnType<typeof before.query>>) =>
      context instanceof Response ? context.status : { status: context.statusCode, matches: context.matches.map((match) => [match.route.id, match.pathname, match.params]) };
    const paths = ["/", "/post/1", "/post/2", "/post/new", "/post/1/edit", "/tags", "/tags/ai", "/files/a/b.txt", "/api/posts", "/nowhere", "/post/%E2%9C%93", "/POST/3"];
    for (const round of [1, 2, 3]) {
      for (const pathname of paths) {
        const url = `http://localhost${pathname}`;
        expect(summary(await after.query(new Request(url))), `${pathname} (round ${round})`).toEqual(summary(await before.query(new Request(url))));
      }
    }
  });
});
