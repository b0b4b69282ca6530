/**
 * /gateway/payments — payment requests (assisted payments) (issue 16; spec features §2 gateway
 * "payments" with get-all-assisted-payments, §3 "Payment request (assisted payment)", §5 "invoice
 * required"): the form (beneficiary name, CPF or CNPJ masked as typed, bank, account type, via Pix key
 * or via account, amount; the invoice REQUIRED, social contract and CNPJ mirror optional), checked with
 * the sandbox's own rules before anything is sent (a refusal keeps everything typed); the files go by
 * the upload machinery (sync/uploads) as ONE command whose progress is shown, which creates the request
 * once every file is assembled; then the wallet's requests with their statuses (a synced list, live).
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine, submitCommand, useList, useLiveQuery } from "../../../workers/client.ts"
import { partSizeFor } from "../../../schema/api-storage.ts"
import { formatDateTime, formatDocument } from "../../../schema/format.ts"
import {
  ACCOUNT_TYPES,
  PAYMENT_BANKS,
  paymentRequestProblems,
  type DocumentSlot,
  type FieldProblem,
  type PaymentRequest,
  type PaymentRequestFields
} from "../../../schema/gateway-payments.ts"
import { uploadStatus } from "../../lib/command-phase.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import {
  Badge,
  Button,
  Card,
  EmptyState,
  MoneyField,
  PageHeader,
  RadioGroup,
  Select,
  Skeleton,
  TextField,
  layout,
  visuallyHidden,
  type Tone
} from "../../ui/index.ts"
import { maskAccount, maskAgency, maskDigit, maskDocument, messageKey } from "./payment-form.ts"
import * as s from "./gateway-payments.css.ts"

const COMMAND = "v1.gateway.createPaymentRequest"
const TONE: Record<PaymentRequest["status"], Tone> = { pending_review: "warning", approved: "info", rejected: "danger", paid: "success" }
const SLOTS: ReadonlyArray<DocumentSlot> = ["invoice", "social_contract", "cnpj_mirror"]
const ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"

interface Form {
  beneficiary_name: string
  document: string
  bank_code: string
  account_type: string
  via: "pix" | "account"
  pix_key: string
  agency: string
  account: string
  digit: string
  amountText: string
  amount: number | null
}
const EMPTY: Form = {
  beneficiary_name: "",
  document: "",
  bank_code: "",
  account_type: "checking",
  via: "pix",
  pix_key: "",
  agency: "",
  account: "",
  digit: "",
  amountText: "",
  amount: null
}

export function PaymentRequestsPage() {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = `${t("gateway:paymentRequests.title")} · ${t("common:appName")}`
  }, [t])
  return (
    <div className={layout.page} data-testid="payment-requests-page">
      <PageHeader title={t("gateway:paymentRequests.title")} subtitle={t("gateway:paymentRequests.subtitle")} />
      <RequestForm />
      <Uploads />
      <RequestList />
    </div>
  )
}

function RequestForm() {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  const [form, setForm] = useState<Form>(EMPTY)
  const [files, setFiles] = useState<Partial<Record<DocumentSlot, File>>>({})
  const [problems, setProblems] = useState<Readonly<Record<string, FieldProblem>>>({})
  const [sending, setSending] = useState(false)
  const [formKey, setFormKey] = useState(0)
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }))
  const msg = (field: string): string | null => {
    const p = problems[field]
    return p ? t(messageKey(p.key), { ...(p.params ?? {}), defaultValue: t("errors:INCORRECT_DATA") }) : null
  }

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    const pix = form.via === "pix"
    const fields = {
      beneficiary_name: form.beneficiary_name,
      document: form.document,
      bank_code: form.bank_code,
      account_type: form.account_type,
      via: form.via,
      ...(pix ? { pix_key: form.pix_key } : { agency: form.agency, account: form.account, digit: form.digit }),
      amount: form.amount
    }
    // features §5: checked before sending, with the same rules the sandbox applies; nothing typed is cleared
    const found = paymentRequestProblems(fields, files.invoice !== undefined)
    setProblems(found)
    if (Object.keys(found).length > 0 || wallet === null || form.amount === null || files.invoice === undefined) return
    setSending(true)
    try {
      const engine = getEngine()
      const stored = async (slot: DocumentSlot, f: File) => {
        const type = f.type || "application/octet-stream"
        const key = await engine.rpc.putFile({ blob: f, name: f.name, type })
        return { slot, file_key: key, file_name: f.name, content_type: type, size: f.size, part_size: partSizeFor(f.size), purpose: "payment-request" as const }
      }
      const invoice = await stored("invoice", files.invoice)
      const extra = await Promise.all((["social_contract", "cnpj_mirror"] as const).flatMap((slot) => (files[slot] ? [stored(slot, files[slot])] : [])))
      const meta: PaymentRequestFields = {
        beneficiary_name: form.beneficiary_name.trim(),
        document: form.document.replace(/\D/g, ""),
        bank_code: form.bank_code,
        account_type: form.account_type as PaymentRequestFields["account_type"],
        via: form.via,
        ...(pix ? { pix_key: form.pix_key.trim() } : { agency: form.agency, account: form.account, digit: form.digit }),
        amount: form.amount
      }
      const { slot: _slot, ...first } = invoice
      await submitCommand(wallet.id, { name: COMMAND, payload: { ...first, meta, ...(extra.length ? { extra_files: extra } : {}) } })
      setForm(EMPTY)
      setFiles({})
      setFormKey((k) => k + 1) // clears the file inputs
      toast("success", t("gateway:paymentRequests.sent"))
    } catch (err) {
      toast("error", t("gateway:paymentRequests.failed"), t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    } finally {
      setSending(false)
    }
  }

  return (
    <Card>
      <form
        className={layout.form}
        onSubmit={(e) => {
          void submit(e)
        }}
        noValidate
        aria-labelledby="pr-form-title"
        data-testid="payment-request-form"
      >
        <h2 id="pr-form-title">{t("gateway:paymentRequests.formTitle")}</h2>
        <div className={layout.formGrid}>
          <TextField
            label={t("gateway:paymentRequests.fields.beneficiary")}
            value={form.beneficiary_name}
            onChange={(v) => set("beneficiary_name", v)}
            required
            maxLength={100}
            autoComplete="off"
            error={msg("beneficiary_name")}
            data-testid="pr-beneficiary"
          />
          <TextField
            label={t("gateway:paymentRequests.fields.document")}
            hint={t("gateway:paymentRequests.fields.documentHint")}
            value={form.document}
            required
            onChange={(v) => set("document", maskDocument(v))}
            inputMode="numeric"
            autoComplete="off"
            error={msg("document")}
            data-testid="pr-document"
          />
          <Select
            label={t("gateway:paymentRequests.fields.bank")}
            value={form.bank_code}
            onChange={(v) => set("bank_code", v)}
            required
            placeholder={t("gateway:paymentRequests.fields.bankPlaceholder")}
            error={msg("bank_code")}
            options={PAYMENT_BANKS.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` }))}
            data-testid="pr-bank"
          />
          <Select
            label={t("gateway:paymentRequests.fields.accountType")}
            value={form.account_type}
            onChange={(v) => set("account_type", v)}
            required
            error={msg("account_type")}
            options={ACCOUNT_TYPES.map((a) => ({ value: a, label: t(`gateway:paymentRequests.accountType.${a}`) }))}
            data-testid="pr-account-type"
          />
          <MoneyField
            label={t("gateway:paymentRequests.fields.amount")}
            value={form.amountText}
            required
            error={msg("amount")}
            onChange={(text, cents) => setForm((f) => ({ ...f, amountText: text, amount: cents }))}
            data-testid="pr-amount"
          />
        </div>
        <RadioGroup
          label={t("gateway:paymentRequests.fields.via")}
          value={form.via}
          onChange={(v) => set("via", v === "account" ? "account" : "pix")}
          options={[
            { value: "pix", label: t("gateway:paymentRequests.via.pix") },
            { value: "account", label: t("gateway:paymentRequests.via.account") }
          ]}
        />
        {form.via === "pix" ? (
          <div className={layout.formGrid}>
            <TextField
              label={t("gateway:paymentRequests.fields.pixKey")}
              hint={t("gateway:paymentRequests.fields.pixKeyHint")}
              value={form.pix_key}
              required
              onChange={(v) => set("pix_key", v)}
              autoComplete="off"
              error={msg("pix_key")}
              data-testid="pr-pix-key"
            />
          </div>
        ) : (
          <div className={layout.formGrid}>
            <TextField
              label={t("gateway:paymentRequests.fields.agency")}
              value={form.agency}
              onChange={(v) => set("agency", maskAgency(v))}
              inputMode="numeric"
              required
              error={msg("agency")}
              data-testid="pr-agency"
            />
            <TextField
              label={t("gateway:paymentRequests.fields.account")}
              value={form.account}
              onChange={(v) => set("account", maskAccount(v))}
              inputMode="numeric"
              required
              error={msg("account")}
              data-testid="pr-account"
            />
            <TextField
              label={t("gateway:paymentRequests.fields.digit")}
              value={form.digit}
              onChange={(v) => set("digit", maskDigit(v))}
              required
              error={msg("digit")}
              data-testid="pr-digit"
            />
          </div>
        )}
        <fieldset className={s.files} key={formKey}>
          <legend className={visuallyHidden}>{t("gateway:paymentRequests.files.legend")}</legend>
          {SLOTS.map((slot) => (
            <div key={slot} className={s.fileField}>
              <label htmlFor={`pr-file-${slot}`}>
                {t(`gateway:paymentRequests.files.${slot}`)}
                {slot === "invoice" ? (
                  <span aria-hidden="true">{" *"}</span>
                ) : (
                  <span className={s.small}>{` (${t("gateway:paymentRequests.files.optional")})`}</span>
                )}
              </label>
              <input
                id={`pr-file-${slot}`}
                className={s.fileInput}
                type="file"
                accept={ACCEPT}
                data-testid={`pr-file-${slot}`}
                aria-invalid={slot === "invoice" && problems["invoice"] ? true : undefined}
                aria-describedby={slot === "invoice" && problems["invoice"] ? "pr-invoice-error" : undefined}
                onChange={(e) => {
                  const f = e.target.files?.[0]
                  setFiles((x) => {
                    const n = { ...x }
                    if (f) n[slot] = f
                    else delete n[slot]
                    return n
                  })
                  if (slot === "invoice")
                    setProblems((p) => {
                      const n = { ...p }
                      delete n["invoice"]
                      return n
                    })
                }}
              />
              {files[slot] ? (
                <span className={s.chosen} data-testid={`pr-chosen-${slot}`}>
                  {t("gateway:paymentRequests.files.chosen", { name: files[slot].name, size: Math.max(1, Math.round(files[slot].size / 1024)) })}
                </span>
              ) : null}
              {slot === "invoice" && problems["invoice"] ? (
                <span id="pr-invoice-error" className={s.error} role="alert" data-testid="pr-invoice-error">
                  {msg("invoice")}
                </span>
              ) : null}
            </div>
          ))}
        </fieldset>
        <div className={layout.actions}>
          <Button type="submit" busy={sending} data-testid="pr-submit">
            {t("gateway:paymentRequests.submit")}
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** The upload commands of payment requests with their progress (sync/uploads; DESIGN "Uploads are commands too"). */
function Uploads() {
  const { t } = useTranslation()
  const uploads = useLiveQuery({ kind: "uploads" })
  const mine = (uploads ?? [])
    .filter((u) => u.name === COMMAND)
    .slice()
    .reverse()
    .slice(0, 5)
  if (mine.length === 0) return null
  return (
    <section aria-labelledby="pr-uploads-title" className={layout.stack}>
      <h2 id="pr-uploads-title">{t("gateway:paymentRequests.uploads.title")}</h2>
      <Card>
        <div className={layout.stack}>
          {mine.map((u) => {
            const total = u.progress?.totalBytes ?? 0
            const status = uploadStatus(u)
            const pct = status === "done" ? 100 : total > 0 ? Math.floor(((u.progress?.sentBytes ?? 0) * 100) / total) : 0
            const name = (u.meta as { beneficiary_name?: string } | null)?.beneficiary_name ?? ""
            return (
              <div key={u.commandId} className={s.upload} data-testid="pr-upload" data-status={status}>
                <div className={layout.spread}>
                  <strong>{name}</strong>
                  <span className={layout.muted}>{u.fileName}</span>
                </div>
                <progress
                  className={s.progress}
                  max={100}
                  value={pct}
                  aria-label={t("gateway:paymentRequests.uploads.progress", { name })}
                  data-testid="pr-upload-progress"
                  data-pct={pct}
                />
                <span data-testid="pr-upload-status">
                  {t(`gateway:paymentRequests.uploads.status.${status}`, { pct })}
                  {u.error_key ? ` · ${t(`errors:${u.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}` : ""}
                </span>
              </div>
            )
          })}
        </div>
      </Card>
    </section>
  )
}

function RequestList() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const rows = useList("gateway_payment_requests", wallet?.id ?? null)
  return (
    <section aria-labelledby="pr-list-title" className={layout.stack}>
      <h2 id="pr-list-title">{t("gateway:paymentRequests.list.title")}</h2>
      <Card>
        {rows === undefined ? (
          <Skeleton height={120} />
        ) : rows.length === 0 ? (
          <EmptyState title={t("gateway:paymentRequests.list.empty")} />
        ) : (
          <div className={s.tableWrap}>
            <table className={s.table} data-testid="pr-table">
              <caption className={visuallyHidden}>{t("gateway:paymentRequests.list.title")}</caption>
              <thead>
                <tr>
                  {(["date", "beneficiary", "destination", "documents", "amount", "status"] as const).map((k) => (
                    <th key={k} scope="col" className={k === "amount" ? `${s.th} ${s.num}` : s.th}>
                      {t(`gateway:paymentRequests.list.${k}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => {
                  const pending = r.id.startsWith("pending:")
                  return (
                    <tr key={r.id} data-testid="pr-row" data-status={pending ? "sending" : r.status} data-id={r.id}>
                      <td className={s.td}>{formatDateTime(r.created_at)}</td>
                      <td className={s.td}>
                        {r.beneficiary_name}
                        <br />
                        <span className={s.small}>{formatDocument(r.document)}</span>
                      </td>
                      <td className={s.td}>
                        {r.bank_code} · {r.bank_name}
                        <br />
                        <span className={s.small}>
                          {t(`gateway:paymentRequests.accountType.${r.account_type}`)} ·{" "}
                          {r.via === "pix"
                            ? `${t("gateway:paymentRequests.via.pix")}: ${r.pix_key ?? ""}`
                            : `${r.agency ?? ""} / ${r.account ?? ""}-${r.digit ?? ""}`}
                        </span>
                      </td>
                      <td className={s.td}>
                        {[r.invoice, r.social_contract, r.cnpj_mirror]
                          .filter((d) => d !== null)
                          .map((d) => (
                            <span key={d.file_id || d.name} className={s.small}>
                              {d.name}
                              <br />
                            </span>
                          ))}
                      </td>
                      <td className={`${s.td} ${s.num}`}>{f.brl(r.amount)}</td>
                      <td className={s.td}>
                        <Badge tone={pending ? "neutral" : TONE[r.status]}>
                          {pending ? t("gateway:paymentRequests.list.sending") : t(`gateway:paymentRequests.status.${r.status}`)}
                        </Badge>
                        {r.reason ? (
                          <>
                            <br />
                            <span className={s.small}>{r.reason}</span>
                          </>
                        ) : null}
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </section>
  )
}
