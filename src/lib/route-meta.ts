/**
 * What each route of spec core §2.1 needs before it opens: its area, whether it is public (no
 * session), its permission tags (features §2: one tag or alternatives; `*` passes), whether it
 * needs the default wallet, a gateway wallet or finished onboarding (core §2.2, §4), and its
 * guided-tour key (core §4 "Tours"). Paths are given without the locale prefix. The guards
 * (src/app/middleware.ts) and the menus (menus.ts) read this one table.
 */
import { P, READS_APPROVAL_QUEUE } from "../../schema/permissions.ts"
import { isOpenWhileIncomplete } from "./onboarding.ts"
import { PS } from "../../schema/pix-schedule-permissions.ts"
import { PL } from "../../schema/pix-limits-permissions.ts"

export type Area = "root" | "auth" | "banking" | "gateway" | "control-panel" | "sports-betting"
export type TourKey =
  "bankingHome" | "gatewayMetrics" | "gatewayPayments" | "gatewayTransactions" | "controlPanelWallets" | "controlPanelData" | "controlPanelSecurity"

/** Gateway list permissions (features §2 "Gateway"); not in schema/permissions P. */
export const GATEWAY_LIST_TAGS = [
  "api-users-get-payments-gateway-deposits",
  "api-users-get-payments-gateway-withdrawals",
  "api-users-get-payments-gateway-refunds",
  "api-users-get-payments-gateway-devolutions"
] as const

export interface RouteMeta {
  readonly pattern: string
  readonly area: Area
  /** Reachable without a session (login, password recovery, sign-up). */
  readonly public?: boolean
  readonly permission?: string | ReadonlyArray<string>
  readonly defaultWalletOnly?: boolean
  readonly gatewayOnly?: boolean
  readonly tour?: TourKey
  /** The middleware to run (default: all of core §2.1 in order). */
  readonly middleware?: ReadonlyArray<string>
}

/** Patterns: a trailing "/*" matches the path and everything below it; ":x" one segment. */
export const ROUTE_TABLE: ReadonlyArray<RouteMeta> = [
  { pattern: "/", area: "root" },
  { pattern: "/auth/login", area: "auth", public: true },
  { pattern: "/auth/sign-up", area: "auth", public: true },
  { pattern: "/auth/forgot-password", area: "auth", public: true },
  { pattern: "/auth/forgot-password/:id", area: "auth", public: true },
  { pattern: "/auth/create-pin", area: "auth" },
  { pattern: "/banking", area: "banking" },
  { pattern: "/banking/home", area: "banking", tour: "bankingHome" },
  { pattern: "/banking/coins/*", area: "banking", permission: P.getWalletAccounts },
  { pattern: "/banking/statements/*", area: "banking", permission: P.getStatement },
  { pattern: "/banking/pix/*", area: "banking" },
  // issue 13: Pix scheduling (features §2: scheduled-pix get-pix-payments, recurrence-pix get-all-pix-recurrence, automatic-pix any of its lists, automatic-withdraw)
  { pattern: "/banking/pix/scheduled-pix/*", area: "banking", permission: PS.getPixPayments },
  { pattern: "/banking/pix/recurrence-pix/*", area: "banking", permission: PS.getRecurrences },
  { pattern: "/banking/pix/automatic-pix/*", area: "banking", permission: [PS.getPixPayments, PS.getAutomaticAuthorizations, PS.getAutomaticPayments] },
  { pattern: "/banking/pix/automatic-withdraw/*", area: "banking", permission: PS.getWithdrawSettings },
  { pattern: "/banking/pix/my-qr-codes", area: "banking", permission: P.getPixQrCodes },
  { pattern: "/banking/pix/statements", area: "banking", permission: P.getPixStatement },
  { pattern: "/banking/pix/receive", area: "banking", permission: P.postPixQrCodes },
  { pattern: "/banking/pix/pay/:id/devolution", area: "banking", permission: P.getPixDeposits },
  // issue 32 item 1 MED (D-pix-med): the contests are read with the Pix statement; opening one is held with paying by key
  { pattern: "/banking/pix/med", area: "banking", permission: P.getPixStatement },
  { pattern: "/banking/pix/med/new", area: "banking", permission: P.postPixByKey },
  // issue 12: limit, favored-contacts (+add): permissions not shown (ours, PL); pay-with-contact as pay (features §2)
  { pattern: "/banking/pix/limit", area: "banking", permission: PL.getLimits },
  { pattern: "/banking/pix/favored-contacts", area: "banking", permission: PL.getContacts },
  { pattern: "/banking/pix/favored-contacts/add", area: "banking", permission: PL.postContacts },
  { pattern: "/banking/pix/pay/pay-with-contact", area: "banking", permission: [P.postPixByKey, P.postPixQrStatic] },
  { pattern: "/banking/billet/*", area: "banking" },
  { pattern: "/banking/billet/pay", area: "banking", permission: P.postBilletPayment },
  { pattern: "/banking/billet/receive", area: "banking", permission: P.postBilletDeposit },
  { pattern: "/banking/billet/manage-billet", area: "banking", permission: P.getBilletDeposits },
  { pattern: "/banking/billet/scheduled-billet", area: "banking", permission: P.getBilletScheduled },
  { pattern: "/banking/ted/*", area: "banking" },
  { pattern: "/banking/ted/pay", area: "banking", permission: P.postTed },
  { pattern: "/banking/cards/*", area: "banking", defaultWalletOnly: true },
  { pattern: "/gateway", area: "gateway", gatewayOnly: true },
  { pattern: "/gateway/metrics", area: "gateway", gatewayOnly: true, tour: "gatewayMetrics" },
  { pattern: "/gateway/payments", area: "gateway", gatewayOnly: true, permission: P.getApprovalRequests, tour: "gatewayPayments" },
  { pattern: "/gateway/transactions/*", area: "gateway", gatewayOnly: true, permission: GATEWAY_LIST_TAGS, tour: "gatewayTransactions" },
  { pattern: "/gateway/orders", area: "gateway", gatewayOnly: true, permission: P.getGatewayOrders },
  // issue 32 item 4: the analysis of the gateway transactions reads the same lists (the statement's is under /banking/statements/*)
  { pattern: "/gateway/analysis", area: "gateway", gatewayOnly: true, permission: GATEWAY_LIST_TAGS },
  { pattern: "/control-panel", area: "control-panel" },
  { pattern: "/control-panel/wallets", area: "control-panel", tour: "controlPanelWallets" },
  { pattern: "/control-panel/wallets/:id", area: "control-panel" },
  { pattern: "/control-panel/my-account/*", area: "control-panel" },
  { pattern: "/control-panel/my-account/my-data", area: "control-panel", tour: "controlPanelData" },
  { pattern: "/control-panel/security/*", area: "control-panel" },
  { pattern: "/control-panel/security/change-password", area: "control-panel", tour: "controlPanelSecurity" },
  { pattern: "/control-panel/security/approval/history", area: "control-panel", permission: P.getApprovalHistory },
  // D-approval-quorum: approvers see every request; a requester without the queue's permission sees their own
  { pattern: "/control-panel/security/approval/requests", area: "control-panel", permission: READS_APPROVAL_QUEUE },
  { pattern: "/control-panel/security/approval/settings", area: "control-panel", permission: P.getApprovalSettings },
  { pattern: "/sports-betting/*", area: "sports-betting", permission: P.endr }
]

function score(pattern: string, path: string): number {
  const wild = pattern.endsWith("/*")
  const base = wild ? pattern.slice(0, -2) : pattern
  const ps = base.split("/").filter(Boolean)
  const xs = path.split("/").filter(Boolean)
  if (wild ? xs.length < ps.length : xs.length !== ps.length) return -1
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i] as string
    if (!p.startsWith(":") && p !== xs[i]) return -1
  }
  // exact patterns beat wildcards of the same depth; deeper beats shallower
  return ps.length * 2 + (wild ? 0 : 1)
}

/** The table entry for a path (without prefix), or null for an unknown route (404). */
export function routeMetaOf(path: string): RouteMeta | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, "") : path
  let best: RouteMeta | null = null
  let bestScore = -1
  for (const m of ROUTE_TABLE) {
    const s = score(m.pattern, clean)
    if (s > bestScore) {
      best = m
      bestScore = s
    }
  }
  return best
}

/** core §2.2 / features §2: these areas need completed onboarding (the complement of core §4's open list). */
export function needsOnboarding(path: string): boolean {
  return !isOpenWhileIncomplete(path) && !path.startsWith("/auth/")
}
