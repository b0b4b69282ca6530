/**
 * billet/pay (spec features §2 pay, §3 decoded boleto, §5 min/max, §8; issue 14): type or paste the
 * line or barcode (grouped as it is typed; a wrong check digit names its field), the decoded slip with
 * every amount part before anything is paid, the amount (fixed, or within min/max), now or on a
 * business day; the PIN step (shell), a command through the outbox (pay now: optimistic debit), and the
 * receipt. What was typed is kept on every refusal. Opened from "To pay" (DDA, issue 32 item 2) with
 * `?line=…&when=now|schedule&date=…`, the line is filled in and looked up at once. The barcode (44-digit
 * interleaved 2 of 5) is read from the camera or an image (issue 31 item 2, src/ui/code-scanner.tsx), turned into
 * the typeable line and checked (scanned-line.ts); a read that fails keeps what was typed and sends nothing.
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { getEngine, submitCommand, useLiveQuery } from "../../../workers/client.ts"
import { amountRefusal, formatLineTyping, lineOfInput, lineProblem, scheduleRefusal, type DecodedBillet } from "../../../schema/billet.ts"
import { formatBoletoLine } from "../../../schema/boleto.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, ConfirmDialog, MoneyField, PasteButton, RadioGroup, TextField, centsToInput, layout } from "../../ui/index.ts"
import { CodeScanner } from "../../ui/code-scanner.tsx"
import { lineOfScan } from "./scanned-line.ts"
import { dayText, todaySp } from "./billet-view.ts"
import * as s from "./billet.css.ts"
import { escapeHtml } from "../../lib/html.ts"
import { useBrlBalance } from "../../lib/use-live-queries.ts"
import { ReceiptAction } from "../../lib/receipt-view.tsx"

export function PayBillet() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const commands = useLiveQuery({ kind: "commands" })
  const balance = useBrlBalance(wallet?.id)
  const [search] = useSearchParams()
  const given = search.get("line")
  const [typed, setTyped] = useState(() => formatLineTyping(given ?? ""))
  const [lineError, setLineError] = useState<string | null>(null)
  const [decoded, setDecoded] = useState<DecodedBillet | null>(null)
  const [looking, setLooking] = useState(false)
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [when, setWhen] = useState<"now" | "schedule">(() => (search.get("when") === "schedule" ? "schedule" : "now"))
  const [date, setDate] = useState(() => search.get("date") ?? "")
  const [formError, setFormError] = useState<string | null>(null)
  const [review, setReview] = useState<{ amount: number; date: string | null; decoded: DecodedBillet } | null>(null)
  const [commandId, setCommandId] = useState<string | null>(null)
  const nonce = useRef(0)
  const command = commands?.find((c) => c.id === commandId)
  const fixed = decoded?.divergent_amount_type === "none"

  const lineField = useRef<HTMLInputElement | null>(null)
  const lookUp = async (e: FormEvent | null, text: string = typed): Promise<void> => {
    e?.preventDefault()
    setLineError(null)
    setDecoded(null)
    const problem = lineProblem(text)
    if (problem !== null || lineOfInput(text) === null) {
      setLineError(t(`billet:pay.problem.${problem ?? "length"}`))
      return
    }
    if (!wallet) return
    setLooking(true)
    try {
      const r = await getEngine().call("billetDecode", { walletId: wallet.id, query: { line: lineOfInput(text) ?? text } })
      setDecoded(r.data)
      setAmount(r.data.divergent_amount_type === "none" ? r.data.charged_amount : null)
      setAmountText(r.data.divergent_amount_type === "none" ? centsToInput(r.data.charged_amount, f.locale) : "")
    } catch (err) {
      const key = errorKeyOf(err)
      setLineError(key === "INCORRECT_DATA" ? t("billet:pay.problem.general") : t(`errors:${key}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    } finally {
      setLooking(false)
    }
  }

  // a line given by "To pay" (DDA) is looked up as soon as the wallet is known, once
  const lookedUpGiven = useRef(false)
  useEffect(() => {
    if (given === null || wallet === null || lookedUpGiven.current) return
    lookedUpGiven.current = true
    void lookUp(null)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the line the page was opened with
  }, [given, wallet])

  const toReview = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setFormError(null)
    if (!decoded || !wallet) return
    if (decoded.expired) {
      setFormError(t("errors:BILLET_EXPIRED"))
      return
    }
    let d = decoded
    let payDate: string | null = null
    if (when === "schedule") {
      const refusal = scheduleRefusal(date, todaySp(), decoded.limit_due_date)
      if (refusal !== null) {
        setFormError(t(`errors:${refusal}`))
        return
      }
      payDate = date
      // the amount charged on that day (a late slip charges more; features §3 charged_amount_due_date)
      try {
        d = (await getEngine().call("billetDecode", { walletId: wallet.id, query: { line: decoded.typeable_line, date } })).data
      } catch (err) {
        setFormError(t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
        return
      }
    }
    const pay = d.divergent_amount_type === "none" ? d.charged_amount : amount
    if (pay === null || pay <= 0) {
      setFormError(t("billet:pay.amountRequired"))
      return
    }
    const refusal = amountRefusal({ divergent: d.divergent_amount_type, min: d.min_amount, max: d.max_amount }, d.charged_amount, pay)
    if (refusal !== null) {
      setFormError(t(`errors:${refusal}`))
      return
    }
    if (payDate === null && balance !== null && pay > balance) {
      setFormError(t("errors:INSUFFICIENT_BALANCE"))
      return
    }
    nonce.current++
    setReview({ amount: pay, date: payDate, decoded: d })
  }

  const pay = (): void => {
    const r = review
    setReview(null)
    if (!wallet || !r) return
    const base = { line: r.decoded.typeable_line, amount: r.amount, beneficiary_name: r.decoded.beneficiary_name }
    const body =
      r.date === null ? { name: "v1.billet.pay" as const, payload: base } : { name: "v1.billet.schedule" as const, payload: { ...base, payment_date: r.date } }
    // one command per reviewed payment: a second click on the same review is the same command
    submitCommand(wallet.id, body, `billet:${r.decoded.typeable_line}:${r.amount}:${r.date ?? "now"}:${nonce.current}`).then(setCommandId, (err: unknown) =>
      setFormError(t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    )
  }

  const again = (): void => {
    setCommandId(null)
    setDecoded(null)
    setTyped("")
    setAmountText("")
    setAmount(null)
    setWhen("now")
    setDate("")
  }

  const receipt = useMemo(
    () => (command?.body.name === "v1.billet.pay" || command?.body.name === "v1.billet.schedule" ? command.body.payload : null),
    [command]
  )
  if (command && receipt && (command.state === "confirmed" || command.state === "rejected" || command.state === "failed" || command.state === "cancelled")) {
    const ok = command.state === "confirmed"
    const scheduledFor: string | null = "payment_date" in receipt ? String(receipt.payment_date) : null
    return (
      <Card>
        <div className={layout.stack} role="status" data-testid="billet-pay-result" data-state={command.state} data-command-id={command.id}>
          <h2>
            {ok
              ? scheduledFor
                ? t("billet:pay.scheduled")
                : t("billet:pay.done")
              : command.state === "cancelled"
                ? t("billet:pay.cancelled")
                : t("billet:pay.refused")}
          </h2>
          {ok ? (
            <dl className={s.details} data-testid="billet-receipt">
              <dt>{t("billet:fields.beneficiary")}</dt>
              <dd>{receipt.beneficiary_name}</dd>
              <dt>{t("billet:fields.amount")}</dt>
              <dd className={s.money}>{f.brl(receipt.amount)}</dd>
              <dt>{scheduledFor ? t("billet:fields.paymentDate") : t("billet:fields.paidOn")}</dt>
              <dd>{dayText(scheduledFor ?? todaySp())}</dd>
              <dt>{t("billet:fields.line")}</dt>
              <dd className={s.line}>{formatBoletoLine(receipt.line)}</dd>
            </dl>
          ) : null}
          {command.error_key ? (
            <p className={layout.errorText} data-testid="billet-pay-error">
              {t(`errors:${command.error_key}`, { defaultValue: t("errors:UNKNOWN_ERROR") })}
            </p>
          ) : null}
          <div>
            <Button onClick={again} data-testid="billet-pay-again">
              {t("billet:pay.again")}
            </Button>{" "}
            {ok && !scheduledFor && command.outcome !== "awaiting_approval" ? (
              <ReceiptAction walletId={command.wallet_id} commandId={command.id} extra={{ counterparty: { account: formatBoletoLine(receipt.line) } }} />
            ) : null}
          </div>
        </div>
      </Card>
    )
  }
  if (command) {
    return (
      <Card>
        <p role="status" data-testid="billet-pay-result" data-state={command.state} data-command-id={command.id}>
          {command.state === "awaiting-pin" ? t("billet:pay.awaitingPin") : t("billet:pay.sending")}
        </p>
      </Card>
    )
  }

  return (
    <div className={layout.stack}>
      <Card>
        <form
          onSubmit={(e) => {
            void lookUp(e)
          }}
          className={layout.stack}
          noValidate
          data-testid="billet-line-form"
        >
          <TextField
            ref={lineField}
            label={t("billet:pay.line")}
            hint={t("billet:pay.lineHint")}
            value={typed}
            onChange={(v) => {
              setTyped(formatLineTyping(v))
              setDecoded(null)
              setLineError(null)
            }}
            error={lineError}
            autoComplete="off"
            inputMode="numeric"
            data-testid="billet-line"
          />
          <div>
            <PasteButton
              label={t("billet:pay.paste")}
              onPaste={(text) => {
                setTyped(formatLineTyping(text))
                setDecoded(null)
                setLineError(null)
              }}
              data-testid="billet-line-paste"
            />
          </div>
          <CodeScanner
            format="itf"
            texts={{
              camera: t("billet:pay.scan.camera"),
              stopCamera: t("billet:pay.scan.stopCamera"),
              image: t("billet:pay.scan.image"),
              video: t("billet:pay.scan.video"),
              cameraHint: t("billet:pay.scan.cameraHint"),
              reading: t("billet:pay.scan.reading"),
              noCamera: t("billet:pay.scan.noCamera"),
              cameraDenied: t("billet:pay.scan.cameraDenied"),
              noCode: t("billet:pay.scan.noCode"),
              damaged: t("billet:pay.scan.damaged")
            }}
            check={(text) => {
              const r = lineOfScan(text)
              return "line" in r ? null : t(`billet:pay.scan.${r.problem}`)
            }}
            onCode={(text) => {
              const r = lineOfScan(text)
              if (!("line" in r)) return
              // the typeable line read is shown as if typed, then looked up (decoded by the bank) at once
              const line = formatLineTyping(r.line)
              setTyped(line)
              lineField.current?.focus()
              void lookUp(null, line)
            }}
            onProblem={setLineError}
            testIds={{ camera: "billet-scan-camera", image: "billet-scan-image", video: "billet-scan-video", status: "billet-scan-status" }}
          />
          <div>
            <Button type="submit" busy={looking} data-testid="billet-line-continue">
              {t("billet:pay.lookUp")}
            </Button>
          </div>
        </form>
      </Card>
      {decoded ? (
        <Card>
          <form
            onSubmit={(e) => {
              void toReview(e)
            }}
            className={layout.stack}
            noValidate
            data-testid="billet-amount-form"
          >
            <h2>{t("billet:pay.details")}</h2>
            <dl className={s.details} data-testid="billet-decoded">
              <dt>{t("billet:fields.beneficiary")}</dt>
              <dd data-testid="billet-beneficiary">{decoded.beneficiary_name}</dd>
              <dt>{t("billet:fields.document")}</dt>
              <dd>{f.document(decoded.beneficiary_document)}</dd>
              <dt>{t("billet:fields.bank")}</dt>
              <dd data-testid="billet-bank">
                {decoded.beneficiary_bank_code ? `${decoded.beneficiary_bank_code} · ` : ""}
                {decoded.beneficiary_bank_name}
              </dd>
              <dt>{t("billet:fields.dueDate")}</dt>
              <dd>{dayText(decoded.due_date)}</dd>
              <dt>{t("billet:fields.limitDate")}</dt>
              <dd>{dayText(decoded.limit_due_date)}</dd>
              <dt>{t("billet:fields.original")}</dt>
              <dd className={s.money}>{f.brl(decoded.original_amount)}</dd>
              <dt>{t("billet:fields.rebate")}</dt>
              <dd className={s.money} data-testid="billet-rebate">
                − {f.brl(decoded.rebate_amount)}
              </dd>
              <dt>{t("billet:fields.discount")}</dt>
              <dd className={s.money} data-testid="billet-discount">
                − {f.brl(decoded.discount_amount)}
              </dd>
              <dt>{t("billet:fields.fine")}</dt>
              <dd className={s.money} data-testid="billet-fine">
                + {f.brl(decoded.fine_amount)}
              </dd>
              <dt>{t("billet:fields.interest")}</dt>
              <dd className={s.money} data-testid="billet-interest">
                + {f.brl(decoded.interest_amount)}
              </dd>
              <dt>{t("billet:fields.charged", { date: dayText(decoded.charged_amount_due_date) })}</dt>
              <dd className={s.total} data-testid="billet-charged" data-value={decoded.charged_amount}>
                {f.brl(decoded.charged_amount)}
              </dd>
              {decoded.divergent_amount_type !== "none" ? (
                <>
                  <dt>{t("billet:fields.divergent")}</dt>
                  <dd data-testid="billet-range">
                    {decoded.max_amount !== null
                      ? t("billet:pay.range", { min: f.brl(decoded.min_amount ?? 1), max: f.brl(decoded.max_amount) })
                      : t("billet:pay.anyAmount")}
                  </dd>
                </>
              ) : null}
            </dl>
            {decoded.expired ? (
              <p className={layout.errorText} role="alert" data-testid="billet-expired">
                {t("errors:BILLET_EXPIRED")}
              </p>
            ) : (
              <>
                {fixed ? null : (
                  <MoneyField
                    label={t("billet:pay.amount")}
                    value={amountText}
                    onChange={(text, cents) => {
                      setAmountText(text)
                      setAmount(cents)
                    }}
                    hint={balance !== null ? t("billet:pay.available", { value: f.brl(balance) }) : undefined}
                    data-testid="billet-amount"
                  />
                )}
                <RadioGroup
                  label={t("billet:pay.when")}
                  value={when}
                  onChange={(v) => {
                    setWhen(v as "now" | "schedule")
                    setFormError(null)
                  }}
                  options={[
                    { value: "now", label: t("billet:pay.now") },
                    { value: "schedule", label: t("billet:pay.schedule") }
                  ]}
                />
                {when === "schedule" ? (
                  <TextField
                    label={t("billet:pay.date")}
                    hint={t("billet:pay.dateHint")}
                    type="date"
                    value={date}
                    onChange={setDate}
                    className={s.dateInput}
                    data-testid="billet-date"
                  />
                ) : null}
                {formError ? (
                  <p className={layout.errorText} role="alert" data-testid="billet-form-error">
                    {formError}
                  </p>
                ) : null}
                <div>
                  <Button type="submit" data-testid="billet-review">
                    {t("billet:pay.review")}
                  </Button>
                </div>
              </>
            )}
          </form>
        </Card>
      ) : null}
      <ConfirmDialog
        open={review !== null}
        title={t("billet:pay.confirmTitle")}
        html={
          review
            ? escapeHtml(
                review.date === null
                  ? t("billet:pay.confirmText", { amount: f.brl(review.amount), name: review.decoded.beneficiary_name })
                  : t("billet:pay.confirmSchedule", { amount: f.brl(review.amount), name: review.decoded.beneficiary_name, date: dayText(review.date) })
              )
            : ""
        }
        confirmLabel={t("billet:pay.confirm")}
        cancelLabel={t("common:actions.cancel")}
        onAnswer={(yes) => {
          if (yes) pay()
          else setReview(null)
        }}
      />
    </div>
  )
}
