/**
 * The menu sections of spec core §2.2 and their items, filtered by the wallet's permission
 * actions, the section conditions (default wallet, gateway wallet, onboarding, endr) and the
 * build's feature flags (core §1, src/config/features.ts). Pure: the header recomputes it when
 * the permissions, the wallet or the locale change.
 */
import { hasPermission } from "../../schema/permissions.ts"
import { pathEnabled, type FeatureFlags } from "../config/features.ts"
import { needsOnboarding, routeMetaOf } from "./route-meta.ts"

export type SectionId = "banking" | "gateway" | "controlPanel" | "sportsBetting"

export interface MenuItem {
  readonly id: string
  /** i18n key in the shell namespace. */
  readonly labelKey: string
  readonly path: string
  readonly children?: ReadonlyArray<MenuItem>
}
export interface MenuSection {
  readonly id: SectionId
  readonly labelKey: string
  readonly base: string
  readonly defaultPath: string
  readonly items: ReadonlyArray<MenuItem>
}

export interface MenuContext {
  readonly actions: ReadonlyArray<string>
  /** Onboarding complete, or not required for this wallet (core §4). */
  readonly onboardingOk: boolean
  readonly isDefaultWallet: boolean
  readonly isGatewayWallet: boolean
  /** core §1: a path whose flag is off is not offered. */
  readonly features: FeatureFlags
}

const item = (id: string, path: string, children?: ReadonlyArray<MenuItem>): MenuItem =>
  children ? { id, labelKey: `menu.${id}`, path, children } : { id, labelKey: `menu.${id}`, path }

export const SECTIONS: ReadonlyArray<MenuSection> = [
  {
    id: "banking",
    labelKey: "sections.banking",
    base: "/banking",
    defaultPath: "/banking/home",
    items: [
      item("home", "/banking/home"),
      item("pix", "/banking/pix"),
      item("cards", "/banking/cards"),
      item("billet", "/banking/billet"),
      item("ted", "/banking/ted"),
      item("coins", "/banking/coins"),
      item("statements", "/banking/statements")
    ]
  },
  {
    id: "gateway",
    labelKey: "sections.gateway",
    base: "/gateway",
    defaultPath: "/gateway/metrics",
    items: [
      item("metrics", "/gateway/metrics"),
      item("payments", "/gateway/payments"),
      item("transactions", "/gateway/transactions", [
        item("deposits", "/gateway/transactions/deposits"),
        item("withdrawals", "/gateway/transactions/payments"),
        item("refunds", "/gateway/transactions/refunds"),
        item("returns", "/gateway/transactions/returns")
      ])
    ]
  },
  {
    id: "controlPanel",
    labelKey: "sections.controlPanel",
    base: "/control-panel",
    defaultPath: "/control-panel/wallets",
    items: [
      item("wallets", "/control-panel/wallets"),
      item("myAccount", "/control-panel/my-account", [
        item("myData", "/control-panel/my-account/my-data"),
        item("invitesReceived", "/control-panel/my-account/my-invites/received"),
        item("invitesSent", "/control-panel/my-account/my-invites/sent")
      ]),
      item("security", "/control-panel/security", [
        item("changePassword", "/control-panel/security/change-password"),
        item("permissions", "/control-panel/security/permissions"),
        item("updatePin", "/control-panel/security/update-pin"),
        item("approvalRequests", "/control-panel/security/approval/requests"),
        item("approvalHistory", "/control-panel/security/approval/history"),
        item("approvalSettings", "/control-panel/security/approval/settings")
      ])
    ]
  },
  {
    id: "sportsBetting",
    labelKey: "sections.sportsBetting",
    base: "/sports-betting",
    defaultPath: "/sports-betting/sending-report",
    items: [
      item("sendingReport", "/sports-betting/sending-report"),
      item("historyBet", "/sports-betting/history-bet"),
      item("sendingGgr", "/sports-betting/sending-ggr"),
      item("historyGgr", "/sports-betting/history-ggr"),
      item("paymentProportion", "/sports-betting/payment-proportion")
    ]
  }
]

/** Whether a path (without prefix) may be opened in this context: the rules the guards apply too. */
export function pathAllowed(path: string, ctx: MenuContext): boolean {
  const meta = routeMetaOf(path)
  if (!meta) return false
  if (!pathEnabled(path, ctx.features)) return false
  if (!hasPermission(ctx.actions, meta.permission)) return false
  if (meta.defaultWalletOnly && !ctx.isDefaultWallet) return false
  if (meta.gatewayOnly && !ctx.isGatewayWallet) return false
  if (!ctx.onboardingOk && needsOnboarding(path)) return false
  return true
}

function filterItems(items: ReadonlyArray<MenuItem>, ctx: MenuContext): MenuItem[] {
  const out: MenuItem[] = []
  for (const it of items) {
    if (it.children) {
      const kids = filterItems(it.children, ctx)
      if (kids.length > 0 && pathAllowed(it.path, ctx)) out.push({ ...it, children: kids })
    } else if (pathAllowed(it.path, ctx)) {
      out.push(it)
    }
  }
  return out
}

/** core §2.2: the sections (and items) this user may see now. */
export function visibleSections(ctx: MenuContext): MenuSection[] {
  const out: MenuSection[] = []
  for (const s of SECTIONS) {
    if (s.id === "gateway" && !ctx.isGatewayWallet) continue
    const items = filterItems(s.items, ctx)
    if (items.length === 0) continue
    const first = items[0] as MenuItem
    const defaultPath = items.some((i) => i.path === s.defaultPath) ? s.defaultPath : (first.children?.[0]?.path ?? first.path)
    out.push({ ...s, items, defaultPath })
  }
  return out
}

/** The section a path belongs to. */
export function sectionOf(path: string): SectionId | null {
  for (const s of SECTIONS) if (path === s.base || path.startsWith(`${s.base}/`)) return s.id
  return null
}
