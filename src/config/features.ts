/**
 * The switchable features of spec core §1 ("cards, billets, statements, coin trends, automatic
 * payments exist as switchable flags") read from the build configuration: Vite's
 * `VITE_FEATURES` switches the named flags on, `VITE_FEATURES_OFF` switches them off (off wins),
 * both comma lists over this build's defaults. Names are matched ignoring case, `-` and `_`
 * (`coinTrends`, `coin-trends`, `COIN_TRENDS`); unknown names are ignored, with a console
 * warning in development. What "off" does: the paths of FEATURE_PATHS leave the menus and their
 * routes show a "not available in this configuration" page (src/app/router.tsx); coin trends off
 * shows the fixed sample of core §7 (src/features/coins). docs/decisions.md "Feature flags (core §1)".
 */

export const FEATURE_NAMES = ["cards", "billets", "statements", "coinTrends", "automaticPayments"] as const
export type FeatureName = (typeof FEATURE_NAMES)[number]
export type FeatureFlags = { readonly [K in FeatureName]: boolean }

/** This build's defaults: the areas built so far are on, the rest off. */
export const BUILD_DEFAULTS: FeatureFlags = {
  cards: true,
  billets: true,
  statements: true,
  coinTrends: true,
  // issue 13: Pix Automático is built (automatic-pix)
  automaticPayments: true
}

/** Every flag on (tests, and the reference for "nothing switched off"). */
export const ALL_ON: FeatureFlags = { cards: true, billets: true, statements: true, coinTrends: true, automaticPayments: true }

/**
 * The route paths (without locale prefix) each flag governs: a path equal to one of these or
 * below it belongs to the flag. Coin trends is part of the coins page, not a route of its own.
 */
export const FEATURE_PATHS: { readonly [K in FeatureName]: ReadonlyArray<string> } = {
  cards: ["/banking/cards"],
  billets: ["/banking/billet"],
  statements: ["/banking/statements"],
  coinTrends: [],
  // features §2 Pix: automatic-pix holds the automatic authorizations and automatic payments
  automaticPayments: ["/banking/pix/automatic-pix"]
}

export interface ParsedFeatures {
  readonly flags: FeatureFlags
  /** Names in either list that are not flags, as written. */
  readonly unknown: ReadonlyArray<string>
}

const normalise = (s: string): string => s.replace(/[-_\s]/g, "").toLowerCase()
const BY_KEY: ReadonlyMap<string, FeatureName> = new Map(FEATURE_NAMES.map((n) => [normalise(n), n]))

function names(list: string | undefined): { readonly known: FeatureName[]; readonly unknown: string[] } {
  const known: FeatureName[] = []
  const unknown: string[] = []
  for (const raw of (list ?? "").split(",")) {
    const word = raw.trim()
    if (word === "") continue
    const name = BY_KEY.get(normalise(word))
    if (name) known.push(name)
    else unknown.push(word)
  }
  return { known, unknown }
}

/** Pure: the defaults, then `on` switched on, then `off` switched off. */
export function parseFeatures(on: string | undefined, off: string | undefined, defaults: FeatureFlags = BUILD_DEFAULTS): ParsedFeatures {
  const a = names(on)
  const b = names(off)
  const flags: Record<FeatureName, boolean> = { ...defaults }
  for (const n of a.known) flags[n] = true
  for (const n of b.known) flags[n] = false
  return { flags, unknown: [...a.unknown, ...b.unknown] }
}

/** The flag a path (without prefix) belongs to, or null when no flag governs it. */
export function featureOfPath(path: string): FeatureName | null {
  for (const name of FEATURE_NAMES) {
    for (const base of FEATURE_PATHS[name]) if (path === base || path.startsWith(`${base}/`)) return name
  }
  return null
}

/** Whether a path (without prefix) is switched on in these flags; paths no flag governs are. */
export function pathEnabled(path: string, flags: FeatureFlags): boolean {
  const name = featureOfPath(path)
  return name === null || flags[name]
}

const env = import.meta.env as Readonly<Record<string, string | boolean | undefined>>
const text = (v: string | boolean | undefined): string | undefined => (typeof v === "string" ? v : undefined)
const parsed = parseFeatures(text(env["VITE_FEATURES"]), text(env["VITE_FEATURES_OFF"]))
if (parsed.unknown.length > 0 && import.meta.env.DEV) {
  // a typo in the build configuration should be seen, not silently change nothing
  // eslint-disable-next-line no-console
  console.warn(`[features] unknown names ignored: ${parsed.unknown.join(", ")} (known: ${FEATURE_NAMES.join(", ")})`)
}

/** The flags of this build (core §1). */
export const FEATURES: FeatureFlags = Object.freeze(parsed.flags)
