/**
 * The gateway pages' choice of wallets (features §2 "/gateway": the company's matrix and branches
 * at once; core §4): the wallet checkboxes and the wallet a company call is made as. Shared by the
 * transaction lists (gateway-page.tsx) and the metrics (metrics.tsx).
 */
import { useTranslation } from "react-i18next"
import { currentWallet, useAppState } from "../../lib/app-state.ts"
import { Checkbox } from "../../ui/index.ts"
import * as s from "./gateway.css.ts"

export interface WalletsProps {
  readonly wallets: ReadonlyArray<{ id: string; name: string }>
}

export function WalletPicker({ wallets, selected, onChange }: WalletsProps & { selected: ReadonlyArray<string>; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation()
  return (
    <fieldset className={s.wallets} data-testid="gateway-wallets">
      <legend>{t("gateway:filters.wallets")}</legend>
      {wallets.map((w) => (
        <Checkbox
          key={w.id}
          label={w.name}
          checked={selected.includes(w.id)}
          onChange={(on) => onChange(on ? [...selected, w.id] : selected.filter((x) => x !== w.id))}
        />
      ))}
    </fieldset>
  )
}

/**
 * The wallet a company call is made as (the `wallet-uuid` header): the open wallet when it is among the
 * chosen ones, since a matrix may ask for its branches and a branch only for itself (D-gateway-company-kind).
 */
export function useCallingWallet(walletIds: ReadonlyArray<string>): string | null {
  const current = useAppState((st) => currentWallet(st)?.id ?? null)
  return current !== null && walletIds.includes(current) ? current : (walletIds[0] ?? null)
}
