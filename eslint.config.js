// ESLint flat config (decision 051). `npm run lint` runs it with --max-warnings 0 as part of `npm test`.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // generated output, installed code, test and bench results: nothing here is written by hand
    ignores: [
      "node_modules/",
      "build/",
      ".builds/",
      "public/build/",
      ".cache/",
      "data/",
      "bench/results.json",
      "test-results/",
      "playwright-report/",
    ],
  },
  {
    files: ["**/*.{js,mjs,cjs,ts,tsx}"],
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: {
      // the app's code runs on the server (Node) and, for routes and components, in the browser
      globals: { ...globals.node, ...globals.browser },
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  react.configs.flat.recommended,
  react.configs.flat["jsx-runtime"],
  jsxA11y.flatConfigs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    rules: {
      // Only the two classic hook rules: react-hooks 7's recommended set adds the React Compiler's
      // rules (purity, refs, set-state-in-effect, ...), which judge code written for the compiler.
      // This app runs React 18 without the compiler (remix-validated-form 5 needs React 18).
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",

      // an argument or binding named with a leading _ is unused on purpose (a positional parameter
      // a callback must accept, or a property left out of a rest copy)
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],

      // `<ul role="list">` is deliberate: Safari (VoiceOver) drops the list semantics of a list
      // styled with list-style: none, and the explicit role gives them back
      "jsx-a11y/no-redundant-roles": ["error", { ul: ["list"], ol: ["list"] }],

      // A labelled region (role="region") that scrolls must take the focus so a keyboard can scroll
      // it (axe: scrollable-region-focusable); "tabpanel" is the plugin's default
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true },
      ],

      // The radio cards put their text two spans into the label
      // (label > span.radio-card__body > span.radio-card__label): look three levels deep, not two
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],

      // ' and " in JSX text are plain characters (the shop's English is full of apostrophes);
      // > and } still count, as they usually mean a JSX typo
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
    },
  },
  {
    // Playwright fixtures, not React: a fixture hands its value on by calling `use`, and Playwright
    // reads a fixture's first parameter as an object pattern, `{}` when it needs no other fixture
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
  {
    // Kysely documents Kysely<any> as the type of a migration's db: a migration must keep working
    // against the schema as it was then, not the current DB type
    files: ["app/db/migrations/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // CommonJS script (the bench's heap probe is loaded with node --require)
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // last: turns off every stylistic rule that Prettier's formatting would contradict
  prettier,
);
