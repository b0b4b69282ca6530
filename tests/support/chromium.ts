/**
 * The Chromium the tests drive (vitest browser mode and Playwright): Debian's at /usr/bin/chromium when present (no
 * browser download works here, CONTRIBUTING "Pitfalls"), otherwise one Playwright already has; and its switches.
 */
import { existsSync } from "node:fs"

export const CHROMIUM_PATH: string | undefined = process.env["CHROMIUM_PATH"] ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined)

/**
 * Features off in the tests' browser. Debian's Chromium is the full browser in headless mode, and each new context
 * (one per test) opened a window whose omnibox popup is a WebUI page (chrome://omnibox-popup.top-chrome, a renderer
 * of its own loading ~40 modules): about 0.8 s of CPU per context on the 2-core machine, a quarter of opening the
 * app signed in (measured: 5 opens, 16.1 s of CPU against 12.2 s, two runs each, cgroup cpuacct). A switch given
 * twice may count only once, so Playwright's own list (playwright-core's chromiumSwitches) is repeated here rather
 * than risked.
 */
const DISABLED_FEATURES = [
  // Playwright's defaults
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  // the omnibox popup's WebUI renderer, per window
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup"
]

export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  `--disable-features=${DISABLED_FEATURES.join(",")}`
]
