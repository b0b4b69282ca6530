/**
 * issue 29 item 3 (second half), D-rules-on-contract: endpoints declare the refusals they can answer; views get their
 * typed union and one way to translate them. The sandbox's side (an undeclared refusal is a 500 while responses are
 * checked) runs in every integration test of those calls.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { api, type EndpointId } from "./api.ts"
import type { EndpointDef } from "./api-def.ts"
import { ERROR_KEYS } from "./error-keys.ts"
import { COMMON_REFUSALS, mayRefuse, REFUSALS, refusalI18nKey, refusalOf, type RefusalOf } from "./refusals.ts"

const defs = api as unknown as Record<string, EndpointDef>

describe("issue 29 item 3: each endpoint's refusals, typed for the views (core §8, features §8)", () => {
  it("every declaring endpoint is a call of the contract and its `refusals` are its REFUSALS entry, catalogue keys only", () => {
    const catalogue = new Set<string>(ERROR_KEYS)
    for (const [id, keys] of Object.entries(REFUSALS)) {
      expect(defs[id], id).toBeDefined()
      expect(defs[id]?.refusals, id).toBe(keys)
      for (const k of keys) expect(catalogue.has(k), `${id} ${k}`).toBe(true)
    }
    const declaring = Object.keys(defs).filter((id) => defs[id]?.refusals !== undefined)
    expect(declaring.sort()).toEqual(Object.keys(REFUSALS).sort())
  })

  it("every endpoint that changes something (method ≠ GET) declares its refusals, an empty list when only the common ones", () => {
    const mutating = Object.keys(defs).filter((id) => defs[id]?.method !== "GET")
    expect(mutating.length).toBeGreaterThan(100)
    expect(mutating.filter((id) => defs[id]?.refusals === undefined)).toEqual([])
    // a read declares when its route has refusals of its own (tests/integration/sandbox-refusals.test.ts finds them)
    expect(api.statement.refusals).toEqual(["DATE_RANGE_INVALID"])
    expect(api.logout.refusals).toEqual([])
  })

  it("a refusal key becomes the call's typed union; a key the call does not expect is UNKNOWN_ERROR", () => {
    const r: RefusalOf<"pixPayByKey"> | "UNKNOWN_ERROR" = refusalOf("pixPayByKey", "PIX_LIMIT_NIGHT_EXCEEDED")
    expect(r).toBe("PIX_LIMIT_NIGHT_EXCEEDED")
    // @ts-expect-error a code's refusal is not one of pay-by-key's
    const wrong: RefusalOf<"pixPayByKey"> = "PIX_QR_CRC"
    expect(wrong).toBe("PIX_QR_CRC")
    expect(refusalOf("pixPayByKey", "PIX_QR_CRC")).toBe("UNKNOWN_ERROR")
    expect(refusalOf("pixPayByQrStatic", "PIX_QR_CRC")).toBe("PIX_QR_CRC")
    expect(refusalOf("pixPayByKey", "INCORRECT_DATA")).toBe("INCORRECT_DATA")
    expect(refusalOf("wallets", "INSUFFICIENT_BALANCE")).toBe("UNKNOWN_ERROR")
    const card: RefusalOf<"cardUnblock"> | "UNKNOWN_ERROR" = refusalOf("cardUnblock", "CARD_INVALID_STATE")
    expect(card).toBe("CARD_INVALID_STATE")
    expect(refusalOf("cardUnblock", "TED_OUTSIDE_HOURS")).toBe("UNKNOWN_ERROR")
    expect(refusalOf("logout", "INCORRECT_DATA")).toBe("INCORRECT_DATA")
    expect(refusalOf("pixPayByKey", null)).toBe("UNKNOWN_ERROR")
    expect(mayRefuse("pixDevolutionCreate", "PIX_DEVOLUTION_EXPIRED")).toBe(true)
  })

  it("one way to translate: every refusal a call may answer has its message in the errors namespace, in pt and en", () => {
    const keys = new Set<string>([...COMMON_REFUSALS, ...Object.values(REFUSALS).flat()])
    for (const lang of ["pt", "en"]) {
      const messages = JSON.parse(readFileSync(new URL(`../locales/${lang}/errors.json`, import.meta.url), "utf8")) as Record<string, unknown>
      for (const k of keys) expect(typeof messages[k], `${lang} ${k}`).toBe("string")
    }
    expect(refusalI18nKey("PIX_QR_EXPIRED")).toBe("errors:PIX_QR_EXPIRED")
    const id: EndpointId = "pixPayByKey"
    expect(api[id].refusals).toContain("INSUFFICIENT_BALANCE")
  })
})
