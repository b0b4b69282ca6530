/**
 * ted/pay (spec features §1/§9 window, §2 TED pay (post-banking-ted), §3 "TED and banks"; issue 14;
 * D-ted-*): pick a saved contact or search the bank by name or code, fill the account (agency,
 * account, digit, type) and the holder (CPF/CNPJ masked while typing, name), the amount; save as a
 * contact if asked. Before confirming, the window by the sandbox's clock: open now, or when it opens,
 * with "schedule for the next window". The PIN step (shell), a command through the outbox (sending:
 * optimistic debit), and the receipt — or the refusal with when the window opens. Nothing typed is lost.
 * The review dialog, the command and its outcome are the one payment flow's (src/lib/use-pay-flow.ts, D-pay-flow).
 */
import { useEffect, useRef, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine, submitCommand, useList } from "../../../workers/client.ts"
import { searchBanks, TED_BANKS, type Bank } from "../../../schema/banks.ts"
import { maskDocumentTyping, TED_ACCOUNT_TYPES, tedProblems, type TedAccountType, type TedContact, type TedField, type TedWindow } from "../../../schema/ted.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { useBrlBalance } from "../../lib/use-live-queries.ts"
import { usePayFlow } from "../../lib/use-pay-flow.ts"
import { PayOutcome, PayReviewDialog } from "../../lib/pay-flow.tsx"
import { Badge, Button, Card, Checkbox, Combobox, MoneyField, Select, TextField, layout, type ComboOption } from "../../ui/index.ts"
import { accountLine, spWhen } from "./ted-view.ts"
import * as s from "./ted.css.ts"

interface Form {
  readonly bank: Bank | null
  readonly agency: string
  readonly account: string
  readonly digit: string
  readonly accountType: TedAccountType | ""
  readonly document: string
  readonly name: string
  readonly description: string
}
const EMPTY: Form = { bank: null, agency: "", account: "", digit: "", accountType: "", document: "", name: "", description: "" }
const bankLabel = (b: Bank): string => `${b.code} · ${b.name}`

/** What the payer reviews: the account and holder, the amount, the window by the server's clock, whether to save the contact. */
interface Review {
  readonly form: Form & { readonly bank: Bank; readonly accountType: TedAccountType }
  readonly amount: number
  readonly window: TedWindow
  readonly save: boolean
  readonly nonce: number
}

/** The destination as the commands carry it. */
const destOf = (f: Review["form"]) => ({
  bank_code: f.bank.code,
  bank_name: f.bank.name,
  ispb: f.bank.ispb,
  agency: f.agency.trim(),
  account: f.account.trim(),
  digit: f.digit.trim().toUpperCase(),
  account_type: f.accountType,
  document: f.document.replace(/\D/g, ""),
  name: f.name.trim()
})

export function PayTed() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const contacts = useList("ted_contacts", wallet?.id ?? null)
  const balance = useBrlBalance(wallet?.id)
  const [form, setForm] = useState<Form>(EMPTY)
  const [bankText, setBankText] = useState("")
  const [bankOptions, setBankOptions] = useState<ReadonlyArray<Bank>>([])
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [save, setSave] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<TedField, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const [schedule, setSchedule] = useState(false)
  const [refusalWindow, setRefusalWindow] = useState<TedWindow | null>(null)
  const nonce = useRef(0)
  const flow = usePayFlow<Review>({
    send: (r) => {
      const dest = destOf(r.form)
      const description = r.form.description.trim()
      return {
        body:
          !r.window.open && schedule
            ? { name: "v1.ted.schedule", payload: { ...dest, amount: r.amount, description, scheduled_for: r.window.opens_at } }
            : { name: "v1.ted.send", payload: { ...dest, amount: r.amount, description } },
        dedupeKey: `ted:${dest.bank_code}:${dest.account}:${r.amount}:${r.nonce}`,
        also: r.save
          ? [{ body: { name: "v1.ted.saveContact", payload: dest }, dedupeKey: `ted-contact:${dest.bank_code}:${dest.agency}:${dest.account}:${r.nonce}` }]
          : []
      }
    }
  })
  const command = flow.command

  // features §3 bank search by name or code: the server's directory (ted/banks), the same rule locally while it answers or if it cannot
  useEffect(() => {
    if (!wallet) return
    const text = bankText
    setBankOptions(searchBanks(TED_BANKS, text).slice(0, 12))
    if (form.bank !== null && text === bankLabel(form.bank)) return
    let alive = true
    const timer = setTimeout(() => {
      getEngine()
        .call("tedBanks", { walletId: wallet.id, query: { search: text } })
        .then(
          (r) => {
            if (alive) setBankOptions(r.data.slice(0, 12))
          },
          () => undefined
        )
    }, 200)
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [bankText, wallet, form.bank])

  const set = <K extends keyof Form>(k: K, v: Form[K]): void => {
    setForm((x) => ({ ...x, [k]: v }))
    setErrors((e) => {
      const n = { ...e }
      delete n[k === "bank" ? "bank_code" : k === "accountType" ? "account_type" : (k as TedField)]
      return n
    })
    setFormError(null)
  }

  const fromContact = (c: TedContact): void => {
    const bank = TED_BANKS.find((b) => b.code === c.bank_code) ?? { code: c.bank_code, ispb: c.ispb, name: c.bank_name }
    setForm({
      bank,
      agency: c.agency,
      account: c.account,
      digit: c.digit,
      accountType: c.account_type,
      document: maskDocumentTyping(c.document),
      name: c.name,
      description: ""
    })
    setBankText(bankLabel(bank))
    setErrors({})
    setSave(false)
  }

  const fieldError = (k: TedField): string | null => {
    const key = errors[k]
    return key === undefined ? null : t(`ted:fieldErrors.${key}`, { defaultValue: t(`validation:${key}`, { defaultValue: key }) })
  }

  const toReview = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setFormError(null)
    const problems = tedProblems({
      bank_code: form.bank?.code ?? "",
      agency: form.agency,
      account: form.account,
      digit: form.digit,
      ...(form.accountType === "" ? {} : { account_type: form.accountType }),
      document: form.document,
      name: form.name,
      amount,
      description: form.description
    })
    setErrors(problems)
    if (Object.keys(problems).length > 0 || form.bank === null || form.accountType === "" || amount === null || !wallet) {
      setFormError(t("ted:pay.fixFields"))
      return
    }
    if (balance !== null && amount > balance) {
      setFormError(t("errors:INSUFFICIENT_BALANCE"))
      return
    }
    setChecking(true)
    try {
      const w = (await getEngine().call("tedWindow", {})).data
      nonce.current++
      setSchedule(false)
      setRefusalWindow(null)
      flow.review({ form: { ...form, bank: form.bank, accountType: form.accountType }, amount, window: w, save, nonce: nonce.current })
    } catch (err) {
      setFormError(t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    } finally {
      setChecking(false)
    }
  }

  // a refusal outside the window says when it opens (the server's clock)
  const refusedOutside = command?.state === "rejected" && command.error_key === "TED_OUTSIDE_HOURS"
  useEffect(() => {
    if (!refusedOutside) return
    let alive = true
    getEngine()
      .call("tedWindow", {})
      .then(
        (r) => {
          if (alive) setRefusalWindow(r.data)
        },
        () => undefined
      )
    return () => {
      alive = false
    }
  }, [refusedOutside])

  if (command) {
    const r = flow.sent
    const payload = command.body.payload as { readonly scheduled_for?: string }
    const scheduledFor = payload.scheduled_for ?? null
    const refused = flow.phase === "refused" || flow.phase === "cancelled"
    return (
      <PayOutcome
        flow={flow}
        testId="ted"
        texts="ted:pay"
        doneTitle={scheduledFor ? t("ted:pay.scheduled") : undefined}
        summary={{ amount: r ? f.brl(r.amount) : "", name: r?.form.name.trim() ?? "" }}
        errorSuffix={refusedOutside && refusalWindow ? t("ted:window.opensAt", { when: spWhen(refusalWindow.opens_at) }) : undefined}
        receipt={r && !scheduledFor ? { counterparty: { institution: bankLabel(r.form.bank), account: accountLine(destOf(r.form)) } } : null}
        actions={
          refused ? (
            <Button onClick={flow.again} data-testid="ted-retry">
              {t("ted:pay.backToForm")}
            </Button>
          ) : null
        }
        onAgain={() => {
          setForm(EMPTY)
          setBankText("")
          setAmountText("")
          setAmount(null)
          setSave(false)
        }}
      >
        {flow.phase === "done" && r ? (
          <dl className={s.details} data-testid="ted-receipt">
            <ReviewRows review={r} />
            {scheduledFor ? (
              <>
                <dt>{t("ted:fields.scheduledFor")}</dt>
                <dd data-testid="ted-receipt-when">{spWhen(scheduledFor)}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </PayOutcome>
    )
  }

  const options: ReadonlyArray<ComboOption> = bankOptions.map((b) => ({ value: b.code, label: bankLabel(b) }))
  return (
    <div className={layout.stack}>
      {contacts && contacts.length > 0 ? (
        <Card>
          <div className={layout.stack}>
            <h2>{t("ted:contacts.title")}</h2>
            <ul className={s.list} data-testid="ted-contacts">
              {contacts.map((c) => (
                <li key={c.id} className={s.item} data-testid="ted-contact" data-id={c.id}>
                  <div className={s.itemHead}>
                    <span className={s.grow}>{c.name}</span>
                    <span className={layout.muted}>{`${c.bank_code} · ${accountLine(c)}`}</span>
                    {c.id.startsWith("pending:") ? <Badge tone="info">{t("ted:contacts.saving")}</Badge> : null}
                  </div>
                  <div className={s.actions}>
                    <Button size="sm" onClick={() => fromContact(c)} data-testid="ted-contact-use" aria-label={t("ted:contacts.useNamed", { name: c.name })}>
                      {t("ted:contacts.use")}
                    </Button>
                    {c.id.startsWith("pending:") ? null : (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={t("ted:contacts.removeNamed", { name: c.name })}
                        data-testid="ted-contact-remove"
                        onClick={() => {
                          if (wallet)
                            void submitCommand(wallet.id, { name: "v1.ted.deleteContact", payload: { id: c.id } }, `ted-contact-del:${c.id}`).catch(
                              () => undefined
                            )
                        }}
                      >
                        {t("ted:contacts.remove")}
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </Card>
      ) : null}
      <Card>
        <form
          onSubmit={(e) => {
            void toReview(e)
          }}
          className={layout.stack}
          noValidate
          data-testid="ted-form"
        >
          <h2>{t("ted:pay.formTitle")}</h2>
          <Combobox
            label={t("ted:fields.bank")}
            text={bankText}
            options={options}
            testId="ted-bank"
            onTextChange={(v) => {
              setBankText(v)
              if (form.bank !== null) set("bank", null)
            }}
            onSelect={(o) => {
              const b = bankOptions.find((x) => x.code === o.value) ?? null
              set("bank", b)
              setBankText(b ? bankLabel(b) : "")
            }}
            loadingText={t("ted:pay.searching")}
            emptyText={t("ted:pay.noBank")}
            placeholder={t("ted:pay.bankHint")}
            required
            error={fieldError("bank_code")}
          />
          <div className={s.grid}>
            <TextField
              label={t("ted:fields.agency")}
              value={form.agency}
              onChange={(v) => set("agency", v)}
              inputMode="numeric"
              maxLength={4}
              required
              error={fieldError("agency")}
              data-testid="ted-agency"
            />
            <TextField
              label={t("ted:fields.account")}
              value={form.account}
              onChange={(v) => set("account", v)}
              inputMode="numeric"
              maxLength={12}
              required
              error={fieldError("account")}
              data-testid="ted-account"
            />
            <TextField
              label={t("ted:fields.digit")}
              value={form.digit}
              onChange={(v) => set("digit", v)}
              maxLength={1}
              required
              error={fieldError("digit")}
              data-testid="ted-digit"
            />
            <Select
              label={t("ted:fields.accountType")}
              value={form.accountType}
              onChange={(v) => set("accountType", v as TedAccountType)}
              placeholder={t("ted:pay.choose")}
              options={TED_ACCOUNT_TYPES.map((x) => ({ value: x, label: t(`ted:accountTypes.${x}`) }))}
              required
              error={fieldError("account_type")}
              data-testid="ted-account-type"
            />
          </div>
          <div className={s.grid}>
            <TextField
              label={t("ted:fields.document")}
              value={form.document}
              onChange={(v) => set("document", maskDocumentTyping(v))}
              inputMode="numeric"
              required
              error={fieldError("document")}
              data-testid="ted-document"
            />
            <TextField
              label={t("ted:fields.name")}
              value={form.name}
              onChange={(v) => set("name", v)}
              required
              autoComplete="off"
              error={fieldError("name")}
              data-testid="ted-name"
            />
          </div>
          <MoneyField
            label={t("ted:fields.amount")}
            value={amountText}
            onChange={(text, cents) => {
              setAmountText(text)
              setAmount(cents)
              setErrors((x) => {
                const n = { ...x }
                delete n.amount
                return n
              })
            }}
            hint={balance !== null ? t("ted:pay.available", { value: f.brl(balance) }) : undefined}
            error={fieldError("amount")}
            data-testid="ted-amount"
          />
          <TextField
            label={t("ted:fields.description")}
            value={form.description}
            onChange={(v) => set("description", v)}
            maxLength={140}
            error={fieldError("description")}
            data-testid="ted-description"
          />
          <Checkbox label={t("ted:pay.saveContact")} checked={save} onChange={setSave} id="ted-save-contact" />
          {formError ? (
            <p className={layout.errorText} role="alert" data-testid="ted-form-error">
              {formError}
            </p>
          ) : null}
          <div>
            <Button type="submit" busy={checking} data-testid="ted-review-button">
              {t("ted:pay.review")}
            </Button>
          </div>
        </form>
      </Card>
      <PayReviewDialog
        flow={flow}
        title={t("ted:pay.reviewTitle")}
        text={(r) => t("ted:pay.confirmText", { amount: f.brl(r.amount), name: r.form.name.trim() })}
        confirmLabel={flow.reviewing && !flow.reviewing.window.open && schedule ? t("ted:pay.confirmSchedule") : t("ted:pay.confirm")}
        cancelLabel={t("ted:pay.edit")}
        testIds={{ confirm: "ted-confirm", cancel: "ted-edit" }}
      >
        {flow.reviewing ? <ReviewPanel review={flow.reviewing} schedule={schedule} onSchedule={setSchedule} /> : null}
      </PayReviewDialog>
    </div>
  )
}

/** The account, the holder and the amount, as reviewed and as on the receipt. */
function ReviewRows({ review }: { readonly review: Review }) {
  const { t } = useTranslation()
  const f = useFormat()
  return (
    <>
      <dt>{t("ted:fields.name")}</dt>
      <dd>{review.form.name.trim()}</dd>
      <dt>{t("ted:fields.document")}</dt>
      <dd>{f.document(review.form.document.replace(/\D/g, ""))}</dd>
      <dt>{t("ted:fields.bank")}</dt>
      <dd>{bankLabel(review.form.bank)}</dd>
      <dt>{t("ted:fields.agencyAccount")}</dt>
      <dd>{accountLine(review.form)}</dd>
      <dt>{t("ted:fields.accountType")}</dt>
      <dd>{t(`ted:accountTypes.${review.form.accountType}`)}</dd>
      <dt>{t("ted:fields.amount")}</dt>
      <dd className={s.total}>{f.brl(review.amount)}</dd>
    </>
  )
}

/** features §1/§9: the review says whether the window is open by the server's clock, and offers the next one when not. */
function ReviewPanel({ review, schedule, onSchedule }: { readonly review: Review; readonly schedule: boolean; readonly onSchedule: (v: boolean) => void }) {
  const { t } = useTranslation()
  const w = review.window
  return (
    <div className={layout.stack} data-testid="ted-review">
      <dl className={s.details}>
        <ReviewRows review={review} />
      </dl>
      <div className={w.open ? s.windowOpen : s.windowClosed} data-testid="ted-window" data-open={String(w.open)} data-opens-at={w.opens_at}>
        {w.open ? t("ted:window.openNow", { until: spWhen(w.closes_at).slice(-5) }) : t("ted:window.closed", { when: spWhen(w.opens_at) })}
      </div>
      {w.open ? null : <Checkbox label={t("ted:window.schedule", { when: spWhen(w.opens_at) })} checked={schedule} onChange={onSchedule} id="ted-schedule" />}
    </div>
  )
}
