/**
 * /control-panel/wallets/{id} (spec core §2.1): one wallet's details (owner, role, default,
 * company matrix and branches, dates), rename, make default, delete or unlink, and inviting
 * someone when allowed.
 */
import { useEffect, useState } from "react"
import { Link, useNavigate, useParams } from "react-router"
import { useTranslation } from "react-i18next"
import { runCommand } from "../../../workers/client.ts"
import { refreshWallets, useAppState } from "../../lib/app-state.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { toast } from "../../lib/feedback.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useActions } from "../../lib/use-shell-data.ts"
import { Badge, Button, Card, EmptyState, layout, PageHeader } from "../../ui/index.ts"
import { InviteForm } from "../../ui/invite-form.tsx"
import { DeleteWalletDialog, RenameWalletDialog, unlinkWallet } from "./wallet-dialogs.tsx"
import { backupCandidates, canDelete, canInvite, canRename, hasOtherOwnWallet, isOwner, roleOf } from "./wallet-rules.ts"

export function WalletDetailPage() {
  const { t } = useTranslation()
  const f = useFormat()
  const { id = "" } = useParams()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const wallets = useAppState((st) => st.wallets) ?? []
  const currentId = useAppState((st) => st.walletId)
  const userId = useAppState((st) => st.session?.userId ?? null)
  const actions = useActions()
  const wallet = wallets.find((w) => w.id === id) ?? null
  const [renaming, setRenaming] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    document.title = `${wallet?.name ?? t("wallets:title")} · ${t("common:appName")}`
  }, [wallet, t])

  if (!wallet) {
    return (
      <div className={layout.page} data-testid="wallet-detail-page">
        <PageHeader title={t("wallets:detail.title")} />
        <Card>
          <EmptyState title={t("wallets:detail.notFound")} action={<Link to={lp("/control-panel/wallets")}>{t("wallets:detail.back")}</Link>} />
        </Card>
      </div>
    )
  }
  const makeDefault = async (): Promise<void> => {
    setBusy(true)
    try {
      await runCommand(wallet.id, { name: "v1.wallet.update", payload: { id: wallet.id, default: true } })
      await refreshWallets()
      toast("success", t("wallets:detail.defaultDone"))
    } catch (e) {
      toast("error", t(errorI18nKey(e)))
    } finally {
      setBusy(false)
    }
  }
  const role = roleOf(wallet)
  return (
    <div className={layout.page} data-testid="wallet-detail-page">
      <PageHeader
        title={wallet.name}
        subtitle={t("shell:walletModal.owner", { name: wallet.owner_name })}
        actions={<Link to={lp("/control-panel/wallets")}>{t("wallets:detail.back")}</Link>}
      />
      <Card title={t("wallets:detail.title")}>
        <dl className={layout.dl}>
          <dt className={layout.dt}>{t("wallets:fields.name")}</dt>
          <dd className={layout.dd}>{wallet.name}</dd>
          <dt className={layout.dt}>{t("wallets:fields.owner")}</dt>
          <dd className={layout.dd}>{wallet.owner_name}</dd>
          <dt className={layout.dt}>{t("wallets:fields.role")}</dt>
          <dd className={layout.dd}>
            <Badge tone="primary">{t(`wallets:roles.${role}`, { defaultValue: role })}</Badge>
          </dd>
          <dt className={layout.dt}>{t("wallets:fields.default")}</dt>
          <dd className={layout.dd}>{wallet.default ? t("common:yes") : t("common:no")}</dd>
          <dt className={layout.dt}>{t("wallets:fields.kind")}</dt>
          <dd className={layout.dd}>{wallet.is_matrix ? t("wallets:kind.matrix") : t("wallets:kind.single")}</dd>
          {wallet.branches.length > 0 ? (
            <>
              <dt className={layout.dt}>{t("wallets:fields.branches")}</dt>
              <dd className={layout.dd}>{wallet.branches.map((b) => b.name).join(", ")}</dd>
            </>
          ) : null}
          <dt className={layout.dt}>{t("wallets:fields.createdAt")}</dt>
          <dd className={layout.dd}>{f.dateTime(wallet.created_at)}</dd>
        </dl>
        <div className={layout.actions} style={{ marginTop: 16 }}>
          {canRename(wallet, userId, currentId, actions) ? (
            <Button variant="secondary" onClick={() => setRenaming(true)}>
              {t("wallets:rename.button")}
            </Button>
          ) : null}
          {isOwner(wallet, userId) && !wallet.default ? (
            <Button
              variant="secondary"
              busy={busy}
              onClick={() => {
                void makeDefault()
              }}
            >
              {t("wallets:detail.makeDefault")}
            </Button>
          ) : null}
          {canDelete(wallet, userId) ? (
            <Button
              variant="danger"
              onClick={() => {
                if (hasOtherOwnWallet(wallets, wallet, userId)) setDeleting(true)
                else toast("error", t("errors:NO_OTHER_OWN_WALLET"))
              }}
            >
              {t("wallets:delete.button")}
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => {
                void unlinkWallet(wallet, t).then((ok) => {
                  if (ok) void navigate(lp("/control-panel/wallets"))
                })
              }}
            >
              {t("wallets:leave.button")}
            </Button>
          )}
        </div>
      </Card>
      {canInvite(wallet, userId, currentId, actions) ? <InviteForm walletId={wallet.id} /> : null}
      <RenameWalletDialog wallet={renaming ? wallet : null} onClose={() => setRenaming(false)} />
      <DeleteWalletDialog
        wallet={deleting ? wallet : null}
        backups={backupCandidates(wallets, wallet, userId)}
        onClose={() => setDeleting(false)}
        onDeleted={() => {
          void navigate(lp("/control-panel/wallets"), { replace: true })
        }}
      />
    </div>
  )
}
