// Lint as errors (CONVENTIONS "Habits" 2, 7): floating promises, explicit any, stray console,
// focused tests, string literals in JSX, and the one-way data rule (views never touch storage
// or the network directly: only sync/ does).
import js from "@eslint/js"
import tseslint from "typescript-eslint"
import globals from "globals"

export default tseslint.config(
  { ignores: [".pw-*.config.ts", ".probe*", "dist/**", "node_modules/**", "bench/results/**", "test-results/**", "playwright-report/**", ".data/**", "tests/e2e/artifacts/**"] },
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
    // the runnable server, scripts, benchmarks and tests may print
    files: ["sandbox/**", "scripts/**", "bench/**", "tests/**", "sync/projections/measure.ts"],
    rules: { "no-console": "off" }
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          { group: ["rxdb", "rxdb/*", "dexie", "**/sync/**", "../sync/*"], message: "views read data through workers/client only (CONVENTIONS habit 2)" }
        ]
      }],
      "no-restricted-globals": ["error",
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
