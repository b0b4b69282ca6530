/**
 * billet/receive and billet/manage-billet (spec features §2 receive, manage-billet; §3 issued boleto;
 * §4 CREATED_PENDING / received / CANCELED; issue 14): issue a boleto (amount, due date, description,
 * payer name and CPF/CNPJ, validated as typed; a command), then its line with a copy button, its ITF
 * barcode and the PDF to download; the issued boletos (synced list `billet_deposits`, live: a paid one
 * turns received) with status filters and cancel.
 */
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine, useList, useLiveQuery } from "../../../workers/client.ts"
import { itfModules, type BilletDeposit, type BilletDepositStatus } from "../../../schema/billet.ts"
import { formatBoletoLine } from "../../../schema/boleto.ts"
import { hasNoEmoji, isValidDocument } from "../../../schema/validation.ts"
import { parseIsoDate } from "../../../schema/holidays.ts"
import { formatDocument } from "../../../schema/format.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useCommandRunner } from "../../lib/use-command-runner.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Badge, Button, Card, ConfirmDialog, EmptyState, MoneyField, Select, Skeleton, TextField, layout } from "../../ui/index.ts"
import { dayText, depositTone, todaySp } from "./billet-view.ts"
import * as s from "./billet.css.ts"

/** The 44-digit barcode drawn as ITF bars (FEBRABAN), as an image with its digits as the text alternative. */
export function ItfBarcode({ digits, label }: { readonly digits: string; readonly label: string }) {
  const modules = itfModules(digits)
  // each module's left edge (the widths of those before it), computed before drawing
  const starts: number[] = []
  let width = 0
  for (const m of modules) {
    starts.push(width)
    width += m.width
  }
  return (
    <svg
      className={s.barcode}
      viewBox={`0 0 ${width} 50`}
      preserveAspectRatio="none"
      role="img"
      aria-label={label}
      data-testid="billet-barcode"
      data-digits={digits}
    >
      {modules.map((m, i) => (m.bar ? <rect key={i} x={starts[i]} y={0} width={m.width} height={50} fill="#000" /> : null))}
    </svg>
  )
}

function IssuedDetail({ d }: { readonly d: BilletDeposit }) {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const [pdf, setPdf] = useState<string | null>(null)
  const [loading, setLoading] = useState(false)
  const copy = (): void => {
    navigator.clipboard?.writeText(d.typeable_line).then(
      () => toast("success", t("billet:issued.copied")),
      () => undefined
    )
  }
  const openPdf = async (): Promise<void> => {
    if (!wallet) return
    setLoading(true)
    try {
      setPdf((await getEngine().call("billetDepositPdf", { walletId: wallet.id, params: { id: d.id } })).data.url)
    } catch (e) {
      toast("error", t("billet:issued.pdfFailed"), t(`errors:${errorKeyOf(e)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    } finally {
      setLoading(false)
    }
  }
  if (d.typeable_line === "") return <p className={layout.muted}>{t("billet:issued.creating")}</p>
  return (
    <div className={layout.stack}>
      <span className={s.line} data-testid="billet-issued-line" data-line={d.typeable_line}>
        {formatBoletoLine(d.typeable_line)}
      </span>
      <ItfBarcode digits={d.barcode} label={t("billet:issued.barcode", { digits: d.barcode })} />
      <div className={s.actions}>
        <Button size="sm" variant="secondary" onClick={copy} data-testid="billet-copy">
          {t("billet:issued.copy")}
        </Button>
        {pdf === null ? (
          <Button
            size="sm"
            variant="secondary"
            busy={loading}
            onClick={() => {
              void openPdf()
            }}
            data-testid="billet-pdf"
          >
            {t("billet:issued.pdf")}
          </Button>
        ) : (
          <a href={pdf} download target="_blank" rel="noreferrer" data-testid="billet-pdf-link">
            {t("billet:issued.pdfReady")}
          </a>
        )}
      </div>
    </div>
  )
}

export function ReceiveBillet() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const commands = useLiveQuery({ kind: "commands" })
  const deposits = useList("billet_deposits", wallet?.id ?? null)
  const { send, refusals, busy } = useCommandRunner(wallet?.id ?? null, "billet:receive.failed")
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [due, setDue] = useState("")
  const [description, setDescription] = useState("")
  const [payerName, setPayerName] = useState("")
  const [payerDoc, setPayerDoc] = useState("")
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({})
  const [sent, setSent] = useState<{ amount: number; due: string; description: string; at: number } | null>(null)

  const submit = (e: FormEvent): void => {
    e.preventDefault()
    const err: Record<string, string> = {}
    if (amount === null || amount < 100) err["amount"] = t("billet:receive.amountMin", { min: f.brl(100) })
    if (parseIsoDate(due) === null) err["due"] = t("validation:VALIDATION_DATE")
    else if (due < todaySp()) err["due"] = t("errors:BILLET_DATE_INVALID")
    const desc = description.trim()
    if (desc === "") err["description"] = t("validation:VALIDATION_REQUIRED")
    else if ([...desc].length > 140) err["description"] = t("validation:VALIDATION_MAX", { max: 140 })
    else if (!hasNoEmoji(desc)) err["description"] = t("validation:VALIDATION_NO_EMOJI")
    if (payerName.trim().length < 3) err["payerName"] = t("validation:VALIDATION_REQUIRED")
    if (!isValidDocument(payerDoc)) err["payerDoc"] = t("validation:VALIDATION_VALID_DOCUMENT")
    setErrors(err)
    if (Object.keys(err).length > 0 || amount === null) return
    send(
      {
        name: "v1.billet.issue",
        payload: { amount, due_date: due, description: desc, payer_name: payerName.trim(), payer_document: payerDoc.replace(/\D/g, "") }
      },
      "issue",
      "billet:receive.issued"
    )
    setSent({ amount, due, description: desc, at: Date.now() })
  }

  // the boleto just issued: the newest of the list with what was sent (a pending one while its command runs)
  const issued = sent === null ? undefined : deposits?.find((d) => d.amount === sent.amount && d.due_date === sent.due && d.description === sent.description)
  const pendingIssue = commands?.some((c) => c.body.name === "v1.billet.issue" && (c.state === "sending" || c.state === "created"))
  const refusal = refusals.get("issue")

  return (
    <div className={layout.stack}>
      <Card>
        <form onSubmit={submit} className={layout.stack} noValidate data-testid="billet-issue-form">
          <h2>{t("billet:receive.title")}</h2>
          <MoneyField
            label={t("billet:fields.amount")}
            value={amountText}
            onChange={(text, cents) => {
              setAmountText(text)
              setAmount(cents)
            }}
            error={errors["amount"] ?? null}
            data-testid="billet-issue-amount"
          />
          <TextField
            label={t("billet:fields.dueDate")}
            type="date"
            value={due}
            onChange={setDue}
            error={errors["due"] ?? null}
            className={s.dateInput}
            data-testid="billet-issue-due"
          />
          <TextField
            label={t("billet:fields.description")}
            value={description}
            onChange={setDescription}
            maxLength={140}
            error={errors["description"] ?? null}
            data-testid="billet-issue-description"
          />
          <TextField
            label={t("billet:fields.payerName")}
            value={payerName}
            onChange={setPayerName}
            error={errors["payerName"] ?? null}
            autoComplete="off"
            data-testid="billet-issue-payer"
          />
          <TextField
            label={t("billet:fields.payerDocument")}
            hint={t("billet:receive.documentHint")}
            value={payerDoc}
            inputMode="numeric"
            autoComplete="off"
            onChange={(v) => setPayerDoc(v.replace(/[^\d./-]/g, "").slice(0, 18))}
            onBlur={() => setPayerDoc((v) => formatDocument(v.replace(/\D/g, "")))}
            error={errors["payerDoc"] ?? null}
            data-testid="billet-issue-document"
          />
          {refusal ? (
            <p className={layout.errorText} role="alert" data-testid="billet-issue-refusal">
              {t(`errors:${refusal}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          ) : null}
          <div>
            <Button type="submit" busy={busy.has("issue")} data-testid="billet-issue-submit">
              {t("billet:receive.submit")}
            </Button>
          </div>
        </form>
      </Card>
      {sent !== null && (issued !== undefined || pendingIssue) ? (
        <Card>
          <div className={layout.stack} data-testid="billet-issued" data-status={issued?.status ?? "creating"}>
            <h2>{t("billet:receive.done")}</h2>
            {issued ? <IssuedDetail d={issued} /> : <p className={layout.muted}>{t("billet:issued.creating")}</p>}
          </div>
        </Card>
      ) : null}
    </div>
  )
}

const FILTERS = ["all", "CREATED_PENDING", "RECEIVED", "CANCELED"] as const

export function IssuedBillets() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const rows = useList("billet_deposits", wallet?.id ?? null)
  const { send } = useCommandRunner(wallet?.id ?? null, "billet:issued.cancelFailed")
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>("all")
  const [open, setOpen] = useState<string | null>(null)
  const [canceling, setCanceling] = useState<string | null>(null)
  const shown = rows?.filter((d) => filter === "all" || d.status === filter)
  return (
    <Card>
      <div className={layout.stack}>
        <div className={s.row}>
          <h2>{t("billet:issued.title")}</h2>
          <Select
            label={t("billet:issued.filter")}
            value={filter}
            onChange={(v) => setFilter(v as (typeof FILTERS)[number])}
            options={FILTERS.map((k) => ({ value: k, label: k === "all" ? t("billet:issued.all") : t(`billet:depositStatus.${k}`) }))}
            data-testid="billet-issued-filter"
          />
        </div>
        {shown === undefined ? (
          <Skeleton height={120} />
        ) : shown.length === 0 ? (
          <EmptyState title={t("billet:issued.empty")} />
        ) : (
          <ul className={s.list} data-testid="billet-deposits">
            {shown.map((d) => (
              <li key={d.id} className={s.item} data-testid="billet-deposit-row" data-status={d.status} data-line={d.typeable_line}>
                <div className={s.itemHead}>
                  <span className={s.grow}>{d.description}</span>
                  <span className={s.money}>{f.brl(d.amount)}</span>
                  <Badge tone={depositTone(d.status as BilletDepositStatus)}>{t(`billet:depositStatus.${d.status}`)}</Badge>
                </div>
                <div className={s.actions}>
                  <span className={layout.muted}>{t("billet:issued.dueOn", { date: dayText(d.due_date), payer: d.payer_name })}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setOpen(open === d.id ? null : d.id)}
                    aria-expanded={open === d.id}
                    data-testid="billet-deposit-open"
                  >
                    {open === d.id ? t("billet:issued.hide") : t("billet:issued.show")}
                  </Button>
                  {d.status === "CREATED_PENDING" && !d.id.startsWith("pending:") ? (
                    <Button size="sm" variant="secondary" onClick={() => setCanceling(d.id)} data-testid="billet-deposit-cancel">
                      {t("billet:issued.cancel")}
                    </Button>
                  ) : null}
                </div>
                {open === d.id ? <IssuedDetail d={d} /> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={canceling !== null}
        title={t("billet:issued.cancelTitle")}
        html={t("billet:issued.cancelText")}
        confirmLabel={t("billet:issued.cancel")}
        cancelLabel={t("common:actions.back")}
        variant="danger"
        onAnswer={(yes) => {
          if (yes && canceling) send({ name: "v1.billet.cancelIssued", payload: { id: canceling } }, canceling, "billet:issued.canceled")
          setCanceling(null)
        }}
      />
    </Card>
  )
}
