/**
 * /control-panel/security/permissions (spec features §2 "permissions: manage users and profiles
 * of the wallet; the current user is hidden from the user list", §6 "Wallet-permission edit",
 * §7 GET /users/operations/permissions/users, PATCH and DELETE /users/operations/permissions,
 * DELETE …/permissions/by-user/{userId}; core §3/§6 invitations carrying a permission). Each
 * user of the current wallet with their profile; change a profile (role rule of core §5),
 * remove access (danger confirmation), leave the wallet oneself, invite by e-mail. Only what
 * the wallet's permission actions allow is offered (permission-rules.ts).
 */
import { useEffect, useState, type FormEvent } from "react"
import { useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import { runCommand } from "../../../workers/client.ts"
import type { PermissionUser } from "../../../schema/entities.ts"
import { refreshWallets, useAppState } from "../../lib/app-state.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { confirmDialog, toast } from "../../lib/feedback.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useSyncedList } from "../../lib/use-synced-list.ts"
import { useActions, useCurrentWallet } from "../../lib/use-shell-data.ts"
import { Badge, Button, Card, Dialog, EmptyState, layout, PageHeader, Skeleton } from "../../ui/index.ts"
import { InviteForm, type InviteFormProps } from "../../ui/invite-form.tsx"
import { canInvite, canListUsers, canUnlink, escapeHtml, isGrantableRoleSet, isOwnerRow, offerFor, orderedRoles, visibleUsers } from "./permission-rules.ts"
import { RolePicker } from "./role-picker.tsx"
import * as s from "./security.css.ts"

/** The invite card of this page: the control panel's invite form with this page's texts, test ids and role picker. */
const PERMISSIONS_INVITE = {
  texts: {
    title: "security:invite.title",
    email: "security:invite.email",
    roles: "security:invite.roles",
    submit: "security:invite.submit",
    sent: "security:invite.sent"
  },
  testIds: { card: "invite-card", error: "invite-error", email: "invite-email", roles: "invite-roles", submit: "invite-submit" },
  emailAutoComplete: "off",
  RolesField: RolePicker,
  isSendable: isGrantableRoleSet
} as const satisfies Omit<InviteFormProps, "walletId">

export function PermissionsPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const meId = useAppState((st) => st.session?.userId ?? null)
  const actions = useActions()
  const mayList = canListUsers(actions)
  const walletId = wallet?.id ?? null
  // the wallet's users from the store (the synced list `permission_users`), with the pending changes laid over them (C7)
  const load = useSyncedList("permission_users", mayList ? walletId : null)
  const [editing, setEditing] = useState<PermissionUser | null>(null)
  useEffect(() => {
    document.title = `${t("security:permissions.title")} · ${t("common:appName")}`
  }, [t])

  const remove = async (u: PermissionUser): Promise<void> => {
    if (!wallet) return
    const ok = await confirmDialog({
      title: t("security:permissions.removeTitle"),
      html: t("security:permissions.removeMessage", { name: escapeHtml(u.name), email: escapeHtml(u.email), wallet: escapeHtml(wallet.name) }),
      variant: "danger",
      confirmLabel: t("security:permissions.removeConfirm"),
      cancelLabel: t("common:actions.cancel")
    })
    if (!ok) return
    try {
      await runCommand(wallet.id, { name: "v1.permission.remove", payload: { user_id: u.user_id } })
      toast("success", t("security:permissions.removed", { name: u.name }))
    } catch (e) {
      toast("error", t(errorI18nKey(e)))
    }
  }

  const unlink = async (): Promise<void> => {
    if (!wallet || !meId) return
    const ok = await confirmDialog({
      title: t("security:permissions.unlinkTitle"),
      html: t("security:permissions.unlinkMessage", { wallet: escapeHtml(wallet.name) }),
      variant: "danger",
      confirmLabel: t("security:permissions.unlinkConfirm"),
      cancelLabel: t("common:actions.cancel")
    })
    if (!ok) return
    try {
      await runCommand(wallet.id, { name: "v1.wallet.leave", payload: { user_id: meId, wallet_id: wallet.id } })
      toast("success", t("security:permissions.unlinked", { wallet: wallet.name }))
      await refreshWallets()
      void navigate(lp("/control-panel/wallets"), { replace: true })
    } catch (e) {
      toast("error", t(errorI18nKey(e)))
    }
  }

  if (!wallet) {
    return (
      <div className={layout.page} data-testid="permissions-page">
        <PageHeader title={t("security:permissions.title")} />
        <Card>
          <Skeleton height={120} />
        </Card>
      </div>
    )
  }
  const list = load.state === "ready" ? visibleUsers(load.rows, meId, wallet) : []
  const myRoles = wallet.permission_types
  return (
    <div className={layout.page} data-testid="permissions-page">
      <PageHeader title={t("security:permissions.title")} subtitle={t("security:permissions.subtitle", { wallet: wallet.name })} />

      <Card
        title={t("security:permissions.users")}
        actions={
          load.state === "ready" ? (
            <span className={layout.muted} data-testid="users-count">
              {t("security:permissions.count", { count: list.length })}
            </span>
          ) : undefined
        }
      >
        {!mayList ? (
          <EmptyState title={t("security:permissions.noPermissionTitle")} message={t("security:permissions.noPermission")} />
        ) : load.state === "loading" ? (
          <Skeleton height={160} />
        ) : load.state === "error" ? (
          <EmptyState
            title={t("security:permissions.loadError")}
            message={t(`errors:${load.key}`)}
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  void load.retry().catch(() => undefined)
                }}
              >
                {t("security:permissions.retry")}
              </Button>
            }
          />
        ) : list.length === 0 ? (
          <EmptyState title={t("security:permissions.empty")} />
        ) : (
          <ul className={s.users} data-testid="permission-users">
            {list.map((u) => {
              const offer = offerFor(u, wallet, actions)
              const owner = isOwnerRow(u, wallet)
              return (
                <li key={u.user_id} className={s.user} data-testid="permission-user" data-user={u.email}>
                  <div className={s.userMain}>
                    <span className={s.userName}>{u.name}</span>
                    <span className={s.userMeta}>{u.email}</span>
                    <span className={s.userMeta} aria-label={t("security:permissions.profile")}>
                      {owner ? (
                        <Badge tone="primary">{t("security:permissions.owner")}</Badge>
                      ) : (
                        u.permission_types.map((r) => (
                          <Badge key={r} tone={r === "APPROVER" ? "info" : "neutral"}>
                            {t(`security:roles.${r}`, { defaultValue: r })}
                          </Badge>
                        ))
                      )}
                    </span>
                  </div>
                  {offer.edit || offer.remove ? (
                    <div className={s.userActions}>
                      {offer.edit ? (
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setEditing(u)}
                          aria-label={t("security:permissions.editFor", { name: u.name })}
                          data-testid="user-edit"
                        >
                          {t("security:permissions.edit")}
                        </Button>
                      ) : null}
                      {offer.remove ? (
                        <Button
                          variant="danger"
                          size="sm"
                          onClick={() => {
                            void remove(u)
                          }}
                          aria-label={t("security:permissions.removeFor", { name: u.name })}
                          data-testid="user-remove"
                        >
                          {t("security:permissions.remove")}
                        </Button>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              )
            })}
          </ul>
        )}
      </Card>

      <Card title={t("security:permissions.yourAccess")} data-testid="my-access">
        <div className={layout.spread}>
          <div className={s.userMain}>
            <span className={s.userMeta}>{t("security:permissions.yourRoles")}</span>
            <span className={s.userMeta}>
              {myRoles.map((r) => (
                <Badge key={r} tone={r === "ROOT" ? "primary" : "neutral"}>
                  {t(`security:roles.${r}`, { defaultValue: r })}
                </Badge>
              ))}
            </span>
            <span className={layout.muted}>{canUnlink(wallet, meId) ? t("security:permissions.unlinkHint") : t("security:permissions.ownerCannotUnlink")}</span>
          </div>
          {canUnlink(wallet, meId) ? (
            <Button
              variant="danger"
              onClick={() => {
                void unlink()
              }}
              data-testid="unlink"
            >
              {t("security:permissions.unlink")}
            </Button>
          ) : null}
        </div>
      </Card>

      {canInvite(actions) ? <InviteForm walletId={wallet.id} {...PERMISSIONS_INVITE} /> : null}

      <EditRolesDialog
        user={editing}
        walletId={wallet.id}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
        }}
      />
    </div>
  )
}

function EditRolesDialog({
  user,
  walletId,
  onClose,
  onSaved
}: {
  readonly user: PermissionUser | null
  readonly walletId: string
  readonly onClose: () => void
  readonly onSaved: () => void
}) {
  const { t } = useTranslation()
  const [roles, setRoles] = useState<ReadonlyArray<string>>([])
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (user) {
      setRoles(orderedRoles(user.permission_types))
      setSubmitted(false)
      setError(null)
    }
  }, [user])
  const rolesErr = submitted && !isGrantableRoleSet(roles) ? t("validation:VALIDATION_ROLES") : null
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    setError(null)
    if (!user || !isGrantableRoleSet(roles)) return
    setBusy(true)
    try {
      await runCommand(walletId, { name: "v1.permission.update", payload: { user_id: user.user_id, permission_types: [...roles] } })
      toast("success", t("security:permissions.edited", { name: user.name }))
      onSaved()
    } catch (err) {
      setError(t(errorI18nKey(err)))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("security:permissions.editTitle", { name: user?.name ?? "" })}
      size="small"
      testId="edit-roles-dialog"
    >
      <form
        className={layout.form}
        onSubmit={(e) => {
          void submit(e)
        }}
        noValidate
      >
        {error ? (
          <p className={layout.errorText} role="alert">
            {error}
          </p>
        ) : null}
        <RolePicker legend={t("security:permissions.profile")} value={roles} onChange={setRoles} error={rolesErr} testId="edit-roles" />
        <div className={layout.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" busy={busy} data-testid="edit-roles-submit">
            {t("security:permissions.editSubmit")}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
