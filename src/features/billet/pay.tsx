/**
 * billet/pay (spec features §2 pay, §3 decoded boleto, §5 min/max, §8; issue 14): type or paste the
 * line or barcode (grouped as it is typed; a wrong check digit names its field), the decoded slip with
 * every amount part before anything is paid, the amount (fixed, or within min/max), now or on a
 * business day; the PIN step (shell), a command through the outbox (pay now: optimistic debit), and the
 * receipt — the review, the command and its outcome are the one payment flow's (src/lib/use-pay-flow.ts, D-pay-flow). What was typed is kept on every refusal. Opened from "To pay" (DDA, issue 32 item 2) with
 * `?line=…&when=now|schedule&date=…`, the line is filled in and looked up at once. The barcode (44-digit
 * interleaved 2 of 5) is read from the camera or an image (issue 31 item 2, src/ui/code-scanner.tsx), turned into
 * the typeable line and checked (scanned-line.ts); a read that fails keeps what was typed and sends nothing.
 */
import { useEffect, useRef, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { getEngine } from "../../../workers/client.ts"
import { amountRefusal, formatLineTyping, lineOfInput, lineProblem, scheduleRefusal, type DecodedBillet } from "../../../schema/billet.ts"
import { formatBoletoLine } from "../../../schema/boleto.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, MoneyField, PasteButton, RadioGroup, TextField, centsToInput, layout } from "../../ui/index.ts"
import { CodeScanner } from "../../ui/code-scanner.tsx"
import { lineOfScan } from "./scanned-line.ts"
import { dayText, todaySp } from "./billet-view.ts"
import * as s from "./billet.css.ts"
import { useBrlBalance } from "../../lib/use-live-queries.ts"
import { usePayFlow } from "../../lib/use-pay-flow.ts"
import { PayOutcome, PayReviewDialog } from "../../lib/pay-flow.tsx"

/** What the payer reviews: the slip as decoded for the day paid, the amount, the day (null: now). */
interface Review {
  readonly amount: number
  readonly date: string | null
  readonly decoded: DecodedBillet
  readonly nonce: number
}

export function PayBillet() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
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
  const nonce = useRef(0)
  const flow = usePayFlow<Review>({
    send: ({ amount: a, date: day, decoded: d, nonce: n }) => {
      const base = { line: d.typeable_line, amount: a, beneficiary_name: d.beneficiary_name }
      return {
        body: day === null ? { name: "v1.billet.pay", payload: base } : { name: "v1.billet.schedule", payload: { ...base, payment_date: day } },
        // one command per reviewed payment: a second click on the same review is the same command
        dedupeKey: `billet:${d.typeable_line}:${a}:${day ?? "now"}:${n}`
      }
    }
  })
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
    flow.review({ amount: pay, date: payDate, decoded: d, nonce: nonce.current })
  }

  if (flow.command) {
    const r = flow.sent
    const done = flow.phase === "done"
    return (
      <PayOutcome
        flow={flow}
        testId="billet-pay"
        texts="billet:pay"
        doneTitle={r?.date ? t("billet:pay.scheduled") : undefined}
        summary={{ amount: r ? f.brl(r.amount) : "", name: r?.decoded.beneficiary_name ?? "" }}
        receipt={r && r.date === null ? { counterparty: { account: formatBoletoLine(r.decoded.typeable_line) } } : null}
        onAgain={() => {
          setDecoded(null)
          setTyped("")
          setAmountText("")
          setAmount(null)
          setWhen("now")
          setDate("")
        }}
      >
        {done && r ? (
          <dl className={s.details} data-testid="billet-receipt">
            <dt>{t("billet:fields.beneficiary")}</dt>
            <dd>{r.decoded.beneficiary_name}</dd>
            <dt>{t("billet:fields.amount")}</dt>
            <dd className={s.money}>{f.brl(r.amount)}</dd>
            <dt>{r.date ? t("billet:fields.paymentDate") : t("billet:fields.paidOn")}</dt>
            <dd>{dayText(r.date ?? todaySp())}</dd>
            <dt>{t("billet:fields.line")}</dt>
            <dd className={s.line}>{formatBoletoLine(r.decoded.typeable_line)}</dd>
          </dl>
        ) : null}
      </PayOutcome>
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
                {formError || flow.sendError ? (
                  <p className={layout.errorText} role="alert" data-testid="billet-form-error">
                    {formError ?? t(flow.sendError ?? "")}
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
      <PayReviewDialog
        flow={flow}
        title={t("billet:pay.confirmTitle")}
        text={(r) =>
          r.date === null
            ? t("billet:pay.confirmText", { amount: f.brl(r.amount), name: r.decoded.beneficiary_name })
            : t("billet:pay.confirmSchedule", { amount: f.brl(r.amount), name: r.decoded.beneficiary_name, date: dayText(r.date) })
        }
        confirmLabel={t("billet:pay.confirm")}
      />
    </div>
  )
}
