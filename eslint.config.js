// `npm run lint` runs this, then `prettier --check .`; docs/decisions/0011-lint-and-format.md says why these rules.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Tests and what only tests load: Vitest's and Playwright's fixtures are asked for by name, often for their setup alone. */
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "**/*.test-support.ts", "platform/test-platform.ts", "tests/e2e/**"];
/** What runs only in the browser, which has no logger of the site's: it may keep its own console lines. */
const BROWSER_ONLY = ["app/client/**", "app/components/**", "app/hooks/**", "app/entry.client.tsx", "app/service-worker.ts"];
/** The standalone platform's own programs (`npm run platform`, `npm run platform:reset`): not the site. */
const STANDALONE = ["platform/main.ts", "platform/reset.ts"];

export default tseslint.config(
  { ignores: ["build/", ".cache/", ".tmp/", "test-results/", "playwright-report/", "public/", "platform/media/"] },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      react: { version: "detect" },
      "import-x/resolver-next": [createTypeScriptImportResolver()],
    },
  },
  js.configs.recommended,
  // Without type information: the type-aware rules more than doubled the time of a run (docs/benchmarks.md), and
  // `npm run typecheck` runs in the same loop.
  tseslint.configs.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    rules: {
      // TypeScript resolves every import and checks every imported name already (namespace alone was a fifth of a run).
      "import-x/namespace": "off",
      "import-x/named": "off",
      "import-x/default": "off",
      "import-x/no-unresolved": "off",
      // They flag `import AxeBuilder from "@axe-core/playwright"` and `tseslint.configs` here: the forms those packages document.
      "import-x/no-named-as-default": "off",
      "import-x/no-named-as-default-member": "off",
      "import-x/first": "error",
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      // The code rejects control characters on purpose, and says so with a character class of them.
      "no-control-regex": "off",
      // A timer's handle that an earlier-declared `end()` clears may be read before it is set, so it stays `let`.
      "prefer-const": ["error", { ignoreReadBeforeAssign: true }],
      // Seed articles are editors' HTML, ideographic spaces and all.
      "no-irregular-whitespace": ["error", { skipTemplates: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // `interface AppLoadContext extends LoadContext {}` is how Remix's load context is typed.
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: TESTS,
    extends: [react.configs.flat.recommended, react.configs.flat["jsx-runtime"], jsxA11y.flatConfigs.recommended],
    // Only the two classic rules: the others check code for the React Compiler, which this React 18 build does not use.
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // TypeScript checks props.
      "react/prop-types": "off",
      // Inline video in WeChat's and Tencent X5's browsers is asked for by these attributes.
      "react/no-unknown-property": ["error", { ignore: ["webkit-playsinline", "x5-playsinline", "x5-video-player-type", "x5-video-orientation"] }],
      // Links to this site's own pages: the referrer may go along.
      "react/jsx-no-target-blank": ["error", { allowReferrer: true }],
      // The audio and video are the platform's uploads, which come without caption tracks.
      "jsx-a11y/media-has-caption": "off",
      // Dialogs without JavaScript open by the CSS :target and close by a link to `#`; the 503 page reloads by `href=""`.
      "jsx-a11y/anchor-is-valid": "off",
      // Only dialogs and sheets the visitor opened focus their first field, as the ARIA dialog pattern asks.
      "jsx-a11y/no-autofocus": "off",
    },
  },
  {
    files: ["server.ts", "server/**", "app/**", "platform/**"],
    ignores: [...BROWSER_ONLY, ...STANDALONE, ...TESTS],
    // The site writes its lines through its logger (app/runtime/logger.server.ts), as JSON with the request's fields.
    rules: { "no-console": "error" },
  },
  {
    files: TESTS,
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { args: "none", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Tests read the platform's JSON answers as they come.
      "@typescript-eslint/no-explicit-any": "off",
      // A fixture that needs no other fixture still destructures its first parameter: `async ({}, use) => ...`.
      "no-empty-pattern": "off",
    },
  },
  {
    files: ["tests/e2e/**/*.spec.ts", "tests/e2e/**/*.webkit.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "expect"],
              allowTypeImports: true,
              message: 'Specs take them from support/test.ts, with the phone fixture: import { expect, test } from "./support/test".',
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/e2e/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='name'][object.property.name='project']",
          message: "Ask the `phone` fixture (tests/e2e/support/test.ts), or tag with @once what runs once: never branch on the project's name.",
        },
      ],
    },
  },
  prettier,
);
