/**
 * Invite someone to a wallet (core §6 "Wallets are shared by invitations carrying a
 * permission"): e-mail and roles; the role rule of core §5/§6 (APPROVER needs ADMIN or CLIENT).
 * One form for the wallet page (its defaults) and the permissions page, which gives its own
 * texts, test ids and role picker (so it lives in src/ui: features never import each other).
 */
import { useState, type ComponentType, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { runCommand } from "../../workers/client.ts"
import { isValidEmail, isValidRoleSet } from "../../schema/validation.ts"
import { errorI18nKey } from "../lib/errors.ts"
import { toast } from "../lib/feedback.ts"
import { Button } from "./button.tsx"
import { Card } from "./card.tsx"
import { Checkbox } from "./checkbox.tsx"
import * as layout from "./layout.css.ts"
import { TextField } from "./text-field.tsx"
import * as s from "./invite-form.css.ts"

/** Roles an invitation may carry (ROOT is the owner's and is not given away). */
export const INVITE_ROLES = ["ADMIN", "CLIENT", "APPROVER"] as const

/** What a roles field receives from the form. */
export interface InviteRolesFieldProps {
  readonly legend: string
  readonly value: ReadonlyArray<string>
  readonly onChange: (roles: ReadonlyArray<string>) => void
  readonly error: string | null
  readonly testId?: string
}

/** i18n keys of the form's texts; `sent` receives `{{email}}`. */
export interface InviteFormTexts {
  readonly title: string
  readonly email: string
  readonly roles: string
  readonly submit: string
  readonly sent: string
}

/** Test ids of the form's parts (only the card's by default). */
export interface InviteFormTestIds {
  readonly card: string
  readonly error?: string
  readonly email?: string
  readonly roles?: string
  readonly submit?: string
}

export interface InviteFormProps {
  readonly walletId: string
  readonly texts?: InviteFormTexts
  readonly testIds?: InviteFormTestIds
  /** The e-mail input's autocomplete attribute (none by default). */
  readonly emailAutoComplete?: string
  /** The roles field; by default a row of checkboxes, one per role of INVITE_ROLES, in the order picked. */
  readonly RolesField?: ComponentType<InviteRolesFieldProps>
  /** Whether a role set may be sent (the role rule of core §5); by default not empty and APPROVER with ADMIN or CLIENT. */
  readonly isSendable?: (roles: ReadonlyArray<string>) => boolean
}

const WALLET_TEXTS: InviteFormTexts = {
  title: "controlPanel:invite.title",
  email: "auth:login.email",
  roles: "controlPanel:invite.roles",
  submit: "controlPanel:invite.submit",
  sent: "controlPanel:invite.sent"
}
const WALLET_TEST_IDS: InviteFormTestIds = { card: "invite-form" }

const isSendableRoleSet = (roles: ReadonlyArray<string>): boolean => roles.length > 0 && isValidRoleSet(roles)

export function InviteForm({
  walletId,
  texts = WALLET_TEXTS,
  testIds = WALLET_TEST_IDS,
  emailAutoComplete,
  RolesField = RoleCheckboxes,
  isSendable = isSendableRoleSet
}: InviteFormProps) {
  const { t } = useTranslation()
  const [email, setEmail] = useState("")
  const [roles, setRoles] = useState<ReadonlyArray<string>>(["CLIENT"])
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const emailErr = submitted && !isValidEmail(email.trim()) ? t("validation:VALIDATION_EMAIL") : null
  const rolesErr = submitted && !isSendable(roles) ? t("validation:VALIDATION_ROLES") : null
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (!isValidEmail(email.trim()) || !isSendable(roles)) return
    setBusy(true)
    try {
      await runCommand(walletId, { name: "v1.invitation.create", payload: { wallet_id: walletId, email: email.trim(), permission_types: [...roles] } })
      toast("success", t(texts.sent, { email: email.trim() }))
      setEmail("")
      setSubmitted(false)
    } catch (err) {
      setError(t(errorI18nKey(err)))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title={t(texts.title)} data-testid={testIds.card}>
      <form
        className={layout.form}
        onSubmit={(e) => {
          void submit(e)
        }}
        noValidate
      >
        {error ? (
          <p className={layout.errorText} role="alert" data-testid={testIds.error}>
            {error}
          </p>
        ) : null}
        <TextField
          label={t(texts.email)}
          type="email"
          value={email}
          onChange={setEmail}
          error={emailErr}
          required
          autoComplete={emailAutoComplete}
          data-testid={testIds.email}
        />
        <RolesField
          legend={t(texts.roles)}
          value={roles}
          onChange={setRoles}
          error={rolesErr}
          {...(testIds.roles !== undefined ? { testId: testIds.roles } : {})}
        />
        <div className={layout.actions}>
          <Button type="submit" busy={busy} data-testid={testIds.submit}>
            {t(texts.submit)}
          </Button>
        </div>
      </form>
    </Card>
  )
}

/** The wallet page's roles field: a checkbox per role of INVITE_ROLES, the roles kept in the order picked. */
function RoleCheckboxes({ legend, value, onChange, error, testId }: InviteRolesFieldProps) {
  const { t } = useTranslation()
  return (
    <fieldset style={{ border: "none", padding: 0, margin: 0 }} data-testid={testId}>
      <legend className={layout.muted} style={{ marginBottom: 8 }}>
        {legend}
      </legend>
      <div className={s.roles}>
        {INVITE_ROLES.map((r) => (
          <Checkbox
            key={r}
            label={t(`wallets:roles.${r}`)}
            checked={value.includes(r)}
            onChange={(c) => onChange(c ? [...value, r] : value.filter((y) => y !== r))}
          />
        ))}
      </div>
      {error ? (
        <p className={layout.errorText} role="alert" style={{ marginTop: 8 }}>
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
