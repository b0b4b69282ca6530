/**
 * The user panel of spec core §2.4: initial, name and e-mail; the current wallet with the
 * translated uppercase role (permission_types[0]); show/hide balances; BRL and BTC balance
 * cards sorted by currency id with the BLOCKED tag and the Convert entry; 'see all balances';
 * Wallets, My profile, Security (only with onboarding finished), Language; Logout after a
 * danger confirmation (Stay / Logout).
 */
import * as Popover from "@radix-ui/react-popover"
import * as Menu from "@radix-ui/react-dropdown-menu"
import { useState } from "react"
import { Link, useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import { onboardingOk, useAppState } from "../../lib/app-state.ts"
import { confirmDialog } from "../../lib/feedback.ts"
import { endSession } from "../../lib/session.ts"
import { requestShell } from "../../lib/shell-events.ts"
import { useFormat } from "../../lib/use-format.ts"
import { useLocalePath } from "../../lib/use-locale-path.ts"
import { useCurrentWallet } from "../../lib/use-shell-data.ts"
import { HIDDEN_BALANCE, useShowBalances } from "../../lib/use-show-balances.ts"
import { Badge } from "../../ui/badge.tsx"
import { BalanceCard } from "../../ui/balance-card.tsx"
import { IconButton } from "../../ui/button.tsx"
import { Checkbox } from "../../ui/checkbox.tsx"
import { GlobeIcon, LogoutIcon, MoreIcon, ShieldIcon, UserIcon, WalletIcon } from "../../ui/icons.tsx"
import { Skeleton } from "../../ui/skeleton.tsx"
import { byCurrencyId, canConvert } from "./balances.ts"
import * as h from "./header.css.ts"
import * as s from "./panel.css.ts"

const PANEL_CURRENCIES = ["BRL", "BTC"]

function ConvertMenu({ symbol, onGo }: { readonly symbol: string; readonly onGo: () => void }) {
  const { t } = useTranslation()
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <IconButton label={t("shell:balance.options", { symbol })} style={{ width: 32, height: 32 }} data-testid={`balance-menu-${symbol}`}>
          <MoreIcon size={18} />
        </IconButton>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className={h.menuContent} align="end" sideOffset={4} style={{ zIndex: 700 }}>
          <Menu.Item className={h.menuItem} onSelect={onGo} data-testid={`convert-${symbol}`}>
            {t("shell:balance.convert")}
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}

function Balances({ close }: { readonly close: () => void }) {
  const { t } = useTranslation()
  const f = useFormat()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const wallet = useCurrentWallet()
  const enabled = useAppState((st) => st.accountsEnabled)
  const [show] = useShowBalances()
  const accounts = useLiveQuery(wallet && enabled ? { kind: "walletAccounts", walletId: wallet.id } : null)
  const pending = useLiveQuery(wallet && enabled ? { kind: "pendingBalance", walletId: wallet.id } : null)
  if (!wallet) return null
  if (!enabled)
    return (
      <p className={h.walletOwner} style={{ display: "block" }}>
        {t("shell:balance.unavailable")}
      </p>
    )
  if (accounts === undefined)
    return (
      <div className={s.cards} aria-busy="true">
        <Skeleton height={72} />
        <Skeleton height={72} />
      </div>
    )
  const cards = byCurrencyId(accounts.filter((a) => PANEL_CURRENCIES.includes(a.currency_symbol)))
  return (
    <div className={s.cards}>
      {cards.map((a) => {
        const blocked = a.currency_symbol === "BRL" ? (pending?.pending_balance ?? 0) : 0
        return (
          <BalanceCard
            key={a.id}
            testId={`panel-balance-${a.currency_symbol}`}
            label={t("shell:balance.label", { symbol: a.currency_symbol })}
            amount={show ? f.amount(a.balance, a.currency_symbol, a.currency_decimal) : HIDDEN_BALANCE}
            blocked={a.currency_symbol === "BRL" ? t("shell:balance.blocked", { value: show ? f.brl(blocked) : HIDDEN_BALANCE }) : undefined}
            pending={a.pendingDelta !== 0 ? t("shell:balance.pending") : undefined}
            menu={
              canConvert(a.currency_symbol, wallet.default) ? (
                <ConvertMenu
                  symbol={a.currency_symbol}
                  onGo={() => {
                    close()
                    void navigate(lp(`/banking/coins?from=${a.currency_symbol}`))
                  }}
                />
              ) : undefined
            }
          />
        )
      })}
    </div>
  )
}

export function UserPanel() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const lp = useLocalePath()
  const profile = useAppState((st) => st.profile)
  const wallet = useCurrentWallet()
  const showSecurity = useAppState(onboardingOk)
  const [show, setShow] = useShowBalances()
  const [open, setOpen] = useState(false)
  const close = (): void => setOpen(false)
  const name = profile?.name || profile?.full_name || ""
  const initial = (name.trim()[0] ?? profile?.email[0] ?? "?").toUpperCase()
  const role = wallet?.permission_types[0]

  const logout = async (): Promise<void> => {
    close()
    const ok = await confirmDialog({
      title: t("shell:logout.title"),
      html: t("shell:logout.message"),
      variant: "danger",
      confirmLabel: t("shell:logout.confirm"),
      cancelLabel: t("shell:logout.stay")
    })
    if (!ok) return
    await endSession("logout")
    void navigate(lp("/auth/login"), { replace: true })
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <IconButton label={t("shell:user.button")} data-testid="user-button">
          <span className={h.avatar} aria-hidden="true">
            {initial}
          </span>
        </IconButton>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className={s.panel} align="end" sideOffset={8} collisionPadding={8} aria-label={t("shell:user.panel")} data-testid="user-panel">
          <div className={s.userHead}>
            <span className={s.bigAvatar} aria-hidden="true">
              {initial}
            </span>
            <div style={{ minWidth: 0 }}>
              <p className={s.userName} data-testid="user-name">
                {name}
              </p>
              <p className={s.userEmail}>{profile?.email ?? ""}</p>
            </div>
          </div>
          {wallet ? (
            <div className={s.section}>
              <div className={s.walletRow}>
                <span style={{ minWidth: 0 }}>
                  <span className={h.walletOwner} style={{ display: "block" }}>
                    {t("shell:user.currentWallet")}
                  </span>
                  <span className={s.userName}>{wallet.name}</span>
                </span>
                {role ? (
                  <Badge tone="primary" data-testid="user-role">
                    {t(`wallets:roles.${role}`, { defaultValue: role }).toUpperCase()}
                  </Badge>
                ) : null}
              </div>
              <Checkbox label={t("shell:balance.show")} checked={show} onChange={setShow} />
              <Balances close={close} />
              <Link to={lp("/banking/coins")} onClick={close} className={h.walletOwner} style={{ display: "block", fontWeight: 600 }}>
                {t("shell:balance.seeAll")}
              </Link>
            </div>
          ) : null}
          <ul className={s.linkList}>
            <li>
              <Link className={s.linkItem} to={lp("/control-panel/wallets")} onClick={close}>
                <WalletIcon size={18} />
                {t("shell:user.wallets")}
              </Link>
            </li>
            <li>
              <Link className={s.linkItem} to={lp("/control-panel/my-account/my-data")} onClick={close}>
                <UserIcon size={18} />
                {t("shell:user.profile")}
              </Link>
            </li>
            {showSecurity ? (
              <li>
                <Link className={s.linkItem} to={lp("/control-panel/security")} onClick={close}>
                  <ShieldIcon size={18} />
                  {t("shell:user.security")}
                </Link>
              </li>
            ) : null}
            <li>
              <button
                type="button"
                className={s.linkItem}
                onClick={() => {
                  close()
                  requestShell("language")
                }}
                data-testid="open-language"
              >
                <GlobeIcon size={18} />
                {t("shell:user.language")}
              </button>
            </li>
            <li>
              <button
                type="button"
                className={[s.linkItem, s.danger].join(" ")}
                onClick={() => {
                  void logout()
                }}
                data-testid="logout"
              >
                <LogoutIcon size={18} />
                {t("shell:user.logout")}
              </button>
            </li>
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
