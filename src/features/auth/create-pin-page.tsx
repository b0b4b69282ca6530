/**
 * /auth/create-pin (spec core §4 "PIN"): a user without a PIN lands here with limited access;
 * PIN (4 digits) and its confirmation → add PIN → home. Leaving is possible (logout).
 */
import { useEffect, useState, type FormEvent } from "react"
import { useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { isValidPin } from "../../../schema/validation.ts"
import { currentSession, setHasPin } from "../../lib/app-state.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { endSession } from "../../lib/session.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button, PinField } from "../../ui/index.ts"
import * as s from "./auth.css.ts"

export function CreatePinPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const [pin, setPin] = useState("")
  const [confirm, setConfirm] = useState("")
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    document.title = `${t("auth:pin.title")} · ${t("common:appName")}`
  }, [t])

  const pinErr = submitted && !isValidPin(pin) ? t("validation:VALIDATION_PIN") : null
  const confirmErr = submitted && isValidPin(pin) && confirm !== pin ? t("validation:VALIDATION_CONFIRMED") : null

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (!isValidPin(pin) || confirm !== pin) return
    setBusy(true)
    const userId = currentSession()?.userId ?? ""
    try {
      await getEngine().call("addPin", { body: { pin } })
      setHasPin(userId, true)
      toast("success", t("auth:pin.created"))
      void navigate(lp("/banking/home"), { replace: true })
    } catch (err) {
      if (errorKeyOf(err) === "PIN_ALREADY_EXISTS") {
        setHasPin(userId, true)
        void navigate(lp("/banking/home"), { replace: true })
        return
      }
      setError(t("errors:UNABLE_TO_ADD_OR_UPDATE_PIN"))
      setBusy(false)
    }
  }

  const leave = async (): Promise<void> => {
    await endSession("logout")
    void navigate(lp("/auth/login"), { replace: true })
  }

  return (
    <div data-testid="create-pin-page">
      <h1 className={s.title}>{t("auth:pin.title")}</h1>
      <p className={s.subtitle}>{t("auth:pin.subtitle")}</p>
      <form
        className={s.form}
        onSubmit={(e) => {
          void submit(e)
        }}
        noValidate
      >
        {error ? (
          <p className={s.error} role="alert">
            {error}
          </p>
        ) : null}
        <PinField label={t("auth:pin.pin")} value={pin} onChange={setPin} error={pinErr} required autoFocus data-testid="pin" />
        <PinField label={t("auth:pin.confirm")} value={confirm} onChange={setConfirm} error={confirmErr} required data-testid="pin-confirm" />
        <Button type="submit" block busy={busy} data-testid="pin-submit">
          {t("auth:pin.submit")}
        </Button>
      </form>
      <div className={s.links}>
        <Button
          variant="link"
          onClick={() => {
            void leave()
          }}
        >
          {t("shell:user.logout")}
        </Button>
      </div>
    </div>
  )
}
