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
 */
import { Fragment, useState, type FormEvent, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { getEngine, useLiveQuery } from "../../../workers/client.ts"
import { hasNoEmoji } from "../../../schema/validation.ts"
import { SCHEDULE_MAX_DAYS, type Frequency } from "../../../schema/schedule.ts"
import { RECURRENCE_START_MAX_DAYS } from "../../../schema/pix-schedule.ts"
import { whenProblem, type When } from "../../../schema/pix-pay-when.ts"
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import { DAY_MS } from "../../../schema/sao-paulo-time.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { escapeHtml } from "../../lib/html.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useBrlBalance } from "../../lib/use-live-queries.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { ReceiptAction } from "../../lib/receipt-view.tsx"
import { Button, Card, ConfirmDialog, MoneyField, RadioGroup, Select, TextField, layout } from "../../ui/index.ts"
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
  /** Submits the command; resolves with its id. */
  readonly submit: (walletId: string, amount: number, description: string) => Promise<string>
  /** After a result, "make another Pix": the head clears what it holds. */
  readonly onAgain: () => void
  /** A key the scheduling commands can carry (pay by key): offers "on a date" and "repeat" beside "now". */
  readonly schedulable?: { readonly key: string; readonly key_type: "cpf" | "cnpj" | "email" | "phone" | "random" } | null
}

const FREQUENCIES: ReadonlyArray<Frequency> = ["WEEKLY", "MONTHLY", "ANNUALLY"]
/** The São Paulo calendar day `n` days from now (the page's clock; the server checks again on its own). */
const dayIn = (n: number): string => saoPauloDateKey(new Date(Date.now() + n * DAY_MS))
const showDay = (d: string): string => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`

export function PayConfirm({ head, beneficiary, submit, onAgain, schedulable }: PayConfirmProps) {
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
  const commands = useLiveQuery({ kind: "commands" })
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [description, setDescription] = useState("")
  const [formError, setFormError] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [commandId, setCommandId] = useState<string | null>(null)
  const balance = useBrlBalance(wallet?.id)
  const limitWarning = usePixLimitWarning(wallet?.id)
  const command = commands?.find((c) => c.id === commandId)

  const review = (e: FormEvent): void => {
    e.preventDefault()
    setFormError(null)
    if (amount === null || amount <= 0) {
      setFormError(t("pix:pay.amountRequired"))
      return
    }
    if ([...description].length > 140 || !hasNoEmoji(description)) {
      setFormError(t("pix:pay.descriptionInvalid"))
      return
    }
    if (mode !== "now") {
      // a schedule moves no money now: its balance and limit are the scheduler's on the date (D-pix-schedule)
      const problem = whenProblem({ when: mode, date, start, end })
      if (problem !== null) {
        setFormError(t(`pix:${problem}`, { days: SCHEDULE_MAX_DAYS }))
        return
      }
      setConfirming(true)
      return
    }
    if (balance !== null && amount > balance) {
      setFormError(t("errors:INSUFFICIENT_BALANCE"))
      return
    }
    const overLimit = beneficiary ? limitWarning(amount, beneficiary.document) : null // issue 12: warned before the PIN
    if (overLimit !== null) {
      setFormError(overLimit)
      return
    }
    setConfirming(true)
  }

  const pay = (): void => {
    setConfirming(false)
    if (!wallet || !beneficiary || amount === null) return
    const d = description.trim()
    const k = schedulable
    const sent =
      mode === "date" && k
        ? getEngine().submit(wallet.id, {
            name: "v1.pixSchedule.create",
            payload: { key: k.key, key_type: k.key_type, beneficiary_name: beneficiary.name, amount, description: d, payment_date: date }
          })
        : mode === "repeat" && k
          ? getEngine().submit(wallet.id, {
              name: "v1.pixSchedule.createRecurrence",
              payload: {
                key: k.key,
                key_type: k.key_type,
                beneficiary_name: beneficiary.name,
                value: amount,
                description: d,
                frequency,
                start_date: start,
                ...(end !== "" ? { end_date: end } : {})
              }
            })
          : submit(wallet.id, amount, d)
    sent.then(setCommandId, (err: unknown) => setFormError(t(`errors:${errorKeyOf(err)}`)))
  }

  const again = (): void => {
    setCommandId(null)
    setAmountText("")
    setAmount(null)
    setDescription("")
    setWhen("now")
    onAgain()
  }

  if (command && (command.state === "confirmed" || command.state === "rejected" || command.state === "failed" || command.state === "cancelled")) {
    const ok = command.state === "confirmed"
    // features §6: at or above the wallet's approval minimum the payment waits for the approvers; nothing moved
    const staged = ok && command.outcome === "awaiting_approval"
    const kind = command.body.name === "v1.pixSchedule.create" ? "date" : command.body.name === "v1.pixSchedule.createRecurrence" ? "repeat" : "now"
    const name = beneficiary?.name ?? ""
    const value = amount !== null ? f.brl(amount) : ""
    return (
      <Card>
        <div
          className={layout.stack}
          role="status"
          data-testid="pix-pay-result"
          data-state={command.state}
          data-command-id={command.id}
          data-when={kind}
          data-outcome={command.outcome ?? ""}
        >
          <h2>
            {staged
              ? t("pix:pay.stagedTitle")
              : ok
                ? t(kind === "date" ? "pix:when.scheduledTitle" : kind === "repeat" ? "pix:when.repeatTitle" : "pix:pay.done")
                : command.state === "cancelled"
                  ? t("pix:pay.cancelled")
                  : t("pix:pay.refused")}
          </h2>
          {staged ? <PixStagedNote amount={value} name={name} /> : null}
          {ok && !staged && kind === "now" && beneficiary && amount !== null ? <p>{t("pix:pay.doneText", { amount: value, name })}</p> : null}
          {ok && kind === "date" ? (
            <p data-testid="pix-pay-scheduled">
              {t("pix:when.scheduledText", { amount: value, name, date: showDay(date) })}{" "}
              <Link to={lp("/banking/pix/scheduled-pix")} data-testid="pix-pay-scheduled-link">
                {t("pix:when.seeScheduled")}
              </Link>
            </p>
          ) : null}
          {ok && kind === "repeat" ? (
            <p data-testid="pix-pay-scheduled">
              {t("pix:when.repeatText", { amount: value, name, frequency: t(`pix:when.frequencies.${frequency}`), date: showDay(start) })}{" "}
              <Link to={lp("/banking/pix/recurrence-pix")} data-testid="pix-pay-scheduled-link">
                {t("pix:when.seeRecurrences")}
              </Link>
            </p>
          ) : null}
          {command.error_key ? (
            <p className={layout.errorText} data-testid="pix-pay-error">
              {t(`errors:${command.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          ) : null}
          <PixLimitLeft errorKey={command.error_key} walletId={wallet?.id} />
          <div className={layout.row}>
            <Button onClick={again} data-testid="pix-pay-again">
              {t("pix:pay.again")}
            </Button>
            {ok && !staged && kind === "now" ? (
              <ReceiptAction walletId={command.wallet_id} commandId={command.id} extra={beneficiary?.receipt ? { counterparty: beneficiary.receipt } : {}} />
            ) : null}
          </div>
        </div>
      </Card>
    )
  }
  if (command) {
    return (
      <Card>
        <p role="status" data-testid="pix-pay-result" data-state={command.state} data-command-id={command.id}>
          {command.state === "awaiting-pin" ? t("pix:pay.awaitingPin") : t("pix:pay.sending")}
        </p>
      </Card>
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
            {formError ? (
              <p className={layout.errorText} role="alert" data-testid="pix-form-error">
                {formError}
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
      <ConfirmDialog
        open={confirming}
        title={t("pix:pay.confirmTitle")}
        html={
          beneficiary && amount !== null
            ? escapeHtml(
                mode === "date"
                  ? t("pix:when.confirmDate", { amount: f.brl(amount), name: beneficiary.name, date: showDay(date) })
                  : mode === "repeat"
                    ? t("pix:when.confirmRepeat", {
                        amount: f.brl(amount),
                        name: beneficiary.name,
                        frequency: t(`pix:when.frequencies.${frequency}`),
                        date: showDay(start)
                      })
                    : t("pix:pay.confirmText", { amount: f.brl(amount), name: beneficiary.name })
              )
            : ""
        }
        confirmLabel={mode === "now" ? t("pix:pay.confirm") : t("pix:when.confirm")}
        cancelLabel={t("common:actions.cancel")}
        onAnswer={(yes) => {
          if (yes) pay()
          else setConfirming(false)
        }}
      />
    </div>
  )
}

/** features §6: a payment staged for approval says so (nothing left the account) and leads to the requests. */
export function PixStagedNote({ amount, name }: { readonly amount: string; readonly name: string }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  return (
    <p data-testid="pix-pay-staged">
      {t("pix:pay.stagedText", { amount, name })} <Link to={lp("/control-panel/security/approval/requests")}>{t("pix:pay.seeApprovals")}</Link>
    </p>
  )
}
