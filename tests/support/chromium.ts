/**
 * The Chromium the tests drive (vitest browser mode and Playwright) and its switches. No browser download works here
 * (CONTRIBUTING "Pitfalls"): `CHROMIUM_PATH` if set; else Debian's headless shell (`apt-get install
 * chromium-headless-shell`, which .ci/run installs), the old headless mode without the browser's windows, tab strip
 * and omnibox — the build Playwright itself runs headless tests with — about a fifth less CPU per signed-in open of
 * the app than the full browser below (5 opens: 10.0 s against 13.0 s, two runs each, cgroup cpuacct); else Debian's
 * full Chromium at /usr/bin/chromium; else one Playwright already has.
 */
import { existsSync } from "node:fs"

const firstOf = (...paths: string[]): string | undefined => paths.find((p) => existsSync(p))
export const CHROMIUM_PATH: string | undefined = process.env["CHROMIUM_PATH"] ?? firstOf("/usr/bin/chromium-headless-shell", "/usr/bin/chromium")

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

/**
 * V8's optimising tiers off in the tests' browser (`--no-maglev --no-turbofan`; the interpreter and the Sparkplug
 * baseline stay). A test page lives a few seconds on the small seed: the optimising compilers' background work
 * (Maglev and Turbofan, ~1.3 s of CPU in a trace of one signed-in open) was spent on code that rarely ran long
 * enough to pay it back. Measured: renderer CPU per open 1.8–2.0 s → 1.5–1.7 s (probe of 4 opens); the e2e phase
 * 7m55s → 6m46s, its tests' summed durations 912 s → 780 s, on the same machine within the hour. Semantics do not
 * change with the tier; the benchmarks (bench/lib.ts) keep the default tiers, as users have them.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
  "--js-flags=--no-maglev --no-turbofan",
  `--disable-features=${DISABLED_FEATURES.join(",")}`
]
