/**
 * /control-panel/security/update-pin (spec features §2 "update-pin"; core §5 PIN 4 digits,
 * temporary token 6 digits; features §7 PUT/PATCH /users/users/pin). The new PIN is confirmed
 * either with the current PIN or with a temporary token: a code is sent by e-mail (otp), the
 * user types it, and its verification (otpVerify) yields the 6-digit temporary token that
 * authorises the change (our reading of "PIN or a temporary token", docs/decisions.md).
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { isValidPin, isValidTemporaryToken } from "../../../schema/validation.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { Button, Card, layout, PageHeader, PinField, RadioGroup, TextField } from "../../ui/index.ts"
import * as s from "./security.css.ts"

type Mode = "pin" | "token"

export function UpdatePinPage() {
  const { t } = useTranslation()
  const [mode, setMode] = useState<Mode>("pin")
  const [current, setCurrent] = useState("")
  const [code, setCode] = useState("")
  const [otpId, setOtpId] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [pin, setPin] = useState("")
  const [confirm, setConfirm] = useState("")
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: "current" | "code" | "form"; key: string } | null>(null)
  useEffect(() => {
    document.title = `${t("security:pin.title")} · ${t("common:appName")}`
  }, [t])

  const currentErr =
    error?.field === "current" ? t(`errors:${error.key}`) : submitted && mode === "pin" && !isValidPin(current) ? t("validation:VALIDATION_PIN") : null
  const codeErr =
    error?.field === "code"
      ? t(`errors:${error.key}`)
      : submitted && mode === "token" && !isValidTemporaryToken(code)
        ? t("validation:VALIDATION_TEMPORARY_TOKEN")
        : null
  const pinErr = !submitted
    ? null
    : !isValidPin(pin)
      ? t("validation:VALIDATION_PIN")
      : mode === "pin" && pin === current
        ? t("security:pin.sameAsCurrent")
        : null
  const confirmErr = submitted && isValidPin(pin) && confirm !== pin ? t("validation:VALIDATION_CONFIRMED") : null

  const sendCode = async (): Promise<void> => {
    setSending(true)
    setError(null)
    try {
      const r = await getEngine().call("otp", { body: { purpose: "update-pin" } })
      setOtpId(r.data.otp_id)
      setCode("")
    } catch (err) {
      setError({ field: "form", key: errorKeyOf(err) })
    } finally {
      setSending(false)
    }
  }

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    const authOk = mode === "pin" ? isValidPin(current) : otpId !== null && isValidTemporaryToken(code)
    if (!authOk || !isValidPin(pin) || confirm !== pin || (mode === "pin" && pin === current)) return
    setBusy(true)
    const engine = getEngine()
    try {
      if (mode === "pin") {
        await engine.call("updatePin", { body: { current_pin: current, new_pin: pin } })
      } else {
        let token: string
        try {
          token = (await engine.call("otpVerify", { params: { id: otpId ?? "" }, body: { code } })).data.temporary_token
        } catch (err) {
          setError({ field: "code", key: errorKeyOf(err) })
          return
        }
        await engine.call("updatePin", { body: { temporary_token: token, new_pin: pin } })
        setOtpId(null)
      }
      toast("success", t("security:pin.done"))
      setCurrent("")
      setCode("")
      setPin("")
      setConfirm("")
      setSubmitted(false)
    } catch (err) {
      const key = errorKeyOf(err)
      setError({ field: mode === "pin" && (key === "INCORRECT_PIN" || key === "ATTEMPTS_EXCEEDED") ? "current" : "form", key })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={layout.page} data-testid="update-pin-page">
      <PageHeader title={t("security:pin.title")} subtitle={t("security:pin.subtitle")} />
      <Card className={s.narrow}>
        <form
          className={layout.form}
          onSubmit={(e) => {
            void submit(e)
          }}
          noValidate
        >
          {error?.field === "form" ? (
            <p className={layout.errorText} role="alert" data-testid="pin-error">
              {t(`errors:${error.key}`)}
            </p>
          ) : null}
          <div>
            <p className={s.legend} aria-hidden="true">
              {t("security:pin.mode")}
            </p>
            <RadioGroup
              label={t("security:pin.mode")}
              value={mode}
              onChange={(v) => {
                setMode(v === "token" ? "token" : "pin")
                setError(null)
                setSubmitted(false)
              }}
              options={[
                { value: "pin", label: t("security:pin.modes.pin") },
                { value: "token", label: t("security:pin.modes.token") }
              ]}
            />
          </div>
          {mode === "pin" ? (
            <PinField
              label={t("security:pin.current")}
              value={current}
              required
              error={currentErr}
              data-testid="pin-current"
              onChange={(v) => {
                setCurrent(v)
                if (error?.field === "current") setError(null)
              }}
            />
          ) : (
            <div className={layout.stack}>
              <div className={layout.row}>
                <Button
                  variant="secondary"
                  busy={sending}
                  onClick={() => {
                    void sendCode()
                  }}
                  data-testid="pin-send-code"
                >
                  {otpId === null ? t("security:pin.sendCode") : t("security:pin.resendCode")}
                </Button>
              </div>
              {otpId !== null ? (
                <p className={layout.muted} role="status">
                  {t("security:pin.codeSent")}
                </p>
              ) : null}
              <TextField
                label={t("security:pin.code")}
                value={code}
                required
                disabled={otpId === null}
                error={codeErr}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                data-testid="pin-code"
                onChange={(v) => {
                  setCode(v.replace(/\D/g, "").slice(0, 6))
                  if (error?.field === "code") setError(null)
                }}
              />
            </div>
          )}
          <PinField label={t("security:pin.new")} value={pin} onChange={setPin} required error={pinErr} data-testid="pin-new" />
          <PinField label={t("security:pin.confirm")} value={confirm} onChange={setConfirm} required error={confirmErr} data-testid="pin-confirm" />
          <div className={layout.actions}>
            <Button type="submit" busy={busy} disabled={mode === "token" && otpId === null} data-testid="pin-submit">
              {t("security:pin.submit")}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  )
}
