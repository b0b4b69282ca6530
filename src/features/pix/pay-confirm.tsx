/**
 * The confirm step of a Pix sent (spec features §2 pay by key and by account; issue 12): who
 * receives it (as the decode named them), the amount and message, the checks before the PIN (balance,
 * the day or night limit), the confirm dialog, then the command's state and its receipt or refusal
 * (with what is left of the limit). Shared by pay by key, pay-with-contact and pay by account: each
 * gives its lookup form (`head`, shown until a payment is sent), the decoded beneficiary and how to
 * submit its command. Nothing typed is lost on a refusal before the PIN.
 * When (issue 13, D-pix-pay-when): a payment by key may instead be scheduled for a date (tomorrow up to
 * 60 days ahead, São Paulo) or repeated (weekly, monthly, yearly from a first date, optionally until a
 * last one) through the scheduling commands; its receipt says so and leads to the scheduled-pix or
 * recurrence-pix page. A Pix sent now offers its receipt (issue 31 item 1, src/lib/receipt-view.tsx).
 * The review, the command and its outcome are the one payment flow's (src/lib/use-pay-flow.ts, D-pay-flow).
 */
import { Fragment, useState, type FormEvent, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { hasNoEmoji } from "../../../schema/validation.ts"
import { SCHEDULE_MAX_DAYS, type Frequency } from "../../../schema/schedule.ts"
import { RECURRENCE_START_MAX_DAYS } from "../../../schema/pix-schedule.ts"
import { whenProblem, type When } from "../../../schema/pix-pay-when.ts"
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import { DAY_MS } from "../../../schema/sao-paulo-time.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useBrlBalance } from "../../lib/use-live-queries.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { usePayFlow, type PaySend } from "../../lib/use-pay-flow.ts"
import { PayOutcome, PayReviewDialog } from "../../lib/pay-flow.tsx"
import { Button, Card, MoneyField, RadioGroup, Select, TextField, layout } from "../../ui/index.ts"
import { PixLimitLeft, usePixLimitWarning } from "./limits.tsx"
import * as s from "./pix.css.ts"

/** Who receives the Pix, as decoded: the name and the (masked) document, then the rows the way of paying adds. */
export interface PayBeneficiary {
  readonly name: string
  readonly document: string
  readonly rows: ReadonlyArray<readonly [label: string, value: string]>
  /** What the receipt says of the receiver besides the statement row (issue 31 item 1): the institution and the key or account. */
  readonly receipt?: { readonly institution: string; readonly account: string }
}

export interface PayConfirmProps {
  /** The way of paying's own form (key, account…): shown until a payment is sent. */
  readonly head: ReactNode
  readonly beneficiary: PayBeneficiary | null
  /** The payment made now as its command (pay by key, by account). */
  readonly command: (amount: number, description: string) => PaySend
  /** After a result, "make another Pix": the head clears what it holds. */
  readonly onAgain: () => void
  /** A key the scheduling commands can carry (pay by key): offers "on a date" and "repeat" beside "now". */
  readonly schedulable?: { readonly key: string; readonly key_type: "cpf" | "cnpj" | "email" | "phone" | "random" } | null
}

/** What the payer reviews and confirms; kept with the command for its outcome. */
interface Review {
  readonly mode: When
  readonly amount: number
  readonly description: string
  readonly beneficiary: PayBeneficiary
  readonly date: string
  readonly frequency: Frequency
  readonly start: string
  readonly end: string
}

const FREQUENCIES: ReadonlyArray<Frequency> = ["WEEKLY", "MONTHLY", "ANNUALLY"]
/** The São Paulo calendar day `n` days from now (the page's clock; the server checks again on its own). */
const dayIn = (n: number): string => saoPauloDateKey(new Date(Date.now() + n * DAY_MS))
const showDay = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`

export function PayConfirm({ head, beneficiary, command, onAgain, schedulable }: PayConfirmProps) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const [when, setWhen] = useState<When>("now")
  const [date, setDate] = useState(() => dayIn(1))
  const [frequency, setFrequency] = useState<Frequency>("MONTHLY")
  const [start, setStart] = useState(() => dayIn(1))
  const [end, setEnd] = useState("")
  const mode: When = schedulable ? when : "now"
  const f = useFormat()
  const wallet = useCurrentWallet()
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [description, setDescription] = useState("")
  const [formError, setFormError] = useState<string | null>(null)
  const { balance, check } = usePixPayCheck(wallet?.id)
  const flow = usePayFlow<Review>({
    send: (r) => {
      const k = schedulable
      if (k && r.mode !== "now") {
        const to = { key: k.key, key_type: k.key_type, beneficiary_name: r.beneficiary.name, description: r.description }
        return r.mode === "date"
          ? { body: { name: "v1.pixSchedule.create", payload: { ...to, amount: r.amount, payment_date: r.date } } }
          : {
              body: {
                name: "v1.pixSchedule.createRecurrence",
                payload: { ...to, value: r.amount, frequency: r.frequency, start_date: r.start, ...(r.end !== "" ? { end_date: r.end } : {}) }
              }
            }
      }
      return command(r.amount, r.description)
    }
  })

  const review = (e: FormEvent): void => {
    e.preventDefault()
    setFormError(null)
    if (!beneficiary) return
    // a schedule moves no money now: its balance and limit are the scheduler's on the date (D-pix-schedule)
    const problem = check(amount, description, beneficiary.document, mode === "now")
    const dateProblem = mode === "now" ? null : whenProblem({ when: mode, date, start, end })
    if (problem !== null || dateProblem !== null || amount === null) {
      setFormError(problem ?? t(`pix:${dateProblem ?? ""}`, { days: SCHEDULE_MAX_DAYS }))
      return
    }
    flow.review({ mode, amount, description: description.trim(), beneficiary, date, frequency, start, end })
  }

  if (flow.command) {
    const c = flow.command
    const kind = c.body.name === "v1.pixSchedule.create" ? "date" : c.body.name === "v1.pixSchedule.createRecurrence" ? "repeat" : "now"
    const r = flow.sent
    const name = r?.beneficiary.name ?? ""
    const value = r ? f.brl(r.amount) : ""
    const done = flow.phase === "done"
    return (
      <PayOutcome
        flow={flow}
        testId="pix-pay"
        texts="pix:pay"
        doneTitle={kind === "date" ? t("pix:when.scheduledTitle") : kind === "repeat" ? t("pix:when.repeatTitle") : undefined}
        attrs={{ "data-when": kind }}
        summary={{ amount: value, name }}
        errorNote={<PixLimitLeft errorKey={c.error_key} walletId={wallet?.id} />}
        receipt={kind === "now" ? (r?.beneficiary.receipt ? { counterparty: r.beneficiary.receipt } : {}) : null}
        onAgain={() => {
          setAmountText("")
          setAmount(null)
          setDescription("")
          setWhen("now")
          onAgain()
        }}
      >
        {done && kind === "now" && r ? <p>{t("pix:pay.doneText", { amount: value, name })}</p> : null}
        {done && kind === "date" && r ? (
          <p data-testid="pix-pay-scheduled">
            {t("pix:when.scheduledText", { amount: value, name, date: showDay(r.date) })}{" "}
            <Link to={lp("/banking/pix/scheduled-pix")} data-testid="pix-pay-scheduled-link">
              {t("pix:when.seeScheduled")}
            </Link>
          </p>
        ) : null}
        {done && kind === "repeat" && r ? (
          <p data-testid="pix-pay-scheduled">
            {t("pix:when.repeatText", { amount: value, name, frequency: t(`pix:when.frequencies.${r.frequency}`), date: showDay(r.start) })}{" "}
            <Link to={lp("/banking/pix/recurrence-pix")} data-testid="pix-pay-scheduled-link">
              {t("pix:when.seeRecurrences")}
            </Link>
          </p>
        ) : null}
      </PayOutcome>
    )
  }
  return (
    <div className={layout.stack}>
      {head}
      {beneficiary ? (
        <Card>
          <form onSubmit={review} className={layout.stack} noValidate data-testid="pix-amount-form">
            <dl className={s.beneficiary} data-testid="pix-beneficiary">
              <dt>{t("pix:pay.receiver")}</dt>
              <dd data-testid="pix-beneficiary-name">{beneficiary.name}</dd>
              <dt>{t("pix:pay.document")}</dt>
              <dd data-testid="pix-beneficiary-document">{beneficiary.document}</dd>
              {beneficiary.rows.map(([label, value]) => (
                <Fragment key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </dl>
            <MoneyField
              label={t("pix:pay.amount")}
              value={amountText}
              onChange={(text, cents) => {
                setAmountText(text)
                setAmount(cents)
              }}
              hint={balance !== null ? t("pix:pay.available", { value: f.brl(balance) }) : undefined}
              data-testid="pix-amount"
            />
            <TextField label={t("pix:pay.description")} value={description} onChange={setDescription} maxLength={140} data-testid="pix-description" />
            {schedulable ? (
              <div className={layout.stack} data-testid="pix-when" data-when={when}>
                <RadioGroup
                  label={t("pix:when.label")}
                  value={when}
                  onChange={(v) => {
                    setWhen(v as When)
                    setFormError(null)
                  }}
                  options={[
                    { value: "now", label: t("pix:when.now") },
                    { value: "date", label: t("pix:when.date") },
                    { value: "repeat", label: t("pix:when.repeat") }
                  ]}
                />
                {when === "date" ? (
                  <TextField
                    type="date"
                    label={t("pix:when.dateLabel")}
                    hint={t("pix:when.dateHint", { days: SCHEDULE_MAX_DAYS })}
                    value={date}
                    min={dayIn(1)}
                    max={dayIn(SCHEDULE_MAX_DAYS)}
                    onChange={(v) => {
                      setDate(v)
                      setFormError(null)
                    }}
                    data-testid="pix-when-date"
                  />
                ) : null}
                {when === "repeat" ? (
                  <>
                    <Select
                      label={t("pix:when.frequency")}
                      value={frequency}
                      onChange={(v) => setFrequency(v as Frequency)}
                      options={FREQUENCIES.map((x) => ({ value: x, label: t(`pix:when.frequencies.${x}`) }))}
                      data-testid="pix-when-frequency"
                    />
                    <TextField
                      type="date"
                      label={t("pix:when.start")}
                      value={start}
                      min={dayIn(1)}
                      max={dayIn(RECURRENCE_START_MAX_DAYS)}
                      onChange={(v) => {
                        setStart(v)
                        setFormError(null)
                      }}
                      data-testid="pix-when-start"
                    />
                    <TextField
                      type="date"
                      label={t("pix:when.end")}
                      hint={t("pix:when.endHint")}
                      value={end}
                      min={start}
                      onChange={(v) => {
                        setEnd(v)
                        setFormError(null)
                      }}
                      data-testid="pix-when-end"
                    />
                  </>
                ) : null}
              </div>
            ) : null}
            {formError || flow.sendError ? (
              <p className={layout.errorText} role="alert" data-testid="pix-form-error">
                {formError ?? t(flow.sendError ?? "")}
              </p>
            ) : null}
            <div>
              <Button type="submit" data-testid="pix-review">
                {t("pix:pay.review")}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
      <PayReviewDialog
        flow={flow}
        title={t("pix:pay.confirmTitle")}
        text={(r) =>
          r.mode === "date"
            ? t("pix:when.confirmDate", { amount: f.brl(r.amount), name: r.beneficiary.name, date: showDay(r.date) })
            : r.mode === "repeat"
              ? t("pix:when.confirmRepeat", {
                  amount: f.brl(r.amount),
                  name: r.beneficiary.name,
                  frequency: t(`pix:when.frequencies.${r.frequency}`),
                  date: showDay(r.start)
                })
              : t("pix:pay.confirmText", { amount: f.brl(r.amount), name: r.beneficiary.name })
        }
        confirmLabel={mode === "now" ? t("pix:pay.confirm") : t("pix:when.confirm")}
      />
    </div>
  )
}

/**
 * The checks of a Pix before its review (features §2, §5, §8; issue 12): an amount above zero, a message of at most
 * 140 characters without emoji and, for a payment made now, the balance and what is left of the limit for this
 * beneficiary. The message to show, or null. Shared by pay by key, contact, account and code.
 */
export function usePixPayCheck(walletId: string | null | undefined): {
  /** The wallet's BRL balance (the amount field's hint), null until known. */
  readonly balance: number | null
  readonly check: (amount: number | null, description: string, beneficiaryDocument: string, now: boolean) => string | null
} {
  const { t } = useTranslation()
  const balance = useBrlBalance(walletId)
  const limitWarning = usePixLimitWarning(walletId)
  const check = (amount: number | null, description: string, document: string, now: boolean): string | null => {
    if (amount === null || amount <= 0) return t("pix:pay.amountRequired")
    if ([...description].length > 140 || !hasNoEmoji(description)) return t("pix:pay.descriptionInvalid")
    if (!now) return null
    if (balance !== null && amount > balance) return t("errors:INSUFFICIENT_BALANCE")
    return limitWarning(amount, document) // issue 12: warned before the PIN
  }
  return { balance, check }
}
