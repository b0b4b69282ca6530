/**
 * Counts in both languages (issue 31 item 3 "every count and number through Intl in both languages;
 * plurals through i18next plural keys wherever a count is shown"): the messages are read through a
 * real i18next instance with the app's resources, as the views read them. A count prints with the
 * language's grouping (pt 350.000, en 350,000 — the home's sync card printed `350000 de 1000000`),
 * one and many take their own words, and no message interpolates `{{count}}` raw.
 */
import i18next from "i18next"
import { describe, expect, it } from "vitest"
import { NAMESPACES } from "../../locales/index.ts"
import { resources } from "../../locales/bundled.ts"

type Tree = { readonly [k: string]: string | Tree }
const strings = (t: Tree, prefix = ""): Array<[string, string]> =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : strings(v, `${prefix}${k}.`)))

async function translator(lng: "pt" | "en") {
  const i = i18next.createInstance()
  await i.init({ resources, lng, fallbackLng: "pt", ns: [...NAMESPACES], defaultNS: "common", interpolation: { escapeValue: false }, showSupportNotice: false })
  return i.t.bind(i)
}

describe("issue 31 item 3 counts through Intl and plural keys", () => {
  it("issue 31 item 3 the home's sync card: 350000 of 1000000 rows read pt 350.000 de 1.000.000, en 350,000 of 1,000,000", async () => {
    const pt = await translator("pt")
    const en = await translator("en")
    expect(pt("home:sync.rows", { done: 350_000, total: 1_000_000 })).toBe("350.000 de 1.000.000")
    expect(en("home:sync.rows", { done: 350_000, total: 1_000_000 })).toBe("350,000 of 1,000,000")
    expect(pt("approval:requests.progress", { count: 1, total: 2 })).toBe("1 de 2 aprovações")
    expect(en("shell:offline.pendingTitle", { count: 1234 })).toBe("Operations waiting to be sent: 1,234")
  })

  it("issue 31 item 3 one and many take their own words in each language (keys, entries, purchases, approvals, days)", async () => {
    const pt = await translator("pt")
    const en = await translator("en")
    expect(en("pix:keys.countOnly", { count: 1 })).toBe("1 key")
    expect(en("pix:keys.countOnly", { count: 3 })).toBe("3 keys")
    expect(pt("pix:keys.countOnly", { count: 1 })).toBe("1 chave")
    expect(pt("pix:keys.countOnly", { count: 3 })).toBe("3 chaves")
    expect(en("statements:table.groupCount", { count: 1 })).toBe("1 entry")
    expect(en("statements:table.groupCount", { count: 12_345 })).toBe("12,345 entries")
    expect(pt("statements:table.groupCount", { count: 12_345 })).toBe("12.345 lançamentos")
    expect(pt("cards:statement.count", { count: 1 })).toBe("1 compra")
    expect(en("approval:settings.summary", { amount: "R$1.00", count: 1 })).toBe("Pix from R$1.00 need 1 approval.")
    expect(pt("approval:settings.summary", { amount: "R$ 1,00", count: 2 })).toBe("Pix a partir de R$ 1,00 precisam de 2 aprovações.")
    expect(en("pix:receive.due.payableAfter", { count: 1 })).toBe("payable up to 1 day after the due date.")
    expect(en("coins:portfolio.page", { page: 1, pages: 2, count: 1500 })).toBe("Page 1 of 2 · 1,500 conversions")
  })

  it("issue 31 item 3 no message interpolates {{count}} raw, and every _one key has its _other (both languages)", () => {
    for (const lng of ["pt", "en"] as const) {
      for (const ns of NAMESPACES) {
        const all = strings((resources[lng] as unknown as Record<string, Tree>)[ns] ?? {})
        const keys = new Set(all.map(([k]) => k))
        for (const [k, v] of all) {
          expect(v, `${lng} ${ns}:${k}`).not.toMatch(/\{\{\s*count\s*\}\}/)
          if (k.endsWith("_one")) expect(keys.has(`${k.slice(0, -4)}_other`), `${lng} ${ns}:${k}`).toBe(true)
        }
      }
    }
  })
})
