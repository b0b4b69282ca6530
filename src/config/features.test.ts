/** spec core §1 switchable features: parsing the build configuration and the paths each flag governs. */
import { describe, expect, it } from "vitest"
import { resources } from "../../locales/bundled.ts"
import { ALL_ON, BUILD_DEFAULTS, FEATURE_NAMES, FEATURES, featureOfPath, parseFeatures, pathEnabled, type FeatureFlags } from "./features.ts"

const NONE: FeatureFlags = { cards: false, billets: false, statements: false, coinTrends: false, automaticPayments: false }

describe("core §1 feature flags: parseFeatures", () => {
  it("core §1: without configuration the build's defaults hold (statements, coin trends, cards, billets and automatic payments on: every area built so far)", () => {
    expect(parseFeatures(undefined, undefined)).toEqual({
      flags: { cards: true, billets: true, statements: true, coinTrends: true, automaticPayments: true },
      unknown: []
    })
    expect(parseFeatures("", "  ").flags).toEqual(BUILD_DEFAULTS)
  })

  it("core §1: VITE_FEATURES switches the named flags on, over the defaults", () => {
    expect(parseFeatures("cards,billets", undefined).flags).toEqual({ ...BUILD_DEFAULTS, cards: true, billets: true })
    expect(parseFeatures("statements,coinTrends", undefined).flags).toEqual(BUILD_DEFAULTS)
  })

  it("core §1: VITE_FEATURES_OFF switches the named flags off; the configuration seen with all off", () => {
    expect(parseFeatures(undefined, "statements").flags).toEqual({ ...BUILD_DEFAULTS, statements: false })
    expect(parseFeatures(undefined, FEATURE_NAMES.join(",")).flags).toEqual(NONE)
  })

  it("core §1: a name in both lists is off (off wins)", () => {
    expect(parseFeatures("cards,coinTrends", "coinTrends").flags).toEqual({ ...BUILD_DEFAULTS, cards: true, coinTrends: false })
  })

  it("core §1: names match ignoring case, spaces, '-' and '_'", () => {
    expect(parseFeatures(" Cards , AUTOMATIC_PAYMENTS ", "coin-trends").flags).toEqual({
      ...BUILD_DEFAULTS,
      cards: true,
      automaticPayments: true,
      coinTrends: false
    })
  })

  it("core §1: unknown names are ignored and reported as written; empty items are skipped", () => {
    const r = parseFeatures("cards,,pix, boleto", "trends")
    expect(r.flags).toEqual({ ...BUILD_DEFAULTS, cards: true })
    expect(r.unknown).toEqual(["pix", "boleto", "trends"])
  })

  it("core §1: other defaults can be given (pure)", () => {
    expect(parseFeatures("statements", undefined, NONE).flags).toEqual({ ...NONE, statements: true })
    expect(parseFeatures(undefined, "cards", ALL_ON).flags).toEqual({ ...ALL_ON, cards: false })
  })

  it("core §1: this build without VITE_FEATURES* set reads its defaults", () => {
    expect(FEATURES).toEqual(BUILD_DEFAULTS)
    expect(Object.isFrozen(FEATURES)).toBe(true)
  })
})

describe("core §1 feature flags: the paths they govern", () => {
  it("core §1: maps a path and everything below it to its flag", () => {
    expect(featureOfPath("/banking/statements")).toBe("statements")
    expect(featureOfPath("/banking/statements/anything")).toBe("statements")
    expect(featureOfPath("/banking/cards/virtual-card/1")).toBe("cards")
    expect(featureOfPath("/banking/billet/pay")).toBe("billets")
    expect(featureOfPath("/banking/pix/automatic-pix")).toBe("automaticPayments")
  })

  it("core §1: paths no flag governs stay enabled", () => {
    expect(featureOfPath("/banking/pix")).toBeNull()
    expect(featureOfPath("/banking/coins")).toBeNull()
    expect(featureOfPath("/banking/statementsx")).toBeNull()
    expect(pathEnabled("/banking/home", NONE)).toBe(true)
  })

  it("core §1: a path is enabled exactly when its flag is on", () => {
    expect(pathEnabled("/banking/statements", NONE)).toBe(false)
    expect(pathEnabled("/banking/statements", { ...NONE, statements: true })).toBe(true)
    expect(pathEnabled("/banking/cards", BUILD_DEFAULTS)).toBe(true)
    expect(pathEnabled("/banking/cards", NONE)).toBe(false)
  })
})

describe("core §1 feature flags: names on screen", () => {
  it("core §1: every flag has a name and the configuration page its texts, in pt and en", () => {
    for (const lang of ["pt", "en"] as const) {
      const off = resources[lang].common.featureOff
      expect(off.title.trim()).not.toBe("")
      expect(off.message.trim()).not.toBe("")
      for (const n of FEATURE_NAMES) expect(off.names[n].trim(), `${lang} ${n}`).not.toBe("")
    }
  })
})
