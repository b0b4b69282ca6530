/**
 * The gateway pages' rules (issue 16; features §2 "/gateway/metrics": the interval has a maximum
 * number of days and at least one wallet; §5 "start must be before end"; features §3 Dashboard
 * aggregate): the period presets as São Paulo day ranges, the metrics interval check, the local
 * type × status totals from the projection's "code" groups, and their comparison with the
 * server's aggregate (a difference is shown, not hidden).
 */
import { DAY_MS, spDayIndex, spDayStart } from "../../../schema/sao-paulo-time.ts"
import { DASHBOARD_TYPE, type GatewayKind } from "../../../schema/tables/gateway.ts"
import { GATEWAY_METRICS_MAX_DAYS, type DashboardLine } from "../../../schema/api-gateway.ts"
import { parseMoneyInput, type MoneyLocale } from "../../../schema/validation.ts"
import type { GroupTotals } from "../../../workers/results.ts"

export const PERIODS = ["7", "30", "90", "all"] as const
export type Period = (typeof PERIODS)[number]

/** A preset as [from, to): the last n São Paulo days including today. */
export function periodRange(p: Period, now: number): { from?: number; to?: number } {
  if (p === "all") return {}
  const today = spDayIndex(now)
  return { from: spDayStart(today - Number(p) + 1), to: spDayStart(today + 1) }
}

/**
 * Reais typed by the user → cents; null when empty or not a number. pt (the default) is lenient
 * ("1.234,56", "1234.5"); en reads the English form only (issue 31 item 3: "1,234.56", "1234.56";
 * a comma is a group separator there, never a decimal one — parseMoneyInput).
 */
export function reaisToCents(s: string, locale: MoneyLocale = "pt"): number | null {
  const t = s.trim()
  if (t === "") return null
  if (locale === "en") return parseMoneyInput(t, "en")
  const norm = t.includes(",") ? t.replace(/\./g, "").replace(",", ".") : t
  const v = Number(norm)
  return Number.isFinite(v) && v >= 0 ? Math.round(v * 100) : null
}

export type IntervalError = "oneWallet" | "startBeforeEnd" | "maxDays" | null

/** features §2 metrics: YYYY-MM-DD start ≤ end, at most GATEWAY_METRICS_MAX_DAYS days, at least one wallet. */
export function intervalError(start: string, end: string, wallets: ReadonlyArray<string>): IntervalError {
  if (wallets.length === 0) return "oneWallet"
  if (!(start <= end)) return "startBeforeEnd"
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1
  return days > GATEWAY_METRICS_MAX_DAYS ? "maxDays" : null
}

/** The São Paulo [from, to) of a YYYY-MM-DD interval. */
export function intervalRange(start: string, end: string): { from: number; to: number } {
  const day = (k: string) => Math.floor(Date.parse(`${k}T00:00:00Z`) / DAY_MS)
  return { from: spDayStart(day(start)), to: spDayStart(day(end) + 1) }
}

export interface MetricLine {
  readonly type: DashboardLine["type"]
  readonly status: DashboardLine["status"]
  readonly items: number
  readonly value: number
  /** The server's line, when known (undefined: not checked yet; null: absent on the server). */
  readonly server?: { readonly items: number; readonly value: number } | null
}

/** Local lines from "code" groups (key kind|status|direction|currency; sums of every row). */
export function localLines(groups: ReadonlyArray<GroupTotals>): MetricLine[] {
  const m = new Map<string, MetricLine>()
  for (const g of groups) {
    const [kind, status] = g.key.split("|") as [GatewayKind, DashboardLine["status"]]
    const type = DASHBOARD_TYPE[kind]
    const k = `${type}|${status}`
    const cur = m.get(k)
    m.set(k, { type, status, items: (cur?.items ?? 0) + g.count, value: (cur?.value ?? 0) + g.sumIn + g.sumOut })
  }
  return [...m.values()].sort((a, b) => a.type.localeCompare(b.type) || a.status.localeCompare(b.status))
}

/** Local lines beside the server's; lines only the server has are added with zero locally. */
export function compareLines(local: ReadonlyArray<MetricLine>, server: ReadonlyArray<DashboardLine> | undefined): { lines: MetricLine[]; differences: number } {
  if (server === undefined) return { lines: [...local], differences: 0 }
  const byKey = new Map(server.map((l) => [`${l.type}|${l.status}`, l]))
  const lines: MetricLine[] = local.map((l) => {
    const s = byKey.get(`${l.type}|${l.status}`)
    byKey.delete(`${l.type}|${l.status}`)
    return { ...l, server: s ? { items: s.total_items, value: s.total_value } : null }
  })
  for (const s of byKey.values()) lines.push({ type: s.type, status: s.status, items: 0, value: 0, server: { items: s.total_items, value: s.total_value } })
  lines.sort((a, b) => a.type.localeCompare(b.type) || a.status.localeCompare(b.status))
  const differences = lines.filter((l) => l.server === null || (l.server !== undefined && (l.server.items !== l.items || l.server.value !== l.value))).length
  return { lines, differences }
}
