/** /auth/forgot-password (spec core §2.1, §7): the e-mail → a recovery request → its page. */
import { useEffect, useState, type FormEvent } from "react"
import { Link, useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { isValidEmail } from "../../../schema/validation.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button, TextField } from "../../ui/index.ts"
import * as s from "./auth.css.ts"

export function ForgotPasswordPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const [email, setEmail] = useState("")
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    document.title = `${t("auth:forgot.title")} · ${t("common:appName")}`
  }, [t])

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (!isValidEmail(email.trim())) return
    setBusy(true)
    try {
      const r = await getEngine().call("forgotPassword", { body: { email: email.trim() } })
      void navigate(lp(`/auth/forgot-password/${encodeURIComponent(r.data.id)}`))
    } catch (err) {
      setError(t(errorI18nKey(err)))
      setBusy(false)
    }
  }
  return (
    <div data-testid="forgot-page">
      <h1 className={s.title}>{t("auth:forgot.title")}</h1>
      <p className={s.subtitle}>{t("auth:forgot.subtitle")}</p>
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
          label={t("auth:login.email")}
          type="email"
          value={email}
          onChange={setEmail}
          autoComplete="username"
          required
          error={submitted && !isValidEmail(email.trim()) ? t("validation:VALIDATION_EMAIL") : null}
        />
        <Button type="submit" block busy={busy}>
          {t("auth:forgot.send")}
        </Button>
      </form>
      <div className={s.links}>
        <Link to={lp("/auth/login")}>{t("auth:backToLogin")}</Link>
      </div>
    </div>
  )
}
