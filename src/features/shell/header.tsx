/**
 * The global header of spec core §2.4: brand, app switcher, wallet-switcher (wallet and owner
 * names truncated to 22 characters), online/offline status, notifications and the user panel;
 * below, the current section's menu (core §2.2) with optional sub-items.
 */
import { Link } from "react-router"
import { useTranslation } from "react-i18next"
import { truncate } from "../../../schema/format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { requestShell } from "../../lib/shell-events.ts"
import { Logo } from "../../ui/logo.tsx"
import { AppSwitcher } from "./app-switcher.tsx"
import { ConnectionStatus } from "./connection-status.tsx"
import { NotificationsPanel } from "./notifications-panel.tsx"
import { SectionNav } from "./section-nav.tsx"
import { UserPanel } from "./user-panel.tsx"
import * as s from "./header.css.ts"

export const WALLET_NAME_MAX = 22

function WalletSwitcher() {
  const { t } = useTranslation()
  const wallet = useCurrentWallet()
  if (!wallet) return null
  return (
    <button
      type="button"
      className={s.walletButton}
      onClick={() => requestShell("walletSelect")}
      aria-label={t("shell:wallet.switcherLabel", { name: wallet.name, owner: wallet.owner_name })}
      data-testid="wallet-switcher"
      data-tour="wallet-switcher"
    >
      <span className={s.walletName}>{truncate(wallet.name, WALLET_NAME_MAX)}</span>
      <span className={s.walletOwner}>{truncate(wallet.owner_name, WALLET_NAME_MAX)}</span>
    </button>
  )
}

export function Header() {
  const { t } = useTranslation()
  const lp = useLocalePath()
  return (
    <header className={s.header}>
      <div className={s.bar}>
        <Link to={lp("/banking/home")} className={s.brand} aria-label={t("shell:header.home")}>
          <Logo size={30} />
          <span className={s.brandText}>{t("common:appName")}</span>
        </Link>
        <AppSwitcher />
        <WalletSwitcher />
        <span className={s.spacer} />
        <div className={s.tools}>
          <ConnectionStatus />
          <NotificationsPanel />
          <UserPanel />
        </div>
      </div>
      <SectionNav />
    </header>
  )
}
