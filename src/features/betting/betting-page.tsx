/**
 * /sports-betting (spec features §2 "Sports betting": sending-report, history-bet, sending-ggr,
 * history-ggr, payment-proportion; shown only with the endr permission, core §2.2 — route-meta and
 * the menus gate it). The daily report is checked in the browser before any byte is sent, then
 * handed to the engine's local store and sent as an upload command (sync/uploads: in parts, with
 * progress, pause and resume; it survives a drop, a reload and a closed tab and completes once).
 * Histories are the synced lists, live (stream hints); every action is a command of the outbox.
 */
import { useEffect, useMemo, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { NavLink, Route, Routes, Navigate, useSearchParams, Link } from "react-router"
import { QRCodeSVG } from "qrcode.react"
import { getEngine, submitCommand, useList, useLiveQuery } from "../../../workers/client.ts"
import { partSizeFor } from "../../../schema/api-storage.ts"
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import type { CommandState } from "../../../schema/command-states.ts"
import { isFinished, uploadStatus } from "../../lib/command-phase.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { LatestReceiptAction } from "../../lib/receipt-view.tsx"
import {
  Badge,
  Button,
  Card,
  Checkbox,
  Dialog,
  EmptyState,
  MoneyField,
  PageHeader,
  Select,
  Skeleton,
  TextField,
  layout,
  vars,
  type Tone
} from "../../ui/index.ts"
import { Chart, compactReais } from "../../ui/chart.tsx"
import { acceptedName, checkFile } from "./report-check.ts"
import * as s from "./betting.css.ts"

const today = (): string => saoPauloDateKey(new Date())
const yesterday = (): string => saoPauloDateKey(new Date(Date.now() - 86_400_000))
const monthLabel = (m: number, y: number) => `${String(m).padStart(2, "0")}/${y}`
const dateLabel = (d: string) => d.split("-").reverse().join("/")

export function BettingPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  useEffect(() => {
    document.title = `${t("betting:title")} · ${t("common:appName")}`
  }, [t])
  const tabClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${s.tab} ${s.tabActive}` : s.tab)
  return (
    <div className={layout.page} data-testid="betting-page">
      <PageHeader title={t("betting:title")} subtitle={t("betting:subtitle")} />
      <nav aria-label={t("betting:tabs.label")} className={s.tabs}>
        <NavLink to={lp("/sports-betting/sending-report")} className={tabClass}>
          {t("betting:tabs.sendingReport")}
        </NavLink>
        <NavLink to={lp("/sports-betting/history-bet")} className={tabClass}>
          {t("betting:tabs.historyBet")}
        </NavLink>
        <NavLink to={lp("/sports-betting/sending-ggr")} className={tabClass}>
          {t("betting:tabs.sendingGgr")}
        </NavLink>
        <NavLink to={lp("/sports-betting/history-ggr")} className={tabClass}>
          {t("betting:tabs.historyGgr")}
        </NavLink>
        <NavLink to={lp("/sports-betting/payment-proportion")} className={tabClass}>
          {t("betting:tabs.paymentProportion")}
        </NavLink>
      </nav>
      <Routes>
        <Route path="sending-report" element={<SendingReport />} />
        <Route path="history-bet" element={<HistoryBet />} />
        <Route path="sending-ggr" element={<SendingGgr />} />
        <Route path="history-ggr" element={<HistoryGgr />} />
        <Route path="payment-proportion" element={<PaymentProportion />} />
        <Route path="*" element={<Navigate to={lp("/sports-betting/sending-report")} replace />} />
      </Routes>
    </div>
  )
}

// ── sending-report ──────────────────────────────────────────────────────────

type Problem = { readonly key: string; readonly vars?: Record<string, string | number> }

function SendingReport() {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const [params] = useSearchParams()
  const [date, setDate] = useState(params.get("date") ?? yesterday())
  const [file, setFile] = useState<File | null>(null)
  const [terms, setTerms] = useState(false)
  const [problem, setProblem] = useState<Problem | null>(null)
  const [checking, setChecking] = useState(false)
  const uploads = useLiveQuery({ kind: "uploads" })
  const mine = (uploads ?? [])
    .filter((u) => u.name === "v1.betting.sendReport")
    .slice()
    .reverse()

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setProblem(null)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setProblem({ key: "betting:report.errors.date" })
    if (date > today()) return setProblem({ key: "betting:report.errors.future" })
    if (file === null) return setProblem({ key: "betting:report.errors.fileRequired" })
    if (!acceptedName(file.name)) return setProblem({ key: "betting:report.errors.NOT_XML_OR_ZIP" })
    if (!terms) return setProblem({ key: "betting:report.errors.terms" })
    if (wallet === null) return
    setChecking(true)
    try {
      const check = await checkFile(file, date)
      if (!check.ok) {
        return setProblem({
          key: `betting:report.errors.${check.code}`,
          vars: { line: check.line ?? 0, column: check.column ?? 0, entry: check.entry ?? "", detail: check.detail }
        })
      }
      const engine = getEngine()
      const key = await engine.rpc.putFile({ blob: file, name: file.name, type: file.type || "application/octet-stream" })
      await submitCommand(wallet.id, {
        name: "v1.betting.sendReport",
        payload: {
          file_key: key,
          file_name: file.name,
          content_type: file.type || "application/octet-stream",
          size: file.size,
          part_size: partSizeFor(file.size),
          purpose: "endr-report",
          meta: { report_date: date }
        }
      })
      setFile(null)
      setTerms(false)
      const input = document.getElementById("report-file") as HTMLInputElement | null
      if (input) input.value = ""
    } catch (err) {
      toast("error", t("betting:report.failed"), t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    } finally {
      setChecking(false)
    }
  }

  return (
    <div className={layout.stack}>
      <Card>
        <form
          className={layout.form}
          onSubmit={(e) => {
            void submit(e)
          }}
          noValidate
          aria-labelledby="report-title"
        >
          <h2 id="report-title">{t("betting:report.title")}</h2>
          <p className={layout.muted}>{t("betting:report.hint")}</p>
          <div className={layout.formGrid}>
            <TextField label={t("betting:report.date")} type="date" value={date} onChange={setDate} max={today()} required data-testid="report-date" />
            <label className={s.fileLabel} htmlFor="report-file">
              {t("betting:report.file")}
              <input
                id="report-file"
                className={s.fileInput}
                type="file"
                accept=".xml,.zip,application/xml,text/xml,application/zip"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null)
                  setProblem(null)
                }}
                data-testid="report-file"
              />
            </label>
          </div>
          {file ? (
            <p className={layout.muted} data-testid="report-chosen">
              {t("betting:report.chosen", { name: file.name, size: (file.size / 1024 / 1024).toFixed(2) })}
            </p>
          ) : null}
          <Checkbox label={t("betting:report.terms")} checked={terms} onChange={setTerms} id="report-terms" />
          {problem ? (
            <p className={s.error} role="alert" data-testid="report-problem">
              {t(problem.key, problem.vars ?? {})}
            </p>
          ) : null}
          <div className={layout.actions}>
            <Button type="submit" busy={checking} data-testid="report-send">
              {t("betting:report.send")}
            </Button>
          </div>
        </form>
      </Card>
      <section aria-labelledby="uploads-title" className={layout.stack}>
        <h2 id="uploads-title">{t("betting:uploads.title")}</h2>
        {mine.length === 0 ? (
          <Card>
            <EmptyState title={t("betting:uploads.empty")} />
          </Card>
        ) : (
          mine.map((u) => <UploadRow key={u.commandId} u={u} />)
        )}
      </section>
    </div>
  )
}

interface UploadItem {
  readonly commandId: string
  readonly fileName: string
  readonly state: CommandState
  readonly error_key?: string
  readonly paused: boolean
  readonly progress: { readonly phase: string; readonly sentBytes: number; readonly totalBytes: number; readonly resumedParts: number } | null
  readonly meta: unknown
}

function UploadRow({ u }: { readonly u: UploadItem }) {
  const { t } = useTranslation()
  const total = u.progress?.totalBytes ?? 0
  const status = uploadStatus(u)
  const pct = status === "done" ? 100 : total > 0 ? Math.floor(((u.progress?.sentBytes ?? 0) * 100) / total) : 0
  const open = !isFinished(u.state)
  const reportDate = (u.meta as { report_date?: string } | null)?.report_date ?? ""
  const act = (action: "pause" | "resume" | "abort") => {
    getEngine()
      .rpc.uploadControl({ commandId: u.commandId, action })
      .catch((e: unknown) => toast("error", t("betting:report.failed"), t(`errors:${errorKeyOf(e)}`)))
  }
  return (
    <div className={s.upload} data-testid="upload-row" data-state={u.state} data-status={status} data-command={u.commandId}>
      <div className={layout.spread}>
        <strong>{u.fileName}</strong>
        <span className={layout.muted}>{t("betting:uploads.for", { date: dateLabel(reportDate) })}</span>
      </div>
      <progress
        className={s.progress}
        max={100}
        value={pct}
        aria-label={t("betting:uploads.progress", { name: u.fileName })}
        data-testid="upload-progress"
        data-pct={pct}
      />
      <div className={layout.spread}>
        <span data-testid="upload-status">
          {t(`betting:uploads.status.${status}`, { pct })}
          {u.progress && u.progress.resumedParts > 0 && open ? ` · ${t("betting:uploads.resumed", { count: u.progress.resumedParts })}` : ""}
          {u.error_key ? ` · ${t(`errors:${u.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}` : ""}
        </span>
        {open ? (
          <span className={layout.row}>
            {u.paused ? (
              <Button variant="secondary" onClick={() => act("resume")} data-testid="upload-resume">
                {t("betting:uploads.resume")}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => act("pause")} data-testid="upload-pause">
                {t("betting:uploads.pause")}
              </Button>
            )}
            <Button variant="secondary" onClick={() => act("abort")} data-testid="upload-abort">
              {t("betting:uploads.abort")}
            </Button>
          </span>
        ) : null}
      </div>
    </div>
  )
}

// ── history-bet ─────────────────────────────────────────────────────────────

const reportTone: Record<string, Tone> = { in_progress: "info", completed: "success", failure: "danger", cancelled: "neutral" }

function HistoryBet() {
  const { t } = useTranslation()
  const f = useFormat()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const rows = useList("endr_reports", wallet?.id ?? null)
  const { send, refusals, busy } = useCommandRunner(wallet?.id ?? null, "betting:history.cancelFailed")
  const [from, setFrom] = useState("")
  const [to, setTo] = useState("")
  const shown = useMemo(() => (rows ?? []).filter((r) => (from === "" || r.report_date >= from) && (to === "" || r.report_date <= to)), [rows, from, to])
  const now = today()
  if (rows === undefined)
    return (
      <Card>
        <Skeleton height={200} />
      </Card>
    )
  return (
    <section aria-labelledby="history-bet-title" className={layout.stack}>
      <h2 id="history-bet-title">{t("betting:history.title")}</h2>
      <div className={layout.formGrid}>
        <TextField label={t("betting:history.from")} type="date" value={from} onChange={setFrom} data-testid="history-from" />
        <TextField label={t("betting:history.to")} type="date" value={to} onChange={setTo} data-testid="history-to" />
      </div>
      {[...refusals.values()].slice(-1).map((k) => (
        <p key={k} className={s.error} role="alert">
          {t(`errors:${k}`)}
        </p>
      ))}
      {shown.length === 0 ? (
        <Card>
          <EmptyState title={t("betting:history.empty")} />
        </Card>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table} data-testid="reports-table">
            <thead>
              <tr>
                <th className={s.th} scope="col">
                  {t("betting:history.date")}
                </th>
                <th className={s.th} scope="col">
                  {t("betting:history.file")}
                </th>
                <th className={s.th} scope="col">
                  {t("betting:history.status")}
                </th>
                <th className={s.th} scope="col">
                  {t("betting:history.sentAt")}
                </th>
                <th className={s.th} scope="col">
                  {t("betting:history.deadline")}
                </th>
                <th className={s.th} scope="col">
                  {t("betting:history.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => {
                const live = (r.status === "completed" || r.status === "in_progress") && now <= r.deadline
                return (
                  <tr key={r.id} data-testid="report-row" data-status={r.status} data-date={r.report_date}>
                    <td className={s.td}>{dateLabel(r.report_date)}</td>
                    <td className={s.td}>
                      {r.file_name}
                      {r.bets > 0 ? <span className={layout.muted}>{` · ${t("betting:history.bets", { count: r.bets })}`}</span> : null}
                    </td>
                    <td className={s.td}>
                      <Badge tone={reportTone[r.status] ?? "neutral"}>{t(`betting:status.${r.status}`)}</Badge>
                      {r.status === "failure" ? (
                        <div className={s.error} data-testid="report-failure">
                          {t(`betting:report.errors.${r.failure_reason ?? "UNKNOWN"}`, {
                            line: "",
                            column: "",
                            entry: "",
                            detail: "",
                            defaultValue: r.failure_reason ?? ""
                          })}
                          {r.failure_detail ? ` — ${r.failure_detail}` : ""}
                        </div>
                      ) : null}
                      {r.changes > 0 ? <div className={layout.muted}>{t("betting:history.changed")}</div> : null}
                    </td>
                    <td className={s.td}>{f.dateTime(r.created_at)}</td>
                    <td className={s.td}>{dateLabel(r.deadline)}</td>
                    <td className={s.td}>
                      {live ? (
                        <span className={layout.row}>
                          {r.changes === 0 ? <Link to={lp(`/sports-betting/sending-report?date=${r.report_date}`)}>{t("betting:history.change")}</Link> : null}
                          <Button
                            variant="secondary"
                            busy={busy.has(r.id)}
                            data-testid="report-cancel"
                            onClick={() => send({ name: "v1.betting.cancelReport", payload: { report_id: r.id } }, r.id, "betting:history.cancelled")}
                          >
                            {t("betting:history.cancel")}
                          </Button>
                        </span>
                      ) : null}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

// ── sending-ggr / history-ggr ───────────────────────────────────────────────

/**
 * The GGR history as a picture (issue 31 item 4 "GGR history by month"): the months sent, oldest
 * first, each its gross gaming revenue as a bar, from the synced list (live: a month sent or
 * changed moves it); its table and keyboard focus as every chart's (src/ui/chart.tsx).
 */
export function GgrChart({ rows }: { readonly rows: ReadonlyArray<{ readonly month: number; readonly year: number; readonly total_value: number }> }) {
  const { t } = useTranslation()
  const f = useFormat()
  const months = useMemo(() => [...rows].sort((a, b) => a.year * 12 + a.month - (b.year * 12 + b.month)), [rows])
  const tick = useMemo(() => ({ left: (v: number) => compactReais(v, f.locale) }), [f.locale])
  return (
    <Card>
      <Chart
        title={t("betting:ggrHistory.chart")}
        testId="ggr-chart"
        points={months.map((g) => ({ label: monthLabel(g.month, g.year), values: { ggr: g.total_value } }))}
        series={[{ key: "ggr", label: t("betting:ggrHistory.value"), kind: "bar", color: vars.color.primary, format: (v) => f.brl(v) }]}
        tick={tick}
        pointHeader={t("betting:ggrHistory.period")}
        pointName={(i) => {
          const g = months[i]
          return g ? monthLabel(g.month, g.year) : ""
        }}
        attrs={{ "data-total": months.reduce((a, g) => a + g.total_value, 0) }}
      />
    </Card>
  )
}

function SendingGgr() {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const { send, refusals, busy } = useCommandRunner(wallet?.id ?? null, "betting:ggr.failed")
  const [ty, tm] = today().split("-").map(Number) as [number, number]
  const [month, setMonth] = useState(String(tm === 1 ? 12 : tm - 1))
  const [year, setYear] = useState(String(tm === 1 ? ty - 1 : ty))
  const [text, setText] = useState("")
  const [cents, setCents] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const refusal = refusals.get("ggr")
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setProblem(null)
    if (cents === null) return setProblem("betting:ggr.errors.value")
    if (Number(year) * 12 + Number(month) > ty * 12 + tm) return setProblem("betting:ggr.errors.future")
    send({ name: "v1.betting.submitGgr", payload: { month: Number(month), year: Number(year), total_value: cents } }, "ggr", "betting:ggr.sent")
  }
  const months = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: t(`betting:months.${i + 1}`) }))
  const years = [ty, ty - 1, ty - 2].map((y) => ({ value: String(y), label: String(y) }))
  return (
    <Card>
      <form className={layout.form} onSubmit={submit} noValidate aria-labelledby="ggr-title">
        <h2 id="ggr-title">{t("betting:ggr.title")}</h2>
        <p className={layout.muted}>{t("betting:ggr.hint")}</p>
        <div className={layout.formGrid}>
          <Select label={t("betting:ggr.month")} value={month} onChange={setMonth} options={months} data-testid="ggr-month" />
          <Select label={t("betting:ggr.year")} value={year} onChange={setYear} options={years} data-testid="ggr-year" />
          <MoneyField
            label={t("betting:ggr.value")}
            value={text}
            onChange={(v, c) => {
              setText(v)
              setCents(c)
            }}
            error={problem ? t(problem) : null}
            data-testid="ggr-value"
          />
        </div>
        {refusal !== undefined ? (
          <p className={s.error} role="alert" data-testid="ggr-refusal">
            {t(`errors:${refusal}`)}
          </p>
        ) : null}
        <div className={layout.actions}>
          <Button type="submit" busy={busy.has("ggr")} data-testid="ggr-send">
            {t("betting:ggr.send")}
          </Button>
        </div>
      </form>
    </Card>
  )
}

function HistoryGgr() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const rows = useList("endr_ggr", wallet?.id ?? null)
  const apps = useList("endr_apportionments", wallet?.id ?? null)
  const { send, refusals } = useCommandRunner(wallet?.id ?? null, "betting:ggr.failed")
  const [editing, setEditing] = useState<string | null>(null)
  const [text, setText] = useState("")
  const [cents, setCents] = useState<number | null>(null)
  const [yearFilter, setYearFilter] = useState("")
  if (rows === undefined)
    return (
      <Card>
        <Skeleton height={200} />
      </Card>
    )
  const shown = rows.filter((g) => yearFilter === "" || String(g.year) === yearFilter)
  const years = [...new Set(rows.map((g) => String(g.year)))].map((y) => ({ value: y, label: y }))
  const paid = (id: string) => (apps ?? []).some((a) => a.ggr_id === id && a.status === "paid")
  return (
    <section aria-labelledby="history-ggr-title" className={layout.stack}>
      <h2 id="history-ggr-title">{t("betting:ggrHistory.title")}</h2>
      <div className={layout.formGrid}>
        <Select
          label={t("betting:ggrHistory.year")}
          value={yearFilter}
          onChange={setYearFilter}
          options={years}
          placeholder={t("betting:ggrHistory.allYears")}
        />
      </div>
      {[...refusals.values()].slice(-1).map((k) => (
        <p key={k} className={s.error} role="alert">
          {t(`errors:${k}`)}
        </p>
      ))}
      {shown.length > 0 ? <GgrChart rows={shown} /> : null}
      {shown.length === 0 ? (
        <Card>
          <EmptyState title={t("betting:ggrHistory.empty")} />
        </Card>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table} data-testid="ggr-table">
            <thead>
              <tr>
                <th className={s.th} scope="col">
                  {t("betting:ggrHistory.period")}
                </th>
                <th className={`${s.th} ${s.num}`} scope="col">
                  {t("betting:ggrHistory.value")}
                </th>
                <th className={s.th} scope="col">
                  {t("betting:ggrHistory.sentAt")}
                </th>
                <th className={s.th} scope="col">
                  {t("betting:ggrHistory.actions")}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((g) => (
                <tr key={g.id} data-testid="ggr-row" data-period={monthLabel(g.month, g.year)}>
                  <td className={s.td}>{monthLabel(g.month, g.year)}</td>
                  <td className={`${s.td} ${s.num}`}>{f.brl(g.total_value)}</td>
                  <td className={s.td}>
                    {f.dateTime(g.created_at)}
                    {g.changes > 0 ? <div className={layout.muted}>{t("betting:ggrHistory.changed")}</div> : null}
                  </td>
                  <td className={s.td}>
                    {g.changes === 0 && !paid(g.id) ? (
                      <Button
                        variant="secondary"
                        onClick={() => {
                          setEditing(g.id)
                          setText("")
                          setCents(null)
                        }}
                      >
                        {t("betting:ggrHistory.change")}
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(o) => {
          if (!o) setEditing(null)
        }}
        title={t("betting:ggrHistory.changeTitle")}
        footer={
          <>
            <Button variant="secondary" onClick={() => setEditing(null)}>
              {t("betting:cancel")}
            </Button>
            <Button
              disabled={cents === null}
              onClick={() => {
                if (editing === null || cents === null) return
                send({ name: "v1.betting.changeGgr", payload: { ggr_id: editing, total_value: cents } }, editing, "betting:ggrHistory.changedDone")
                setEditing(null)
              }}
            >
              {t("betting:ggrHistory.save")}
            </Button>
          </>
        }
      >
        <p className={layout.muted}>{t("betting:ggrHistory.onlyOnce")}</p>
        <MoneyField
          label={t("betting:ggr.value")}
          value={text}
          onChange={(v, c) => {
            setText(v)
            setCents(c)
          }}
        />
      </Dialog>
    </section>
  )
}

// ── payment-proportion ──────────────────────────────────────────────────────

function PaymentProportion() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const apps = useList("endr_apportionments", wallet?.id ?? null)
  const payments = useList("endr_payments", wallet?.id ?? null)
  const { send, busy, refusals } = useCommandRunner(wallet?.id ?? null, "betting:payment.failed")
  const [chosen, setChosen] = useState<string>("")
  const [date, setDate] = useState("")
  if (apps === undefined)
    return (
      <Card>
        <Skeleton height={240} />
      </Card>
    )
  const list = apps.filter((a) => date === "" || a.calculation_date === date)
  const current = list.find((a) => a.id === chosen) ?? list.find((a) => a.status === "pending") ?? list[0]
  const copy = (code: string) => {
    navigator.clipboard.writeText(code).then(
      () => toast("success", t("betting:payment.copied")),
      () => toast("error", t("betting:payment.copyFailed"))
    )
  }
  return (
    <div className={layout.stack}>
      <div className={layout.formGrid}>
        <Select
          label={t("betting:payment.choose")}
          value={current?.id ?? ""}
          onChange={setChosen}
          data-testid="apportionment-choose"
          options={list.map((a) => ({ value: a.id, label: `${monthLabel(a.month, a.year)} · ${t(`betting:payment.status.${a.status}`)}` }))}
        />
        <TextField label={t("betting:payment.calcDate")} type="date" value={date} onChange={setDate} />
      </div>
      {current === undefined ? (
        <Card>
          <EmptyState title={t("betting:payment.empty")} />
        </Card>
      ) : (
        <Card>
          <div className={s.payGrid}>
            <section aria-labelledby="app-title" className={layout.stack}>
              <div className={layout.spread}>
                <h2 id="app-title">{t("betting:payment.title", { period: monthLabel(current.month, current.year) })}</h2>
                <Badge tone={current.status === "paid" ? "success" : "warning"} data-testid="apportionment-status" data-status={current.status}>
                  {t(`betting:payment.status.${current.status}`)}
                </Badge>
              </div>
              <p className={layout.muted}>{t("betting:payment.summary", { ggr: f.brl(current.ggr_value), date: dateLabel(current.calculation_date) })}</p>
              <div className={s.tableWrap}>
                <table className={s.table} data-testid="apportionment-table">
                  <thead>
                    <tr>
                      <th className={s.th} scope="col">
                        {t("betting:payment.beneficiary")}
                      </th>
                      <th className={`${s.th} ${s.num}`} scope="col">
                        {t("betting:payment.percentage")}
                      </th>
                      <th className={`${s.th} ${s.num}`} scope="col">
                        {t("betting:payment.value")}
                      </th>
                      <th className={s.th} scope="col">
                        {t("betting:payment.calculationDate")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {current.beneficiaries.map((b) => (
                      <tr key={b.key}>
                        <td className={s.td}>{t(`betting:beneficiaries.${b.key}`)}</td>
                        <td
                          className={`${s.td} ${s.num}`}
                        >{`${(b.percentage_bp / 100).toLocaleString(f.locale === "en" ? "en-US" : "pt-BR", { minimumFractionDigits: 2 })} %`}</td>
                        <td className={`${s.td} ${s.num}`}>{f.brl(b.value)}</td>
                        <td className={s.td}>{dateLabel(current.calculation_date)}</td>
                      </tr>
                    ))}
                    <tr>
                      <td className={s.td}>
                        <strong>{t("betting:payment.total")}</strong>
                      </td>
                      <td className={s.td} />
                      <td className={`${s.td} ${s.num}`}>
                        <strong data-testid="apportionment-total">{f.brl(current.total_value)}</strong>
                      </td>
                      <td className={s.td} />
                    </tr>
                  </tbody>
                </table>
              </div>
            </section>
            {current.status === "pending" ? (
              <section aria-labelledby="pay-title" className={layout.stack}>
                <h3 id="pay-title">{t("betting:payment.payTitle")}</h3>
                <div className={s.qr}>
                  <QRCodeSVG value={current.brcode} size={200} role="img" aria-label={t("betting:payment.qrLabel")} />
                </div>
                <p className={s.code} data-testid="apportionment-brcode">
                  {current.brcode}
                </p>
                <Button variant="secondary" onClick={() => copy(current.brcode)}>
                  {t("betting:payment.copy")}
                </Button>
                {refusals.get(current.id) ? (
                  <p className={s.error} role="alert">
                    {t(`errors:${refusals.get(current.id) ?? ""}`)}
                  </p>
                ) : null}
                <Button
                  busy={busy.has(current.id)}
                  data-testid="apportionment-pay"
                  onClick={() =>
                    send(
                      { name: "v1.betting.payApportionment", payload: { apportionment_id: current.id, amount: current.total_value } },
                      current.id,
                      "betting:payment.paid"
                    )
                  }
                >
                  {t("betting:payment.pay", { amount: f.brl(current.total_value) })}
                </Button>
              </section>
            ) : (
              <>
                <p className={layout.muted}>{current.paid_at ? t("betting:payment.paidAt", { at: f.dateTime(current.paid_at) }) : null}</p>
                <LatestReceiptAction walletId={wallet?.id} name="v1.betting.payApportionment" extra={{ kind: "apportionment" }} />
              </>
            )}
          </div>
        </Card>
      )}
      <section aria-labelledby="payments-title" className={layout.stack}>
        <h2 id="payments-title">{t("betting:payment.history")}</h2>
        {(payments ?? []).length === 0 ? (
          <Card>
            <EmptyState title={t("betting:payment.noPayments")} />
          </Card>
        ) : (
          <div className={s.tableWrap}>
            <table className={s.table} data-testid="payments-table">
              <thead>
                <tr>
                  <th className={s.th} scope="col">
                    {t("betting:payment.period")}
                  </th>
                  <th className={`${s.th} ${s.num}`} scope="col">
                    {t("betting:payment.value")}
                  </th>
                  <th className={s.th} scope="col">
                    {t("betting:payment.paidOn")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {(payments ?? []).map((p) => (
                  <tr key={p.id} data-testid="payment-row">
                    <td className={s.td}>{monthLabel(p.month, p.year)}</td>
                    <td className={`${s.td} ${s.num}`}>{f.brl(p.amount)}</td>
                    <td className={s.td}>{f.dateTime(p.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  )
}
