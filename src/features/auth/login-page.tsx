/**
 * /auth/login (spec core §2.1, §7): e-mail and password, then the code sent by e-mail (with
 * resend, which asks for a new code with the same credentials), or the QR-code session login
 * scanned in the mobile app (qr-login.tsx). Errors show the catalogue's message; nothing typed
 * is cleared. A sign-in locked by wrong passwords (SIGNIN_LOCKED) offers the owner a way out: a code sent to the
 * e-mail lifts the lock (issue 30 item 5, docs/decisions.md D-sessions), so knowing an e-mail cannot keep its owner out.
 */
import * as Tabs from "@radix-ui/react-tabs"
import { useEffect, useState, type FormEvent } from "react"
import { Link, useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { isValidEmail, isValidTemporaryToken } from "../../../schema/validation.ts"
import { errorI18nKey, errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button, TextField } from "../../ui/index.ts"
import { finishSignIn } from "./finish-sign-in.ts"
import { PasswordField } from "../../ui/password-field.tsx"
import { QrLogin } from "./qr-login.tsx"
import * as s from "./auth.css.ts"

/** Seconds before the code may be sent again. */
export const RESEND_COOLDOWN_S = 30

function EmailLogin() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const [email, setEmail] = useState("")
  const [password, setPassword] = useState("")
  const [code, setCode] = useState("")
  const [otpId, setOtpId] = useState<string | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [cooldown, setCooldown] = useState(0)
  // issue 30 item 5: the lock the owner lifts with an e-mailed code
  const [locked, setLocked] = useState(false)
  const [unlockId, setUnlockId] = useState<string | null>(null)
  const [unlockCode, setUnlockCode] = useState("")

  useEffect(() => {
    if (cooldown <= 0) return undefined
    const id = setTimeout(() => setCooldown((c) => c - 1), 1000)
    return () => clearTimeout(id)
  }, [cooldown])

  const emailErr = submitted && !isValidEmail(email.trim()) ? t("validation:VALIDATION_EMAIL") : null
  const passErr = submitted && password === "" ? t("validation:VALIDATION_REQUIRED") : null
  const codeErr = submitted && otpId !== null && !isValidTemporaryToken(code) ? t("validation:VALIDATION_TEMPORARY_TOKEN") : null

  const requestCode = async (): Promise<boolean> => {
    const r = await getEngine().call("signin", { body: { email: email.trim(), password } })
    setOtpId(r.data.otp_id)
    setCooldown(RESEND_COOLDOWN_S)
    return true
  }

  const submitCredentials = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (!isValidEmail(email.trim()) || password === "") return
    setBusy(true)
    try {
      await requestCode()
      setSubmitted(false)
      setLocked(false)
    } catch (err) {
      setError(t(errorI18nKey(err)))
      setLocked(errorKeyOf(err) === "SIGNIN_LOCKED")
    } finally {
      setBusy(false)
    }
  }

  const askUnlock = async (): Promise<void> => {
    setError(null)
    setBusy(true)
    try {
      const r = await getEngine().call("signinUnlock", { body: { email: email.trim() } })
      setUnlockId(r.data.id)
      setUnlockCode("")
      setSubmitted(false)
    } catch (err) {
      setError(t(errorI18nKey(err)))
    } finally {
      setBusy(false)
    }
  }

  const submitUnlock = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (unlockId === null || !isValidTemporaryToken(unlockCode)) return
    setBusy(true)
    try {
      await getEngine().call("signinUnlockConfirm", { params: { id: unlockId }, body: { code: unlockCode } })
      setUnlockId(null)
      setLocked(false)
      setSubmitted(false)
      toast("success", t("auth:login.unlocked"))
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
    if (otpId === null || !isValidTemporaryToken(code)) return
    setBusy(true)
    try {
      const r = await getEngine().call("sessionSignin", { body: { otp_id: otpId, code } })
      await finishSignIn(
        r.data,
        (p) => {
          void navigate(p, { replace: true })
        },
        lp("/banking/home")
      )
    } catch (err) {
      setError(t(errorI18nKey(err)))
      setBusy(false)
    }
  }

  const resend = async (): Promise<void> => {
    setError(null)
    try {
      await requestCode()
      toast("success", t("auth:login.codeResent"))
    } catch (err) {
      setError(t(errorI18nKey(err)))
    }
  }

  if (unlockId !== null) {
    const unlockErr = submitted && !isValidTemporaryToken(unlockCode) ? t("validation:VALIDATION_TEMPORARY_TOKEN") : null
    return (
      <form
        className={s.form}
        onSubmit={(e) => {
          void submitUnlock(e)
        }}
        noValidate
        data-testid="login-unlock-step"
      >
        <p className={s.note} role="status">
          {t("auth:login.unlockSent", { email: email.trim() })}
        </p>
        {error ? (
          <p className={s.error} role="alert" data-testid="login-error">
            {error}
          </p>
        ) : null}
        <TextField
          label={t("auth:login.code")}
          value={unlockCode}
          onChange={(v) => setUnlockCode(v.replace(/\D/g, "").slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={unlockErr}
          autoFocus
          required
          data-testid="login-unlock-code"
        />
        <Button type="submit" block busy={busy} data-testid="login-unlock-submit">
          {t("auth:login.unlockSubmit")}
        </Button>
        <div className={s.links}>
          <Button
            variant="link"
            onClick={() => {
              setUnlockId(null)
              setSubmitted(false)
              setError(null)
            }}
          >
            {t("common:actions.back")}
          </Button>
        </div>
      </form>
    )
  }

  if (otpId !== null) {
    return (
      <form
        className={s.form}
        onSubmit={(e) => {
          void submitCode(e)
        }}
        noValidate
        data-testid="login-code-step"
      >
        <p className={s.note} role="status">
          {t("auth:login.codeSent", { email: email.trim() })}
        </p>
        {error ? (
          <p className={s.error} role="alert" data-testid="login-error">
            {error}
          </p>
        ) : null}
        <TextField
          label={t("auth:login.code")}
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, "").slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={codeErr}
          autoFocus
          required
          data-testid="login-code"
        />
        <Button type="submit" block busy={busy} data-testid="login-code-submit">
          {t("auth:login.enter")}
        </Button>
        <div className={s.links}>
          <Button
            variant="link"
            onClick={() => {
              setOtpId(null)
              setCode("")
              setSubmitted(false)
              setError(null)
            }}
          >
            {t("common:actions.back")}
          </Button>
          <Button
            variant="link"
            onClick={() => {
              void resend()
            }}
            disabled={cooldown > 0}
            data-testid="login-resend"
          >
            {cooldown > 0 ? t("auth:login.resendIn", { seconds: cooldown }) : t("auth:login.resend")}
          </Button>
        </div>
      </form>
    )
  }

  return (
    <form
      className={s.form}
      onSubmit={(e) => {
        void submitCredentials(e)
      }}
      noValidate
      data-testid="login-form"
    >
      {error ? (
        <p className={s.error} role="alert" data-testid="login-error">
          {error}
        </p>
      ) : null}
      {locked ? (
        <Button
          variant="link"
          onClick={() => {
            void askUnlock()
          }}
          disabled={busy}
          data-testid="login-unlock"
        >
          {t("auth:login.unlock")}
        </Button>
      ) : null}
      <TextField
        label={t("auth:login.email")}
        type="email"
        value={email}
        onChange={setEmail}
        autoComplete="username"
        error={emailErr}
        required
        data-testid="login-email"
      />
      <PasswordField
        label={t("auth:login.password")}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        error={passErr}
        required
        data-testid="login-password"
      />
      <Button type="submit" block busy={busy} data-testid="login-submit">
        {t("auth:login.continue")}
      </Button>
    </form>
  )
}

export function LoginPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const [tab, setTab] = useState("email")
  useEffect(() => {
    document.title = `${t("auth:login.title")} · ${t("common:appName")}`
  }, [t])
  return (
    <div data-testid="login-page">
      <h1 className={s.title}>{t("auth:login.title")}</h1>
      <p className={s.subtitle}>{t("auth:login.subtitle")}</p>
      <Tabs.Root value={tab} onValueChange={setTab}>
        <Tabs.List className={s.tabsList} aria-label={t("auth:login.methods")}>
          <Tabs.Trigger className={s.tab} value="email" data-testid="tab-email">
            {t("auth:login.byEmail")}
          </Tabs.Trigger>
          <Tabs.Trigger className={s.tab} value="qr" data-testid="tab-qr">
            {t("auth:login.byQr")}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="email">
          <EmailLogin />
        </Tabs.Content>
        <Tabs.Content value="qr">{tab === "qr" ? <QrLogin /> : null}</Tabs.Content>
      </Tabs.Root>
      <div className={s.links}>
        <Link to={lp("/auth/forgot-password")}>{t("auth:login.forgot")}</Link>
        <Link to={lp("/auth/sign-up")}>{t("auth:login.signUp")}</Link>
      </div>
    </div>
  )
}
