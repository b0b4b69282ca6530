/**
 * /control-panel/wallets (spec core §2.1, §6, features §4): the user's wallets with owner,
 * role (permission_types[0]), default and current marks; create, rename, delete (refused while
 * it holds a balance or when it is the user's last own wallet: the server's key is shown),
 * unlink from a shared wallet. Guided tour 'controlPanelWallets'.
 */
import { useEffect, useMemo, useState } from "react"
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import type { Wallet } from "../../../schema/entities.ts"
import { useAppState } from "../../lib/app-state.ts"
import { toast } from "../../lib/feedback.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useActions } from "../../lib/use-shell-data.ts"
import { useTour } from "../../lib/use-tour.ts"
import { Badge, Button, Card, EmptyState, layout, PageHeader, PlusIcon, Tour } from "../../ui/index.ts"
import { CreateWalletDialog, DeleteWalletDialog, RenameWalletDialog, unlinkWallet } from "./wallet-dialogs.tsx"
import { backupCandidates, canDelete, canRename, hasOtherOwnWallet, isOwner, roleOf } from "./wallet-rules.ts"
import * as s from "./control-panel.css.ts"

export function WalletsPage() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const wallets = useAppState((st) => st.wallets) ?? []
  const currentId = useAppState((st) => st.walletId)
  const userId = useAppState((st) => st.session?.userId ?? null)
  const actions = useActions()
  const [creating, setCreating] = useState(false)
  const [renaming, setRenaming] = useState<Wallet | null>(null)
  const [deleting, setDeleting] = useState<Wallet | null>(null)
  const steps = useMemo(
    () =>
      (["wallet-list", "wallet-create"] as const).map((target) => ({
        target,
        title: t(`controlPanel:tour.${target}.title`),
        body: t(`controlPanel:tour.${target}.body`)
      })),
    [t]
  )
  const tour = useTour("controlPanelWallets", steps.length)
  useEffect(() => {
    document.title = `${t("wallets:title")} · ${t("common:appName")}`
  }, [t])

  const askDelete = (w: Wallet): void => {
    // features §4: not the user's last own wallet (the server checks the balance)
    if (!hasOtherOwnWallet(wallets, w, userId)) {
      toast("error", t("errors:NO_OTHER_OWN_WALLET"))
      return
    }
    setDeleting(w)
  }

  return (
    <div className={layout.page} data-testid="wallets-page">
      <PageHeader
        title={t("wallets:title")}
        subtitle={t("wallets:subtitle")}
        actions={
          <Button onClick={() => setCreating(true)} data-tour="wallet-create" data-testid="wallet-create">
            <PlusIcon size={18} />
            {t("wallets:create.button")}
          </Button>
        }
      />
      <Card data-tour="wallet-list">
        {wallets.length === 0 ? (
          <EmptyState title={t("wallets:empty")} />
        ) : (
          <ul className={s.rows} aria-label={t("wallets:title")}>
            {wallets.map((w) => (
              <li key={w.id} className={s.row} data-testid="wallet-row" data-wallet-id={w.id}>
                <div className={s.main}>
                  <Link to={lp(`/control-panel/wallets/${encodeURIComponent(w.id)}`)} className={s.name}>
                    {w.name}
                  </Link>
                  <span className={s.meta}>
                    <span>{t("shell:walletModal.owner", { name: w.owner_name })}</span>
                    <Badge tone="primary">{t(`wallets:roles.${roleOf(w)}`, { defaultValue: roleOf(w) })}</Badge>
                    {w.default ? <Badge>{t("wallets:default")}</Badge> : null}
                    {w.id === currentId ? <Badge tone="success">{t("wallets:current")}</Badge> : null}
                  </span>
                </div>
                <div className={s.actions}>
                  {canRename(w, userId, currentId, actions) ? (
                    <Button size="sm" variant="secondary" onClick={() => setRenaming(w)} aria-label={t("wallets:rename.label", { name: w.name })}>
                      {t("wallets:rename.button")}
                    </Button>
                  ) : null}
                  {canDelete(w, userId) ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => askDelete(w)}
                      aria-label={t("wallets:delete.label", { name: w.name })}
                      data-testid="wallet-delete"
                    >
                      {t("wallets:delete.button")}
                    </Button>
                  ) : null}
                  {!isOwner(w, userId) ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => {
                        void unlinkWallet(w, t)
                      }}
                    >
                      {t("wallets:leave.button")}
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <CreateWalletDialog open={creating} onClose={() => setCreating(false)} />
      <RenameWalletDialog wallet={renaming} onClose={() => setRenaming(null)} />
      <DeleteWalletDialog wallet={deleting} backups={deleting ? backupCandidates(wallets, deleting, userId) : []} onClose={() => setDeleting(null)} />
      {tour.active ? <Tour steps={steps} index={tour.index} onNext={tour.next} onBack={tour.back} onClose={tour.close} /> : null}
    </div>
  )
}
