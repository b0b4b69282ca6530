/**
 * The default layout of spec core §2.3: the global header (core §2.4), the session and
 * profile-update banners, the page, and the shell's modals.
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Header } from "../../features/shell/header.tsx"
import { ShellBanners } from "../../features/shell/shell-banners.tsx"
import { ShellModals } from "../../features/shell/shell-modals.tsx"
import { useEveryWalletsPermissions } from "../../lib/use-readable-wallets.ts"
import * as s from "./default-layout.css.ts"

/** Keeps every wallet's permissions live (src/lib/use-readable-wallets.ts); its own component, so their answers re-render nothing. */
function WalletPermissions() {
  useEveryWalletsPermissions()
  return null
}

export function DefaultLayout({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className={s.app}>
      <a className={s.skip} href="#main">
        {t("common:skipToContent")}
      </a>
      <Header />
      <ShellBanners />
      <main id="main" className={s.main} tabIndex={-1}>
        {children}
      </main>
      <ShellModals />
      <WalletPermissions />
    </div>
  )
}
