/**
 * Receiving with Pix QR codes (spec features §2 receive and my-qr-codes, §3 "Pix QR code types"; issue 12):
 * make a code of any of the six kinds of §3 — static (own key, optional amount, message, txid), static
 * withdrawal, dynamic instant billing with an expiry, dynamic due-date billing (due date, days after it,
 * fine, interest, discount; D-pix-qr-variants), dynamic withdrawal and change (cash, agent) — a command
 * through the outbox, shown pending at once —, then the QR image (the `qrcode`
 * package), the copy-and-paste text with a copy button, a download of the image and a print. The list of
 * the wallet's codes (`pix_qr_codes`, synced and live: a paid code turns "paid" without a reload).
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import QRCode from "qrcode"
import { submitCommand, useList, useLiveQuery } from "../../../workers/client.ts"
import { hasNoEmoji } from "../../../schema/validation.ts"
import { PIX_QR_KINDS, isCashQr, isDynamicQr, type PixQrCode, type PixQrKind } from "../../../schema/pix-qr.ts"
import { dueTermsProblems, type PixCashAgent, type PixDueTerms } from "../../../schema/pix-qr-terms.ts"
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import { bpToPercent, percentToBp } from "./percent.ts"
import { payPhase } from "../../lib/command-phase.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { toast } from "../../lib/feedback.ts"
import { Badge, Button, Card, EmptyState, MoneyField, Select, Skeleton, TextField, layout } from "../../ui/index.ts"
import * as s from "./pix.css.ts"

const EXPIRIES = [900, 3600, 86_400] as const
const AGENTS: ReadonlyArray<PixCashAgent> = ["AGTEC", "AGTOT", "AGPSS"]
/** Pix Saque and Troco: the most cash one code gives (as the sandbox; D-pix-qr-variants). */
const CASH_MAX = 50_000

/** The due-date terms as typed: dates as the date input gives them, rates as percentages, the discount as money. */
interface DueForm {
  due: string
  after: string
  fine: string
  interest: string
  discountText: string
  discount: number | null
  until: string
}
const dueOf = (d: DueForm): PixDueTerms | null => {
  const fine = percentToBp(d.fine)
  const interest = percentToBp(d.interest)
  const after = d.after.trim() === "" ? 0 : Number(d.after)
  if (fine === null || interest === null || !Number.isInteger(after)) return null
  return {
    due_date: d.due,
    days_after_due: after,
    fine_bp: fine,
    interest_bp_month: interest,
    discount: d.discount ?? 0,
    discount_until: (d.discount ?? 0) > 0 && d.until !== "" ? d.until : null
  }
}

/** features §2 receive: the form, then the code made by this tab's command. */
export function Receive() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const keys = useList("pix_keys", wallet?.id ?? null)
  const codes = useList("pix_qr_codes", wallet?.id ?? null)
  const active = (keys ?? []).filter((k) => k.status === "added" && !k.id.startsWith("pending:"))
  const [kind, setKind] = useState<PixQrKind>("static")
  const [key, setKey] = useState("")
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [description, setDescription] = useState("")
  const [txid, setTxid] = useState("")
  const [expiry, setExpiry] = useState<number>(3600)
  const [cashText, setCashText] = useState("")
  const [cash, setCash] = useState<number | null>(null)
  const [agent, setAgent] = useState<PixCashAgent>("AGTEC")
  const [dueForm, setDueForm] = useState<DueForm>({ due: "", after: "0", fine: "", interest: "", discountText: "", discount: null, until: "" })
  const [error, setError] = useState<string | null>(null)
  const [commandId, setCommandId] = useState<string | null>(null)
  const chosenKey = key !== "" ? key : (active[0]?.key ?? "")
  const made = commandId === null ? undefined : codes?.find((c) => c.request_id === commandId && c.emv !== "")
  const commands = useLiveQuery({ kind: "commands" })
  const command = commands?.find((c) => c.id === commandId)
  const phase = command === undefined ? null : payPhase(command)
  const refused = phase === "refused" || phase === "cancelled"

  const submit = (e: FormEvent): void => {
    e.preventDefault()
    setError(null)
    if (!wallet) return
    if (chosenKey === "") {
      setError(t("pix:receive.noKey"))
      return
    }
    if (kind !== "static" && (amount === null || amount <= 0)) {
      setError(t(isCashQr(kind) && kind !== "dynamic_change" ? "pix:receive.cashRequired" : "pix:receive.amountRequired"))
      return
    }
    if (amount !== null && amount < 0) {
      setError(t("pix:pay.amountRequired"))
      return
    }
    if ([...description].length > 72 || !hasNoEmoji(description)) {
      setError(t("pix:receive.descriptionInvalid"))
      return
    }
    if (txid.trim() !== "" && !/^[A-Za-z0-9]{1,25}$/.test(txid.trim())) {
      setError(t("pix:receive.txidInvalid"))
      return
    }
    const cashOf = kind === "dynamic_change" ? cash : amount
    if (isCashQr(kind) && (cashOf === null || cashOf <= 0)) {
      setError(t("pix:receive.cashRequired"))
      return
    }
    if (isCashQr(kind) && cashOf !== null && cashOf > CASH_MAX) {
      setError(t("pix:receive.cashMax", { max: f.brl(CASH_MAX) }))
      return
    }
    let due: PixDueTerms | null = null
    if (kind === "dynamic_due") {
      due = dueOf(dueForm)
      if (due === null) {
        setError(t("pix:receive.due.ratesInvalid"))
        return
      }
      const problems = dueTermsProblems(due, saoPauloDateKey(Date.now()))
      if (problems["due_date"]) {
        setError(t("pix:receive.due.dateInvalid"))
        return
      }
      if (problems["discount_until"]) {
        setError(t("pix:receive.due.untilInvalid"))
        return
      }
      if (Object.keys(problems).length > 0) {
        setError(t("pix:receive.due.ratesInvalid"))
        return
      }
      if (amount !== null && due.discount >= amount) {
        setError(t("pix:receive.due.discountTooBig"))
        return
      }
    }
    const payload = {
      kind,
      key: chosenKey,
      ...(amount !== null && amount > 0 ? { amount } : {}),
      ...(description.trim() !== "" ? { description: description.trim() } : {}),
      ...(kind === "static" && txid.trim() !== "" ? { txid: txid.trim() } : {}),
      ...(isDynamicQr(kind) && kind !== "dynamic_due" ? { expires_in: expiry } : {}),
      ...(due !== null ? { due } : {}),
      ...(kind === "dynamic_change" && cash !== null ? { cash } : {}),
      ...(isCashQr(kind) ? { agent } : {})
    }
    submitCommand(wallet.id, { name: "v1.pix.createQrCode", payload }).then(setCommandId, (err: unknown) => setError(t(`errors:${errorKeyOf(err)}`)))
  }

  if (commandId !== null) {
    return (
      <div className={layout.stack}>
        {made ? (
          <QrCard code={made} />
        ) : refused ? (
          <Card>
            <p className={layout.errorText} role="alert" data-testid="pix-qr-refused">
              {t(`errors:${command?.error_key ?? "UNKNOWN_ERROR"}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          </Card>
        ) : (
          <Card>
            <p role="status" data-testid="pix-qr-making" data-state={command?.state ?? ""}>
              {t("pix:receive.making")}
            </p>
          </Card>
        )}
        <div>
          <Button variant="secondary" onClick={() => setCommandId(null)} data-testid="pix-qr-new">
            {t("pix:receive.another")}
          </Button>
        </div>
      </div>
    )
  }
  return (
    <Card>
      <form onSubmit={submit} className={layout.stack} noValidate data-testid="pix-receive-form">
        <h2>{t("pix:receive.title")}</h2>
        {keys !== undefined && active.length === 0 ? <p className={layout.muted}>{t("pix:receive.noKey")}</p> : null}
        <Select
          label={t("pix:receive.kind")}
          value={kind}
          onChange={(v) => {
            setKind(v as PixQrKind)
            setError(null)
          }}
          data-testid="pix-qr-kind"
          options={PIX_QR_KINDS.map((k) => ({ value: k, label: t(`pix:qrKinds.${k}`) }))}
        />
        <p className={layout.muted} data-testid="pix-qr-kind-hint">
          {t(`pix:receive.kindHints.${kind}`)}
        </p>
        <Select
          label={t("pix:receive.key")}
          value={chosenKey}
          onChange={setKey}
          data-testid="pix-qr-key"
          options={active.map((k) => ({ value: k.key, label: `${t(`pix:keyTypes.${k.key_type}`)} · ${k.key}` }))}
        />
        <MoneyField
          label={t(`pix:receive.amountLabels.${kind}`)}
          value={amountText}
          onChange={(text, cents) => {
            setAmountText(text)
            setAmount(cents)
          }}
          data-testid="pix-qr-amount"
        />
        {kind === "dynamic_change" ? (
          <MoneyField
            label={t("pix:receive.change")}
            value={cashText}
            onChange={(text, cents) => {
              setCashText(text)
              setCash(cents)
            }}
            data-testid="pix-qr-cash"
          />
        ) : null}
        {isCashQr(kind) ? (
          <Select
            label={t("pix:receive.agent")}
            value={agent}
            onChange={(v) => setAgent(v as PixCashAgent)}
            data-testid="pix-qr-agent"
            options={AGENTS.map((a) => ({ value: a, label: t(`pix:receive.agents.${a}`) }))}
          />
        ) : null}
        {kind === "dynamic_due" ? <DueFields form={dueForm} onChange={setDueForm} /> : null}
        <TextField label={t("pix:receive.description")} value={description} onChange={setDescription} maxLength={72} data-testid="pix-qr-description" />
        {kind === "static" ? (
          <TextField label={t("pix:receive.txid")} hint={t("pix:receive.txidHint")} value={txid} onChange={setTxid} maxLength={25} data-testid="pix-qr-txid" />
        ) : isDynamicQr(kind) && kind !== "dynamic_due" ? (
          <Select
            label={t("pix:receive.expiry")}
            value={String(expiry)}
            onChange={(v) => setExpiry(Number(v))}
            data-testid="pix-qr-expiry"
            options={EXPIRIES.map((x) => ({ value: String(x), label: t(`pix:receive.expiries.${x}`) }))}
          />
        ) : null}
        {error ? (
          <p className={layout.errorText} role="alert" data-testid="pix-qr-error">
            {error}
          </p>
        ) : null}
        <div>
          <Button type="submit" data-testid="pix-qr-create">
            {t("pix:receive.create")}
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** features §3 dynamic due date: the due date, the days it can still be paid after, fine, interest and discount. */
function DueFields({ form, onChange }: { readonly form: DueForm; readonly onChange: (f: DueForm) => void }) {
  const { t } = useTranslation()
  const set = (patch: Partial<DueForm>): void => onChange({ ...form, ...patch })
  return (
    <fieldset className={layout.stack} data-testid="pix-qr-due">
      <legend>{t("pix:receive.due.title")}</legend>
      <TextField type="date" label={t("pix:receive.due.date")} value={form.due} onChange={(v) => set({ due: v })} data-testid="pix-qr-due-date" />
      <TextField
        label={t("pix:receive.due.after")}
        hint={t("pix:receive.due.afterHint")}
        inputMode="numeric"
        value={form.after}
        onChange={(v) => set({ after: v })}
        data-testid="pix-qr-due-after"
      />
      <TextField
        label={t("pix:receive.due.fine")}
        hint={t("pix:receive.due.percentHint")}
        inputMode="decimal"
        value={form.fine}
        onChange={(v) => set({ fine: v })}
        data-testid="pix-qr-due-fine"
      />
      <TextField
        label={t("pix:receive.due.interest")}
        hint={t("pix:receive.due.percentHint")}
        inputMode="decimal"
        value={form.interest}
        onChange={(v) => set({ interest: v })}
        data-testid="pix-qr-due-interest"
      />
      <MoneyField
        label={t("pix:receive.due.discount")}
        value={form.discountText}
        onChange={(text, cents) => set({ discountText: text, discount: cents })}
        data-testid="pix-qr-due-discount"
      />
      <TextField type="date" label={t("pix:receive.due.until")} value={form.until} onChange={(v) => set({ until: v })} data-testid="pix-qr-due-until" />
    </fieldset>
  )
}

/** What a code's terms say, in a line (due date and rates; cash and purchase). */
export function QrTerms({ code }: { readonly code: Pick<PixQrCode, "kind" | "amount" | "due" | "cash"> }) {
  const { t, i18n } = useTranslation()
  const f = useFormat()
  const due = code.due ?? null
  if (due !== null) {
    return (
      <span className={layout.muted} data-testid="pix-qr-terms">
        {t("pix:receive.due.summary", {
          date: f.day(due.due_date),
          fine: bpToPercent(due.fine_bp, i18n.language),
          interest: bpToPercent(due.interest_bp_month, i18n.language)
        })}
        {" · "}
        {due.days_after_due === 0 ? t("pix:receive.due.payableUntilDue") : t("pix:receive.due.payableAfter", { count: due.days_after_due })}
        {due.discount > 0 && due.discount_until !== null
          ? ` ${t("pix:receive.due.discountSummary", { amount: f.brl(due.discount), date: f.day(due.discount_until) })}`
          : ""}
      </span>
    )
  }
  const cash = code.cash ?? null
  if (cash === null) return null
  return (
    <span className={layout.muted} data-testid="pix-qr-terms">
      {code.kind === "dynamic_change"
        ? t("pix:receive.changeSummary", { purchase: f.brl((code.amount ?? 0) - cash), cash: f.brl(cash) })
        : t("pix:receive.cashSummary", { cash: f.brl(cash) })}
    </span>
  )
}

/** One code: the QR image, its copy-and-paste text, copy, download and print; its live status. */
export function QrCard({ code }: { readonly code: PixQrCode }) {
  const { t } = useTranslation()
  const f = useFormat()
  const [src, setSrc] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    QRCode.toDataURL(code.emv, { errorCorrectionLevel: "M", margin: 2, width: 240 }).then(
      (u) => {
        if (live) setSrc(u)
      },
      () => undefined
    )
    return () => {
      live = false
    }
  }, [code.emv])
  const copy = (): void => {
    navigator.clipboard.writeText(code.emv).then(
      () => toast("success", t("pix:receive.copied")),
      () => toast("error", t("pix:receive.copyFailed"))
    )
  }
  return (
    <Card>
      <div className={s.qrCard} data-testid="pix-qr-card" data-status={code.status} data-id={code.id}>
        {src ? <img className={s.qrImage} src={src} alt={t("pix:receive.qrAlt")} data-testid="pix-qr-image" /> : <Skeleton height={240} width={240} />}
        <div className={layout.stack} style={{ flex: 1, minWidth: 240 }}>
          <div className={layout.spread}>
            <strong>{code.amount !== null ? f.brl(code.amount) : t("pix:receive.anyAmount")}</strong>
            <Badge tone={code.status === "paid" ? "success" : code.status === "expired" ? "danger" : "info"} data-testid="pix-qr-status">
              {t(`pix:qrStatus.${code.status}`)}
            </Badge>
          </div>
          <span className={layout.muted}>
            {t(`pix:qrKinds.${code.kind}`)}
            {code.expires_at !== null ? ` · ${t("pix:receive.expiresAt", { at: f.dateTime(code.expires_at) })}` : ""}
          </span>
          <QrTerms code={code} />
          {code.description !== "" ? <span>{code.description}</span> : null}
          {code.paid_at !== null && code.paid_amount !== null ? (
            <span data-testid="pix-qr-paid">{t("pix:receive.paidBy", { amount: f.brl(code.paid_amount), name: code.payer_name ?? "" })}</span>
          ) : null}
          <label className={s.label} htmlFor={`emv-${code.id}`}>
            {t("pix:receive.copyPaste")}
          </label>
          <textarea id={`emv-${code.id}`} className={s.code} readOnly value={code.emv} data-testid="pix-qr-emv" onFocus={(e) => e.currentTarget.select()} />
          <div className={layout.row}>
            <Button onClick={copy} data-testid="pix-qr-copy">
              {t("pix:receive.copy")}
            </Button>
            {src ? (
              <a href={src} download={`pix-${code.id}.png`} data-testid="pix-qr-download">
                {t("pix:receive.download")}
              </a>
            ) : null}
            <Button variant="secondary" onClick={() => window.print()}>
              {t("pix:receive.print")}
            </Button>
          </div>
        </div>
      </div>
    </Card>
  )
}

/** features §2 my-qr-codes: the wallet's codes, newest first, each opened to its image and text. */
export function MyQrCodes() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const codes = useList("pix_qr_codes", wallet?.id ?? null)
  const [open, setOpen] = useState<string | null>(null)
  const shown = codes?.find((c) => c.id === open)
  return (
    <div className={layout.stack}>
      {shown ? <QrCard code={shown} /> : null}
      <Card>
        <h2>{t("pix:qrList.title")}</h2>
        {codes === undefined ? (
          <Skeleton height={120} />
        ) : codes.length === 0 ? (
          <EmptyState title={t("pix:qrList.empty")} />
        ) : (
          <ul className={s.keys}>
            {codes.map((c) => (
              <li key={c.id} className={s.keyRow} data-testid="pix-qr-row" data-status={c.status}>
                <span className={s.keyType}>{t(`pix:qrKinds.${c.kind}`)}</span>
                <span className={s.keyValue}>
                  {c.amount !== null ? f.brl(c.amount) : t("pix:receive.anyAmount")}
                  {c.description !== "" ? ` · ${c.description}` : ""}
                </span>
                <span className={layout.muted}>{f.dateTime(c.created_at)}</span>
                <Badge tone={c.status === "paid" ? "success" : c.status === "expired" ? "danger" : "info"}>{t(`pix:qrStatus.${c.status}`)}</Badge>
                {c.emv !== "" ? (
                  <Button size="sm" variant="secondary" onClick={() => setOpen(c.id)} data-testid="pix-qr-open">
                    {t("pix:qrList.show")}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  )
}
