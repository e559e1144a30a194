import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { readdirSync } from "node:fs";

// Feature boundaries (docs/decisions/0099-feature-entries.md): another feature is reached only
// through its public entries, `~/features/<name>/index.server` (server functions, zod schemas),
// `~/features/<name>` (index.ts: plain values, types) and its `components/` files. Which feature may
// import which is docs/architecture.md's table; app/features/boundaries.test.ts checks that the
// features' graph has no cycle and catches the relative paths and dynamic imports this rule cannot.
const features = readdirSync("app/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** `.limit(1)` or `.limit(PAGE_SIZE)` binds the count; `.limit(literalLimit(1))` writes it into the SQL (decision 0126). */
const literalLimitSyntax = {
  selector:
    "CallExpression[callee.property.name='limit'][arguments.0.type='Literal'], CallExpression[callee.property.name='limit'][arguments.0.type='Identifier'][arguments.0.name=/^[A-Z][A-Z0-9_]*$/], CallExpression[callee.property.name='limit'][arguments.0.type='BinaryExpression']",
  message: "Write a constant LIMIT into the SQL with literalLimit(n) from ~/utils/sql-dialect.server: SQLite compiles a statement with a bound LIMIT again on every run (docs/decisions/0126-literal-limits.md).",
};
const testCode = ["**/*.test.{ts,tsx}", "**/test-support/**", "**/test-helpers.ts", "app/test/**"];
const entryMessage =
  "Import another feature through its public entry: `~/features/<name>/index.server` (server functions, schemas), `~/features/<name>` (plain values, types) or a file of its `components/` (docs/decisions/0099-feature-entries.md).";
const featureInternals = (own) => ({
  regex: own ? `^~/features/(?!${own}/)[^/]+/(?!index\\.server$|components/)` : "^(~|\\.{1,2})/(.*/)?features/[^/]+/(?!index\\.server$|components/)",
  message: entryMessage,
});
const featureBoundaries = [
  {
    // Routes, the document, the start and the server reach features through their entries. The mail
    // worker's script imports its jobs' modules directly, to load nothing else (decision 0089).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    ignores: [...testCode, "app/features/**", "app/utils/**", "app/mail-worker.server.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [featureInternals(null)] }] },
  },
  ...features.map((feature) => ({
    files: [`app/features/${feature}/**/*.{ts,tsx}`],
    ignores: testCode,
    rules: { "no-restricted-imports": ["error", { patterns: [featureInternals(feature)] }] },
  })),
  {
    // Shared code sits below every feature (docs/architecture.md).
    files: ["app/utils/**/*.{ts,tsx}"],
    ignores: testCode,
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(~|\\.{1,2})/(.*/)?features(/|$)", message: "app/utils sits below every feature: it never imports one (docs/architecture.md)." }] },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", "data/**", "db/migrations/**", "public/**", "reports/**", "tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The async data layer (docs/decisions/0102-async-data-layer.md): a promise nobody awaits is a
    // write that may land after the answer, or a check that is always true. Type-aware, server code.
    files: ["app/**/*.server.{ts,tsx}", "app/routes/**/*.{ts,tsx}", "server/**/*.ts", "scripts/**/*.ts", "app/entry.server.tsx", "app/root.tsx"],
    ignores: [...testCode],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // A LIMIT written into the SQL, never bound: SQLite compiles a statement with `LIMIT ?` again on
    // every run (docs/decisions/0126-literal-limits.md).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.shared-tests.ts", "app/test/**"],
    rules: { "no-restricted-syntax": ["error", literalLimitSyntax] },
  },
  {
    // A page's loader or action gets the request as sent (v8_passThroughRequests: a data request keeps
    // its `.data` path and `_routes` parameter); the page's URL is the `url` argument (docs/decisions/0090-react-router-7.md).
    files: ["app/routes/**/*.tsx", "app/features/**/*.server.ts"],
    ignores: ["app/features/**/api.server.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        literalLimitSyntax,
        {
          selector: "MemberExpression[object.name='request'][property.name='url']",
          message: "A page reads its URL from the loader's or action's `url` argument: `request.url` keeps a data request's `.data` path (docs/decisions/0090-react-router-7.md).",
        },
      ],
    },
  },
  ...featureBoundaries,
);
