/**
 * The confirm step of a Pix sent (spec features §2 pay by key and by account; issue 12): who
 * receives it (as the decode named them), the amount and message, the checks before the PIN (balance,
 * the day or night limit), the confirm dialog, then the command's state and its receipt or refusal
 * (with what is left of the limit). Shared by pay by key, pay-with-contact and pay by account: each
 * gives its lookup form (`head`, shown until a payment is sent), the decoded beneficiary and how to
 * submit its command. Nothing typed is lost on a refusal before the PIN.
 */
import { Fragment, useState, type FormEvent, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import { hasNoEmoji } from "../../../schema/validation.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { escapeHtml } from "../../lib/html.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useBrlBalance } from "../../lib/use-live-queries.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, ConfirmDialog, MoneyField, TextField, layout } from "../../ui/index.ts"
import { PixLimitLeft, usePixLimitWarning } from "./limits.tsx"
import * as s from "./pix.css.ts"

/** Who receives the Pix, as decoded: the name and the (masked) document, then the rows the way of paying adds. */
export interface PayBeneficiary {
  readonly name: string
  readonly document: string
  readonly rows: ReadonlyArray<readonly [label: string, value: string]>
}

export interface PayConfirmProps {
  /** The way of paying's own form (key, account…): shown until a payment is sent. */
  readonly head: ReactNode
  readonly beneficiary: PayBeneficiary | null
  /** Submits the command; resolves with its id. */
  readonly submit: (walletId: string, amount: number, description: string) => Promise<string>
  /** After a result, "make another Pix": the head clears what it holds. */
  readonly onAgain: () => void
}

export function PayConfirm({ head, beneficiary, submit, onAgain }: PayConfirmProps) {
  const { t } = useTranslation()
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
    if (amount === null || amount <= 0) { setFormError(t("pix:pay.amountRequired")); return }
    if (balance !== null && amount > balance) { setFormError(t("errors:INSUFFICIENT_BALANCE")); return }
    if ([...description].length > 140 || !hasNoEmoji(description)) { setFormError(t("pix:pay.descriptionInvalid")); return }
    const overLimit = beneficiary ? limitWarning(amount, beneficiary.document) : null // issue 12: warned before the PIN
    if (overLimit !== null) { setFormError(overLimit); return }
    setConfirming(true)
  }

  const pay = (): void => {
    setConfirming(false)
    if (!wallet || !beneficiary || amount === null) return
    submit(wallet.id, amount, description.trim()).then(setCommandId, (err: unknown) => setFormError(t(`errors:${errorKeyOf(err)}`)))
  }

  const again = (): void => { setCommandId(null); setAmountText(""); setAmount(null); setDescription(""); onAgain() }

  if (command && (command.state === "confirmed" || command.state === "rejected" || command.state === "failed" || command.state === "cancelled")) {
    const ok = command.state === "confirmed"
    return (
      <Card>
        <div className={layout.stack} role="status" data-testid="pix-pay-result" data-state={command.state} data-command-id={command.id}>
          <h2>{ok ? t("pix:pay.done") : command.state === "cancelled" ? t("pix:pay.cancelled") : t("pix:pay.refused")}</h2>
          {ok && beneficiary && amount !== null ? <p>{t("pix:pay.doneText", { amount: f.brl(amount), name: beneficiary.name })}</p> : null}
          {command.error_key ? <p className={layout.errorText} data-testid="pix-pay-error">{t(`errors:${command.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}</p> : null}
          <PixLimitLeft errorKey={command.error_key} walletId={wallet?.id} />
          <div><Button onClick={again} data-testid="pix-pay-again">{t("pix:pay.again")}</Button></div>
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
              <dt>{t("pix:pay.receiver")}</dt><dd data-testid="pix-beneficiary-name">{beneficiary.name}</dd>
              <dt>{t("pix:pay.document")}</dt><dd data-testid="pix-beneficiary-document">{beneficiary.document}</dd>
              {beneficiary.rows.map(([label, value]) => (
                <Fragment key={label}><dt>{label}</dt><dd>{value}</dd></Fragment>
              ))}
            </dl>
            <MoneyField
              label={t("pix:pay.amount")} value={amountText} onChange={(text, cents) => { setAmountText(text); setAmount(cents) }}
              hint={balance !== null ? t("pix:pay.available", { value: f.brl(balance) }) : undefined} data-testid="pix-amount"
            />
            <TextField label={t("pix:pay.description")} value={description} onChange={setDescription} maxLength={140} data-testid="pix-description" />
            {formError ? <p className={layout.errorText} role="alert" data-testid="pix-form-error">{formError}</p> : null}
            <div><Button type="submit" data-testid="pix-review">{t("pix:pay.review")}</Button></div>
          </form>
        </Card>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t("pix:pay.confirmTitle")}
        html={beneficiary && amount !== null ? escapeHtml(t("pix:pay.confirmText", { amount: f.brl(amount), name: beneficiary.name })) : ""}
        confirmLabel={t("pix:pay.confirm")}
        cancelLabel={t("common:actions.cancel")}
        onAnswer={(yes) => { if (yes) pay(); else setConfirming(false) }}
      />
    </div>
  )
}
