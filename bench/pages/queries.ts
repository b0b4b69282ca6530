/**
 * The 50 varied statement queries of the `filter-*` benchmarks (DESIGN "filter-1m": text only,
 * date only, text+date+amount, type+status, several wallets, sort by amount, group by day).
 */
import type { StatementQuery } from "../../sync/projections/statement-projection.ts"
import type { StatementEntry } from "../../schema/entities.ts"

export function benchQueries(walletIds: ReadonlyArray<string>, samples: ReadonlyArray<StatementEntry>, now: number): StatementQuery[] {
  const w = (i: number) => walletIds[i % walletIds.length] as string
  const s = (i: number) => samples[i % samples.length] as StatementEntry
  const day = 86_400_000
  const r = (days: number) => ({ from: now - days * day, to: now })
  const qs: StatementQuery[] = [
    { text: "silva" }, { text: "maria" }, { text: "padaria" }, { text: "sao jose" }, { text: "conceição" },
    { text: s(1).counterparty_document.replace(/\D/g, "").slice(0, 8) }, { text: s(2).end_to_end_id ?? s(3).id }, { text: "tarifa" }, { text: "aluguel" }, { text: "mercado" },
    { ...r(1) }, { ...r(7) }, { ...r(15) }, { ...r(30) }, { ...r(90) }, { ...r(365) }, { ...r(3) }, { ...r(60) },
    { text: "pix", ...r(365), minAmount: 10_000, maxAmount: 500_000 }, { text: "silva", ...r(90), minAmount: 5_000 },
    { text: "mercado", ...r(15), maxAmount: 100_000 }, { text: "joão", ...r(365), minAmount: 1_000, maxAmount: 2_000_000 },
    { text: "boleto", ...r(30), minAmount: 100 }, { text: "estorno", ...r(365), maxAmount: 50_000 },
    { text: "ana", minAmount: 20_000 }, { text: "ltda", ...r(90), minAmount: 1_000, maxAmount: 9_000 },
    { types: ["PIX_IN"], statuses: ["completed"] }, { types: ["FEE"], statuses: ["completed", "pending"] },
    { types: ["CARD_PURCHASE", "BILLET_PAYMENT"], statuses: ["failed"] }, { statuses: ["pending"] },
    { types: ["TED_IN", "TED_OUT"], direction: "out" }, { types: ["CONVERSION_IN"], currency: "BTC" },
    { walletIds: [w(0), w(1)] }, { walletIds: [w(1), w(2)], text: "silva" }, { walletIds: [w(0), w(2)], ...r(365), groupBy: "wallet" },
    { walletIds: [w(0), w(1)], types: ["PIX_OUT"], ...r(15) }, { walletIds: [w(0), w(1)], groupBy: "counterparty", ...r(30) },
    { walletIds: [w(0), w(1), w(2)], minAmount: 100_000 },
    { sort: { by: "amount", dir: "desc" } }, { sort: { by: "amount", dir: "asc" }, ...r(365) }, { sort: { by: "amount", dir: "desc" }, text: "silva" },
    { sort: { by: "amount", dir: "desc" }, types: ["PIX_IN"], offset: 5_000 }, { sort: { by: "amount", dir: "asc" }, walletIds: [w(1)], minAmount: 50_000 },
    { sort: { by: "amount", dir: "desc" }, ...r(90), offset: 100, limit: 100 },
    { groupBy: "day", ...r(30) }, { groupBy: "day", ...r(365) }, { groupBy: "day" }, { groupBy: "day", text: "pix", ...r(90) },
    { groupBy: "day", types: ["CARD_PURCHASE"], ...r(365) }, { groupBy: "day", walletIds: [w(0)], ...r(15) }
  ]
  return qs
}
