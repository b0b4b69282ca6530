/**
 * The catalogue of synced lists (sync/SPEC.md P1): for each list the stream may hint at, how to
 * pull it (endpoint, page size of spec core §9, the entity kind it is stored under, whether it
 * belongs to a wallet). Statements are pulled by sync/pullers/statements.ts instead.
 */
import type { Notification } from "../schema/entities.ts"
import { pagedExtract, type ListSpec, type PageOut } from "./pullers/puller.ts"

const byId = (r: Record<string, unknown>) => String(r.id)

export const listSpecs = {
  wallets: (): ListSpec => ({ list: "wallets", kind: "wallet", endpoint: "wallets", walletId: "", pageSize: 100, extract: pagedExtract, idOf: byId }),
  wallet_accounts: (walletId: string): ListSpec => ({
    list: "wallet_accounts", kind: "wallet_account", endpoint: "walletAccounts", walletId, pageSize: 100, extract: pagedExtract,
    idOf: (r) => String(r.currency_symbol)
  }),
  permission_actions: (walletId: string): ListSpec => ({
    list: "permission_actions", kind: "permission_action", endpoint: "permissionActions", walletId, pageSize: 100, extract: pagedExtract,
    idOf: (r) => String(r.tag)
  }),
  invitations_received: (): ListSpec => ({
    list: "invitations", kind: "invitation_received", endpoint: "invitationsReceived", walletId: "", pageSize: 100, extract: pagedExtract,
    idOf: (r) => String(r.invite_id)
  }),
  invitations_sent: (walletId: string): ListSpec => ({
    list: "invitations", kind: "invitation_sent", endpoint: "invitationsSent", walletId, pageSize: 100, extract: pagedExtract,
    idOf: (r) => String(r.invite_id)
  }),
  notifications: (): ListSpec => ({
    list: "notifications", kind: "notification", endpoint: "notifications", walletId: "", pageSize: 100,
    query: { sort: "created_at", order: "desc" },
    extract: (resp: unknown): PageOut => {
      const r = resp as { data: Notification[]; pagination: { page: number; total: number; total_pages: number } }
      return { rows: r.data as unknown as Record<string, unknown>[], page: r.pagination.page, pageTotal: r.pagination.total_pages, total: r.pagination.total }
    },
    idOf: byId
  }),
  approval_requests: (walletId: string): ListSpec => ({
    list: "approval_requests", kind: "approval_request", endpoint: "approvalRequests", walletId, pageSize: 100, extract: pagedExtract, idOf: byId
  }),
  approval_history: (walletId: string): ListSpec => ({
    list: "approval_history", kind: "approval_history", endpoint: "approvalHistory", walletId, pageSize: 100, extract: pagedExtract, idOf: byId
  }),
  approval_settings: (walletId: string): ListSpec => ({
    list: "approval_settings", kind: "approval_setting", endpoint: "approvalSettings", walletId, pageSize: 100, extract: pagedExtract, idOf: byId
  })
} as const
