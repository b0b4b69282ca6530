/**
 * issue 31 item 4 "gateway metrics as charts" (features §3 Dashboard aggregate, §4 statuses): the
 * charts' sums from the engine's per day × code series — per day the count, the volume by status
 * group, the fee and the seller share of the type chosen; per status its count and volume; the "code"
 * groups of every type for the table checked against the server — against a sum written out by hand.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../../sandbox/prng.ts"
import { GATEWAY_KINDS, GATEWAY_STATUSES } from "../../../schema/tables/gateway.ts"
import type { CodeSeriesView } from "../../../workers/results.ts"
import { groupOfStatus, metricsCharts, STATUS_GROUPS } from "./metrics-series.ts"

describe("issue 31 item 4 gateway metrics charts (metrics-series.ts)", () => {
  it("issue 31 item 4: every status belongs to one group of the day chart", () => {
    const all = Object.values(STATUS_GROUPS).flat()
    expect([...all].sort()).toEqual([...GATEWAY_STATUSES].sort())
    expect(new Set(all).size).toBe(all.length)
    expect(groupOfStatus("paid")).toBe("settled")
    expect(groupOfStatus("reversed")).toBe("undone")
  })

  it("issue 31 item 4: random series sum per day, per status and per code as a hand-written loop does, for every type and each one", () => {
    const g = new Prng(31)
    for (let round = 0; round < 40; round++) {
      const keys = GATEWAY_KINDS.flatMap((k) =>
        GATEWAY_STATUSES.filter(() => g.chance(0.3)).map((st) => `${k}|${st}|${k === "deposit" || k === "return" ? "in" : "out"}|BRL`)
      )
      const days = Array.from({ length: g.int(1, 31) }, (_, i) => `2026-10-${String(i + 1).padStart(2, "0")}`)
      const cells = days.length * keys.length
      const count = Array.from({ length: cells }, () => (g.chance(0.5) ? 0 : g.int(1, 9)))
      const x: CodeSeriesView = {
        days,
        keys,
        count,
        amount: count.map((c) => (c === 0 ? 0 : g.int(c, c * 100_000))),
        ints: { fee: count.map((c) => (c === 0 ? 0 : g.int(0, 5_000))), seller_share: count.map((c) => (c === 0 ? 0 : g.int(0, 90_000))) },
        tookMs: 0
      }
      for (const kind of ["all", ...GATEWAY_KINDS] as const) {
        const got = metricsCharts(x, kind)
        let total = 0
        let volume = 0
        const byStatus = new Map<string, { count: number; volume: number }>()
        days.forEach((day, d) => {
          let n = 0
          let fee = 0
          let seller = 0
          const v: Record<string, number> = { settled: 0, open: 0, refused: 0, undone: 0 }
          keys.forEach((key, j) => {
            const [k, st] = key.split("|") as [string, string]
            const c = d * keys.length + j
            if ((count[c] ?? 0) === 0 || (kind !== "all" && k !== kind)) return
            n += count[c] ?? 0
            fee += x.ints["fee"]?.[c] ?? 0
            seller += x.ints["seller_share"]?.[c] ?? 0
            v[groupOfStatus(st)] = (v[groupOfStatus(st)] ?? 0) + (x.amount[c] ?? 0)
            const s = byStatus.get(st) ?? { count: 0, volume: 0 }
            byStatus.set(st, { count: s.count + (count[c] ?? 0), volume: s.volume + (x.amount[c] ?? 0) })
          })
          total += n
          volume += Object.values(v).reduce((a, b) => a + b, 0)
          expect(got.days[d]).toEqual({ day, count: n, volume: v, fee, seller })
        })
        expect([got.count, got.volume]).toEqual([total, volume])
        expect(got.statuses).toEqual(GATEWAY_STATUSES.filter((st) => byStatus.has(st)).map((st) => ({ status: st, ...byStatus.get(st) })))
        // the table's groups: every type, whatever the chart shows
        const groups = new Map(got.groups.map((gr) => [gr.key, gr]))
        keys.forEach((key, j) => {
          const n = days.reduce((a, _, d) => a + (count[d * keys.length + j] ?? 0), 0)
          const a = days.reduce((s, _, d) => s + (x.amount[d * keys.length + j] ?? 0), 0)
          expect(n === 0 ? undefined : { count: groups.get(key)?.count, value: groups.get(key)?.sumIn }).toEqual(n === 0 ? undefined : { count: n, value: a })
        })
      }
    }
  })
})
