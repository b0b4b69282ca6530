/**
 * The one payment flow (issue 29 item 4, D-pay-flow): what a command's state means for a payment, and every
 * flow's outcome texts present in both languages (the outcome view reads them under the flow's prefix, so the
 * literal-key check of locales.test.ts cannot see them).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { resources } from "../../locales/bundled.ts"
import { uploadStatus } from "./command-phase.ts"
import { isFinished, PAY_TEXTS, payPhase } from "./use-pay-flow.ts"

type Tree = { readonly [k: string]: string | Tree }
const has = (lng: "pt" | "en", ns: string, key: string): boolean => {
  let node: string | Tree | undefined = (resources[lng] as unknown as Record<string, Tree>)[ns]
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined
  return typeof node === "string"
}

describe("issue 29 item 4 the one payment flow", () => {
  it("issue 29 item 4 a command is finished in its terminal states only; the phase a payer sees", () => {
    expect(["created", "awaiting-pin", "sending"].map((s) => isFinished(s as never))).toEqual([false, false, false])
    expect(["confirmed", "rejected", "failed", "cancelled"].map((s) => isFinished(s as never))).toEqual([true, true, true, true])
    expect(payPhase({ state: "awaiting-pin" })).toBe("pending")
    expect(payPhase({ state: "confirmed" })).toBe("done")
    expect(payPhase({ state: "confirmed", outcome: "awaiting_approval" })).toBe("staged")
    expect(payPhase({ state: "rejected" })).toBe("refused")
    expect(payPhase({ state: "failed" })).toBe("refused")
    expect(payPhase({ state: "cancelled" })).toBe("cancelled")
  })

  it("issue 29 item 4 an upload's row: sending or paused while open, then done, failed or cancelled", () => {
    const of = (state: string, paused = false) => uploadStatus({ state: state as never, paused })
    expect([of("created"), of("awaiting-pin"), of("sending"), of("sending", true)]).toEqual(["sending", "sending", "sending", "paused"])
    expect([of("confirmed"), of("rejected"), of("failed"), of("cancelled"), of("failed", true)]).toEqual(["done", "failed", "failed", "cancelled", "failed"])
  })

  it("issue 29 item 4 every flow's outcome texts exist in pt and en", () => {
    const features = join(import.meta.dirname, "..", "features")
    const files = readdirSync(features, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith(".tsx") && !f.includes(".test."))
      .map((f) => join(features, f))
    const missing: string[] = []
    const flows: string[] = []
    for (const file of files) {
      for (const m of readFileSync(file, "utf8").matchAll(/<PayOutcome\b([^>]*?)texts="([a-zA-Z]+):([\w.]+)"([\s\S]*?)>/g)) {
        const [, before = "", ns = "", prefix = "", after = ""] = m
        flows.push(`${ns}:${prefix}`)
        const keys = /\bnoAgain\b/.test(before + after) ? PAY_TEXTS.filter((k) => k !== "again") : PAY_TEXTS
        for (const lng of ["pt", "en"] as const)
          for (const k of keys) if (!has(lng, ns, `${prefix}.${k}`)) missing.push(`${lng} ${ns}:${prefix}.${k} (${file})`)
      }
    }
    // every flow of D-pay-flow, the card's new copy and deletion among them
    for (const prefix of ["pix:pay", "pix:devolution", "billet:pay", "ted:pay", "cards:pay.newCopy", "cards:pay.delete"]) expect(flows).toContain(prefix)
    expect(missing).toEqual([])
  })
})
