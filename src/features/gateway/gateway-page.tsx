/**
 * /gateway (issue 16; spec features §2 "Gateway": transactions with child pages deposits,
 * payments (withdrawals), refunds and returns; metrics; §3 Transaction (gateway) fields and the
 * Dashboard aggregate; §4 statuses). Every list answers from the worker's table projection over
 * the gateway description (live query `{ kind: "table" }`), across several wallets of the company
 * at once (matrix + branches), filtered by text, period, status and value, with the totals, fees
 * and seller share of the filter; a row opens its receipt; the filter's rows download as a local
 * CSV, and the server export runs as a job with progress. Metrics (metrics.tsx): charts and type ×
 * status totals computed locally over the same projection, checked against the server's aggregate.
 */
import { memo, useCallback, useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import { Navigate, NavLink, Route, Routes } from "react-router"
import { getEngine, useLiveQuery } from "../../../workers/client.ts"
import type { TableQueryMsg } from "../../../workers/protocol.ts"
import type { TableResult } from "../../../workers/results.ts"
import { GATEWAY_STATUSES, gatewayTable, type GatewayKind, type GatewayTransaction } from "../../../schema/tables/gateway.ts"
import { narrower } from "../../../schema/tables/text-narrow.ts"
import { useTypedForward } from "../../lib/use-typed-forward.ts"
import type { GatewayExport } from "../../../schema/api-gateway.ts"
import { formatDateTime } from "../../../schema/format.ts"
import { useAppState } from "../../lib/app-state.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLastAnswer } from "../../lib/use-answers.ts"
import { Badge, Button, Card, Dialog, PageHeader, Select, TextField, layout, visuallyHidden, type Tone } from "../../ui/index.ts"
import { DataTable, FIRST_WINDOW_LIMIT, earlyOf, type DataColumn } from "../../ui/data-table.tsx"
import { periodRange, PERIODS, reaisToCents, type Period } from "./gateway-rules.ts"
import { useCallingWallet, WalletPicker, type WalletsProps } from "./gateway-wallets.tsx"
import { Metrics } from "./metrics.tsx"
import * as s from "./gateway.css.ts"
import { OrdersPage } from "./orders.tsx"

const rowKey = (x: GatewayTransaction) => x.id
const narrowGateway = narrower<GatewayTransaction>(gatewayTable)
const rowAttrs = (x: GatewayTransaction) => ({ id: x.id, reference: x.reference })
const CSV_KEYS = [
  "date",
  "kind",
  "status",
  "reference",
  "counterparty",
  "document",
  "value",
  "fee",
  "seller",
  "bank",
  "agency",
  "account",
  "digit",
  "e2e",
  "txid",
  "operation",
  "id",
  "wallet"
] as const
const TONE: Partial<Record<string, Tone>> = {
  paid: "success",
  paid_by_third_party: "success",
  paid_without_qrcode: "success",
  accepted: "success",
  refund_received: "success",
  pending: "warning",
  on_hold: "warning",
  failed: "danger",
  rejected: "danger",
  declined: "danger"
}

/** The company's gateway wallets this user holds (core §4), with their names. */
function useGatewayWallets(): ReadonlyArray<{ id: string; name: string }> {
  const ids = useAppState((st) => st.gatewayWallets)
  const wallets = useLiveQuery({ kind: "wallets" })
  return useMemo(() => (wallets ?? []).filter((w) => (ids ?? []).includes(w.id)).map((w) => ({ id: w.id, name: w.name })), [ids, wallets])
}

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function GatewayPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const wallets = useGatewayWallets()
  useEffect(() => {
    document.title = `${t("gateway:title")} · ${t("common:appName")}`
  }, [t])
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${s.tab} ${s.tabActive}` : s.tab)
  const tabsList: ReadonlyArray<readonly [string, string]> = [
    ["/gateway/transactions/deposits", "deposits"],
    ["/gateway/transactions/payments", "payments"],
    ["/gateway/transactions/refunds", "refunds"],
    ["/gateway/transactions/returns", "returns"],
    ["/gateway/metrics", "metrics"],
    // issue 32 item 4: the analysis across wallets of the transactions (its own page, src/features/analysis)
    ["/gateway/analysis", "analysis"],
    ["/gateway/orders", "orders"],
    ["/gateway/payments", "paymentRequests"]
  ]
  return (
    <div className={layout.page} data-testid="gateway-page">
      <PageHeader title={t("gateway:title")} subtitle={t("gateway:subtitle", { count: wallets.length })} />
      <nav aria-label={t("gateway:tabs.label")} className={s.tabs}>
        {tabsList.map(([to, key]) => (
          <NavLink key={key} to={lp(to)} className={tabClass}>
            {t(key === "orders" || key === "paymentRequests" ? `gateway:${key}.tab` : `gateway:tabs.${key}`)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route path="transactions/deposits" element={<Transactions kind="deposit" wallets={wallets} />} />
        <Route path="transactions/payments" element={<Transactions kind="withdrawal" wallets={wallets} />} />
        <Route path="transactions/refunds" element={<Transactions kind="refund" wallets={wallets} />} />
        <Route path="transactions/returns" element={<Transactions kind="return" wallets={wallets} />} />
        <Route path="metrics" element={<Metrics wallets={wallets} />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="*" element={<Navigate to={lp("/gateway/transactions/deposits")} replace />} />
      </Routes>
    </div>
  )
}

function Transactions({ kind, wallets }: WalletsProps & { readonly kind: GatewayKind }) {
  const { t } = useTranslation()
  const f = useFormat()
  const [selected, setSelected] = useState<string[] | null>(null)
  // stable between keystrokes: the wallet picker, the export and the columns keep their props while the text changes
  const walletIds = useMemo(() => selected ?? wallets.map((w) => w.id), [selected, wallets])
  const callingWallet = useCallingWallet(walletIds)
  const [text, setText] = useState("")
  const [period, setPeriod] = useState<Period>("90")
  const [status, setStatus] = useState("")
  const [min, setMin] = useState("")
  const [max, setMax] = useState("")
  const [open, setOpen] = useState<GatewayTransaction | null>(null)
  const [now] = useState(() => Date.now())
  const minC = reaisToCents(min, f.locale)
  const maxC = reaisToCents(max, f.locale)
  const query: TableQueryMsg = {
    walletIds,
    types: [kind],
    ...(status ? { statuses: [status] } : {}),
    ...(text.trim() ? { text: text.trim() } : {}),
    ...periodRange(period, now),
    ...(minC !== null ? { minAmount: minC } : {}),
    ...(maxC !== null ? { maxAmount: maxC } : {})
  }
  const queryKey = JSON.stringify(query)
  // the head query (count, totals, fees) is the table's first window: one answer for both. It asks for its rows
  // first (sync/SPEC.md Q5): they go to the table at once; the totals keep the last full answer until this one's
  // is in (useLastAnswer), rather than flashing to zero on every keystroke
  const windowOf = (q: TableQueryMsg, offset: number, limit: number) =>
    ({
      kind: "table",
      table: "gateway_transactions",
      query: { ...q, offset, limit },
      ...(offset === 0 && limit === FIRST_WINDOW_LIMIT ? { sums: true, early: true } : {})
    }) as const
  const windowQuery = (offset: number, limit: number) => windowOf(query, offset, limit)
  // a text typed forward (sync/SPEC.md Q5b): its first rows are made on the page from the answer before, at once
  const narrowing = useTypedForward(narrowGateway, walletIds.length > 0 ? query : null, (bare) => windowOf(bare, 0, FIRST_WINDOW_LIMIT))
  const answer = useLiveQuery(walletIds.length > 0 ? windowQuery(0, FIRST_WINDOW_LIMIT) : null, narrowing)
  const head = answer?.partial ? undefined : answer
  // rows of the description's row Schema: the views' half checked them against it (workers/client.ts, W4)
  const early = earlyOf<GatewayTransaction>(answer)
  const r = useLastAnswer(head, walletIds.length > 0).value
  const nameOf = useCallback((id: string) => wallets.find((w) => w.id === id)?.name ?? id, [wallets])
  const close = useCallback(() => setOpen(null), [])
  const several = walletIds.length > 1
  // each status's label looked up once per language: a row's cell is drawn on every answer of every keystroke
  const statusLabel = useMemo(() => statusLabels(t), [t])
  const columns = useMemo(
    (): ReadonlyArray<DataColumn<GatewayTransaction>> => [
      { id: "date", header: t("gateway:columns.date"), width: "150px", narrowWidth: "96px", cell: (x) => formatDateTime(x.created_at) },
      {
        id: "reference",
        header: t("gateway:columns.reference"),
        width: "minmax(0, 1.2fr)",
        narrowWidth: "minmax(0, 1fr)",
        cell: (x) => (
          <button type="button" tabIndex={-1} className={s.rowButton} aria-label={`${t("gateway:table.open")} ${x.reference}`}>
            {x.reference}
          </button>
        )
      },
      { id: "counterparty", header: t("gateway:columns.counterparty"), width: "minmax(0, 1.4fr)", cell: (x) => x.counterparty_name },
      { id: "document", header: t("gateway:columns.document"), width: "minmax(0, 1fr)", cell: (x) => x.counterparty_document },
      {
        id: "status",
        header: t("gateway:columns.status"),
        width: "150px",
        className: "",
        cell: (x) => <Badge tone={TONE[x.status] ?? "neutral"}>{statusLabel(x.status)}</Badge>
      },
      {
        id: "value",
        header: t("gateway:columns.value"),
        width: "minmax(110px, auto)",
        narrowWidth: "auto",
        align: "end",
        cell: (x) => f.brl(x.direction === "out" ? -x.value : x.value)
      },
      { id: "fee", header: t("gateway:columns.fee"), width: "minmax(90px, auto)", align: "end", cell: (x) => f.brl(x.fee) },
      ...(several
        ? [
            {
              id: "wallet",
              header: t("gateway:columns.wallet"),
              width: "minmax(0, 1fr)",
              cell: (x: GatewayTransaction) => wallets.find((w) => w.id === x.wallet_id)?.name ?? x.wallet_id
            }
          ]
        : [])
    ],
    [t, f, several, wallets, statusLabel]
  )
  const headers = CSV_KEYS.map((k) => t(`gateway:columns.${k}`))
  const exportCsv = async () => {
    const { offset: _o, limit: _l, ...all } = query
    download(await getEngine().rpc.exportTable({ table: "gateway_transactions", query: all, headers }), `gateway-${kind}.csv`)
  }
  return (
    <>
      <Card>
        <h2 className={visuallyHidden}>{t("gateway:filters.label")}</h2>
        <div className={s.filters}>
          <TextField label={t("gateway:filters.text")} hint={t("gateway:filters.textHint")} value={text} onChange={setText} data-testid="gateway-text" />
          <OtherFilters period={period} onPeriod={setPeriod} status={status} onStatus={setStatus} min={min} onMin={setMin} max={max} onMax={setMax} />
        </div>
        <MemoWalletPicker wallets={wallets} selected={walletIds} onChange={setSelected} />
      </Card>
      <Card>
        <GatewayTotals r={r} />
        <div className={s.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              void exportCsv()
            }}
            data-testid="gateway-csv"
          >
            {t("gateway:export.csv")}
          </Button>
          <MemoServerExport kind={kind} walletId={callingWallet} now={now} />
        </div>
      </Card>
      <Card>
        <DataTable<GatewayTransaction>
          columns={columns}
          queryKey={queryKey}
          windowQuery={windowQuery}
          total={walletIds.length === 0 ? 0 : head?.total}
          {...early}
          typedForward
          rowKey={rowKey}
          rowAttrs={rowAttrs}
          onOpen={setOpen}
          text={query.text ?? ""}
          tookMs={head?.tookMs}
          label={t("gateway:table.caption")}
          scrollLabel={t("gateway:table.scrollLabel")}
          emptyTitle={t("gateway:table.empty")}
          testIds={{ table: "gateway-table", row: "gateway-row", scroller: "gateway-scroller" }}
        />
      </Card>
      <DetailDialog open={open} onClose={close} nameOf={nameOf} />
    </>
  )
}

interface OtherFiltersProps {
  readonly period: Period
  readonly onPeriod: (p: Period) => void
  readonly status: string
  readonly onStatus: (s: string) => void
  readonly min: string
  readonly onMin: (v: string) => void
  readonly max: string
  readonly onMax: (v: string) => void
}
/**
 * The filters other than the text, memoised apart (their options are translated lists): a keystroke in the text field
 * re-renders the field and the table, not these (bench gateway-keystroke-1m, where the keystroke's render holds the
 * worker's answer back from the screen).
 */
const OtherFilters = memo(function OtherFilters({ period, onPeriod, status, onStatus, min, onMin, max, onMax }: OtherFiltersProps) {
  const { t } = useTranslation()
  return (
    <>
      <Select
        label={t("gateway:filters.period")}
        value={period}
        onChange={(v) => onPeriod(v as Period)}
        options={PERIODS.map((p) => ({ value: p, label: t(`gateway:filters.presets.${p}`) }))}
        data-testid="gateway-period"
      />
      <Select
        label={t("gateway:filters.status")}
        value={status}
        onChange={onStatus}
        data-testid="gateway-status"
        options={[{ value: "", label: t("gateway:filters.allStatuses") }, ...GATEWAY_STATUSES.map((x) => ({ value: x, label: t(`gateway:status.${x}`) }))]}
      />
      <TextField label={t("gateway:filters.min")} value={min} onChange={onMin} inputMode="decimal" data-testid="gateway-min" />
      <TextField label={t("gateway:filters.max")} value={max} onChange={onMax} inputMode="decimal" data-testid="gateway-max" />
    </>
  )
})

/** The count, value, fees and seller share of the filter: drawn when its answer changes, not at each keystroke. */
const GatewayTotals = memo(function GatewayTotals({ r }: { readonly r: TableResult | undefined }) {
  const { t } = useTranslation()
  const f = useFormat()
  const total = r?.total ?? 0
  return (
    <>
      <section aria-label={t("gateway:totals.label")} className={s.totals} data-testid="gateway-totals">
        <div className={s.total}>
          <span className={s.totalLabel}>{t("gateway:totals.count")}</span>
          <span className={s.totalValue} data-testid="gateway-total-count">
            {total}
          </span>
        </div>
        <div className={s.total}>
          <span className={s.totalLabel}>{t("gateway:totals.value")}</span>
          <span className={s.totalValue} data-testid="gateway-total-value">
            {f.brl((r?.sumIn ?? 0) + (r?.sumOut ?? 0))}
          </span>
        </div>
        <div className={s.total}>
          <span className={s.totalLabel}>{t("gateway:totals.fee")}</span>
          <span className={s.totalValue} data-testid="gateway-total-fee">
            {f.brl(r?.intSums?.["fee"] ?? 0)}
          </span>
        </div>
        <div className={s.total}>
          <span className={s.totalLabel}>{t("gateway:totals.seller")}</span>
          <span className={s.totalValue} data-testid="gateway-total-seller">
            {f.brl(r?.intSums?.["seller_share"] ?? 0)}
          </span>
        </div>
      </section>
      <p className={s.totalLabel}>{t("gateway:totals.loaded", { count: r?.loadedRows ?? 0 })}</p>
    </>
  )
})

/** A transaction's receipt (its fields), opened from its row. */
const DetailDialog = memo(function DetailDialog({
  open,
  onClose,
  nameOf
}: {
  readonly open: GatewayTransaction | null
  readonly onClose: () => void
  readonly nameOf: (walletId: string) => string
}) {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <Dialog
      open={open !== null}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("gateway:detail.title")}
      testId="gateway-receipt"
    >
      {open ? (
        <dl className={s.detail}>
          {(
            [
              ["date", formatDateTime(open.created_at)],
              ["kind", t(`gateway:kind.${open.kind}`)],
              ["status", t(`gateway:status.${open.status}`)],
              ["reference", open.reference],
              ["value", f.brl(open.value)],
              ["fee", f.brl(open.fee)],
              ["seller", f.brl(open.seller_share)],
              ["counterparty", open.counterparty_name],
              ["document", open.counterparty_document],
              ["bank", open.bank],
              ["agency", open.agency],
              ["account", `${open.account}-${open.digit}`],
              ["e2e", open.end_to_end_id ?? "—"],
              ["txid", open.txid ?? "—"],
              ["operation", open.operation_id],
              ["id", open.id],
              ["wallet", nameOf(open.wallet_id)]
            ] as const
          ).map(([k, v]) => (
            <div key={k} style={{ display: "contents" }}>
              <dt className={s.dt}>{t(`gateway:columns.${k}`)}</dt>
              <dd className={s.dd}>{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Dialog>
  )
})

/** A status's words, each looked up once per language (i18next's `t` costs microseconds a call). */
function statusLabels(t: TFunction): (status: string) => string {
  const m = new Map<string, string>()
  return (status) => {
    let v = m.get(status)
    if (v === undefined) {
      v = t(`gateway:status.${status}`)
      m.set(status, v)
    }
    return v
  }
}

const MemoWalletPicker = memo(WalletPicker)
const MemoServerExport = memo(ServerExport)

/** features §7 transactions/exports: a job with status, polled every 2 s until it completes. */
function ServerExport({ kind, walletId, now }: { readonly kind: GatewayKind; readonly walletId: string | null; readonly now: number }) {
  const { t } = useTranslation()
  const [job, setJob] = useState<GatewayExport | null>(null)
  const [error, setError] = useState(false)
  useEffect(() => {
    if (!job || job.status !== "in_progress" || !walletId) return
    const id = setTimeout(() => {
      getEngine()
        .call("gatewayExportGet", { params: { id: job.id }, walletId })
        .then(
          (r) => setJob(r.data),
          () => setError(true)
        )
    }, 2000)
    return () => clearTimeout(id)
  }, [job, walletId])
  const start = () => {
    if (!walletId) return
    setError(false)
    const today = new Date(now - 3 * 3_600_000).toISOString().slice(0, 10)
    const from = new Date(now - 3 * 3_600_000 - 30 * 86_400_000).toISOString().slice(0, 10)
    getEngine()
      .call("gatewayExportCreate", { body: { start_date: from, end_date: today, kind }, walletId })
      .then(
        (r) => setJob(r.data),
        () => setError(true)
      )
  }
  return (
    <>
      <Button variant="secondary" onClick={start} disabled={job?.status === "in_progress"} data-testid="gateway-server-export">
        {t("gateway:export.server")}
      </Button>
      <span role="status" data-testid="gateway-export-status">
        {error
          ? t("gateway:export.failed")
          : job?.status === "in_progress"
            ? t("gateway:export.running", { progress: job.progress })
            : job?.status === "completed"
              ? t("gateway:export.done", { rows: job.rows })
              : ""}
      </span>
      {job?.status === "completed" && job.csv !== null ? (
        <Button variant="ghost" onClick={() => download(new Blob([job.csv ?? ""], { type: "text/csv" }), `gateway-export-${job.id}.csv`)}>
          {t("gateway:export.download")}
        </Button>
      ) : null}
    </>
  )
}
