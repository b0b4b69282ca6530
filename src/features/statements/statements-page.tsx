/**
 * /banking/statements (spec features §2 "the account statement with export and receipts",
 * permission get-statement; §5 date ranges; §7 statements and receipts; §9 polling; core §9
 * date presets; issue 5). Everything is answered by the worker's in-memory projection of the
 * local statement (DESIGN "Large data"): the summary (totals, per-wallet totals and day groups
 * for the chart and the grouped table) and the window of rows the table shows. Several wallets
 * can be read at once (those the user may read), with a cross-wallet comparison; exports are
 * instant (local CSV/OFX of the filtered rows) or a server job; a row opens its receipt.
 */
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react"
import { Link, useSearchParams } from "react-router"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import { narrower } from "../../../schema/tables/text-narrow.ts"
import { statementTable } from "../../../schema/tables/statement.ts"
import { useTypedForward } from "../../lib/use-typed-forward.ts"
import { earlyOf } from "../../ui/data-table.tsx"
import { formatCount } from "../../../schema/format.ts"
import type { StatementQueryMsg } from "../../../workers/protocol.ts"
import type { StatementRowView } from "../../../workers/results.ts"
import { DAY_MS, presetRange, rangeDayKeys, spDateKey, spDay, isSameMonthKeys } from "../../lib/date-presets.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button, Card, Checkbox, EmptyState, PageHeader, Skeleton, layout } from "../../ui/index.ts"
import { AnalysisPanel } from "./analysis-panel.tsx"
import { EXPORT_POLL_MS, ExportJobs, LocalExportButtons, ServerExportDialog, type ExportJob } from "./exports.tsx"
import { FilterBar } from "./filter-bar.tsx"
import { matchesFilter, pendingRowsOf } from "./pending-rows.ts"
import { ReceiptDialog } from "../../lib/receipt-view.tsx"
import { buildQuery, emptyFilter, type BaseQuery, type StatementFilter } from "./statement-filter.ts"
import { FIRST_WINDOW_LIMIT, StatementTable, windowLive, type StatementSort } from "./statement-table.tsx"
import { SyncStatus } from "./sync-status.tsx"
import { Totals, type SummaryResult } from "./totals.tsx"
import { SETTLE_MS, useLastAnswer, useSettled } from "../../lib/use-answers.ts"
import { useReadableWallets } from "../../lib/use-readable-wallets.ts"
import * as s from "./statements.css.ts"

const StatementChart = lazy(() => import("./statement-chart.tsx"))

/** `?poll_ms=` (tests) overrides the export polling interval of features §9, never below 200 ms. */
export function pollInterval(raw: string | null): number {
  const n = Number(raw)
  return raw !== null && Number.isFinite(n) && n > 0 ? Math.max(200, Math.floor(n)) : EXPORT_POLL_MS
}

/** The São Paulo day, refreshed every minute: date presets move at midnight, not at every render. */
function useToday(): number {
  const [day, setDay] = useState(() => spDay(Date.now()))
  useEffect(() => {
    const id = setInterval(() => setDay(spDay(Date.now())), 60_000)
    return () => clearInterval(id)
  }, [])
  return day
}

export function StatementsPage() {
  const { t, i18n } = useTranslation()
  const [params] = useSearchParams()
  const pollMs = pollInterval(params.get("poll_ms"))
  const current = useCurrentWallet()
  const access = useReadableWallets()
  const today = useToday()
  useEffect(() => {
    document.title = `${t("statements:title")} · ${t("common:appName")}`
  }, [t])

  const readableIds = useMemo(() => access.readable.map((w) => w.wallet.id), [access.readable])
  const defaultIds = useMemo(() => {
    if (current && readableIds.includes(current.id)) return [current.id]
    return readableIds.slice(0, 1)
  }, [current, readableIds])
  const [edited, setEdited] = useState<StatementFilter | null>(null)
  const filter: StatementFilter = useMemo(() => {
    const f = edited ?? emptyFilter(defaultIds)
    // a wallet whose permission went away leaves the selection (core §6)
    const ids = f.walletIds.filter((id) => readableIds.includes(id))
    return ids.length === f.walletIds.length ? f : { ...f, walletIds: ids.length > 0 ? ids : defaultIds }
  }, [edited, defaultIds, readableIds])
  const patch = useCallback((p: Partial<StatementFilter>) => setEdited((prev) => ({ ...(prev ?? emptyFilter(defaultIds)), ...p })), [defaultIds])
  const clear = useCallback(() => setEdited((prev) => emptyFilter(prev?.walletIds ?? defaultIds)), [defaultIds])
  const [openRow, setOpenRow] = useState<StatementRowView | null>(null)
  const [jobs, setJobs] = useState<ReadonlyArray<ExportJob>>([])
  const [exportOpen, setExportOpen] = useState(false)
  const closeReceipt = useCallback(() => setOpenRow(null), [])
  const closeExport = useCallback(() => setExportOpen(false), [])
  const openExport = useCallback(() => setExportOpen(true), [])
  const addJob = useCallback((j: ExportJob) => setJobs((list) => [j, ...list]), [])

  const [sort, setSort] = useState<StatementSort>({ by: "created_at", dir: "desc" })
  const [grouped, setGrouped] = useState(false)

  const moneyLocale = i18n.language === "en" ? "en" : "pt"
  const built = useMemo(() => buildQuery(filter, noonOf(today), moneyLocale), [filter, today, moneyLocale])
  const baseKey = JSON.stringify(built.query)
  // stable by value, not by identity: an equal filter keeps the same live queries
  const base: BaseQuery = useMemo(() => JSON.parse(baseKey) as BaseQuery, [baseKey])
  const ready = filter.walletIds.length > 0
  const byDate = sort.by === "created_at"
  // The first window of the table answers the count and the totals (one worker scan per keystroke);
  // while it is on its way the totals keep the previous answer (no skeleton flash per keystroke).
  // Rows first (sync/SPEC.md Q5): the worker sends this filter's first rows as soon as it has them,
  // then the full answer; the early one goes to the table only (totals stay the last, marked stale).
  // A text typed forward (Q5b): its first rows are made on the page from the answer before, in the keystroke's render.
  const narrowing = useTypedForward(narrowStatement, ready ? base : null, (bare) => windowLive(bare, sort, 0, FIRST_WINDOW_LIMIT))
  const headAnswer = useLiveQuery(ready ? windowLive(base, sort, 0, FIRST_WINDOW_LIMIT) : null, narrowing) as SummaryResult | undefined
  const head = headAnswer?.partial ? undefined : headAnswer
  // (not while grouped by day: the early rows have no groups)
  const early = earlyOf<StatementRowView>(grouped && byDate ? undefined : headAnswer)
  const shownHead = useLastAnswer(head, ready)
  // The chart's series and the comparison are each a further scan of every row in the worker (and
  // the chart a costly redraw here): they follow the filter once typing pauses (SETTLE_MS), so that
  // while the user types the worker answers only the keystrokes; the chart keeps its last series
  // until the next one is there and redraws as a transition. Day groups only when grouped.
  // The settle delay runs from the moment this filter's head answer is in, not from the keystroke:
  // a series asked while the worker still answers a slow keystroke would run right after it (a scan
  // of every row, 100-800 ms) and hold up the next keystroke (the first keys of the
  // statements-keystroke-1m trace: 874 and 723 ms, behind the series of the previous text).
  const deferredBase = useSettled(base, SETTLE_MS, head !== undefined)
  // day groups only while the table is grouped by day (the chart has its own series)
  const summary = useLiveQuery(
    ready && grouped && byDate
      ? {
          kind: "statements",
          query: { ...base, sort: { by: "created_at", dir: sort.dir }, limit: 0, groupBy: "day" }
        }
      : null
  ) as SummaryResult | undefined
  // the chart: balance and in/out per day (per month past 120 days), at the lower priority too
  const seriesOn = ready && deferredBase.currency !== undefined
  const seriesAnswer = useLastAnswer(useLiveQuery(seriesOn ? { kind: "statementSeries", query: { ...deferredBase, limit: 0 }, unit: "auto" } : null), seriesOn)
  const series = useDeferredValue(seriesAnswer.value)
  // the chart still shows an earlier filter's series (it follows once typing pauses): dimmed and busy
  const chartBehind = seriesAnswer.stale || deferredBase !== base || series !== seriesAnswer.value
  const commands = useLiveQuery({ kind: "commands" })
  const pending = useMemo(() => pendingRowsOf(commands, base.walletIds ?? []).filter((r) => matchesFilter(r, base)), [commands, base])

  const walletName = useCallback((id: string) => access.byId.get(id)?.wallet.name ?? id, [access.byId])
  const several = filter.walletIds.length > 1
  const exportWallets = useMemo(() => access.readable.filter((w) => w.canExport && filter.walletIds.includes(w.wallet.id)), [access.readable, filter.walletIds])
  const exportRange = useMemo(() => {
    const r = built.range ? rangeDayKeys(built.range) : null
    if (r && isSameMonthKeys(r.start, r.end)) return r
    const month = rangeDayKeys(presetRange("thisMonth", noonOf(today)))
    return { start: month.start, end: spDateKey(noonOf(today)) }
  }, [built.range, today])
  const updateJob = useCallback((j: ExportJob) => setJobs((list) => list.map((x) => (x.job.id === j.job.id ? j : x))), [])
  // The local export reads the query when clicked: passed by value it would change (and re-render
  // the buttons) on every keystroke (bench statements-keystroke-1m).
  const exportQueryRef = useRef<StatementQueryMsg>({ ...base, sort })
  useEffect(() => {
    exportQueryRef.current = { ...base, sort }
  }, [base, sort])
  const exportQuery = useCallback(() => exportQueryRef.current, [])
  const exportDisabled = !head || head.total === 0
  const lp = useLocalePath()
  const analysisWallets = filter.walletIds.join(",")
  const canServerExport = exportWallets.length > 0
  const headerActions = useMemo(
    () => (
      <>
        {/* issue 32 item 4: the analysis across wallets of the selected wallets */}
        <Link
          to={`${lp("/banking/statements/analysis")}?w=${encodeURIComponent(analysisWallets)}`}
          data-testid="statements-analysis-link"
          className={s.analysisLink}
        >
          {t("analysis:open")}
        </Link>
        <LocalExportButtons query={exportQuery} disabled={exportDisabled} />
        {canServerExport ? (
          <Button variant="secondary" size="sm" onClick={openExport} data-testid="export-server">
            {t("statements:export.server")}
          </Button>
        ) : null}
      </>
    ),
    [exportQuery, exportDisabled, canServerExport, openExport, t, lp, analysisWallets]
  )

  if (access.all === undefined) {
    return (
      <div className={layout.page} data-testid="statements-page" aria-busy="true">
        <PageHeader title={t("statements:title")} />
        <Skeleton height={120} />
        <Skeleton height={360} />
      </div>
    )
  }
  if (access.readable.length === 0) {
    return (
      <div className={layout.page} data-testid="statements-page">
        <PageHeader title={t("statements:title")} />
        <Card>
          <EmptyState title={t("statements:noWallets.title")} message={t("statements:noWallets.message")} />
        </Card>
      </div>
    )
  }

  return (
    <div className={layout.page} data-testid="statements-page">
      <PageHeader
        title={t("statements:title")}
        subtitle={
          several
            ? t("statements:subtitleMany", { count: filter.walletIds.length })
            : t("statements:subtitleOne", { name: walletName(filter.walletIds[0] ?? "") })
        }
        actions={headerActions}
      />
      <SyncStatus walletIds={filter.walletIds} loadedRows={shownHead.value?.loadedRows} />
      <Card>
        <FilterBar filter={filter} problems={built.problems} wallets={access.readable} onChange={patch} onClear={clear} />
      </Card>
      <Totals summary={shownHead.value} stale={shownHead.stale} currency={base.currency} />
      {several ? (
        <AnalysisPanel
          base={deferredBase}
          walletIds={deferredBase.walletIds ?? filter.walletIds}
          walletName={walletName}
          perWallet={shownHead.value?.perWallet}
        />
      ) : null}
      {deferredBase.currency !== undefined && series && series.points.length > 0 ? (
        <Card title={t("statements:chart.title")}>
          <div
            className={chartBehind ? s.behind : s.current}
            aria-busy={chartBehind || undefined}
            data-testid="statement-chart-card"
            data-state={chartBehind ? "stale" : "ready"}
          >
            <Suspense fallback={<Skeleton height={280} />}>
              <StatementChart series={series} currency={deferredBase.currency} />
            </Suspense>
          </div>
        </Card>
      ) : null}
      <Card>
        <div className={s.toolbar}>
          <span className={layout.muted} data-testid="statement-count">
            {shownHead.value
              ? t("statements:table.summary", {
                  count: shownHead.value.total,
                  total: formatCount(shownHead.value.total, moneyLocale),
                  ms: shownHead.value.tookMs.toFixed(1)
                })
              : t("common:loading")}
          </span>
          <Checkbox
            label={byDate ? t("statements:table.groupByDay") : t("statements:table.groupByDayDisabled")}
            checked={grouped && byDate}
            disabled={!byDate}
            onChange={setGrouped}
            id="group-by-day"
          />
        </div>
        <StatementTable
          base={base}
          sort={sort}
          onSort={setSort}
          total={head?.total}
          {...early}
          groups={grouped && byDate ? summary?.groups : undefined}
          pending={pending}
          walletName={several ? walletName : null}
          onOpen={setOpenRow}
        />
      </Card>
      <ExportJobs jobs={jobs} pollMs={pollMs} walletName={walletName} onUpdate={updateJob} />
      <ReceiptDialog row={openRow} onClose={closeReceipt} />
      <ServerExportDialog
        open={exportOpen}
        onClose={closeExport}
        wallets={exportWallets}
        defaultWalletId={current?.id ?? filter.walletIds[0] ?? ""}
        start={exportRange.start}
        end={exportRange.end}
        onCreated={addJob}
      />
    </div>
  )
}

/** Noon of a São Paulo day: an instant safely inside it, for the presets. */
function noonOf(day: number): number {
  return day * DAY_MS + 15 * 3_600_000
}

const narrowStatement = narrower<StatementRowView>(statementTable)
