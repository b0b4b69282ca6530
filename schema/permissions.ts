/**
 * Permission actions and roles (spec core §6, features §2, §6). Tags follow
 * `api-users-{verb}-{resource}`; `*` grants everything. Which actions each role grants is
 * "not shown" in the spec: ROLE_ACTIONS is our decision (docs/decisions.md D-roles) and is
 * served by the sandbox at /users/operations/permissions/actions; the client only ever
 * reads what the server returns.
 */
import { PL } from "./pix-limits-permissions.ts"

export const WILDCARD = "*"

export const P = {
  getWallets: "api-users-get-operations-wallets",
  getWalletAccounts: "api-users-get-operations-wallet-accounts",
  getStatement: "api-users-get-statement",
  postStatementExport: "api-users-post-statement-exports",
  getReceipts: "api-users-get-operations-receipts",
  postConversion: "api-users-post-conversions",
  postPixByKey: "api-users-post-pix-payments-by-key-instant-billing",
  postPixByAccount: "api-users-post-pix-payments-by-account-instant-billing", // features §2 pay by account (D-pix-by-account)
  getApprovalRequests: "api-users-get-all-assisted-payments",
  postApprovalDecision: "api-users-post-assisted-payments-decision",
  getApprovalHistory: "api-users-get-permissions-transaction-approvals",
  getApprovalSettings: "api-users-get-permissions-transaction-approval-settings-pix-payment",
  postApprovalSettings: "api-users-post-permissions-transaction-approval-settings-pix-payment",
  getPermissionUsers: "api-users-get-permissions-users",
  patchPermissions: "api-users-patch-permissions",
  deletePermissions: "api-users-delete-permissions",
  postInvitation: "api-users-post-wallet-invitations",
  putWallet: "api-users-put-operations-wallets",
  deleteWallet: "api-users-delete-operations-wallets",
  getPendingBalance: "api-users-get-operations-balance-pending",
  getBankingAccounts: "api-users-get-banking-accounts",
  endr: "api-users-endr",
  // features §2 cards (tags not shown: ours, D-cards-contract)
  getCards: "api-users-get-banking-cards",
  postCards: "api-users-post-banking-cards",
  // features §2 Pix: my-keys (get-pix-keys); creating and deleting keys: ours (D-pix-keys)
  getPixKeys: "api-users-get-pix-keys",
  postPixKeys: "api-users-post-pix-keys",
  deletePixKeys: "api-users-delete-pix-keys",
  // features §2 boleto (tags as shown; cancel and the payments list: ours, D-billet-contract)
  getBilletPayments: "api-users-get-all-banking-billet-payment",
  postBilletPayment: "api-users-post-create-banking-billet-payment",
  getBilletScheduled: "api-users-get-all-scheduled-banking-billet-payment",
  cancelBilletScheduled: "api-users-post-cancel-scheduled-banking-billet-payment",
  getBilletDeposits: "api-users-get-all-banking-billet-deposit",
  postBilletDeposit: "api-users-post-create-banking-billet-deposit",
  // features §2 Pix: my-qr-codes, receive, pay by code (tags as the spec names them; D-pix-qr)
  getPixQrCodes: "api-users-get-pix-deposits-qr-codes",
  postPixQrCodes: "api-users-post-pix-deposits-qr-codes",
  postPixQrStatic: "api-users-post-pix-payments-by-qr-code-static-instant-billing",
  postPixQrDynamic: "api-users-post-pix-payments-by-qr-code-dynamic-instant-billing",
  postPixQrStaticWithdrawal: "api-users-post-pix-payments-by-qr-code-static-withdrawal",
  postPixQrDynamicDue: "api-users-post-pix-payments-by-qr-code-dynamic-due-date-billing",
  postPixQrDynamicWithdrawal: "api-users-post-pix-payments-by-qr-code-dynamic-withdrawal",
  postPixQrDynamicChange: "api-users-post-pix-payments-by-qr-code-dynamic-change",
  // features §2 pay/{id}/devolution (get-pix-deposits); returning: ours (D-pix-devolution)
  getPixDeposits: "api-users-get-pix-deposits",
  postPixDevolutions: "api-users-post-pix-devolutions",
  // features §2 Pix statements (get-all-report-pix-statement); the export's tag is not shown: ours (D-pix-statement)
  getPixStatement: "api-users-get-all-report-pix-statement",
  postPixStatementExport: "api-users-post-report-pix-statement-exports",
  // features §2 TED: pay (post-banking-ted, as shown); reading the sent TEDs and contacts: ours (D-ted-contract)
  postTed: "api-users-post-banking-ted",
  getTed: "api-users-get-banking-ted",
  // features §2 gateway: the four lists' tags; dashboard and export tags not shown: ours (D-gateway-contract)
  getGatewayDeposits: "api-users-get-payments-gateway-deposits",
  getGatewayWithdrawals: "api-users-get-payments-gateway-withdrawals",
  getGatewayRefunds: "api-users-get-payments-gateway-refunds",
  getGatewayDevolutions: "api-users-get-payments-gateway-devolutions",
  getGatewayDashboard: "api-users-get-payments-gateway-dashboard",
  postGatewayExport: "api-users-post-payments-gateway-exports",
  // features §2 gateway payments (get-all-assisted-payments is getApprovalRequests); creating, orders and refunds: ours (D-gateway-payment-requests, D-gateway-orders)
  postAssistedPayments: "api-users-post-assisted-payments",
  getGatewayOrders: "api-users-get-payments-gateway-orders",
  postGatewayOrderRefunds: "api-users-post-payments-gateway-orders-refunds"
} as const
export type PermissionTag = (typeof P)[keyof typeof P]

export const ROLES = ["ROOT", "ADMIN", "CLIENT", "APPROVER"] as const
export type RoleName = (typeof ROLES)[number]

const READ = [P.getWallets, P.getWalletAccounts, P.getStatement, P.getReceipts, P.getPendingBalance, P.getBankingAccounts] as const
/** D-pix-statement: who reads the Pix statement and exports its day (ADMIN and CLIENT, as the account statement). */
const PIX_STATEMENT = [P.getPixStatement, P.postPixStatementExport] as const
/**
 * Pix scheduling (features §2 scheduled-pix get-pix-payments, recurrence-pix get-all-pix-recurrence, automatic-pix
 * any of its lists, automatic-withdraw get-user-withdraw-settings; the action tags are ours): CLIENT reads the
 * lists, ADMIN also acts (docs/decisions.md "Pix Automático", D-roles). Literal here: schema/pix-schedule.ts and
 * schema/pix-automatic.ts name the same tags (a test checks they match).
 */
export const SCHEDULE_READ = [
  "api-users-get-pix-payments",
  "api-users-get-all-pix-recurrence",
  "api-users-get-pix-automatic-authorizations",
  "api-users-get-pix-automatic-payments",
  "api-users-get-user-withdraw-settings"
] as const
export const SCHEDULE_ACT = [
  "api-users-delete-pix-payments-by-operation",
  "api-users-post-pix-recurrence",
  "api-users-delete-pix-recurrence-deactivate",
  "api-users-post-pix-automatic-authorizations",
  "api-users-delete-pix-automatic-authorizations",
  "api-users-delete-pix-automatic-payments",
  "api-users-put-user-withdraw-settings"
] as const

/** Paying the by-qr-code variants beyond instant billing (D-pix-qr-variants): held with the instant-billing ones. */
const PIX_QR_VARIANTS = [P.postPixQrStaticWithdrawal, P.postPixQrDynamicDue, P.postPixQrDynamicWithdrawal, P.postPixQrDynamicChange]

/**
 * The payments that may be staged for approval (features §6: by key, by account, by code): a member holding any of
 * them reads the approval requests they made and may withdraw them, without the queue's get-all-assisted-payments
 * (issue 32 item 3, D-approval-quorum). Our decision: the spec shows no permission for a requester's own requests.
 */
export const STAGED_PAYMENT_ACTIONS = [P.postPixByKey, P.postPixByAccount, P.postPixQrStatic, P.postPixQrDynamic, ...PIX_QR_VARIANTS] as const
/** D-approval-quorum: reads every request of the wallet's queue (the approvers, ADMIN, the owner). */
export const READS_EVERY_REQUEST = P.getApprovalRequests
/** D-approval-quorum: reads the queue, every request (get-all-assisted-payments) or only one's own (a staged payment's permission). */
export const READS_APPROVAL_QUEUE = [P.getApprovalRequests, ...STAGED_PAYMENT_ACTIONS] as const
/** D-approval-quorum: reproves, any request (the decision's permission) or only one's own (a withdrawal). */
export const REPROVES_APPROVAL = [P.postApprovalDecision, ...STAGED_PAYMENT_ACTIONS] as const

export const ROLE_ACTIONS: Readonly<Record<RoleName, ReadonlyArray<string>>> = {
  ROOT: [WILDCARD],
  ADMIN: [
    ...READ,
    P.postStatementExport,
    P.postConversion,
    P.postPixByKey,
    P.postPixByAccount,
    P.getApprovalRequests,
    P.getApprovalHistory,
    P.getApprovalSettings,
    P.postApprovalSettings,
    P.getPermissionUsers,
    P.patchPermissions,
    P.deletePermissions,
    P.postInvitation,
    P.putWallet,
    P.getPixKeys,
    P.postPixKeys,
    P.deletePixKeys,
    P.getCards,
    P.postCards,
    P.getBilletPayments,
    P.postBilletPayment,
    P.getBilletScheduled,
    P.cancelBilletScheduled,
    P.getBilletDeposits,
    P.postBilletDeposit,
    P.getPixQrCodes,
    P.postPixQrCodes,
    P.postPixQrStatic,
    P.postPixQrDynamic,
    ...PIX_QR_VARIANTS,
    P.getPixDeposits,
    P.postPixDevolutions,
    P.postTed,
    P.getTed,
    ...PIX_STATEMENT,
    ...SCHEDULE_READ,
    ...SCHEDULE_ACT,
    PL.getLimits,
    PL.postLimits,
    PL.getContacts,
    PL.postContacts,
    PL.deleteContacts
  ],
  CLIENT: [
    ...READ,
    P.postStatementExport,
    P.postPixByKey,
    P.postPixByAccount,
    P.getApprovalHistory,
    P.getPixKeys,
    P.getBilletPayments,
    P.getBilletScheduled,
    P.getBilletDeposits,
    P.getPixQrCodes,
    P.postPixQrStatic,
    P.postPixQrDynamic,
    ...PIX_QR_VARIANTS,
    P.getPixDeposits,
    ...PIX_STATEMENT,
    ...SCHEDULE_READ,
    P.getTed,
    PL.getLimits,
    PL.getContacts
  ],
  APPROVER: [P.getApprovalRequests, P.postApprovalDecision, P.getApprovalHistory, P.getApprovalSettings]
}

/** The actions granted by a list of permission types (core §6: union of the roles). */
export const actionsForTypes = (types: ReadonlyArray<string>): ReadonlyArray<string> => {
  const out = new Set<string>()
  for (const t of types) for (const a of ROLE_ACTIONS[t as RoleName] ?? []) out.add(a)
  return [...out]
}

/**
 * core §6: passes when the requirement is empty, when the actions hold `*`, or when any
 * (or, with `mode: "every"`, every) required tag is among the actions.
 */
export const hasPermission = (actions: ReadonlyArray<string>, required: string | ReadonlyArray<string> | undefined, mode: "any" | "every" = "any"): boolean => {
  const req = required === undefined ? [] : typeof required === "string" ? [required] : required
  if (req.length === 0) return true
  if (actions.includes(WILDCARD)) return true
  return mode === "every" ? req.every((r) => actions.includes(r)) : req.some((r) => actions.includes(r))
}
