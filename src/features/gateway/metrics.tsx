/**
 * /gateway/metrics (issue 16; features §2 "/gateway/metrics", §3 Dashboard aggregate; issue 31
 * item 4 "gateway metrics as charts: volume and count by day, by status; fees and seller share"):
 * over the chosen wallets and interval, one live query of the worker's gateway projection answers
 * the per day × code series (`daySeries`, sync/projections table-series.ts codeSeries), from which
 * the page draws three charts — volume by status group and count per day, count and volume per
 * status, fee and seller share per day — for every kind or the one chosen, and the type × status
 * table checked against the server's dashboard aggregate. Live: a new deposit moves the charts
 * without a reload (the projection's version moves, the query is answered again).
 */
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { getEngine, useLiveQuery } from "../../../workers/client.ts"
import { GATEWAY_KINDS, type GatewayKind } from "../../../schema/tables/gateway.ts"
import { GATEWAY_METRICS_MAX_DAYS, type DashboardLine } from "../../../schema/api-gateway.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLastAnswer, useSettled } from "../../lib/use-answers.ts"
import { Card, EmptyState, Select, TextField, vars, visuallyHidden } from "../../ui/index.ts"
import { Chart, compactReais, formatCount, type ChartSeries } from "../../ui/chart.tsx"
import { compareLines, intervalError, intervalRange, localLines } from "./gateway-rules.ts"
import { useCallingWallet, WalletPicker, type WalletsProps } from "./gateway-wallets.tsx"
import { metricsCharts, STATUS_GROUP_NAMES, type StatusGroup } from "./metrics-series.ts"
import * as s from "./gateway.css.ts"

const GROUP_COLOR: Record<StatusGroup, string> = {
  settled: vars.color.success,
  open: vars.color.warning,
  refused: vars.color.danger,
  undone: vars.color.textMuted
}

export function Metrics({ wallets }: WalletsProps) {
  const { t } = useTranslation()
  const f = useFormat()
  const [now] = useState(() => Date.now())
  const today = new Date(now - 3 * 3_600_000).toISOString().slice(0, 10)
  const [start, setStart] = useState(() => new Date(now - 3 * 3_600_000 - 29 * 86_400_000).toISOString().slice(0, 10))
  const [end, setEnd] = useState(today)
  const [kind, setKind] = useState<GatewayKind | "all">("all")
  const [selected, setSelected] = useState<string[] | null>(null)
  const walletIds = selected ?? wallets.map((w) => w.id)
  const callingWallet = useCallingWallet(walletIds)
  const err = intervalError(start, end, walletIds)
  const range = err === null ? intervalRange(start, end) : null
  const walletList = walletIds.join(",")
  const queryKey = `${start}|${end}|${walletList}`
  // one walk of the worker: the day × code series, from which the charts and the type × status lines are summed
  const fresh = useLiveQuery(range ? { kind: "table", table: "gateway_transactions", query: { walletIds, ...range, limit: 0 }, daySeries: true } : null)
  // the charts keep the last answer while the new interval's is on its way (no flash to empty), marked stale
  const tagged = useMemo(() => (fresh === undefined ? undefined : { key: queryKey, r: fresh }), [fresh, queryKey])
  const kept = useLastAnswer(tagged, range !== null)
  const r = kept.value?.r
  const [server, setServer] = useState<{ key: string; lines: ReadonlyArray<DashboardLine> } | "error" | null>(null)
  const key = `${queryKey}|${fresh?.total ?? -1}`
  // the server's aggregate is asked once the filter has stayed put (SETTLE_MS, as the statement's chart follows
  // its filter): not once per click, and its answer's render does not land on the charts' redraw
  const ask = useMemo(
    () => (err !== null || walletList === "" ? null : { key, start, end, walletList, calling: callingWallet ?? "" }),
    [key, err, start, end, walletList, callingWallet]
  )
  const settled = useSettled(ask)
  useEffect(() => {
    if (settled === null) return
    let live = true
    getEngine()
      .call("gatewayDashboard", { query: { start_date: settled.start, end_date: settled.end, wallets_ids: settled.walletList }, walletId: settled.calling })
      .then(
        (x) => {
          if (live) setServer({ key: settled.key, lines: x.data.data })
        },
        () => {
          if (live) setServer("error")
        }
      )
    return () => {
      live = false
    }
  }, [settled])
  const charts = useMemo(() => (r?.daySeries ? metricsCharts(r.daySeries, kind) : null), [r, kind])
  const all = useMemo(() => (fresh?.daySeries ? metricsCharts(fresh.daySeries, "all") : null), [fresh])
  const local = localLines(all?.groups ?? [])
  const serverLines = server !== null && server !== "error" && server.key === key ? server.lines : undefined
  const { lines, differences } = compareLines(local, serverLines)
  const state = kept.stale ? "stale" : "ready"
  return (
    <>
      <Card>
        <div className={s.filters}>
          <TextField type="date" label={t("gateway:metrics.start")} value={start} onChange={setStart} data-testid="metrics-start" />
          <TextField type="date" label={t("gateway:metrics.end")} value={end} onChange={setEnd} data-testid="metrics-end" />
          <Select
            label={t("gateway:metrics.kind")}
            value={kind}
            onChange={(v) => setKind(v as GatewayKind | "all")}
            options={[{ value: "all", label: t("gateway:metrics.allKinds") }, ...GATEWAY_KINDS.map((k) => ({ value: k, label: t(`gateway:kind.${k}`) }))]}
            data-testid="metrics-kind"
          />
        </div>
        <WalletPicker wallets={wallets} selected={walletIds} onChange={setSelected} />
        {err ? (
          <p role="alert" className={s.diff} data-testid="metrics-error">
            {t(`gateway:metrics.${err}`, { days: GATEWAY_METRICS_MAX_DAYS })}
          </p>
        ) : null}
      </Card>
      {err === null && charts ? <MetricsCharts charts={charts} state={state} chartKey={`${kept.value?.key ?? ""}|${kind}`} tookMs={r?.tookMs ?? 0} /> : null}
      {err === null ? (
        <Card>
          <p role="status" data-testid="metrics-check" className={differences > 0 ? s.diff : undefined}>
            {server === "error"
              ? t("gateway:metrics.serverError")
              : serverLines === undefined
                ? t("gateway:metrics.checking")
                : differences > 0
                  ? t("gateway:metrics.mismatch", { count: differences })
                  : t("gateway:metrics.match")}
          </p>
          {lines.length === 0 ? (
            <EmptyState title={t("gateway:metrics.none")} />
          ) : (
            <div className={s.tableWrap}>
              <table className={s.table} data-testid="metrics-table">
                <caption className={visuallyHidden}>{t("gateway:metrics.byStatus")}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={s.th}>
                      {t("gateway:metrics.type")}
                    </th>
                    <th scope="col" className={s.th}>
                      {t("gateway:metrics.status")}
                    </th>
                    <th scope="col" className={`${s.th} ${s.num}`}>
                      {t("gateway:metrics.items")}
                    </th>
                    <th scope="col" className={`${s.th} ${s.num}`}>
                      {t("gateway:metrics.value")}
                    </th>
                    <th scope="col" className={`${s.th} ${s.num}`}>
                      {t("gateway:metrics.server")}
                    </th>
                    <th scope="col" className={s.th}>
                      {t("gateway:metrics.difference")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l) => {
                    const off = l.server === null || (l.server !== undefined && (l.server.items !== l.items || l.server.value !== l.value))
                    return (
                      <tr key={`${l.type}|${l.status}`} data-testid="metrics-row">
                        <td className={s.td}>{t(`gateway:dashType.${l.type}`)}</td>
                        <td className={s.td}>{t(`gateway:status.${l.status}`)}</td>
                        <td className={`${s.td} ${s.num}`}>{formatCount(l.items, f.locale)}</td>
                        <td className={`${s.td} ${s.num}`}>{f.brl(l.value)}</td>
                        <td className={`${s.td} ${s.num}`}>
                          {l.server ? `${formatCount(l.server.items, f.locale)} · ${f.brl(l.server.value)}` : l.server === null ? "0" : "…"}
                        </td>
                        <td className={`${s.td} ${off ? s.diff : ""}`}>{off ? "≠" : ""}</td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </div>
          )}
        </Card>
      ) : null}
    </>
  )
}

/**
 * The three charts of the metrics (issue 31 item 4), from the sums of metrics-series.ts. Their points
 * and series are made once per answer and language (memo): a render for anything else (the server's
 * check arriving) hands recharts the same props, and it draws nothing again.
 */
export function MetricsCharts({
  charts,
  state,
  chartKey,
  tookMs
}: {
  readonly charts: ReturnType<typeof metricsCharts>
  readonly state: string
  readonly chartKey: string
  /** The worker's time for the answer drawn (filter and series): the benchmark reads it. */
  readonly tookMs: number
}) {
  const { t } = useTranslation()
  const f = useFormat()
  const days = charts.days
  const drawn = useMemo(() => {
    const money = (v: number): string => f.brl(v)
    const count = (v: number): string => formatCount(v, f.locale)
    const dayLabel = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}`
    const byStatus = charts.statuses.map((x) => ({ label: t(`gateway:status.${x.status}`), values: { count: x.count, volume: x.volume } }))
    return {
      tick: { left: (v: number) => compactReais(v, f.locale), right: (v: number) => formatCount(v, f.locale) },
      countTick: { left: (v: number) => formatCount(v, f.locale), right: (v: number) => compactReais(v, f.locale) },
      volumeSeries: [
        ...STATUS_GROUP_NAMES.map((g): ChartSeries => ({
          key: g,
          label: t(`gateway:metrics.groups.${g}`),
          kind: "bar",
          color: GROUP_COLOR[g],
          stack: "volume",
          format: money
        })),
        { key: "count", label: t("gateway:metrics.items"), kind: "line", color: vars.color.info, axis: "right", format: count }
      ] satisfies ReadonlyArray<ChartSeries>,
      statusSeries: [
        { key: "count", label: t("gateway:metrics.items"), kind: "bar", color: vars.color.primary, format: count },
        { key: "volume", label: t("gateway:metrics.value"), kind: "bar", color: vars.color.info, axis: "right", format: money }
      ] satisfies ReadonlyArray<ChartSeries>,
      feeSeries: [
        { key: "fee", label: t("gateway:columns.fee"), kind: "bar", color: vars.color.warning, stack: "split", format: money },
        { key: "seller", label: t("gateway:columns.seller"), kind: "bar", color: vars.color.success, stack: "split", format: money }
      ] satisfies ReadonlyArray<ChartSeries>,
      byDay: days.map((d) => ({ label: dayLabel(d.day), values: { ...d.volume, count: d.count } })),
      byStatus,
      fees: days.map((d) => ({ label: dayLabel(d.day), values: { fee: d.fee, seller: d.seller } })),
      dayName: (i: number): string => f.day(days[i]?.day ?? ""),
      statusName: (i: number): string => byStatus[i]?.label ?? ""
    }
  }, [charts, days, f, t])
  return (
    <Card title={t("gateway:metrics.charts")} data-testid="metrics-charts">
      <div className={s.charts}>
        <Chart
          title={t("gateway:metrics.volumeByDay")}
          testId="metrics-chart-days"
          points={drawn.byDay}
          series={drawn.volumeSeries}
          tick={drawn.tick}
          pointHeader={t("gateway:metrics.day")}
          pointName={drawn.dayName}
          attrs={{
            "data-count": charts.count,
            "data-volume": charts.volume,
            "data-key": chartKey,
            "data-state": state,
            "data-took-ms": Math.round(tookMs * 10) / 10
          }}
        />
        <Chart
          title={t("gateway:metrics.countByStatus")}
          testId="metrics-chart-status"
          points={drawn.byStatus}
          series={drawn.statusSeries}
          tick={drawn.countTick}
          horizontal
          pointHeader={t("gateway:metrics.status")}
          pointName={drawn.statusName}
        />
        <Chart
          title={t("gateway:metrics.feesByDay")}
          testId="metrics-chart-fees"
          points={drawn.fees}
          series={drawn.feeSeries}
          tick={drawn.tick}
          pointHeader={t("gateway:metrics.day")}
          pointName={drawn.dayName}
          attrs={{ "data-fee": days.reduce((a, d) => a + d.fee, 0), "data-seller": days.reduce((a, d) => a + d.seller, 0) }}
        />
      </div>
    </Card>
  )
}
