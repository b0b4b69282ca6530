/**
 * The one registry of synced lists (DESIGN "The sync engine" → Pull; sync/SPEC.md P1): every small
 * list the engine keeps in the local store, described once — the contract endpoint that pages it,
 * its row Schema, whether it belongs to a wallet or to the user, how a row is identified and in
 * what order views see it. The engine's one puller walks every list from this description, the
 * stream's change hints name lists by these keys (schema/stream.ts), and views read them with one
 * live query (`useList`). The big tables (the statement) are described by their table instead.
 * Adding a list: its `defineList` (schema/list-def.ts) beside its row Schema in `schema/<area>.ts`, spread below.
 */
import { api, type EndpointId } from "./api.ts"
import { defineList, type ListDef } from "./list-def.ts"
import { READS_EVERY_REQUEST } from "./permissions.ts"
import { cardsLists } from "./cards.ts"
import { pixLists } from "./pix.ts"
import { pixScheduleLists } from "./pix-schedule.ts"
import { pixLimitsLists } from "./pix-limits.ts"
import { pixContactsLists } from "./pix-contacts.ts"
import { billetLists } from "./billet.ts"
import { tedLists } from "./ted.ts"
import { bettingLists } from "./betting.ts"
import { gatewayPaymentLists } from "./gateway-payments.ts"
import { pixMedLists } from "./pix-med.ts"
import {
  ApprovalRequest,
  ApprovalSetting,
  Notification,
  PendingBalance,
  PermissionAction,
  PermissionUser,
  Wallet,
  WalletAccount,
  WalletInvitation
} from "./entities.ts"

export { defineList, type ListDef, type PageShape } from "./list-def.ts"

const newestFirst = (a: { readonly created_at: string }, b: { readonly created_at: string }) => b.created_at.localeCompare(a.created_at)

/** The lists of the core platform (core §7 wallets, permissions, notifications; features §6 approval). */
export const coreLists = {
  wallets: defineList({ endpoint: "wallets", row: Wallet, scope: "user", id: (r) => r.id, order: (a, b) => a.name.localeCompare(b.name) }),
  wallet_accounts: defineList({
    endpoint: "walletAccounts",
    row: WalletAccount,
    scope: "wallet",
    id: (r) => r.currency_symbol,
    order: (a, b) => a.currency_id - b.currency_id
  }),
  pending_balance: defineList({
    endpoint: "pendingBalance",
    row: PendingBalance,
    scope: "wallet",
    id: (r) => r.currency.toLowerCase(),
    page: "single",
    fallback: () => ({ pending_balance: 0, currency: "BRL", updated_at: new Date().toISOString() })
  }),
  permission_actions: defineList({ endpoint: "permissionActions", row: PermissionAction, scope: "wallet", id: (r) => r.tag, wallets: "all" }),
  // core §6 the wallet's users and their roles (the permissions page), for those who may list them
  permission_users: defineList({
    endpoint: "permissionUsers",
    row: PermissionUser,
    scope: "wallet",
    id: (r) => r.user_id,
    order: (a, b) => a.name.localeCompare(b.name)
  }),
  invitations_received: defineList({ endpoint: "invitationsReceived", row: WalletInvitation, scope: "user", id: (r) => r.invite_id, hint: "invitations" }),
  invitations_sent: defineList({ endpoint: "invitationsSent", row: WalletInvitation, scope: "wallet", id: (r) => r.invite_id, hint: "invitations" }),
  notifications: defineList({
    endpoint: "notifications",
    row: Notification,
    scope: "user",
    id: (r) => r.id,
    order: newestFirst,
    page: "notifications",
    query: { sort: "created_at", order: "desc" }
  }),
  approval_requests: defineList({
    endpoint: "approvalRequests",
    row: ApprovalRequest,
    scope: "wallet",
    everyRow: [READS_EVERY_REQUEST], // a requester reads only their own requests (D-approval-quorum)
    id: (r) => r.id,
    order: newestFirst,
    where: (r) => r.status === "started"
  }),
  approval_history: defineList({
    endpoint: "approvalHistory",
    row: ApprovalRequest,
    scope: "wallet",
    id: (r) => r.id,
    order: (a, b) => b.updated_at.localeCompare(a.updated_at)
  }),
  approval_settings: defineList({ endpoint: "approvalSettings", row: ApprovalSetting, scope: "wallet", id: (r) => r.id })
}

/** Every synced list, by name. */
export const lists = {
  ...coreLists,
  ...cardsLists,
  ...pixLists,
  ...pixScheduleLists,
  ...pixLimitsLists,
  ...pixContactsLists,
  ...billetLists,
  ...tedLists,
  ...bettingLists,
  ...gatewayPaymentLists,
  ...pixMedLists
}

// every list names a call of the contract (checked here, where the contract is known)
const _endpointsExist: Readonly<Record<string, { readonly endpoint: EndpointId }>> = lists
void _endpointsExist

export type ListName = keyof typeof lists
type Defs = typeof lists
/** The row type of a list. */
export type ListRow<L extends ListName> = Defs[L] extends ListDef<infer R, string> ? R : never
/** A list's description with its row type erased (what the engine walks). */
export type AnyListDef = ListDef<unknown>

export const listNames = Object.keys(lists) as ReadonlyArray<ListName>
export const listDef = (name: string): AnyListDef | undefined => (Object.hasOwn(lists, name) ? (lists[name as ListName] as unknown as AnyListDef) : undefined)
export const isListName = (name: string): name is ListName => Object.hasOwn(lists, name)

/** The permission the server checks to read a list (its endpoint's), if any: the engine pulls a wallet's copy only for a holder (P1). */
export const listReadPermission = (def: AnyListDef): ReadonlyArray<string> => {
  const p = (api[def.endpoint as EndpointId] as { readonly permission?: string | ReadonlyArray<string> }).permission
  return p === undefined ? [] : typeof p === "string" ? [p] : p
}

/**
 * The permission that reads every row of a wallet's list, which its wallet-wide stream hints need
 * (sandbox/areas/stream/routes.ts): the endpoint's, or the list's `everyRow` where the endpoint answers some readers only
 * their own rows (the approval queue, D-approval-quorum).
 */
export const listPermission = (def: AnyListDef): ReadonlyArray<string> => def.everyRow ?? listReadPermission(def)

/** The hint name of a list (the key unless `hint` says otherwise). */
export const hintOf = (name: string): string => listDef(name)?.hint ?? name

/** The lists a stream hint names. */
export const listsOfHint = (hint: string): ReadonlyArray<ListName> => listNames.filter((n) => hintOf(n) === hint)
