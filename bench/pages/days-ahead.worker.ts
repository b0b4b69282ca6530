/** The worker of bench/pages/days-ahead.ts: generated schedules, one change per round, the 60 days recomputed. */
import { daysAhead, type AheadItem } from "../../schema/schedule.ts"
import { Prng } from "../../sandbox/prng.ts"

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN
}
self.onmessage = (e: MessageEvent<{ items: number; rounds: number }>) => {
  const g = new Prng(7)
  const day = (i: number) => new Date(Date.UTC(2026, 10, 24 + i)).toISOString().slice(0, 10)
  const items: AheadItem[] = Array.from({ length: e.data.items }, () => ({ date: day(g.int(0, 60)), amount: (g.next() < 0.85 ? -1 : 1) * g.int(100, 500_000) }))
  const times: number[] = []
  let negatives = 0
  for (let r = 0; r < e.data.rounds + 30; r++) {
    items[g.int(0, items.length - 1)] = { date: day(g.int(0, 60)), amount: (g.next() < 0.85 ? -1 : 1) * g.int(100, 500_000) }
    const t = performance.now()
    const out = daysAhead(items, 5_000_000, day(0), 60)
    const took = performance.now() - t
    if (r < 30) continue // the first rounds warm the JIT up
    times.push(took)
    if (out.firstNegative !== null) negatives++
  }
  self.postMessage({ figures: { p50_ms: pct(times, 0.5), p95_ms: pct(times, 0.95), items: e.data.items, rounds: times.length, negative_rounds: negatives } })
}
