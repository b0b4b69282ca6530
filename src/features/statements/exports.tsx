/**
 * Statement exports (features §2 "statement with export", §4 exports "in progress, completed,
 * failure", §5 "a statement range must fall in the same month" and "Statement export limit: 7",
 * §7 POST /users/v3/reports/operation-statement/exports and GET /users/v2/storage/files/{id}/url,
 * §9 "polls the export status every 10 seconds"):
 * - an instant local export of exactly the filtered rows to CSV or OFX, built by the worker from
 *   its projection (no server round trip);
 * - the server export job: dates checked before sending (start ≤ end, same month), then polled
 *   every 10 s (`?poll_ms=` overrides it, for tests) with its progress, and a link to the
 *   storage file once completed.
 */
import { memo, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import type { StatementQueryMsg } from "../../../workers/protocol.ts"
import type { StatementExport } from "../../../schema/entities.ts"
import { formatDate } from "../../../schema/format.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { isOrderedKeys, isSameMonthKeys, dayOfKey, spDateKey } from "../../lib/date-presets.ts"
import { downloadBlob } from "../../lib/download.ts"
import { toast } from "../../lib/feedback.ts"
import { Badge, Button, Card, Dialog, Select, TextField, layout } from "../../ui/index.ts"
import type { WalletAccess } from "../../lib/use-readable-wallets.ts"
import * as s from "./statements.css.ts"

/** features §9: statement export polling every 10 000 ms. */
export const EXPORT_POLL_MS = 10_000

/** The worker's CSV column order (sync/projections/statement-export.ts CSV_COLUMNS); labels in `statements:export.columns`. */
export const EXPORT_COLUMNS = [
  "created_at",
  "description",
  "counterparty_name",
  "counterparty_document",
  "type",
  "direction",
  "status",
  "amount",
  "currency_symbol",
  "balance_after",
  "id",
  "operation_id",
  "end_to_end_id"
] as const

// ── local export ─────────────────────────────────────────────────────────────

/** `query` is read when a button is clicked (the filtered rows of that moment); memoised, so typing in
 * the filter does not re-render the buttons. */
export const LocalExportButtons = memo(function LocalExportButtons({
  query,
  disabled
}: {
  readonly query: () => StatementQueryMsg
  readonly disabled: boolean
}) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState<"csv" | "ofx" | null>(null)
  const run = async (format: "csv" | "ofx"): Promise<void> => {
    setBusy(format)
    try {
      const headers = EXPORT_COLUMNS.map((c) => t(`statements:export.columns.${c}`))
      // marks for the csv-export benchmark (DESIGN "Benchmark names"): worker answer, then the saved file
      performance.mark("statements:export:start")
      const file = await getEngine().rpc.exportCsv({ query: query(), format, headers })
      performance.mark("statements:export:reply")
      const name = `${t("statements:export.fileName")}-${spDateKey(Date.now())}.${format}`
      downloadBlob(name, file)
      performance.mark("statements:export:saved")
    } catch (e) {
      toast("error", t("statements:export.localFailed"), t(errorI18nKey(e)))
    } finally {
      setBusy(null)
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        busy={busy === "csv"}
        disabled={disabled || busy !== null}
        onClick={() => {
          void run("csv")
        }}
        data-testid="export-csv"
      >
        {t("statements:export.csv")}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        busy={busy === "ofx"}
        disabled={disabled || busy !== null}
        onClick={() => {
          void run("ofx")
        }}
        data-testid="export-ofx"
      >
        {t("statements:export.ofx")}
      </Button>
    </>
  )
})

// ── server export job ────────────────────────────────────────────────────────

export interface ExportJob {
  readonly walletId: string
  readonly job: StatementExport
}

export interface ServerExportDialogProps {
  readonly open: boolean
  readonly onClose: () => void
  readonly wallets: ReadonlyArray<WalletAccess>
  readonly defaultWalletId: string
  /** Prefill: the filter's range when it has one. */
  readonly start: string
  readonly end: string
  readonly onCreated: (j: ExportJob) => void
}

/** Memoised with the page's stable callbacks: a keystroke in the filter does not re-render it. */
export const ServerExportDialog = memo(function ServerExportDialog({
  open,
  onClose,
  wallets,
  defaultWalletId,
  start,
  end,
  onCreated
}: ServerExportDialogProps) {
  const { t } = useTranslation()
  const [walletId, setWalletId] = useState(defaultWalletId)
  const [from, setFrom] = useState(start)
  const [to, setTo] = useState(end)
  const [format, setFormat] = useState<"csv" | "pdf">("csv")
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (open) {
      setFrom(start)
      setTo(end)
      setProblem(null)
      setWalletId(wallets.some((w) => w.wallet.id === defaultWalletId) ? defaultWalletId : (wallets[0]?.wallet.id ?? ""))
    }
  }, [open, start, end, defaultWalletId, wallets])

  /** features §5 before anything is sent. */
  const check = (): string | null => {
    if (dayOfKey(from) === null || dayOfKey(to) === null) return "validation:VALIDATION_DATE"
    if (!isOrderedKeys(from, to)) return "validation:VALIDATION_DATE_RANGE"
    if (!isSameMonthKeys(from, to)) return "errors:EXPORT_RANGE_SAME_MONTH"
    return null
  }
  const submit = async (): Promise<void> => {
    const p = check()
    setProblem(p)
    if (p !== null || !walletId) return
    setBusy(true)
    try {
      const r = await getEngine().call("statementExportCreate", { walletId, body: { start_date: from, end_date: to, format } })
      onCreated({ walletId, job: r.data })
      onClose()
    } catch (e) {
      setProblem(errorI18nKey(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("statements:export.serverTitle")}
      description={t("statements:export.serverDescription")}
      testId="server-export-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            busy={busy}
            onClick={() => {
              void submit()
            }}
            data-testid="server-export-submit"
          >
            {t("statements:export.serverSubmit")}
          </Button>
        </>
      }
    >
      <form
        className={layout.form}
        onSubmit={(e) => {
          e.preventDefault()
          void submit()
        }}
      >
        {wallets.length > 1 ? (
          <Select
            label={t("statements:table.wallet")}
            value={walletId}
            onChange={setWalletId}
            options={wallets.map((w) => ({ value: w.wallet.id, label: w.wallet.name }))}
            data-testid="server-export-wallet"
          />
        ) : null}
        <div className={layout.formGrid}>
          <TextField label={t("statements:filters.start")} type="date" value={from} onChange={setFrom} required data-testid="server-export-start" />
          <TextField label={t("statements:filters.end")} type="date" value={to} onChange={setTo} required data-testid="server-export-end" />
        </div>
        <Select
          label={t("statements:export.format")}
          value={format}
          onChange={(v) => setFormat(v === "pdf" ? "pdf" : "csv")}
          options={[
            { value: "csv", label: "CSV" },
            { value: "pdf", label: "PDF" }
          ]}
          data-testid="server-export-format"
        />
        <p className={layout.muted}>{t("statements:export.rules")}</p>
        {problem ? (
          <p className={layout.errorText} role="alert" data-testid="server-export-error">
            {t(problem)}
          </p>
        ) : null}
      </form>
    </Dialog>
  )
})

const STATUS_TONE = { in_progress: "info", completed: "success", failure: "danger" } as const

/** One job: polled while in progress, then its file's signed URL. */
function JobRow({
  item,
  pollMs,
  walletName,
  onUpdate
}: {
  readonly item: ExportJob
  readonly pollMs: number
  readonly walletName: string
  readonly onUpdate: (j: ExportJob) => void
}) {
  const { t } = useTranslation()
  const { job, walletId } = item
  const [url, setUrl] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (job.status !== "in_progress") return undefined
    let live = true
    const timer = setTimeout(() => {
      getEngine()
        .call("statementExportGet", { walletId, params: { id: job.id } })
        .then((r) => {
          if (live) {
            setError(null)
            onUpdate({ walletId, job: r.data })
          }
        })
        // a failed poll is tried again at the next tick: the job goes on on the server
        .catch((e: unknown) => {
          if (live) {
            setError(errorI18nKey(e))
            onUpdate({ walletId, job: { ...job } })
          }
        })
    }, pollMs)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [job, walletId, pollMs, onUpdate])
  useEffect(() => {
    if (job.status !== "completed" || job.file_id === null) return undefined
    let live = true
    getEngine()
      .call("storageFileUrl", { walletId, params: { id: job.file_id } })
      .then((r) => {
        if (live) setUrl(r.data.url)
      })
      .catch((e: unknown) => {
        if (live) setError(errorI18nKey(e))
      })
    return () => {
      live = false
    }
  }, [job.status, job.file_id, walletId])
  return (
    <li className={s.job} data-testid="export-job" data-status={job.status} data-progress={job.progress}>
      <span className={layout.spread}>
        <strong>
          {t("statements:export.jobTitle", { start: formatDate(job.start_date), end: formatDate(job.end_date), format: job.format.toUpperCase() })}
        </strong>
        <Badge tone={STATUS_TONE[job.status]}>{t(`statements:export.status.${job.status}`)}</Badge>
      </span>
      <span className={layout.muted}>{walletName}</span>
      {job.status === "in_progress" ? (
        <progress
          className={s.progress}
          max={100}
          value={job.progress}
          aria-label={t("statements:export.progress", { value: job.progress })}
          data-testid="export-progress"
        />
      ) : null}
      {job.status === "in_progress" ? <span className={layout.muted}>{t("statements:export.progress", { value: job.progress })}</span> : null}
      {job.status === "completed" ? (
        url ? (
          <a href={url} download data-testid="export-download">
            {t("statements:export.download", { count: job.rows })}
          </a>
        ) : (
          <span className={layout.muted}>{t("statements:export.preparingLink")}</span>
        )
      ) : null}
      {job.status === "failure" ? <span className={layout.errorText}>{t("errors:UNABLE_TO_EXPORT")}</span> : null}
      {error ? (
        <span className={layout.errorText} role="alert">
          {t(error)}
        </span>
      ) : null}
    </li>
  )
}

export const ExportJobs = memo(function ExportJobs({
  jobs,
  pollMs,
  walletName,
  onUpdate
}: {
  readonly jobs: ReadonlyArray<ExportJob>
  readonly pollMs: number
  readonly walletName: (id: string) => string
  readonly onUpdate: (j: ExportJob) => void
}) {
  const { t } = useTranslation()
  if (jobs.length === 0) return null
  return (
    <Card title={t("statements:export.jobs")} data-testid="export-jobs">
      <ul className={s.jobs}>
        {jobs.map((j) => (
          <JobRow key={j.job.id} item={j} pollMs={pollMs} walletName={walletName(j.walletId)} onUpdate={onUpdate} />
        ))}
      </ul>
    </Card>
  )
})
