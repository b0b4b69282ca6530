/**
 * /auth/forgot-password/{id} (spec core §2.1, §7): the code received, a new strong password and
 * its confirmation → update (PATCH); or decline the request (DELETE).
 */
import { useEffect, useState, type FormEvent } from "react"
import { Link, useNavigate, useParams } from "react-router"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { isStrongPassword, isValidTemporaryToken } from "../../../schema/validation.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button, TextField } from "../../ui/index.ts"
import { PasswordChecks } from "./password-checks.tsx"
import { PasswordField } from "../../ui/password-field.tsx"
import * as s from "./auth.css.ts"

export function ForgotPasswordResetPage() {
  const { t } = useTranslation()
  const { id = "" } = useParams()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const [code, setCode] = useState("")
  const [password, setPassword] = useState("")
  const [confirm, setConfirm] = useState("")
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    document.title = `${t("auth:reset.title")} · ${t("common:appName")}`
  }, [t])

  const codeErr = submitted && !isValidTemporaryToken(code) ? t("validation:VALIDATION_TEMPORARY_TOKEN") : null
  const passErr = submitted && !isStrongPassword(password) ? t("validation:VALIDATION_STRONG_PASSWORD") : null
  const confErr = submitted && confirm !== password ? t("validation:VALIDATION_CONFIRMED") : null

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (!isValidTemporaryToken(code) || !isStrongPassword(password) || confirm !== password) return
    setBusy(true)
    try {
      await getEngine().call("forgotPasswordUpdate", { params: { id }, body: { code, new_password: password } })
      toast("success", t("auth:reset.done"))
      void navigate(lp("/auth/login"), { replace: true })
    } catch (err) {
      setError(t(errorI18nKey(err)))
      setBusy(false)
    }
  }
  const decline = async (): Promise<void> => {
    try {
      await getEngine().call("forgotPasswordDecline", { params: { id } })
    } catch {
      /* nothing to undo */
    }
    void navigate(lp("/auth/login"), { replace: true })
  }
  return (
    <div data-testid="reset-page">
      <h1 className={s.title}>{t("auth:reset.title")}</h1>
      <p className={s.subtitle}>{t("auth:reset.subtitle")}</p>
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
        <TextField
          label={t("auth:login.code")}
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, "").slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={codeErr}
          required
        />
        <PasswordField
          label={t("auth:reset.password")}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          error={passErr}
          required
          aria-describedby="reset-checks"
        />
        <PasswordChecks password={password} id="reset-checks" />
        <PasswordField label={t("auth:reset.confirm")} value={confirm} onChange={setConfirm} autoComplete="new-password" error={confErr} required />
        <Button type="submit" block busy={busy}>
          {t("auth:reset.submit")}
        </Button>
      </form>
      <div className={s.links}>
        <Link to={lp("/auth/login")}>{t("auth:backToLogin")}</Link>
        <Button
          variant="link"
          onClick={() => {
            void decline()
          }}
        >
          {t("auth:reset.decline")}
        </Button>
      </div>
    </div>
  )
}
