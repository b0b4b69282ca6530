/**
 * Invite someone to a wallet (core §6 "Wallets are shared by invitations carrying a
 * permission"): e-mail and roles; the role rule of core §5/§6 (APPROVER needs ADMIN or CLIENT).
 */
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine } from "../../../workers/client.ts"
import { isValidEmail, isValidRoleSet } from "../../../schema/validation.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { Button, Card, Checkbox, layout, TextField } from "../../ui/index.ts"
import * as s from "./control-panel.css.ts"

/** Roles an invitation may carry (ROOT is the owner's and is not given away). */
export const INVITE_ROLES = ["ADMIN", "CLIENT", "APPROVER"] as const

export function InviteForm({ walletId }: { readonly walletId: string }) {
  const { t } = useTranslation()
  const [email, setEmail] = useState("")
  const [roles, setRoles] = useState<ReadonlyArray<string>>(["CLIENT"])
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const emailErr = submitted && !isValidEmail(email.trim()) ? t("validation:VALIDATION_EMAIL") : null
  const rolesErr = submitted && (roles.length === 0 || !isValidRoleSet(roles)) ? t("validation:VALIDATION_ROLES") : null
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (!isValidEmail(email.trim()) || roles.length === 0 || !isValidRoleSet(roles)) return
    setBusy(true)
    try {
      await getEngine().call("invitationCreate", { walletId, body: { wallet_id: walletId, email: email.trim(), permission_types: [...roles] } })
      toast("success", t("controlPanel:invite.sent", { email: email.trim() }))
      setEmail("")
      setSubmitted(false)
    } catch (err) {
      setError(t(errorI18nKey(err)))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card title={t("controlPanel:invite.title")} data-testid="invite-form">
      <form className={layout.form} onSubmit={(e) => { void submit(e) }} noValidate>
        {error ? <p className={layout.errorText} role="alert">{error}</p> : null}
        <TextField label={t("auth:login.email")} type="email" value={email} onChange={setEmail} error={emailErr} required />
        <fieldset style={{ border: "none", padding: 0, margin: 0 }}>
          <legend className={layout.muted} style={{ marginBottom: 8 }}>{t("controlPanel:invite.roles")}</legend>
          <div className={s.roles}>
            {INVITE_ROLES.map((r) => (
              <Checkbox key={r} label={t(`wallets:roles.${r}`)} checked={roles.includes(r)}
                onChange={(c) => setRoles((x) => (c ? [...x, r] : x.filter((y) => y !== r)))} />
            ))}
          </div>
          {rolesErr ? <p className={layout.errorText} role="alert" style={{ marginTop: 8 }}>{rolesErr}</p> : null}
        </fieldset>
        <div className={layout.actions}><Button type="submit" busy={busy}>{t("controlPanel:invite.submit")}</Button></div>
      </form>
    </Card>
  )
}
