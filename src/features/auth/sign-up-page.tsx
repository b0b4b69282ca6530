/**
 * /auth/sign-up — not in the spec's route list, but core §3 and §7 describe the sign-up form
 * and calls (src/README.md "Decisions"): name, e-mail and phone (a leading plus removed)
 * with a reCAPTCHA token → the record; the code sent by e-mail, with password and document
 * (CPF or CNPJ) → confirmed; then sign in.
 */
import { useEffect, useState, type FormEvent } from "react"
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { isStrongPassword, isValidDocument, isValidEmail, isValidTemporaryToken } from "../../../schema/validation.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button, TextField } from "../../ui/index.ts"
import { PasswordChecks } from "./password-checks.tsx"
import { PasswordField } from "../../ui/password-field.tsx"
import { recaptchaToken, useRecaptcha } from "./recaptcha.ts"
import * as s from "./auth.css.ts"

/** core §3: "a leading plus is removed on save". */
export const phoneForSave = (p: string): string => p.trim().replace(/^\+/, "")
const phoneOk = (p: string): boolean => /^\+?[0-9 ()-]{10,20}$/.test(p.trim()) && p.replace(/\D/g, "").length >= 10

export function SignUpPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const recaptcha = useRecaptcha()
  const [step, setStep] = useState<"form" | "code" | "done">("form")
  const [id, setId] = useState("")
  const [name, setName] = useState("")
  const [email, setEmail] = useState("")
  const [phone, setPhone] = useState("")
  const [code, setCode] = useState("")
  const [document, setDocument] = useState("")
  const [password, setPassword] = useState("")
  const [confirm, setConfirm] = useState("")
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    window.document.title = `${t("auth:signUp.title")} · ${t("common:appName")}`
  }, [t])

  const req = (v: string): string | null => (submitted && v.trim() === "" ? t("validation:VALIDATION_REQUIRED") : null)

  const submitForm = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (name.trim() === "" || !isValidEmail(email.trim()) || !phoneOk(phone)) return
    setBusy(true)
    const captcha = await recaptchaToken(recaptcha, "signup")
    if (!captcha.ok) {
      setError(t(`errors:${captcha.key}`))
      setBusy(false)
      return
    }
    try {
      const r = await getEngine().call("signup", {
        body: { name: name.trim(), email: email.trim(), phone_number: phoneForSave(phone), recaptcha_token: captcha.token }
      })
      setId(r.data.id)
      await getEngine()
        .call("signupSendCode", { params: { id: r.data.id } })
        .catch(() => undefined)
      setStep("code")
      setSubmitted(false)
    } catch (err) {
      setError(t(errorI18nKey(err)))
    } finally {
      setBusy(false)
    }
  }

  const submitCode = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (!isValidTemporaryToken(code) || !isValidDocument(document) || !isStrongPassword(password) || confirm !== password) return
    setBusy(true)
    try {
      await getEngine().call("signupConfirm", { params: { id }, body: { code, password, document: document.replace(/[.\-/\s]/g, "") } })
      setStep("done")
    } catch (err) {
      setError(t(errorI18nKey(err)))
    } finally {
      setBusy(false)
    }
  }

  const resend = async (): Promise<void> => {
    try {
      await getEngine().call("signupSendCode", { params: { id } })
      toast("success", t("auth:login.codeResent"))
    } catch (err) {
      setError(t(errorI18nKey(err)))
    }
  }

  return (
    <div data-testid="sign-up-page">
      <h1 className={s.title}>{t("auth:signUp.title")}</h1>
      <p className={s.steps}>{t("auth:signUp.step", { current: step === "form" ? 1 : step === "code" ? 2 : 3, total: 3 })}</p>
      {step === "form" ? (
        <form
          className={s.form}
          onSubmit={(e) => {
            void submitForm(e)
          }}
          noValidate
        >
          <p className={s.subtitle} style={{ marginBottom: 0 }}>
            {t("auth:signUp.subtitle")}
          </p>
          {error ? (
            <p className={s.error} role="alert" data-testid="sign-up-error">
              {error}
            </p>
          ) : null}
          <TextField label={t("auth:signUp.name")} value={name} onChange={setName} autoComplete="name" error={req(name)} required />
          <TextField
            label={t("auth:login.email")}
            type="email"
            value={email}
            onChange={setEmail}
            autoComplete="email"
            required
            error={submitted && !isValidEmail(email.trim()) ? t("validation:VALIDATION_EMAIL") : null}
          />
          <TextField
            label={t("auth:signUp.phone")}
            type="tel"
            value={phone}
            onChange={setPhone}
            autoComplete="tel"
            required
            placeholder="+55 (11) 91234-5678"
            error={submitted && !phoneOk(phone) ? t("auth:signUp.phoneInvalid") : null}
          />
          <p className={s.steps} style={{ textTransform: "none", fontWeight: 500 }}>
            {t("auth:signUp.recaptchaNote")}
          </p>
          <Button type="submit" block busy={busy}>
            {t("auth:signUp.continue")}
          </Button>
        </form>
      ) : step === "code" ? (
        <form
          className={s.form}
          onSubmit={(e) => {
            void submitCode(e)
          }}
          noValidate
        >
          <p className={s.note} role="status">
            {t("auth:login.codeSent", { email: email.trim() })}
          </p>
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
            required
            error={submitted && !isValidTemporaryToken(code) ? t("validation:VALIDATION_TEMPORARY_TOKEN") : null}
          />
          <TextField
            label={t("auth:signUp.document")}
            value={document}
            onChange={setDocument}
            inputMode="numeric"
            required
            error={submitted && !isValidDocument(document) ? t("validation:VALIDATION_VALID_DOCUMENT") : null}
          />
          <PasswordField
            label={t("auth:reset.password")}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            required
            aria-describedby="signup-checks"
            error={submitted && !isStrongPassword(password) ? t("validation:VALIDATION_STRONG_PASSWORD") : null}
          />
          <PasswordChecks password={password} id="signup-checks" />
          <PasswordField
            label={t("auth:reset.confirm")}
            value={confirm}
            onChange={setConfirm}
            autoComplete="new-password"
            required
            error={submitted && confirm !== password ? t("validation:VALIDATION_CONFIRMED") : null}
          />
          <Button type="submit" block busy={busy}>
            {t("auth:signUp.create")}
          </Button>
          <Button
            variant="link"
            onClick={() => {
              void resend()
            }}
          >
            {t("auth:login.resend")}
          </Button>
        </form>
      ) : (
        <div className={s.form} role="status">
          <p className={s.note}>{t("auth:signUp.done")}</p>
          <Link to={lp("/auth/login")}>{t("auth:backToLogin")}</Link>
        </div>
      )}
      {step !== "done" ? (
        <div className={s.links}>
          <Link to={lp("/auth/login")}>{t("auth:signUp.haveAccount")}</Link>
        </div>
      ) : null}
    </div>
  )
}
