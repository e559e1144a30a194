import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  { ignores: ["build/**", "node_modules/**", "data/**", "db/migrations/**", "public/**", "reports/**", "tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
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
    // A page's loader or action gets the request as sent (v8_passThroughRequests: a data request keeps
    // its `.data` path and `_routes` parameter); the page's URL is the `url` argument (docs/decisions/0090-react-router-7.md).
    files: ["app/routes/**/*.tsx", "app/features/**/*.server.ts"],
    ignores: ["app/features/**/api.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='request'][property.name='url']",
          message: "A page reads its URL from the loader's or action's `url` argument: `request.url` keeps a data request's `.data` path (docs/decisions/0090-react-router-7.md).",
        },
      ],
    },
  },
);
