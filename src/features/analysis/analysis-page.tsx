/**
 * Analysis across wallets (issue 32 item 4; DESIGN "teams that share several wallets and analyse data
 * across them"; docs/decisions.md D-analysis-pivot, D-analysis-views): on the statement
 * (/banking/statements/analysis) and the gateway transactions (/gateway/analysis), over every wallet
 * the user may read at once — a pivot (rows × columns, cells count / in / out / net), the top
 * counterparties with their share, this period against the previous one of the same length with the
 * change per row, and saved views. Everything is computed in the worker on the synced tables (live
 * query `pivot`, sync/SPEC.md Q11); the view only lays the answers out. The view's state lives in the
 * URL (view-state.ts), so a link opens the same view for another member; a saved view is that state
 * named and kept in the user's local store (`savedViews`, Q12). Wallets the member may not read are
 * dropped with a message (the bad input), the rest of the view kept.
 */
import { memo, useCallback, useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link, useSearchParams } from "react-router"
import { useSearchWriter } from "../../lib/use-search-writer.ts"
import type { AnalysisMeasure, AnalysisSource, AnalysisViewState, PivotLineView, PivotResultView, SavedView } from "../../../schema/analysis.ts"
import { ANALYSIS_COLS, ANALYSIS_MEASURES, ANALYSIS_PERIODS, PIVOT_ROWS } from "../../../schema/analysis.ts"
import { currencyDecimals } from "../../../schema/format.ts"
import { GATEWAY_KINDS } from "../../../schema/tables/gateway.ts"
import { STATEMENT_TYPES } from "../../../schema/entities.ts"
import { spDayIndex, spDayKey } from "../../../schema/sao-paulo-time.ts"
import { getEngine, useLiveQuery } from "../../../workers/client.ts"
import { useAppState } from "../../lib/app-state.ts"
import { downloadText } from "../../lib/download.ts"
import { toast } from "../../lib/feedback.ts"
import { useAfterPaint, useLastAnswer } from "../../lib/use-answers.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useBarePath, useLocalePath } from "../../lib/use-locale-path.ts"
import { useReadableWallets } from "../../lib/use-readable-wallets.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, Checkbox, CopyButton, EmptyState, PageHeader, Select, Skeleton, TextField, layout } from "../../ui/index.ts"
import { cellAt, periodChanges, pivotCsv, topShares, valueOf } from "./analysis-math.ts"
import * as s from "./analysis.css.ts"
import { keepReadable, PARAM, paramsOf, periodRange, queryOf, stateFromParams } from "./view-state.ts"

/**
 * Rows the pivot lists (the rest summed as "others"), the top counterparties, the comparison's rows. 50 rows
 * (D-analysis-views): the grid of a view opened is half the cells to lay out, and the CSV exports what is shown.
 */
const PIVOT_ROW_LIMIT = 50
const TOP_LIMIT = 10
const COMPARE_ROW_LIMIT = 20
const CURRENCIES = ["BRL", "BTC", "ETH", "USDT"] as const

interface WalletName {
  readonly id: string
  readonly name: string
}

/** The wallets this member may read for a source: the statement's (get-statement) or the company's gateway wallets with a gateway list permission. */
function useAnalysisWallets(source: AnalysisSource): ReadonlyArray<WalletName> | undefined {
  const access = useReadableWallets()
  const gateway = useAppState((st) => st.gatewayWallets)
  return useMemo(() => {
    if (access.all === undefined) return undefined
    const list = source === "statement" ? access.readable : access.all.filter((a) => a.canGateway && (gateway ?? []).includes(a.wallet.id))
    return list.map((a) => ({ id: a.wallet.id, name: a.wallet.name }))
  }, [access, gateway, source])
}

export function StatementAnalysisPage() {
  return <AnalysisPage source="statement" />
}
export function GatewayAnalysisPage() {
  return <AnalysisPage source="gateway" />
}

/** The grid's pivot of a view: the same query whether asked early (from the URL) or by the view, so both share one answer. */
function gridQuery(source: AnalysisSource, state: AnalysisViewState, now: number) {
  const tableSource = source === "statement" ? ("statement" as const) : ("gateway_transactions" as const)
  const query = queryOf(state, periodRange(state, now).range)
  return { kind: "pivot" as const, source: tableSource, query, pivot: { rows: state.rows, cols: state.cols, rowLimit: PIVOT_ROW_LIMIT } }
}

export function AnalysisPage({ source }: { readonly source: AnalysisSource }) {
  const { t } = useTranslation()
  const wallets = useAnalysisWallets(source)
  const [now] = useState(() => Date.now())
  const [params] = useSearchParams()
  // D-analysis-views: a link or a saved view names its wallets, so its grid is asked at once, while the wallets'
  // permissions are still being read. The engine holds rows only of wallets the member may read; the view shows this
  // answer only when its own query (after wallets it may not read are dropped) is the same one.
  const paramsKey = params.toString()
  const early = useMemo(() => {
    const p = new URLSearchParams(paramsKey)
    return wallets === undefined && p.get(PARAM.wallets) ? gridQuery(source, stateFromParams(source, p, []), now) : null
  }, [wallets, paramsKey, source, now])
  useLiveQuery(early)
  useEffect(() => {
    document.title = `${t("analysis:title")} · ${t("common:appName")}`
  }, [t])
  if (wallets === undefined)
    return (
      <div className={layout.page} data-testid="analysis-page" aria-busy="true">
        <PageHeader title={t("analysis:title")} />
        <Skeleton height={120} />
        <Skeleton height={360} />
      </div>
    )
  if (wallets.length === 0)
    return (
      <div className={layout.page} data-testid="analysis-page">
        <PageHeader title={t("analysis:title")} />
        <Card>
          <EmptyState title={t("analysis:noWallets")} />
        </Card>
      </div>
    )
  return <AnalysisView source={source} wallets={wallets} now={now} />
}

export function AnalysisView({
  source,
  wallets,
  now: opened
}: {
  readonly source: AnalysisSource
  readonly wallets: ReadonlyArray<WalletName>
  /** When the page opened (the relative periods' "today"); the view's own mount time otherwise. */
  readonly now?: number
}) {
  const { t, i18n } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const bare = useBarePath()
  const tag = i18n.language === "en" ? "en-US" : "pt-BR"
  const [params, write] = useSearchWriter()
  const current = useCurrentWallet()
  const [now] = useState(() => opened ?? Date.now())
  const readable = useMemo(() => wallets.map((w) => w.id), [wallets])
  const fallback = useMemo(
    () => (source === "gateway" ? readable : [current && readable.includes(current.id) ? current.id : (readable[0] as string)]),
    [source, readable, current]
  )
  const paramsKey = params.toString()
  const { state, dropped, asked } = useMemo(() => {
    const a = stateFromParams(source, new URLSearchParams(paramsKey), fallback)
    const k = keepReadable(a, readable, fallback)
    return { state: k.state, dropped: k.dropped, asked: a }
  }, [source, paramsKey, fallback, readable])
  const viewId = params.get(PARAM.view)
  const viewName = params.get(PARAM.name)
  /** The view's state read from params (the rendered ones, or those asked for and not rendered yet). */
  const stateOf = useCallback(
    (p: URLSearchParams) => keepReadable(stateFromParams(source, p, fallback), readable, fallback).state,
    [source, fallback, readable]
  )
  const setParams = useCallback(
    (next: URLSearchParams, o?: { readonly replace?: boolean }) => {
      write(() => next, o)
    },
    [write]
  )
  const update = useCallback(
    (patch: Partial<AnalysisViewState>) => {
      // a change leaves the saved view (its name no longer says what is shown) and the wallets dropped; it builds
      // on the last change asked for, so two made before the page re-renders both stay (src/lib/use-search-writer.ts)
      write((cur) => paramsOf({ ...stateOf(cur), ...patch }), { replace: true })
    },
    [write, stateOf]
  )
  const walletName = useCallback((id: string) => wallets.find((w) => w.id === id)?.name ?? id, [wallets])

  const period = useMemo(() => periodRange(state, now), [state, now])
  const query = useMemo(() => queryOf(state, period.range), [state, period.range])
  const tableSource = source === "statement" ? ("statement" as const) : ("gateway_transactions" as const)
  const pivotQ = useMemo(() => gridQuery(source, state, now), [source, state, now])
  const pivotKey = JSON.stringify(pivotQ)
  const pivotLive = useLiveQuery(pivotQ)
  const pivot = useLastAnswer(pivotLive, true)
  // the grid first: the top counterparties and the comparison are asked once the grid's first frame is painted, so
  // their answers and renders do not hold that frame back (analysis-view-open-1m); after that all three follow a change
  const gridShown = useAfterPaint(pivot.value !== undefined)
  const top = useLastAnswer(
    useLiveQuery(gridShown ? { kind: "pivot", source: tableSource, query, pivot: { rows: "counterparty", cols: "none", rowLimit: TOP_LIMIT } } : null),
    gridShown
  )
  const cmpRows = state.rows === "day" || state.rows === "month" ? "counterparty" : state.rows
  const compare = useLastAnswer(
    useLiveQuery(
      gridShown && period.range ? { kind: "pivot", source: tableSource, query, pivot: { rows: cmpRows, cols: "period", rowLimit: COMPARE_ROW_LIMIT } } : null
    ),
    gridShown && period.range !== null
  )

  const currency = state.currency ?? "BRL"
  const nf = useMemo(() => new Intl.NumberFormat(tag), [tag])
  const pf = useMemo(() => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 }), [tag])
  const fmt = useCallback((m: AnalysisMeasure, v: number) => (m === "count" ? nf.format(v) : f.amount(v, currency)), [nf, f, currency])
  const typeLabel = useCallback(
    (k: string) => (source === "statement" ? t(`statements:types.${k}`, { defaultValue: k }) : t(`gateway:kind.${k}`, { defaultValue: k })),
    [source, t]
  )
  const keyLabel = useCallback(
    (dim: string, key: string, label?: string): string => {
      switch (dim) {
        case "counterparty":
          return label || key || t("analysis:pivot.noCounterparty")
        case "type":
          return typeLabel(key)
        case "wallet":
          return walletName(key)
        case "day":
          return f.day(key)
        case "month":
          return `${key.slice(5, 7)}/${key.slice(0, 4)}`
        case "period":
          return key === "current" ? t("analysis:compare.current") : t("analysis:compare.previous")
        default:
          return t("analysis:pivot.total")
      }
    },
    [t, typeLabel, walletName, f]
  )

  // saved views
  const saved = useLiveQuery({ kind: "savedViews" })
  const mine = useMemo(() => (saved ?? []).filter((v) => v.state.source === source), [saved, source])
  const openView = (id: string) => {
    const v = mine.find((x) => x.id === id)
    if (v) setParams(paramsOf(v.state, v))
  }
  // the link without the language prefix: it opens in the language of whoever opens it
  const link = `${globalThis.location?.origin ?? ""}${bare}?${paramsOf(state, viewId && viewName ? { id: viewId, name: viewName } : undefined).toString()}`

  const exportCsv = () => {
    const r = pivot.value
    if (!r) return
    const csv = pivotCsv(
      r,
      {
        rowHeader: t(`analysis:pivot.dims.${r.rows}`),
        row: (l) => keyLabel(r.rows, l.key, l.label),
        column: (k) => keyLabel(r.cols, k),
        measure: (m) => t(`analysis:pivot.measures.${m}`),
        others: t("analysis:pivot.others", { count: r.omitted }),
        total: t("analysis:pivot.total")
      },
      f.locale,
      currencyDecimals(currency)
    )
    downloadText(`analysis-${source}-${r.rows}-${r.cols}.csv`, csv, "text/csv;charset=utf-8")
  }

  // the selects' options, translated once per language (every answer re-renders the view: analysis-view-open-1m)
  const options = useMemo(
    () => ({
      periods: ANALYSIS_PERIODS.map((p) => ({ value: p, label: t(`analysis:filters.periods.${p}`) })),
      types: [
        { value: "", label: t("analysis:filters.allTypes") },
        ...(source === "statement" ? STATEMENT_TYPES : GATEWAY_KINDS).map((k) => ({ value: k, label: typeLabel(k) }))
      ],
      directions: [
        { value: "", label: t("analysis:filters.both") },
        { value: "in", label: t("analysis:filters.in") },
        { value: "out", label: t("analysis:filters.out") }
      ],
      rows: PIVOT_ROWS.map((d) => ({ value: d, label: t(`analysis:pivot.dims.${d}`) })),
      cols: ANALYSIS_COLS.map((d) => ({ value: d, label: t(`analysis:pivot.dims.${d}`) })),
      measures: ANALYSIS_MEASURES.map((m) => ({ value: m, label: t(`analysis:pivot.measures.${m}`) })),
      currencies: CURRENCIES.map((c) => ({ value: c, label: c }))
    }),
    [t, source, typeLabel]
  )
  const back = source === "statement" ? lp("/banking/statements") : lp("/gateway/transactions/deposits")
  const ready = pivotLive !== undefined
  return (
    <div className={layout.page} data-testid="analysis-page" data-source={source}>
      <PageHeader
        title={t("analysis:title")}
        subtitle={t(source === "statement" ? "analysis:subtitleStatement" : "analysis:subtitleGateway", { count: state.walletIds.length })}
        actions={
          <Link to={back} className={s.muted}>
            {t(source === "statement" ? "analysis:backStatement" : "analysis:backGateway")}
          </Link>
        }
      />
      {dropped > 0 ? (
        <p className={s.notice} role="status" data-testid="analysis-dropped" data-dropped={dropped}>
          {t("analysis:dropped", { count: dropped })}
          {asked.walletIds.every((id) => !readable.includes(id)) ? ` ${t("analysis:droppedAll")}` : ""}
        </p>
      ) : null}
      <Card title={t("analysis:views.label")} level={2}>
        <SavedViews
          source={source}
          mine={mine}
          viewId={viewId}
          state={state}
          onOpen={openView}
          onSaved={(v) => setParams(paramsOf(v.state, v), { replace: true })}
          onDeleted={() => setParams(paramsOf(state), { replace: true })}
          link={link}
        />
        {viewName ? (
          <p className={s.muted} data-testid="analysis-view-current">
            {t("analysis:views.current", { name: viewName })}
          </p>
        ) : null}
      </Card>
      <Card title={t("analysis:filters.label")}>
        <div className={s.bar}>
          <Select
            label={t("analysis:filters.period")}
            value={state.period}
            onChange={(v) => update({ period: v as AnalysisViewState["period"] })}
            options={options.periods}
            data-testid="analysis-period"
          />
          {state.period === "custom" ? (
            <>
              <TextField
                type="date"
                label={t("analysis:filters.start")}
                value={state.start ?? ""}
                onChange={(v) => update(v ? { start: v } : { start: "" })}
                error={period.problem ? t(period.problem) : null}
                data-testid="analysis-start"
              />
              <TextField
                type="date"
                label={t("analysis:filters.end")}
                value={state.end ?? ""}
                onChange={(v) => update({ end: v })}
                data-testid="analysis-end"
              />
            </>
          ) : null}
          <TextField
            label={t("analysis:filters.text")}
            hint={t("analysis:filters.textHint")}
            value={state.text ?? ""}
            onChange={(v) => update({ text: v })}
            data-testid="analysis-text"
          />
          <Select
            label={t("analysis:filters.type")}
            value={state.types?.[0] ?? ""}
            onChange={(v) => update({ types: v ? [v] : [] })}
            options={options.types}
            data-testid="analysis-type"
          />
          <Select
            label={t("analysis:filters.direction")}
            value={state.direction ?? ""}
            onChange={(v) => {
              write(
                (cur) => {
                  const { direction: _d, ...rest } = stateOf(cur)
                  return paramsOf(v === "in" || v === "out" ? { ...rest, direction: v } : rest)
                },
                { replace: true }
              )
            }}
            options={options.directions}
            data-testid="analysis-direction"
          />
          {source === "statement" ? (
            <Select
              label={t("analysis:filters.currency")}
              value={currency}
              onChange={(v) => update({ currency: v })}
              options={options.currencies}
              data-testid="analysis-currency"
            />
          ) : null}
        </div>
        <fieldset className={s.wallets} data-testid="analysis-wallets">
          <legend className={s.legend}>{t("analysis:filters.wallets")}</legend>
          {wallets.map((w) => (
            <Checkbox
              key={w.id}
              label={w.name}
              checked={state.walletIds.includes(w.id)}
              onChange={(on) => {
                const next = on ? [...state.walletIds, w.id] : state.walletIds.filter((x) => x !== w.id)
                if (next.length > 0) update({ walletIds: next })
              }}
            />
          ))}
        </fieldset>
      </Card>
      <Card
        title={t("analysis:pivot.title")}
        actions={
          <Button variant="secondary" size="sm" onClick={exportCsv} disabled={!pivot.value || pivot.value.lines.length === 0} data-testid="analysis-export">
            {t("analysis:pivot.export")}
          </Button>
        }
      >
        <div className={s.bar}>
          <Select
            label={t("analysis:pivot.rows")}
            value={state.rows}
            onChange={(v) => update({ rows: v as AnalysisViewState["rows"] })}
            options={options.rows}
            data-testid="analysis-rows"
          />
          <Select
            label={t("analysis:pivot.cols")}
            value={state.cols}
            onChange={(v) => update({ cols: v as AnalysisViewState["cols"] })}
            options={options.cols}
            data-testid="analysis-cols"
          />
          <Select
            label={t("analysis:pivot.measure")}
            value={state.measure}
            onChange={(v) => update({ measure: v as AnalysisMeasure })}
            options={options.measures}
            data-testid="analysis-measure"
          />
        </div>
        {pivot.value === undefined ? (
          <Skeleton height={240} />
        ) : (
          <PivotGrid
            r={pivot.value}
            stale={pivot.stale || !ready}
            queryKey={pivotKey}
            measure={state.measure}
            fmt={fmt}
            keyLabel={keyLabel}
            caption={t("analysis:pivot.caption", {
              measure: t(`analysis:pivot.measures.${state.measure}`),
              rows: t(`analysis:pivot.dims.${state.rows}`),
              cols: t(`analysis:pivot.dims.${state.cols}`)
            })}
          />
        )}
        {pivot.value ? (
          <p className={s.muted} data-testid="analysis-loaded">
            {t("analysis:loaded", { count: pivot.value.loadedRows, ms: pivot.value.tookMs.toFixed(1) })}
          </p>
        ) : null}
      </Card>
      <div className={s.grid2}>
        <Card title={t("analysis:top.title")} className={s.cell}>
          {top.value === undefined ? <Skeleton height={160} /> : <TopList r={top.value} fmt={fmt} pf={pf} nf={nf} keyLabel={keyLabel} />}
        </Card>
        <Card title={t("analysis:compare.title")} className={s.cell}>
          {period.range === null ? (
            <p className={s.muted} data-testid="analysis-compare-need">
              {period.problem ? t(period.problem) : t("analysis:compare.needPeriod")}
            </p>
          ) : compare.value === undefined ? (
            <Skeleton height={160} />
          ) : (
            <Comparison r={compare.value} measure={state.measure} fmt={fmt} pf={pf} keyLabel={keyLabel} />
          )}
        </Card>
      </div>
    </div>
  )
}

function SavedViews({
  source,
  mine,
  viewId,
  state,
  onOpen,
  onSaved,
  onDeleted,
  link
}: {
  readonly source: AnalysisSource
  readonly mine: ReadonlyArray<SavedView>
  readonly viewId: string | null
  readonly state: AnalysisViewState
  readonly onOpen: (id: string) => void
  readonly onSaved: (v: SavedView) => void
  readonly onDeleted: () => void
  readonly link: string
}) {
  const { t } = useTranslation()
  const [name, setName] = useState("")
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const selected = mine.find((v) => v.id === viewId)
  const save = () => {
    const n = name.trim()
    if (n.length === 0) return setProblem("analysis:views.nameRequired")
    if (n.length > 80) return setProblem("analysis:views.nameTooLong")
    setProblem(null)
    const same = mine.find((v) => v.name.toLocaleLowerCase() === n.toLocaleLowerCase())
    const at = new Date().toISOString()
    const view: SavedView = { id: same?.id ?? crypto.randomUUID(), name: n, state: { ...state, source }, created_at: same?.created_at ?? at, updated_at: at }
    setBusy(true)
    getEngine()
      .rpc.saveView({ view })
      .then(
        () => {
          toast("success", t("analysis:views.saved", { name: n }))
          setName("")
          onSaved(view)
        },
        () => setProblem("analysis:views.failed")
      )
      .finally(() => setBusy(false))
  }
  const remove = () => {
    if (!selected) return
    getEngine()
      .rpc.deleteView({ id: selected.id })
      .then(
        () => {
          toast("success", t("analysis:views.deleted"))
          onDeleted()
        },
        () => toast("error", t("analysis:views.failed"))
      )
  }
  return (
    <div className={s.views}>
      <div className={s.grow}>
        <Select
          label={t("analysis:views.menu")}
          value={selected?.id ?? ""}
          onChange={onOpen}
          options={[{ value: "", label: mine.length === 0 ? t("analysis:views.none") : "—" }, ...mine.map((v) => ({ value: v.id, label: v.name }))]}
          data-testid="analysis-views-menu"
        />
      </div>
      <div className={s.grow}>
        <TextField
          label={t("analysis:views.name")}
          value={name}
          onChange={(v) => {
            setName(v)
            if (problem) setProblem(null)
          }}
          error={problem ? t(problem) : null}
          maxLength={120}
          data-testid="analysis-view-name"
          onKeyDown={(e) => {
            if (e.key === "Enter") save()
          }}
        />
      </div>
      <div className={s.actions}>
        <Button onClick={save} busy={busy} data-testid="analysis-view-save">
          {t("analysis:views.save")}
        </Button>
        {selected ? (
          <Button variant="ghost" onClick={remove} data-testid="analysis-view-delete">
            {t("analysis:views.delete")}
          </Button>
        ) : null}
        <CopyButton text={link} label={t("analysis:views.copyLink")} copied={t("analysis:views.linkCopied")} data-testid="analysis-copy-link" />
      </div>
    </div>
  )
}

type Fmt = (m: AnalysisMeasure, v: number) => string
type KeyLabel = (dim: string, key: string, label?: string) => string

/**
 * The grid, drawn again only when its own answer or labels change (memo): the top counterparties' and the
 * comparison's answers, which come right after it, do not redraw its hundred rows (analysis-view-open-1m).
 */
const PivotGrid = memo(function PivotGrid({
  r,
  stale,
  queryKey,
  measure,
  fmt,
  keyLabel,
  caption
}: {
  readonly r: PivotResultView
  readonly stale: boolean
  readonly queryKey: string
  readonly measure: AnalysisMeasure
  readonly fmt: Fmt
  readonly keyLabel: KeyLabel
  readonly caption: string
}) {
  const { t } = useTranslation()
  if (r.lines.length === 0)
    return (
      <div data-testid="analysis-pivot" data-state={stale ? "stale" : "ready"} data-query={queryKey}>
        <EmptyState title={t("analysis:pivot.empty")} />
      </div>
    )
  const row = (l: PivotLineView, head: string, sub: string | null, testId: string, cls?: string) => (
    <tr key={`${testId}:${l.key}`} data-testid={testId} data-key={l.key} className={cls}>
      <th scope="row" className={s.rowHead} title={head}>
        {head}
        {sub ? <span className={s.sub}>{sub}</span> : null}
      </th>
      {r.columns.map((k, j) => {
        const c = cellAt(l.cells, j)
        return (
          <td key={k} className={s.td} data-col={k} data-value={valueOf(c, measure)}>
            {c.count === 0 ? "—" : fmt(measure, valueOf(c, measure))}
          </td>
        )
      })}
      {r.cols !== "none" ? <td className={s.td}>{fmt(measure, valueOf(l, measure))}</td> : null}
    </tr>
  )
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard to scroll it (axe scrollable-region-focusable)
    <div className={s.scroll} tabIndex={0} role="region" aria-label={t("analysis:pivot.scrollLabel")}>
      <table className={s.table} data-testid="analysis-pivot" data-state={stale ? "stale" : "ready"} data-query={queryKey} aria-busy={stale || undefined}>
        <caption className={s.muted} style={{ textAlign: "left", captionSide: "top" }}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={s.th}>
              {t(`analysis:pivot.dims.${r.rows}`)}
            </th>
            {r.columns.map((k) => (
              <th key={k} scope="col" className={s.thNum}>
                {r.cols === "none" ? t(`analysis:pivot.measures.${measure}`) : keyLabel(r.cols, k)}
              </th>
            ))}
            {r.cols !== "none" ? (
              <th scope="col" className={s.thNum}>
                {t("analysis:pivot.total")}
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l) =>
            row(l, keyLabel(r.rows, l.key, l.label), r.rows === "counterparty" && l.label && l.label !== l.key ? l.key : null, "analysis-pivot-row")
          )}
          {r.others ? row(r.others, t("analysis:pivot.others", { count: r.omitted }), null, "analysis-pivot-others") : null}
          {row(r.total, t("analysis:pivot.total"), null, "analysis-pivot-total", s.totalRow)}
        </tbody>
      </table>
    </div>
  )
})

const TopList = memo(function TopList({
  r,
  fmt,
  pf,
  nf,
  keyLabel
}: {
  readonly r: PivotResultView
  readonly fmt: Fmt
  readonly pf: Intl.NumberFormat
  readonly nf: Intl.NumberFormat
  readonly keyLabel: KeyLabel
}) {
  const { t } = useTranslation()
  const lines = topShares(r)
  if (lines.length === 0) return <p className={s.muted}>{t("analysis:top.empty")}</p>
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard to scroll it (axe scrollable-region-focusable)
    <div className={s.scroll} tabIndex={0} role="region" aria-label={t("analysis:top.title")}>
      <table className={s.table} data-testid="analysis-top">
        <thead>
          <tr>
            <th scope="col" className={s.th}>
              {t("analysis:top.counterparty")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("analysis:top.count")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("analysis:top.volume")}
            </th>
            <th scope="col" className={s.thNum}>
              {t("analysis:top.share")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map(({ line, share }) => (
            <tr key={line.key} data-testid="analysis-top-row" data-key={line.key} data-share={share.toFixed(4)}>
              <th scope="row" className={s.rowHead}>
                {keyLabel("counterparty", line.key, line.label)}
              </th>
              <td className={s.td}>{nf.format(line.count)}</td>
              <td className={s.td}>{fmt("in", line.sumIn + line.sumOut)}</td>
              <td className={s.td}>
                {pf.format(share)}
                <span className={s.shareTrack} aria-hidden="true">
                  <span className={s.shareBar} style={{ width: `${Math.max(2, Math.round(share * 100))}%` }} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
})

const Comparison = memo(function Comparison({
  r,
  measure,
  fmt,
  pf,
  keyLabel
}: {
  readonly r: PivotResultView
  readonly measure: AnalysisMeasure
  readonly fmt: Fmt
  readonly pf: Intl.NumberFormat
  readonly keyLabel: KeyLabel
}) {
  const { t } = useTranslation()
  const f = useFormat()
  const { rows, total } = periodChanges(r, measure)
  const p = r.period
  const span = (from: number, to: number) => `${f.day(spDayKey(spDayIndex(from)))}–${f.day(spDayKey(spDayIndex(to - 1)))}`
  const signed = (v: number) => (v > 0 ? `+${fmt(measure, v)}` : fmt(measure, v))
  const line = (c: (typeof rows)[number], head: string, testId: string, cls?: string) => (
    <tr key={`${testId}:${c.key}`} data-testid={testId} data-key={c.key} data-delta={c.delta} className={cls}>
      <th scope="row" className={s.rowHead}>
        {head}
      </th>
      <td className={s.td}>{fmt(measure, valueOf(c.previous, measure))}</td>
      <td className={s.td}>{fmt(measure, valueOf(c.current, measure))}</td>
      <td className={`${s.td} ${c.delta > 0 ? s.positive : c.delta < 0 ? s.negative : ""}`}>{signed(c.delta)}</td>
      <td className={s.td}>{c.ratio === null ? (c.delta !== 0 ? t("analysis:compare.new") : "—") : pf.format(c.ratio)}</td>
    </tr>
  )
  return (
    <div data-testid="analysis-compare">
      {p ? <p className={s.muted}>{t("analysis:compare.periods", { current: span(p.from, p.to), previous: span(p.prevFrom, p.from) })}</p> : null}
      {rows.length === 0 ? (
        <p className={s.muted}>{t("analysis:compare.empty")}</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard to scroll it (axe scrollable-region-focusable)
        <div className={s.scroll} tabIndex={0} role="region" aria-label={t("analysis:compare.title")}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col" className={s.th}>
                  {t(`analysis:pivot.dims.${r.rows}`)}
                </th>
                <th scope="col" className={s.thNum}>
                  {t("analysis:compare.previous")}
                </th>
                <th scope="col" className={s.thNum}>
                  {t("analysis:compare.current")}
                </th>
                <th scope="col" className={s.thNum}>
                  {t("analysis:compare.change")}
                </th>
                <th scope="col" className={s.thNum}>
                  {t("analysis:compare.changePct")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => line(c, keyLabel(r.rows, c.key, c.label), "analysis-compare-row"))}
              {line(total, t("analysis:pivot.total"), "analysis-compare-total", s.totalRow)}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
})
