/**
 * Paying by copy-and-paste code or by a QR image (spec features §2 pay "by copy-and-paste code", §1 "by
 * QR code", §7 decode/by-qr-code and by-qr-code static/dynamic instant-billing, §8; issue 12): the code
 * is checked here first (schema/pix-brcode.ts: CRC, layout, kind), then decoded by the server to its
 * beneficiary (expired and paid dynamic codes refused), the amount is the code's or typed, then the PIN
 * step — a command through the outbox with its optimistic debit (the one payment flow, D-pay-flow). The QR code is read from the camera or an
 * image in every browser (issue 31 item 2, src/ui/code-scanner.tsx: BarcodeDetector where present, a pure-JS
 * reader otherwise); a read code is checked like a pasted one before it replaces the field. What was typed is
 * kept on every refusal.
 */
import { useRef, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { tryDecodePixCopyPaste } from "../../../schema/validation.ts"
import type { PixQrDecoded } from "../../../schema/pix-qr.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Button, Card, MoneyField, PasteButton, TextField, layout } from "../../ui/index.ts"
import { CodeScanner } from "../../ui/code-scanner.tsx"
import * as s from "./pix.css.ts"
import { PixLimitLeft } from "./limits.tsx"
import { usePixPayCheck } from "./pay-confirm.tsx"
import { usePayFlow } from "../../lib/use-pay-flow.ts"
import { PayOutcome, PayReviewDialog } from "../../lib/pay-flow.tsx"

/** The catalogue key for a code refused before it is sent (features §8: bad CRC, not a code, wrong kind). */
export const localCodeError = (code: string): string | null => {
  const r = tryDecodePixCopyPaste(code)
  if (r.ok) return null
  return r.error._tag === "PixCrcMismatch" ? "PIX_QR_CRC" : r.error._tag === "PixUnsupported" ? "PIX_QR_UNSUPPORTED" : "PIX_QR_INVALID"
}

/** What the payer reviews: the code as decoded, the amount and the message. */
interface Review {
  readonly code: string
  readonly amount: number
  readonly description: string
  readonly decoded: PixQrDecoded
}

export function PayByCode() {
  const { t } = useTranslation()
  const f = useFormat()
  const wallet = useCurrentWallet()
  const { balance, check } = usePixPayCheck(wallet?.id)
  const [code, setCode] = useState("")
  const [codeError, setCodeError] = useState<string | null>(null)
  const [decoded, setDecoded] = useState<PixQrDecoded | null>(null)
  const [looking, setLooking] = useState(false)
  const [amountText, setAmountText] = useState("")
  const [amount, setAmount] = useState<number | null>(null)
  const [description, setDescription] = useState("")
  const [formError, setFormError] = useState<string | null>(null)
  const codeField = useRef<HTMLTextAreaElement | null>(null)
  const flow = usePayFlow<Review>({
    // one command per code and amount: a second click while the first is recorded sends nothing more
    send: (r) => ({
      body: {
        name: "v1.pix.payByQrCode",
        payload: { code: r.code, kind: r.decoded.kind, amount: r.amount, description: r.description, beneficiary_name: r.decoded.beneficiary_name }
      },
      dedupeKey: `pix-qr:${r.code}:${r.amount}`
    })
  })

  const lookUp = async (text: string): Promise<void> => {
    setCodeError(null)
    setDecoded(null)
    const typed = text.trim()
    if (typed === "") {
      setCodeError(t("pix:code.required"))
      return
    }
    const local = localCodeError(typed)
    if (local !== null) {
      setCodeError(t(`errors:${local}`))
      return
    }
    if (!wallet) return
    setLooking(true)
    try {
      const r = await getEngine().call("pixDecodeByQrCode", { walletId: wallet.id, query: { code: typed } })
      setDecoded(r.data)
      if (r.data.amount !== null) {
        setAmount(r.data.amount)
        setAmountText("")
      }
    } catch (err) {
      setCodeError(t(`errors:${errorKeyOf(err)}`, { defaultValue: t("errors:UNKNOWN_ERROR") }))
    } finally {
      setLooking(false)
    }
  }

  const review = (e: FormEvent): void => {
    e.preventDefault()
    setFormError(null)
    if (!decoded) return
    const problem = check(amount, description, decoded.beneficiary_document, true)
    if (problem !== null || amount === null) {
      setFormError(problem)
      return
    }
    flow.review({ code: code.trim(), amount, description: description.trim(), decoded })
  }

  if (flow.command) {
    const r = flow.sent
    return (
      <PayOutcome
        flow={flow}
        testId="pix-code"
        texts="pix:pay"
        summary={{ amount: r ? f.brl(r.amount) : "", name: r?.decoded.beneficiary_name ?? "" }}
        errorNote={<PixLimitLeft errorKey={flow.command.error_key} walletId={wallet?.id} />}
        onAgain={() => {
          setDecoded(null)
          setCode("")
          setAmountText("")
          setAmount(null)
          setDescription("")
        }}
      >
        {flow.phase === "done" && r ? <p>{t("pix:pay.doneText", { amount: f.brl(r.amount), name: r.decoded.beneficiary_name })}</p> : null}
      </PayOutcome>
    )
  }

  return (
    <div className={layout.stack}>
      <Card>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void lookUp(code)
          }}
          className={layout.stack}
          noValidate
          data-testid="pix-code-form"
        >
          <label className={s.label} htmlFor="pix-code-text">
            {t("pix:code.label")}
          </label>
          <textarea
            ref={codeField}
            id="pix-code-text"
            className={s.code}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value)
              setDecoded(null)
            }}
            aria-invalid={codeError !== null}
            aria-describedby={codeError !== null ? "pix-code-text-error" : undefined}
            data-testid="pix-code"
            placeholder="00020126…"
            spellCheck={false}
          />
          {codeError ? (
            <p id="pix-code-text-error" className={layout.errorText} role="alert" data-testid="pix-code-error">
              {codeError}
            </p>
          ) : null}
          <div>
            <PasteButton
              label={t("pix:code.paste")}
              onPaste={(text) => {
                setCode(text)
                setDecoded(null)
              }}
              data-testid="pix-code-paste"
            />
          </div>
          <CodeScanner
            format="qr_code"
            texts={{
              camera: t("pix:code.camera"),
              stopCamera: t("pix:code.stopCamera"),
              image: t("pix:code.image"),
              video: t("pix:code.video"),
              cameraHint: t("pix:code.cameraHint"),
              reading: t("pix:code.reading"),
              noCamera: t("pix:code.noCamera"),
              cameraDenied: t("pix:code.cameraDenied"),
              noCode: t("pix:code.noCodeInImage"),
              damaged: t("pix:code.damaged")
            }}
            check={(text) => {
              // features §8: a code read is checked like a pasted one (CRC, layout, kind) before it replaces the field
              const local = localCodeError(text.trim())
              return local === null ? null : t(`pix:code.scanRefused.${local}`)
            }}
            onCode={(text) => {
              setCode(text)
              setDecoded(null)
              codeField.current?.focus()
              void lookUp(text)
            }}
            onProblem={setCodeError}
            testIds={{ camera: "pix-code-camera", image: "pix-code-image", video: "pix-code-video", status: "pix-code-scan-status" }}
          />
          <div>
            <Button type="submit" busy={looking} data-testid="pix-code-continue">
              {t("pix:pay.lookUp")}
            </Button>
          </div>
        </form>
      </Card>
      {decoded ? (
        <Card>
          <form onSubmit={review} className={layout.stack} noValidate data-testid="pix-code-amount-form">
            <dl className={s.beneficiary} data-testid="pix-code-beneficiary">
              <dt>{t("pix:pay.receiver")}</dt>
              <dd data-testid="pix-code-beneficiary-name">{decoded.beneficiary_name}</dd>
              <dt>{t("pix:pay.document")}</dt>
              <dd>{decoded.beneficiary_document}</dd>
              <dt>{t("pix:pay.bank")}</dt>
              <dd>{decoded.beneficiary_bank}</dd>
              <dt>{t("pix:code.kind")}</dt>
              <dd>{t(`pix:qrKinds.${decoded.kind}`)}</dd>
              {decoded.description !== "" ? (
                <>
                  <dt>{t("pix:code.message")}</dt>
                  <dd>{decoded.description}</dd>
                </>
              ) : null}
              {decoded.expires_at !== null ? (
                <>
                  <dt>{t("pix:code.expires")}</dt>
                  <dd>{f.dateTime(decoded.expires_at)}</dd>
                </>
              ) : null}
              {decoded.charge ? (
                <>
                  <dt>{t("pix:code.dueDate")}</dt>
                  <dd>{f.day(decoded.charge.due_date)}</dd>
                  <dt>{t("pix:code.original")}</dt>
                  <dd>{f.brl(decoded.charge.original)}</dd>
                  {decoded.charge.fine > 0 ? (
                    <>
                      <dt>{t("pix:code.fine")}</dt>
                      <dd data-testid="pix-code-fine">+ {f.brl(decoded.charge.fine)}</dd>
                    </>
                  ) : null}
                  {decoded.charge.interest > 0 ? (
                    <>
                      <dt>{t("pix:code.interest", { count: decoded.charge.days_late })}</dt>
                      <dd data-testid="pix-code-interest">+ {f.brl(decoded.charge.interest)}</dd>
                    </>
                  ) : null}
                  {decoded.charge.discount > 0 ? (
                    <>
                      <dt>{t("pix:code.discount")}</dt>
                      <dd data-testid="pix-code-discount">− {f.brl(decoded.charge.discount)}</dd>
                    </>
                  ) : null}
                </>
              ) : null}
              {decoded.cash !== null && decoded.kind === "dynamic_change" && decoded.amount !== null ? (
                <>
                  <dt>{t("pix:code.purchase")}</dt>
                  <dd>{f.brl(decoded.amount - decoded.cash)}</dd>
                </>
              ) : null}
              {decoded.cash !== null ? (
                <>
                  <dt>{t("pix:code.cash")}</dt>
                  <dd data-testid="pix-code-cash">{f.brl(decoded.cash)}</dd>
                </>
              ) : null}
              {decoded.amount !== null ? (
                <>
                  <dt>{decoded.charge || decoded.cash !== null ? t("pix:code.total") : t("pix:pay.amount")}</dt>
                  <dd data-testid="pix-code-amount-fixed">{f.brl(decoded.amount)}</dd>
                </>
              ) : null}
            </dl>
            {decoded.amount === null ? (
              <MoneyField
                label={t("pix:pay.amount")}
                value={amountText}
                onChange={(text, cents) => {
                  setAmountText(text)
                  setAmount(cents)
                }}
                hint={balance !== null ? t("pix:pay.available", { value: f.brl(balance) }) : undefined}
                data-testid="pix-code-amount"
              />
            ) : null}
            <TextField label={t("pix:pay.description")} value={description} onChange={setDescription} maxLength={140} data-testid="pix-code-description" />
            {formError || flow.sendError ? (
              <p className={layout.errorText} role="alert" data-testid="pix-code-form-error">
                {formError ?? t(flow.sendError ?? "")}
              </p>
            ) : null}
            <div>
              <Button type="submit" data-testid="pix-code-review">
                {t("pix:pay.review")}
              </Button>
            </div>
          </form>
        </Card>
      ) : null}
      <PayReviewDialog
        flow={flow}
        title={t("pix:pay.confirmTitle")}
        text={(r) => t("pix:pay.confirmText", { amount: f.brl(r.amount), name: r.decoded.beneficiary_name })}
        confirmLabel={t("pix:pay.confirm")}
      />
    </div>
  )
}
