/** The strong-password requirements (spec core §5 strongPassword) shown as a live checklist. */
import { useTranslation } from "react-i18next"
import { passwordStrength, strongPasswordChecks } from "../../../schema/validation.ts"
import * as s from "./auth.css.ts"

export function PasswordChecks({ password, id }: { readonly password: string; readonly id?: string }) {
  const { t } = useTranslation()
  const c = strongPasswordChecks(password)
  const items: ReadonlyArray<[keyof typeof c, boolean]> = [
    ["minLength", c.minLength],
    ["uppercase", c.uppercase],
    ["lowercase", c.lowercase],
    ["digit", c.digit],
    ["special", c.special]
  ]
  return (
    <div id={id}>
      <ul className={s.checks} aria-label={t("auth:password.requirements")}>
        {items.map(([k, ok]) => (
          <li key={k} className={ok ? s.checkOk : s.checkNo}>
            {ok ? "✓ " : "○ "}
            {t(`auth:password.checks.${k}`)}
          </li>
        ))}
      </ul>
      {password !== "" ? (
        <p className={s.steps} style={{ marginTop: 6 }}>
          {t("auth:password.strength")}
          {": "}
          {t(`auth:password.levels.${passwordStrength(password)}`)}
        </p>
      ) : null}
    </div>
  )
}
