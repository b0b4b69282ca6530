/**
 * The 50 varied statement queries of the `filter-1m` benchmark (DESIGN "Benchmark names and
 * results": worker-side filter + sort + count + sum + first window, 50 varied queries): text
 * only, date only, text + date + amount, type + status, two wallets, sort by amount, group by
 * day. No Node API here, so measure.ts (Node) and the browser benchmark run the same list
 * over rows from test-rows.ts.
 */
import type { StatementEntry } from "../../schema/entities.ts"
import { presetRange } from "../../schema/sao-paulo-time.ts"
import type { StatementQuery } from "../../sync/projections/statement-projection.ts"

export interface BenchmarkQueryInput {
  /** The generator's wallet ids (at least three). */
  readonly walletIds: ReadonlyArray<string>
  /** A few loaded rows to take ids, e2e ids and documents from. */
  readonly samples: ReadonlyArray<StatementEntry>
  /** Epoch ms of the oldest row, and "now" (the newest) for the presets. */
  readonly start: number
  readonly now: number
}

export const benchmarkQueries = ({ walletIds, samples, start, now }: BenchmarkQueryInput): StatementQuery[] => {
  if (walletIds.length < 3 || samples.length === 0) throw new RangeError("benchmarkQueries needs 3 wallets and some sample rows")
  const sample = (i: number): StatementEntry => samples[i % samples.length] as StatementEntry
  const [w0, w1, w2] = walletIds as [string, string, string]
  const y = new Date(start).getUTCFullYear()
  const last7 = presetRange("sevenDays", now)
  const month = presetRange("thisMonth", now)
  const last15 = presetRange("fifteenDays", now)
  const year = { from: Date.UTC(y + 1, 0, 1, 3), to: Date.UTC(y + 2, 0, 1, 3) }
  const quarter = { from: Date.UTC(y, 3, 1, 3), to: Date.UTC(y, 6, 1, 3) }
  const queries: StatementQuery[] = [
    // text only
    { text: "silva" },
    { text: "maria" },
    { text: "padaria" },
    { text: "sao jose" },
    { text: "conceição" },
    { text: sample(1).counterparty_document.replace(/\D/g, "").slice(0, 8) },
    { text: sample(2).end_to_end_id ?? sample(3).id },
    { text: sample(4).id.slice(0, 13) },
    { text: "tarifa" },
    { text: "aluguel" },
    // date only
    { ...last7 },
    { ...month },
    { ...last15 },
    { ...year },
    { ...quarter },
    { ...presetRange("today", now) },
    { ...presetRange("thisWeek", now) },
    { from: Date.UTC(y + 1, 5, 1, 3) },
    // text + date + amount
    { text: "pix", ...year, minAmount: 10_000, maxAmount: 500_000 },
    { text: "silva", ...quarter, minAmount: 5_000 },
    { text: "mercado", ...last15, maxAmount: 100_000 },
    { text: "joão", ...year, minAmount: 1_000, maxAmount: 2_000_000 },
    { text: "boleto", ...month, minAmount: 100 },
    { text: "estorno", ...year, maxAmount: 50_000 },
    { text: "ana", from: start, to: now, minAmount: 20_000 },
    { text: "ltda", ...quarter, minAmount: 1_000, maxAmount: 9_000 },
    // type + status
    { types: ["PIX_IN"], statuses: ["completed"] },
    { types: ["FEE"], statuses: ["completed", "pending"] },
    { types: ["CARD_PURCHASE", "BILLET_PAYMENT"], statuses: ["failed"] },
    { statuses: ["pending"] },
    { types: ["TED_IN", "TED_OUT"], direction: "out" },
    { types: ["CONVERSION_IN"], currency: "BTC" },
    // two wallets (and three)
    { walletIds: [w0, w1] },
    { walletIds: [w1, w2], text: "silva" },
    { walletIds: [w0, w2], ...year, groupBy: "wallet" },
    { walletIds: [w0, w1], types: ["PIX_OUT"], ...last15 },
    { walletIds: [w0, w1], groupBy: "counterparty", ...month },
    { walletIds: [w0, w1, w2], minAmount: 100_000 },
    // sort by amount
    { sort: { by: "amount", dir: "desc" } },
    { sort: { by: "amount", dir: "asc" }, ...year },
    { sort: { by: "amount", dir: "desc" }, text: "silva" },
    { sort: { by: "amount", dir: "desc" }, types: ["PIX_IN"], offset: 5_000 },
    { sort: { by: "amount", dir: "asc" }, walletIds: [w1], minAmount: 50_000 },
    { sort: { by: "amount", dir: "desc" }, ...quarter, offset: 100, limit: 100 },
    // group by day
    { groupBy: "day", ...month },
    { groupBy: "day", ...year },
    { groupBy: "day" },
    { groupBy: "day", text: "pix", ...quarter },
    { groupBy: "day", types: ["CARD_PURCHASE"], ...year },
    { groupBy: "day", walletIds: [w0], ...last15 }
  ]
  return queries
}
