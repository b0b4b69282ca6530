/**
 * Test projects: `unit` (pure code, next to the sources and under tests/unit), `integration`
 * (the engine and the sandbox over real HTTP; each file starts its own sandbox) and `browser`
 * (components in Chromium through vitest browser mode and Playwright, `*.browser.test.tsx` next to
 * the component; issue 28 item 7). End-to-end tests run in Playwright (playwright.config.ts), not here.
 */
import { availableParallelism } from "node:os"
import { defineConfig } from "vitest/config"
import react from "@vitejs/plugin-react"
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import { playwright } from "@vitest/browser-playwright"
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from "./tests/support/chromium.ts"

const BROWSER_TESTS = "src/**/*.browser.test.tsx"

export default defineConfig({
  test: {
    // a worker per core (vitest's own default in a run is one fewer: a single worker on the 2-core machine, half of it idle)
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: "unit",
          // files share their worker's modules (D-vitest-isolate): a fresh module graph per file was 35 s of imports
          isolate: false,
          // a generous guard against hangs, not a speed limit (speed is measured by `npm run bench`): generated-input suites run long on a loaded 2-core machine
          testTimeout: 60_000,
          include: [
            "schema/**/*.test.ts",
            "sync/**/*.test.ts",
            "workers/**/*.test.ts",
            "src/**/*.test.{ts,tsx}",
            "sandbox/**/*.test.ts",
            "tests/unit/**/*.test.ts"
          ],
          exclude: ["**/node_modules/**", BROWSER_TESTS],
          environment: "node"
        }
      },
      {
        test: {
          name: "integration",
          // each file starts its own sandbox and engine; the modules are shared (D-vitest-isolate)
          isolate: false,
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // each file starts its own sandbox on a free port and its own database, so files run side by side (issue 28 item 6)
          testTimeout: 60_000,
          hookTimeout: 60_000
        }
      },
      {
        // the app's plugins components need (React, vanilla-extract for *.css.ts); not the PWA one
        plugins: [react(), vanillaExtractPlugin()],
        // pre-bundled before the first test, so no mid-run reload when a file imports a new one
        optimizeDeps: {
          include: [
            "react",
            "react-dom",
            "react-dom/client",
            "react/jsx-dev-runtime",
            "react-router",
            "react-i18next",
            "i18next",
            "@radix-ui/react-dialog",
            "@radix-ui/react-alert-dialog",
            "@radix-ui/react-radio-group",
            "@radix-ui/react-popover",
            "dompurify",
            "axe-core",
            "effect",
            "vitest-browser-react",
            // the scanner's reader (src/lib/scan/zxing-read.ts, behind the dynamic import the first scan makes) and the tests'
            // QR encoder (issue 31 item 2): otherwise found mid-run, and the reload that follows failed a run on a fresh cache
            "@zxing/library/esm/core/BinaryBitmap.js",
            "@zxing/library/esm/core/ChecksumException.js",
            "@zxing/library/esm/core/DecodeHintType.js",
            "@zxing/library/esm/core/FormatException.js",
            "@zxing/library/esm/core/RGBLuminanceSource.js",
            "@zxing/library/esm/core/common/HybridBinarizer.js",
            "@zxing/library/esm/core/oned/ITFReader.js",
            "@zxing/library/esm/core/qrcode/QRCodeReader.js",
            "qrcode"
          ]
        },
        test: {
          name: "browser",
          include: [BROWSER_TESTS],
          // a guard against hangs on a loaded 2-core machine, not a speed limit
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: { ...(CHROMIUM ? { executablePath: CHROMIUM } : {}), args: [...CHROMIUM_ARGS] } }),
            instances: [{ browser: "chromium" }],
            viewport: { width: 1280, height: 800 },
            screenshotFailures: false
          }
        }
      }
    ]
  }
})
