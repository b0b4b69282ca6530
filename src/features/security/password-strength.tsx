/**
 * The strong-password rule of spec core §5 as a live checklist (each requirement met or
 * missing) and the strength meter with its four levels (weak, average, good, strong), both
 * computed by schema/validation.ts so the page and the sandbox judge a password alike.
 */
import { useTranslation } from "react-i18next"
import { passwordStrength, strongPasswordChecks, type PasswordStrength } from "../../../schema/validation.ts"
import { visuallyHidden } from "../../ui/index.ts"
import * as s from "./security.css.ts"

const LEVELS: ReadonlyArray<PasswordStrength> = ["weak", "average", "good", "strong"]

export function PasswordStrengthMeter({ password, id }: { readonly password: string; readonly id?: string }) {
  const { t } = useTranslation()
  const c = strongPasswordChecks(password)
  const items: ReadonlyArray<readonly [keyof typeof c, boolean]> = [
    ["minLength", c.minLength],
    ["uppercase", c.uppercase],
    ["lowercase", c.lowercase],
    ["digit", c.digit],
    ["special", c.special]
  ]
  const level = passwordStrength(password)
  const filled = password === "" ? 0 : LEVELS.indexOf(level) + 1
  const levelText = t(`security:password.levels.${level}`)
  return (
    <div id={id} data-testid="password-strength" data-tour="password-strength">
      <ul className={s.checks} aria-label={t("security:password.requirements")}>
        {items.map(([k, ok]) => (
          <li key={k} className={[s.check, ok ? s.checkState.ok : s.checkState.no].join(" ")} data-testid={`check-${k}`} data-ok={ok}>
            <span className={s.checkMark} aria-hidden="true">
              {ok ? "✓" : ""}
            </span>
            <span>{t(`security:password.checks.${k}`)}</span>
            <span className={visuallyHidden}>{ok ? t("security:password.met") : t("security:password.missing")}</span>
          </li>
        ))}
      </ul>
      <div className={s.meterRow}>
        <div
          className={s.meter}
          role="meter"
          aria-label={t("security:password.strength")}
          aria-valuemin={0}
          aria-valuemax={4}
          aria-valuenow={filled}
          aria-valuetext={password === "" ? undefined : levelText}
          data-testid="strength-meter"
          data-level={password === "" ? "none" : level}
        >
          {LEVELS.map((l, i) => (
            <span key={l} className={[s.meterSegment, i < filled ? s.meterFill[level] : ""].join(" ")} />
          ))}
        </div>
        {password !== "" ? (
          <span className={s.meterLabel} aria-live="polite" data-testid="strength-label">
            {t("security:password.strengthValue", { level: levelText })}
          </span>
        ) : null}
      </div>
    </div>
  )
}
