/**
 * The gateway metrics' charts from the engine's per day × code series (issue 31 item 4 "gateway
 * metrics as charts: volume and count by day, by status; fees and seller share"; features §2
 * "/gateway/metrics", §3 Dashboard aggregate, §4 statuses): per day the count, the volume by status
 * group, the fee and the seller share of the kind chosen (or every kind); per status its count and
 * volume; and, for the type × status table checked against the server, the "code" groups the page
 * read before (summed over the days: the same numbers, one walk of the worker instead of two).
 * Pure, so it is tested apart from the charts.
 */
import { GATEWAY_STATUSES, type GatewayKind, type GatewayStatus } from "../../../schema/tables/gateway.ts"
import type { CodeSeriesView, GroupTotals } from "../../../workers/results.ts"

/** The statuses drawn together in the day chart (17 colours would read as none). */
export const STATUS_GROUPS = {
  settled: ["paid", "paid_by_third_party", "paid_without_qrcode", "refund_received", "accepted"],
  open: ["pending", "on_hold", "waiting_upload", "waiting_approval", "waiting_rejection", "waiting_cancellation"],
  refused: ["rejected", "failed", "declined"],
  undone: ["undone", "reverted", "reversed"]
} as const satisfies Record<string, ReadonlyArray<GatewayStatus>>
export type StatusGroup = keyof typeof STATUS_GROUPS
export const STATUS_GROUP_NAMES = Object.keys(STATUS_GROUPS) as StatusGroup[]
const GROUP_OF = new Map<string, StatusGroup>(STATUS_GROUP_NAMES.flatMap((g) => STATUS_GROUPS[g].map((st) => [st, g] as const)))
export const groupOfStatus = (status: string): StatusGroup => GROUP_OF.get(status) ?? "open"

export interface MetricsDay {
  /** YYYY-MM-DD (São Paulo). */
  readonly day: string
  readonly count: number
  /** Minor units of every row of the day, by status group. */
  readonly volume: Readonly<Record<StatusGroup, number>>
  readonly fee: number
  readonly seller: number
}
export interface MetricsStatus {
  readonly status: GatewayStatus
  readonly count: number
  readonly volume: number
}
export interface MetricsCharts {
  readonly days: ReadonlyArray<MetricsDay>
  readonly statuses: ReadonlyArray<MetricsStatus>
  /** The "code" groups of every kind over the period (gateway-rules.ts localLines reads them). */
  readonly groups: ReadonlyArray<GroupTotals>
  readonly count: number
  readonly volume: number
}

const zero = (): Record<StatusGroup, number> => ({ settled: 0, open: 0, refused: 0, undone: 0 })

/** The charts of `kind` ("all": every kind) from the series; keys are kind|status|direction|currency. */
export function metricsCharts(x: CodeSeriesView, kind: GatewayKind | "all"): MetricsCharts {
  const w = x.keys.length
  const parts = x.keys.map((k) => k.split("|") as [GatewayKind, GatewayStatus, ...string[]])
  const wanted = parts.map(([k]) => kind === "all" || k === kind)
  const fee = x.ints["fee"] ?? []
  const seller = x.ints["seller_share"] ?? []
  const byStatus = new Map<GatewayStatus, { count: number; volume: number }>()
  const groups = x.keys.map((key) => ({ key, count: 0, sumIn: 0, sumOut: 0 }))
  let count = 0
  let volume = 0
  const days = x.days.map((day, d) => {
    const v = zero()
    let n = 0
    let f = 0
    let sh = 0
    for (let j = 0; j < w; j++) {
      const c = d * w + j
      const cn = x.count[c] ?? 0
      if (cn === 0) continue
      const a = x.amount[c] ?? 0
      const g = groups[j] as { count: number; sumIn: number }
      g.count += cn
      g.sumIn += a
      if (!wanted[j]) continue
      const status = (parts[j] as [GatewayKind, GatewayStatus])[1]
      n += cn
      v[groupOfStatus(status)] += a
      f += fee[c] ?? 0
      sh += seller[c] ?? 0
      const st = byStatus.get(status) ?? { count: 0, volume: 0 }
      byStatus.set(status, { count: st.count + cn, volume: st.volume + a })
    }
    count += n
    volume += v.settled + v.open + v.refused + v.undone
    return { day, count: n, volume: v, fee: f, seller: sh }
  })
  const statuses = GATEWAY_STATUSES.flatMap((status) => {
    const st = byStatus.get(status)
    return st ? [{ status, ...st }] : []
  })
  return { days, statuses, groups: groups.filter((g) => g.count > 0), count, volume }
}
