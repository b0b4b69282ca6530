/**
 * Create, rename and delete dialogs of the control panel's wallets (features §4): the server's
 * refusals (WALLET_NAME_ALREADY_EXISTS, WALLET_HAS_BALANCE, NO_OTHER_OWN_WALLET) are shown
 * translated; the typed name is kept on error. Delete may name a backup wallet (core §3
 * wallet_backup_id). Each action is a command through the outbox (sync/commands/account.ts).
 */
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import { runCommand } from "../../../workers/client.ts"
import type { Wallet } from "../../../schema/entities.ts"
import { currentSession, currentWallet, refreshWallets } from "../../lib/app-state.ts"
import { errorI18nKey } from "../../lib/errors.ts"
import { confirmDialog, toast } from "../../lib/feedback.ts"
import { Button, Dialog, layout, Select, TextField } from "../../ui/index.ts"

/** A wallet name: required, at most 60 characters (our limit; src/README.md "Decisions"). */
export const WALLET_NAME_MAX_LENGTH = 60

function NameForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel
}: {
  readonly initial: string
  readonly submitLabel: string
  readonly onSubmit: (name: string) => Promise<string | null>
  readonly onCancel: () => void
}) {
  const { t } = useTranslation()
  const [name, setName] = useState(initial)
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const local =
    name.trim() === ""
      ? t("validation:VALIDATION_REQUIRED")
      : name.trim().length > WALLET_NAME_MAX_LENGTH
        ? t("validation:VALIDATION_MAX", { max: WALLET_NAME_MAX_LENGTH })
        : null
  const submit = async (e: FormEvent): Promise<void> => {
    e.preventDefault()
    setSubmitted(true)
    if (local) return
    setBusy(true)
    setError(await onSubmit(name.trim()))
    setBusy(false)
  }
  return (
    <form
      className={layout.form}
      onSubmit={(e) => {
        void submit(e)
      }}
      noValidate
    >
      <TextField
        label={t("wallets:fields.name")}
        value={name}
        onChange={(v) => {
          setName(v)
          setError(null)
        }}
        error={(submitted ? local : null) ?? error}
        required
        autoFocus
        data-testid="wallet-name"
      />
      <div className={layout.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" busy={busy} data-testid="wallet-name-submit">
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}

export function CreateWalletDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("wallets:create.title")}
      size="small"
      testId="create-wallet-dialog"
    >
      {open ? (
        <NameForm
          initial=""
          submitLabel={t("wallets:create.submit")}
          onCancel={onClose}
          onSubmit={async (name) => {
            try {
              await runCommand(currentWallet()?.id ?? "", { name: "v1.wallet.create", payload: { name } })
              await refreshWallets()
              toast("success", t("wallets:create.done", { name }))
              onClose()
              return null
            } catch (e) {
              return t(errorI18nKey(e))
            }
          }}
        />
      ) : null}
    </Dialog>
  )
}

export function RenameWalletDialog({ wallet, onClose }: { readonly wallet: Wallet | null; readonly onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={wallet !== null}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("wallets:rename.title")}
      size="small"
      testId="rename-wallet-dialog"
    >
      {wallet ? (
        <NameForm
          initial={wallet.name}
          submitLabel={t("common:actions.save")}
          onCancel={onClose}
          onSubmit={async (name) => {
            try {
              await runCommand(wallet.id, { name: "v1.wallet.update", payload: { id: wallet.id, name } })
              await refreshWallets()
              toast("success", t("wallets:rename.done"))
              onClose()
              return null
            } catch (e) {
              return t(errorI18nKey(e))
            }
          }}
        />
      ) : null}
    </Dialog>
  )
}

export function DeleteWalletDialog({
  wallet,
  backups,
  onClose,
  onDeleted
}: {
  readonly wallet: Wallet | null
  readonly backups: ReadonlyArray<Wallet>
  readonly onClose: () => void
  readonly onDeleted?: () => void
}) {
  const { t } = useTranslation()
  const [backup, setBackup] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const close = (): void => {
    setBackup("")
    setError(null)
    onClose()
  }
  const remove = async (): Promise<void> => {
    if (!wallet) return
    setBusy(true)
    setError(null)
    try {
      await runCommand(wallet.id, { name: "v1.wallet.delete", payload: { id: wallet.id, ...(backup ? { backup_id: backup } : {}) } })
      await refreshWallets()
      toast("success", t("wallets:delete.done", { name: wallet.name }))
      close()
      onDeleted?.()
    } catch (e) {
      setError(t(errorI18nKey(e)))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog
      open={wallet !== null}
      onOpenChange={(o) => {
        if (!o) close()
      }}
      title={t("wallets:delete.title")}
      size="small"
      testId="delete-wallet-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t("common:actions.cancel")}
          </Button>
          <Button
            variant="danger"
            busy={busy}
            onClick={() => {
              void remove()
            }}
            data-testid="delete-wallet-confirm"
          >
            {t("wallets:delete.confirm")}
          </Button>
        </>
      }
    >
      <p>{t("wallets:delete.message", { name: wallet?.name ?? "" })}</p>
      {backups.length > 0 ? (
        <Select
          label={t("wallets:delete.backup")}
          value={backup}
          onChange={setBackup}
          placeholder={t("wallets:delete.noBackup")}
          options={backups.map((b) => ({ value: b.id, label: b.name }))}
        />
      ) : null}
      {error ? (
        <p role="alert" data-testid="delete-wallet-error" className={layout.errorText}>
          {error}
        </p>
      ) : null}
    </Dialog>
  )
}

/** Leave a wallet shared with me (core §6 "other users can unlink themselves"). */
export async function unlinkWallet(w: Wallet, t: TFunction): Promise<boolean> {
  const ok = await confirmDialog({
    title: t("wallets:leave.title"),
    html: t("wallets:leave.message", { name: w.name }),
    variant: "danger",
    confirmLabel: t("wallets:leave.confirm"),
    cancelLabel: t("common:actions.cancel")
  })
  if (!ok) return false
  const userId = currentSession()?.userId ?? ""
  try {
    await runCommand(w.id, { name: "v1.wallet.leave", payload: { user_id: userId, wallet_id: w.id } })
    await refreshWallets()
    toast("success", t("wallets:leave.done", { name: w.name }))
    return true
  } catch (e) {
    toast("error", t(errorI18nKey(e)))
    return false
  }
}
