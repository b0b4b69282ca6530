/**
 * Wallet selection modal (spec core §2.4): searchable by wallet or owner name; each row shows
 * wallet name, owner and the user's role, chosen by a radio on the wallet id; Cancel and Select
 * wallet; choosing another wallet stores it, tells the engine and reloads the page; a link goes
 * to /control-panel/wallets.
 */
import { useMemo, useState } from "react"
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import { selectWallet, useAppState } from "../../lib/app-state.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { Button } from "../../ui/button.tsx"
import { Dialog } from "../../ui/dialog.tsx"
import { EmptyState } from "../../ui/empty-state.tsx"
import { SearchIcon } from "../../ui/icons.tsx"
import { RadioGroup } from "../../ui/radio-group.tsx"
import { TextField } from "../../ui/text-field.tsx"
import * as s from "./modal.css.ts"

/** Case- and accent-insensitive text match. */
export const fold = (x: string): string =>
  x
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()

export function WalletSelectModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation()
  const lp = useLocalePath()
  const stored = useAppState((st) => st.wallets)
  const currentId = useAppState((st) => st.walletId)
  const [query, setQuery] = useState("")
  const [choice, setChoice] = useState<string>(currentId ?? "")
  const shown = useMemo(() => {
    const wallets = stored ?? []
    const q = fold(query.trim())
    return q === "" ? wallets : wallets.filter((w) => fold(w.name).includes(q) || fold(w.owner_name).includes(q))
  }, [stored, query])

  const reset = (): void => {
    setQuery("")
    setChoice(currentId ?? "")
  }
  const apply = (): void => {
    if (!choice || choice === currentId) {
      onClose()
      return
    }
    selectWallet(choice, { persist: true })
    onClose()
    // core §2.4: selecting a different wallet changes the current wallet and reloads the page
    globalThis.location.reload()
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          onClose()
          reset()
        }
      }}
      title={t("shell:walletModal.title")}
      description={t("shell:walletModal.description")}
      size="medium"
      testId="wallet-modal"
      footer={
        <div className={s.footerSplit}>
          <Link className={s.link} to={lp("/control-panel/wallets")} onClick={onClose}>
            {t("shell:walletModal.manage")}
          </Link>
          <span style={{ display: "flex", gap: 8 }}>
            <Button
              variant="secondary"
              onClick={() => {
                onClose()
                reset()
              }}
            >
              {t("common:actions.cancel")}
            </Button>
            <Button onClick={apply} disabled={!choice} data-testid="wallet-modal-select">
              {t("shell:walletModal.select")}
            </Button>
          </span>
        </div>
      }
    >
      <TextField
        label={t("shell:walletModal.search")}
        value={query}
        onChange={setQuery}
        type="search"
        placeholder={t("shell:walletModal.searchPlaceholder")}
        adornment={<SearchIcon size={18} />}
        data-testid="wallet-search"
      />
      {shown.length === 0 ? (
        <EmptyState title={t("shell:walletModal.none")} />
      ) : (
        <div className={s.walletList}>
          <RadioGroup
            label={t("shell:walletModal.title")}
            value={choice}
            onChange={setChoice}
            itemClassName={s.walletRow}
            options={shown.map((w) => ({
              value: w.id,
              label: (
                <span className={s.walletText} data-testid="wallet-option" data-wallet-id={w.id}>
                  <span className={s.walletName}>{w.name}</span>
                  <span className={s.walletMeta}>
                    {t("shell:walletModal.owner", { name: w.owner_name })}
                    {" · "}
                    {t(`wallets:roles.${w.permission_types[0] ?? "CLIENT"}`, { defaultValue: w.permission_types[0] ?? "" })}
                  </span>
                </span>
              )
            }))}
          />
        </div>
      )}
    </Dialog>
  )
}
