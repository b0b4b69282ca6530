// Lint as errors (CONVENTIONS "Habits" 2, 7): floating and misused promises, awaits of non-promises,
// explicit any, stray console, focused tests, the rules of hooks and their dependencies (with the
// React Compiler's checks that apply here), accessibility of the views (jsx-a11y), string literals
// in JSX, the one-way data rule (views never touch storage or the network directly: only sync/
// does) and the feature zones (a feature never imports another: shared pieces go to src/ui or
// src/lib). Layers and cycles over the whole graph are checked by tests/unit/import-graph.test.ts
// (no import plugin is installed).
import { dirname, relative, resolve } from "node:path"
import js from "@eslint/js"
import tseslint from "typescript-eslint"
import globals from "globals"
import reactHooks from "eslint-plugin-react-hooks"
import jsxA11y from "eslint-plugin-jsx-a11y"

const featureOf = (file) => /(?:^|\/)src\/features\/([^/]+)\//.exec(file.replaceAll("\\", "/"))?.[1] ?? null

/** house/feature-zones: src/features/<a>/… importing src/features/<b>/… (issue 11 lint zones). */
const featureZones = {
  meta: { type: "problem", schema: [], messages: { cross: "feature '{{from}}' imports feature '{{to}}': move the shared piece to src/ui or src/lib" } },
  create(context) {
    const from = featureOf(relative(import.meta.dirname, context.filename))
    if (from === null) return {}
    const check = (node) => {
      const spec = node.source?.value
      if (typeof spec !== "string" || !spec.startsWith(".")) return
      const to = featureOf(relative(import.meta.dirname, resolve(dirname(context.filename), spec)))
      if (to !== null && to !== from) context.report({ node: node.source, messageId: "cross", data: { from, to } })
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check }
  }
}

export default tseslint.config(
  {
    ignores: [
      ".pw-*.config.ts",
      ".probe*",
      "dist/**",
      "node_modules/**",
      "bench/results/**",
      "test-results/**",
      "playwright-report/**",
      ".data/**",
      "tests/e2e/artifacts/**"
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node }
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/await-thenable": "error",
      // require-await is not on: its 21 findings were all async functions kept async to fit a Promise-typed
      // interface (FileStore, Hono handlers, stubs in tests), none a missing await
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "error",
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: "focused test" }
      ]
    }
  },
  {
    // React hooks: the two classic rules and the React-Compiler-based checks of the recommended set
    files: ["src/**/*.{ts,tsx}", "workers/**/*.{ts,tsx}", "tests/support/**/*.{ts,tsx}"],
    plugins: reactHooks.configs.flat["recommended-latest"].plugins,
    rules: {
      ...reactHooks.configs.flat["recommended-latest"].rules,
      "react-hooks/exhaustive-deps": "error",
      "react-hooks/incompatible-library": "error",
      "react-hooks/unsupported-syntax": "error",
      // off: the build has no React Compiler (vite.config.ts), and this rule only reports memoization it would skip
      "react-hooks/preserve-manual-memoization": "off",
      // off: its 15 findings were resets on a prop change and clear-before-fetch, one extra render each, none a wrong screen
      "react-hooks/set-state-in-effect": "off",
      // off: its findings were deliberate "now" reads (Date.now() in memos and in a submit handler it took for render)
      "react-hooks/purity": "off"
    }
  },
  {
    files: ["src/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // autoFocus is allowed on src/ui fields (a dialog's or a step's first field, the dialog pattern); never on a DOM element
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }]
    }
  },
  {
    // the runnable server, scripts, benchmarks and tests may print
    files: ["sandbox/**", "scripts/**", "bench/**", "tests/**", "sync/projections/measure.ts"],
    rules: { "no-console": "off" }
  },
  {
    files: ["src/features/**/*.{ts,tsx}"],
    plugins: { house: { rules: { "feature-zones": featureZones } } },
    rules: { "house/feature-zones": "error" }
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["rxdb", "rxdb/*", "dexie", "**/sync/**", "../sync/*"], message: "views read data through workers/client only (CONVENTIONS habit 2)" }
          ]
        }
      ],
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "only sync/ talks to the network" },
        { name: "indexedDB", message: "only sync/ touches storage" },
        { name: "localStorage", message: "only sync/ touches storage (use src/lib/prefs)" }
      ],
      "no-restricted-syntax": [
        "error",
        { selector: "JSXText[value=/[A-Za-zÀ-ÿ]/]", message: "visible text comes from locales/ (use t())" },
        { selector: "CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name='only']", message: "focused test" }
      ]
    }
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.node } },
    rules: { "no-console": "off" }
  }
)
