/**
 * /banking/pix/statements — the Pix statement (issue 12; spec features §2 Pix "statements" with
 * get-all-report-pix-statement, §5 "Pix statement export covers only the current day", §7): the
 * wallet's Pix rows from the worker's table projection over the `pix_statement` description (live
 * query `{ kind: "table" }`, synced by the shared keyset puller and kept live by the stream), shown
 * in the one virtualised table (src/ui/data-table.tsx). Filters answered locally by the worker:
 * text (names, documents, descriptions, end-to-end ids, txids), direction, status, date presets and
 * an amount range; totals in and out of the filter; a local CSV of exactly the filtered rows; and
 * the server export of one day — today, São Paulo time — as a job with progress, another day refused
 * by the server with the catalogue's message (UNABLE_TO_EXPORT).
 */
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import { getEngine, useLiveQuery } from "../../../workers/client.ts"
import type { TableQueryMsg } from "../../../workers/protocol.ts"
import type { PixStatementExport } from "../../../schema/api-pix-statement.ts"
import { PIX_STATEMENT_STATUSES, pixStatementTable, type PixStatementRow } from "../../../schema/tables/pix-statement.ts"
import { narrower } from "../../../schema/tables/text-narrow.ts"
import { useTypedForward } from "../../lib/use-typed-forward.ts"
import { presetRange, spDayIndex, spDayKey, type DatePreset } from "../../../schema/sao-paulo-time.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Link } from "react-router"
import { isContestable, medOpenPath } from "../../../schema/pix-med.ts"
import { MedOnPix } from "./med.tsx"
import { Badge, Button, Card, Dialog, MoneyField, Select, TextField, layout, visuallyHidden, type Tone } from "../../ui/index.ts"
import { DataTable, FIRST_WINDOW_LIMIT, earlyOf, type DataColumn, type DataSort } from "../../ui/data-table.tsx"
import * as s from "./statement.css.ts"

const PRESETS = ["today", "sevenDays", "fifteenDays", "thisMonth", "all"] as const
type Preset = (typeof PRESETS)[number]
const TONE: Readonly<Record<string, Tone>> = { completed: "success", pending: "warning", failed: "danger", reverted: "neutral" }
const CSV_COLUMNS = pixStatementTable.csv ?? []

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export interface PixStatementFilter {
  readonly text: string
  readonly direction: "" | "in" | "out"
  readonly status: string
  readonly preset: Preset
  readonly min: number | null
  readonly max: number | null
}

/** The filter as the worker's table query (features §2; the amount range in cents, dates as São Paulo days). */
export function pixStatementQuery(walletId: string, f: PixStatementFilter, now: number): TableQueryMsg {
  const range = f.preset === "all" ? {} : presetRange(f.preset as DatePreset, now)
  return {
    walletIds: [walletId],
    ...range,
    ...(f.text.trim() ? { text: f.text.trim() } : {}),
    ...(f.direction ? { direction: f.direction } : {}),
    ...(f.status ? { statuses: [f.status] } : {}),
    ...(f.min !== null ? { minAmount: f.min } : {}),
    ...(f.max !== null ? { maxAmount: f.max } : {})
  }
}

function columnsOf(t: TFunction, f: ReturnType<typeof useFormat>): ReadonlyArray<DataColumn<PixStatementRow>> {
  return [
    {
      id: "date",
      header: t("pix:statement.columns.created_at"),
      width: "116px",
      narrowWidth: "78px",
      sort: "created_at",
      placeholder: true,
      className: s.twoLines,
      cell: (r) => {
        const when = f.dateTime(r.created_at)
        return (
          <>
            <span className={s.main}>{when.slice(0, 10)}</span>
            <span className={s.sub}>{when.slice(11)}</span>
          </>
        )
      }
    },
    {
      id: "counterparty",
      header: t("pix:statement.columns.counterparty_name"),
      width: "minmax(0, 2fr)",
      narrowWidth: "minmax(0, 1fr)",
      placeholder: true,
      className: s.twoLines,
      cell: (r) => (
        <>
          <span className={s.main}>{r.counterparty_name}</span>
          <span className={s.sub}>
            {[f.document(r.counterparty_document), r.counterparty_bank, r.key, r.txid !== null ? `txid ${r.txid}` : ""].filter((x) => x !== "").join(" · ")}
          </span>
        </>
      )
    },
    {
      id: "description",
      header: t("pix:statement.columns.description"),
      width: "minmax(0, 1.6fr)",
      className: s.twoLines,
      cell: (r) => (
        <>
          <span className={s.main}>{r.description || t(`pix:statement.direction.${r.direction}`)}</span>
          <span className={s.sub}>{r.end_to_end_id ?? ""}</span>
        </>
      )
    },
    {
      id: "status",
      header: t("pix:statement.columns.status"),
      width: "112px",
      className: "",
      cell: (r) => <Badge tone={TONE[r.status] ?? "neutral"}>{t(`pix:statement.status.${r.status}`)}</Badge>
    },
    {
      id: "amount",
      header: t("pix:statement.columns.amount"),
      width: "minmax(140px, auto)",
      narrowWidth: "auto",
      sort: "amount",
      align: "end",
      className: s.amount,
      cell: (r) => {
        const inward = r.direction === "in"
        return (
          <span className={inward ? s.amountIn : undefined}>
            <span className={visuallyHidden}>{t(`pix:statement.direction.${r.direction}`)}</span>
            {`${inward ? "+" : "−"} ${f.brl(r.amount)}`}
          </span>
        )
      }
    }
  ]
}

const rowKey = (r: PixStatementRow) => r.id
const narrowPix = narrower<PixStatementRow>(pixStatementTable)
const rowAttrs = (r: PixStatementRow) => ({ id: r.id, e2e: r.end_to_end_id, amount: r.amount, direction: r.direction, status: r.status })

export function PixStatement() {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const [now] = useState(() => Date.now())
  const [text, setText] = useState("")
  const [direction, setDirection] = useState<"" | "in" | "out">("")
  const [status, setStatus] = useState("")
  const [preset, setPreset] = useState<Preset>("all")
  const [minText, setMinText] = useState("")
  const [maxText, setMaxText] = useState("")
  const [min, setMin] = useState<number | null>(null)
  const [max, setMax] = useState<number | null>(null)
  const [sort, setSort] = useState<DataSort>({ by: "created_at", dir: "desc" })
  const [open, setOpen] = useState<PixStatementRow | null>(null)
  useEffect(() => {
    document.title = `${t("pix:statement.title")} · ${t("common:appName")}`
  }, [t])
  const rangeError = min !== null && max !== null && min > max
  const walletId = wallet?.id ?? ""
  // a bad range keeps what was typed and asks with no amount bounds until it is fixed
  const query = pixStatementQuery(walletId, { text, direction, status, preset, min: rangeError ? null : min, max: rangeError ? null : max }, now)
  const sorted: TableQueryMsg = { ...query, sort: { by: sort.by as "created_at" | "amount", dir: sort.dir } }
  const queryKey = JSON.stringify(sorted)
  // the head query (count and totals) is the table's first window: one answer for both
  // the first window asks for its rows first (sync/SPEC.md Q5): they go to the table at once, the count after
  const windowOf = (q: TableQueryMsg, offset: number, limit: number) =>
    ({
      kind: "table",
      table: "pix_statement",
      query: { ...q, offset, limit },
      ...(offset === 0 && limit === FIRST_WINDOW_LIMIT ? { early: true } : {})
    }) as const
  const windowQuery = (offset: number, limit: number) => windowOf(sorted, offset, limit)
  // a text typed forward (Q5b): its first rows are made on the page from the answer before, at once
  const narrowing = useTypedForward(narrowPix, walletId ? sorted : null, (bare) => windowOf(bare, 0, FIRST_WINDOW_LIMIT))
  const answer = useLiveQuery(walletId ? windowQuery(0, FIRST_WINDOW_LIMIT) : null, narrowing)
  const head = answer?.partial ? undefined : answer
  const columns = useMemo(() => columnsOf(t, f), [t, f])
  const exportCsv = async () => {
    const headers = CSV_COLUMNS.map((c) => t(`pix:statement.columns.${c}`))
    download(await getEngine().rpc.exportTable({ table: "pix_statement", query: sorted, headers }), "pix-statement.csv")
  }
  return (
    <div className={layout.stack} data-testid="pix-statement-page">
      <div>
        <h2>{t("pix:statement.title")}</h2>
        <p className={layout.muted}>{t("pix:statement.subtitle")}</p>
      </div>
      <Card>
        <h2 className={visuallyHidden}>{t("pix:statement.filters.label")}</h2>
        <div className={s.filters}>
          <TextField
            label={t("pix:statement.filters.text")}
            hint={t("pix:statement.filters.textHint")}
            value={text}
            onChange={setText}
            data-testid="pix-statement-text"
          />
          <Select
            label={t("pix:statement.filters.direction")}
            value={direction}
            onChange={(v) => setDirection(v as "" | "in" | "out")}
            data-testid="pix-statement-direction"
            options={[
              { value: "", label: t("pix:statement.filters.allDirections") },
              { value: "in", label: t("pix:statement.direction.in") },
              { value: "out", label: t("pix:statement.direction.out") }
            ]}
          />
          <Select
            label={t("pix:statement.filters.status")}
            value={status}
            onChange={setStatus}
            data-testid="pix-statement-status"
            options={[
              { value: "", label: t("pix:statement.filters.allStatuses") },
              ...PIX_STATEMENT_STATUSES.map((x) => ({ value: x, label: t(`pix:statement.status.${x}`) }))
            ]}
          />
          <Select
            label={t("pix:statement.filters.period")}
            value={preset}
            onChange={(v) => setPreset(v as Preset)}
            data-testid="pix-statement-period"
            options={PRESETS.map((p) => ({ value: p, label: t(`pix:statement.presets.${p}`) }))}
          />
          <MoneyField
            label={t("pix:statement.filters.min")}
            value={minText}
            onChange={(v, c) => {
              setMinText(v)
              setMin(c)
            }}
            data-testid="pix-statement-min"
          />
          <MoneyField
            label={t("pix:statement.filters.max")}
            value={maxText}
            onChange={(v, c) => {
              setMaxText(v)
              setMax(c)
            }}
            data-testid="pix-statement-max"
            error={rangeError ? t("pix:statement.filters.rangeError") : null}
          />
        </div>
      </Card>
      <Card>
        <section aria-label={t("pix:statement.totals.label")} className={s.totals} data-testid="pix-statement-totals">
          <div className={s.total}>
            <span className={s.totalLabel}>{t("pix:statement.totals.count")}</span>
            <span className={s.totalValue} data-testid="pix-statement-total-count">
              {head?.total ?? "…"}
            </span>
          </div>
          <div className={s.total}>
            <span className={s.totalLabel}>{t("pix:statement.totals.in")}</span>
            <span className={s.totalValue} data-testid="pix-statement-total-in" data-value={head?.sumIn}>
              {f.brl(head?.sumIn ?? 0)}
            </span>
          </div>
          <div className={s.total}>
            <span className={s.totalLabel}>{t("pix:statement.totals.out")}</span>
            <span className={s.totalValue} data-testid="pix-statement-total-out" data-value={head?.sumOut}>
              {f.brl(head?.sumOut ?? 0)}
            </span>
          </div>
          <div className={s.total}>
            <span className={s.totalLabel}>{t("pix:statement.totals.net")}</span>
            <span className={s.totalValue} data-testid="pix-statement-total-net">
              {f.brl((head?.sumIn ?? 0) - (head?.sumOut ?? 0))}
            </span>
          </div>
        </section>
        <div className={s.actions}>
          <Button
            variant="secondary"
            onClick={() => {
              void exportCsv()
            }}
            data-testid="pix-statement-csv"
          >
            {t("pix:statement.export.csv")}
          </Button>
          <ServerExport walletId={walletId} today={spDayKey(spDayIndex(now))} />
        </div>
      </Card>
      <DataTable<PixStatementRow>
        columns={columns}
        queryKey={queryKey}
        windowQuery={windowQuery}
        total={walletId ? head?.total : 0}
        {...earlyOf<PixStatementRow>(answer)}
        typedForward
        rowKey={rowKey}
        rowAttrs={rowAttrs}
        onOpen={setOpen}
        sort={sort}
        onSort={setSort}
        text={query.text ?? ""}
        label={t("pix:statement.table.label")}
        scrollLabel={t("pix:statement.table.scrollLabel")}
        emptyTitle={t("pix:statement.table.empty")}
        emptyMessage={t("pix:statement.table.emptyHint")}
        testIds={{ table: "pix-statement-table", row: "pix-statement-row", scroller: "pix-statement-scroller" }}
      />
      <Dialog
        open={open !== null}
        onOpenChange={(o) => {
          if (!o) setOpen(null)
        }}
        title={t("pix:statement.detail.title")}
        testId="pix-statement-detail"
      >
        {open ? (
          <>
            <dl className={s.detail}>
              {CSV_COLUMNS.filter((c) => c !== "wallet_id").map((c) => {
                const v = (open as unknown as Record<string, unknown>)[c]
                const shown =
                  c === "amount"
                    ? `${open.direction === "in" ? "+" : "−"} ${f.brl(open.amount)}`
                    : c === "created_at"
                      ? f.dateTime(open.created_at)
                      : c === "direction"
                        ? t(`pix:statement.direction.${open.direction}`)
                        : c === "status"
                          ? t(`pix:statement.status.${open.status}`)
                          : c === "counterparty_document"
                            ? f.document(open.counterparty_document)
                            : v === null || v === ""
                              ? "—"
                              : String(v)
                return (
                  <div key={c} style={{ display: "contents" }}>
                    <dt>{t(`pix:statement.columns.${c}`)}</dt>
                    <dd>{shown}</dd>
                  </div>
                )
              })}
            </dl>
            {open.end_to_end_id ? <MedOnPix e2e={open.end_to_end_id} /> : null}
            {isContestable(open) && open.end_to_end_id ? (
              <Link to={lp(medOpenPath({ ...open, end_to_end_id: open.end_to_end_id }))} data-testid="pix-statement-contest">
                {t("pix:med.contest")}
              </Link>
            ) : null}
          </>
        ) : null}
      </Dialog>
    </div>
  )
}

/** features §5: the server's export of one day (today by default), a job polled until it completes. */
function ServerExport({ walletId, today }: { readonly walletId: string; readonly today: string }) {
  const { t } = useTranslation()
  const [date, setDate] = useState(today)
  const [job, setJob] = useState<PixStatementExport | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!job || job.status !== "in_progress" || !walletId) return
    const id = setTimeout(() => {
      getEngine()
        .call("pixStatementExportGet", { params: { id: job.id }, walletId })
        .then(
          (r) => setJob(r.data),
          (e: unknown) => setError(errorKeyOf(e))
        )
    }, 700)
    return () => clearTimeout(id)
  }, [job, walletId])
  const start = () => {
    if (!walletId) return
    setError(null)
    setJob(null)
    getEngine()
      .call("pixStatementExportCreate", { body: { date }, walletId })
      .then(
        (r) => setJob(r.data),
        (e: unknown) => setError(errorKeyOf(e))
      )
  }
  return (
    <>
      <TextField
        type="date"
        label={t("pix:statement.export.date")}
        hint={t("pix:statement.export.dateHint")}
        value={date}
        onChange={setDate}
        data-testid="pix-statement-export-date"
      />
      <Button variant="secondary" onClick={start} disabled={job?.status === "in_progress"} data-testid="pix-statement-export">
        {t("pix:statement.export.server")}
      </Button>
      <span role="status" data-testid="pix-statement-export-status">
        {error ? (
          <span className={s.error}>{`${t(`errors:${error}`)} ${error === "UNABLE_TO_EXPORT" ? t("pix:statement.export.currentDayOnly") : ""}`.trim()}</span>
        ) : job?.status === "in_progress" ? (
          t("pix:statement.export.running", { progress: job.progress })
        ) : job?.status === "completed" ? (
          t("pix:statement.export.done", { rows: job.rows })
        ) : (
          ""
        )}
      </span>
      {job?.status === "completed" && job.csv !== null ? (
        <Button
          variant="ghost"
          onClick={() => download(new Blob([job.csv ?? ""], { type: "text/csv" }), `pix-statement-${job.date}.csv`)}
          data-testid="pix-statement-export-download"
        >
          {t("pix:statement.export.download")}
        </Button>
      ) : null}
    </>
  )
}
