/**
 * Picks the profile (permission types) of a wallet user or invitee: ADMIN, CLIENT, APPROVER,
 * each with what it allows; the role rule of core §5/§6 (APPROVER needs ADMIN or CLIENT) is
 * shown as the field's message when broken.
 */
import { useId } from "react"
import { useTranslation } from "react-i18next"
import { Checkbox, layout } from "../../ui/index.ts"
import { GRANTABLE_ROLES, orderedRoles } from "./permission-rules.ts"
import * as s from "./security.css.ts"

export function RolePicker({
  legend,
  value,
  onChange,
  error,
  testId
}: {
  readonly legend: string
  readonly value: ReadonlyArray<string>
  readonly onChange: (roles: ReadonlyArray<string>) => void
  readonly error: string | null
  readonly testId?: string
}) {
  const { t } = useTranslation()
  const base = useId()
  return (
    <fieldset className={s.fieldset} data-testid={testId} aria-describedby={error ? `${base}-err` : undefined}>
      <legend className={s.legend}>{legend}</legend>
      <div className={s.roleOptions}>
        {GRANTABLE_ROLES.map((r) => (
          <div key={r}>
            <Checkbox
              id={`${base}-${r}`}
              label={t(`security:roles.${r}`)}
              checked={value.includes(r)}
              onChange={(c) => onChange(orderedRoles(c ? [...value, r] : value.filter((x) => x !== r)))}
            />
            <p className={s.roleHint}>{t(`security:roleHints.${r}`)}</p>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${base}-err`} className={layout.errorText} role="alert" style={{ marginTop: 8 }}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
