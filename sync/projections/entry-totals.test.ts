/**
 * sync/SPEC.md Q8 entry totals, on their own: whatever widths their arrays take once built (a pair and a count in 16
 * bits, sums in 32 bits, or wider when a value needs it; issue 33 item 4), the totals of any set of entries and pairs
 * equal the rows' own sums, counted one by one; the extra ints over the rows whose code counts (D-gateway-sums).
 */
import { describe, expect, it } from "vitest"
import { EntryTotals } from "./entry-totals.ts"
import { CompactIntColumn } from "./int-column.ts"
import { Prng } from "../../tests/support/test-rows.ts"

describe("sync/SPEC.md Q8 entry totals", () => {
  const cases = [
    { label: "narrow (sums of 32 bits, counts of 16)", rows: 20_000, entries: 300, wallets: 3, codes: 40, big: false, oneSlot: false },
    { label: "sums past 32 bits (amounts of billions)", rows: 20_000, entries: 300, wallets: 3, codes: 40, big: true, oneSlot: false },
    { label: "a slot of more than 65,535 rows", rows: 70_000, entries: 2, wallets: 1, codes: 2, big: false, oneSlot: true },
    { label: "more than 65,536 pairs", rows: 20_000, entries: 3, wallets: 300, codes: 300, big: false, oneSlot: false }
  ]
  for (const k of cases) {
    it(`collect equals the naive sums of the entries and pairs asked: ${k.label}`, () => {
      const g = new Prng(k.rows + k.entries)
      const dead = k.codes - 1
      const col = new Uint32Array(k.rows)
      const wallet = new Uint16Array(k.rows)
      const code = new Uint16Array(k.rows)
      const amount = new Float64Array(k.rows)
      const fee = new CompactIntColumn(k.rows)
      const share = new CompactIntColumn(k.rows)
      for (let r = 0; r < k.rows; r++) {
        col[r] = k.oneSlot ? 0 : g.int(k.entries)
        wallet[r] = k.oneSlot ? 0 : g.int(k.wallets)
        code[r] = k.oneSlot ? 0 : g.int(k.codes)
        amount[r] = k.big && g.int(50) === 0 ? 3_000_000_000 + g.int(1000) : 1 + g.int(200_000)
        fee.set(r, k.big && g.int(70) === 0 ? 2_500_000_000 : g.int(1000))
        share.set(r, g.int(300_000) - 1000)
      }
      const t = new EntryTotals()
      const pairs = k.wallets * k.codes
      // the extra ints count the rows of some codes only (a table's summed statuses, D-gateway-sums)
      const counted = Uint8Array.from({ length: k.codes }, (_, c) => (k.oneSlot || c % 3 !== 1 ? 1 : 0))
      t.build({ rows: k.rows, col, entries: k.entries, wallet, code, dead, codeSpace: k.codes, wallets: k.wallets, amount, ints: [fee, share], counted }, 1)
      for (let round = 0; round < 12; round++) {
        const hits = new Uint8Array(k.entries)
        for (let e = 0; e < k.entries; e++) hits[e] = g.int(3) === 0 ? 1 : 0
        if (round === 0) hits.fill(1)
        const pairOk = new Uint8Array(pairs)
        for (let p = 0; p < pairs; p++) pairOk[p] = round === 0 || g.int(2) === 0 ? 1 : 0
        const n = new Float64Array(pairs)
        const a = new Float64Array(pairs)
        const ints = new Float64Array(2)
        t.collect(hits, k.entries, pairOk, n, a, ints)
        const wn = new Float64Array(pairs)
        const wa = new Float64Array(pairs)
        const wi = [0, 0]
        for (let r = 0; r < k.rows; r++) {
          const p = (wallet[r] as number) * k.codes + (code[r] as number)
          if (code[r] === dead || hits[col[r] as number] !== 1 || pairOk[p] !== 1) continue
          wn[p] = (wn[p] as number) + 1
          wa[p] = (wa[p] as number) + (amount[r] as number)
          if (counted[code[r] as number] === 0) continue
          wi[0] = (wi[0] as number) + fee.get(r)
          wi[1] = (wi[1] as number) + share.get(r)
        }
        expect([...n], `${k.label} round ${round} counts`).toEqual([...wn])
        expect([...a], `${k.label} round ${round} amounts`).toEqual([...wa])
        expect([...ints], `${k.label} round ${round} ints`).toEqual(wi)
      }
    })
  }
})
