/**
 * /control-panel/security/change-password (spec features §2 "Control panel security"; core §5
 * strongPassword and confirmed; core §7 POST /users/auth/password). Current password, new
 * password with the live checklist and strength meter, confirmation. Messages come from the
 * validation and error catalogues; what was typed is kept on failure (DESIGN "Conventions").
 * The page carries the controlPanelSecurity tour (core §4 "Tours").
 */
import { useEffect, useMemo, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { isStrongPassword } from "../../../schema/validation.ts"
import { errorKeyOf } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useTour } from "../../lib/use-tour.ts"
import { Button, Card, layout, PageHeader, Tour } from "../../ui/index.ts"
import { PasswordField } from "../../ui/password-field.tsx"
import { PasswordStrengthMeter } from "./password-strength.tsx"
import * as s from "./security.css.ts"

export function ChangePasswordPage() {
  const { t } = useTranslation()
  const [current, setCurrent] = useState("")
  const [next, setNext] = useState("")
  const [confirm, setConfirm] = useState("")
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [serverError, setServerError] = useState<{ field: "current" | "form"; key: string } | null>(null)
  const steps = useMemo(
    () =>
      (["password-form", "password-strength"] as const).map((target) => ({
        target,
        title: t(`security:tour.${target}.title`),
        body: t(`security:tour.${target}.body`)
      })),
    [t]
  )
  const tour = useTour("controlPanelSecurity", steps.length)
  useEffect(() => {
    document.title = `${t("security:password.title")} · ${t("common:appName")}`
  }, [t])

  const currentErr =
    serverError?.field === "current" ? t(`errors:${serverError.key}`) : submitted && current === "" ? t("validation:VALIDATION_REQUIRED") : null
  const nextErr = !submitted
    ? null
    : next === ""
      ? t("validation:VALIDATION_REQUIRED")
      : !isStrongPassword(next)
        ? t("validation:VALIDATION_STRONG_PASSWORD")
        : next === current
          ? t("security:password.sameAsCurrent")
          : null
  const confirmErr = !submitted ? null : confirm === "" ? t("validation:VALIDATION_REQUIRED") : confirm !== next ? t("validation:VALIDATION_CONFIRMED") : null

  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setServerError(null)
    if (current === "" || !isStrongPassword(next) || next === current || confirm !== next) return
    setBusy(true)
    try {
      await getEngine().call("changePassword", { body: { current_password: current, new_password: next } })
      toast("success", t("security:password.done"))
      setCurrent("")
      setNext("")
      setConfirm("")
      setSubmitted(false)
    } catch (err) {
      const key = errorKeyOf(err)
      setServerError({ field: key === "INCORRECT_PASSWORD" ? "current" : "form", key })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={layout.page} data-testid="change-password-page">
      <PageHeader title={t("security:password.title")} subtitle={t("security:password.subtitle")} />
      <Card className={s.narrow} data-tour="password-form">
        <form
          className={layout.form}
          onSubmit={(e) => {
            void submit(e)
          }}
          noValidate
        >
          {serverError?.field === "form" ? (
            <p className={layout.errorText} role="alert" data-testid="password-error">
              {t(`errors:${serverError.key}`)}
            </p>
          ) : null}
          <PasswordField
            label={t("security:password.current")}
            value={current}
            autoComplete="current-password"
            required
            onChange={(v) => {
              setCurrent(v)
              if (serverError?.field === "current") setServerError(null)
            }}
            error={currentErr}
            data-testid="password-current"
          />
          <PasswordField
            label={t("security:password.new")}
            value={next}
            onChange={setNext}
            autoComplete="new-password"
            required
            error={nextErr}
            aria-describedby="new-password-strength"
            data-testid="password-new"
          />
          <PasswordStrengthMeter password={next} id="new-password-strength" />
          <PasswordField
            label={t("security:password.confirm")}
            value={confirm}
            onChange={setConfirm}
            autoComplete="new-password"
            required
            error={confirmErr}
            data-testid="password-confirm"
          />
          <div className={layout.actions}>
            <Button type="submit" busy={busy} data-testid="password-submit">
              {t("security:password.submit")}
            </Button>
          </div>
        </form>
      </Card>
      {tour.active ? <Tour steps={steps} index={tour.index} onNext={tour.next} onBack={tour.back} onClose={tour.close} /> : null}
    </div>
  )
}
