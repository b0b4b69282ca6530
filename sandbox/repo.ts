/**
 * Rows of the sandbox database, their mapping to the contract's entities (schema/entities.ts,
 * spec core §3, features §3), wallet access (core §6: the owner holds `*`, members the actions
 * of their permission_types) and the one paging helper every list uses (core §3 paged list,
 * §9 default page size 20 sorted by created_at desc; our keyset cursor for sync pulls,
 * `sort=updated_at&order=asc&after=<updated_at>|<id>`).
 */
import type { PixSettleExtra } from "./areas/pix-qr/db.ts"
import type { DB } from "./db.ts"
import type {
  ApprovalRequest,
  ApprovalSetting,
  Notification,
  PermissionUser,
  PixPaymentOrder,
  StatementEntry,
  Wallet,
  WalletAccount,
  WalletInvitation,
  Conversion,
  InvitationState
} from "../schema/entities.ts"
import type { PagedOf } from "../schema/common.ts"
import { actionsForTypes, hasPermission, P, WILDCARD } from "../schema/permissions.ts"
import { awaitedApprovers, type ApproverCandidate } from "../schema/approval-quorum.ts"
import { ApiError, badField } from "./errors.ts"
import { cachedCount, keepCount } from "./count-cache.ts"

export interface UserRow {
  id: string
  email: string
  password_hash: string
  name: string
  full_name: string
  phone_number: string
  type: "NATURAL_PERSON" | "LEGAL_PERSON"
  document: string
  server_type: "green" | "blue"
  referral_link: string | null
  pin_hash: string | null
  onboarding_status: string | null
  onboarding_json: string
  address_json: string | null
  created_at: string
  updated_at: string
}

export interface WalletRow {
  id: string
  name: string
  owner_id: string
  is_default: number
  is_matrix: number
  parent_id: string | null
  is_gateway: number
  created_at: string
  updated_at: string
  deleted_at: string | null
}

export interface InvitationRow {
  id: string
  wallet_id: string
  inviter_id: string
  invitee_email: string
  state: InvitationState
  permission_types: string
  invited_at: string
  accepted_at: string | null
  declined_at: string | null
  expired_at: string | null
  cancelled_at: string | null
  updated_at: string
}

export interface ApprovalRequestRow {
  id: string
  wallet_id: string
  status: ApprovalRequest["status"]
  amount: number
  payment_json: string
  required_approvals: number
  requested_by: string
  operation_id: string | null
  transaction_uuid: string | null
  created_at: string
  updated_at: string
  expires_at: string
}

export const userById = (db: DB, id: string): UserRow | undefined => db.prepare("SELECT * FROM users WHERE id = ?").get(id) as UserRow | undefined
export const userByEmail = (db: DB, email: string): UserRow | undefined =>
  db.prepare("SELECT * FROM users WHERE email = ? COLLATE NOCASE").get(email.trim()) as UserRow | undefined
/** A wallet's owner as other areas read it: id, person type, name and document (undefined for an unknown wallet). */
export interface WalletOwner {
  readonly id: string
  readonly type: UserRow["type"]
  readonly full_name: string
  readonly document: string
}
export const walletOwnerOf = (db: DB, walletId: string): WalletOwner | undefined =>
  db.prepare("SELECT u.id, u.type, u.full_name, u.document FROM users u JOIN wallets w ON w.owner_id = u.id WHERE w.id = ?").get(walletId) as
    WalletOwner | undefined
/** A wallet's account in one currency (BRL unless named): its balance in minor units, or undefined without that account. */
export const accountBalance = (db: DB, walletId: string, currency = "BRL"): { balance: number } | undefined =>
  db.prepare("SELECT balance FROM wallet_accounts WHERE wallet_id = ? AND currency_symbol = ?").get(walletId, currency) as { balance: number } | undefined
export const walletById = (db: DB, id: string): WalletRow | undefined =>
  db.prepare("SELECT * FROM wallets WHERE id = ? AND deleted_at IS NULL").get(id) as WalletRow | undefined
/** Whether a wallet by that id was ever made (a deleted one too). */
export const walletExists = (db: DB, id: string): boolean => db.prepare("SELECT id FROM wallets WHERE id = ?").get(id) !== undefined

export interface WalletAccess {
  readonly wallet: WalletRow
  readonly owner: boolean
  readonly types: ReadonlyArray<string>
  readonly actions: ReadonlyArray<string>
}

/** core §6: the owner has every permission (`*`); others the actions of their permission_types. */
export const walletAccess = (db: DB, userId: string, walletId: string): WalletAccess | "missing" | "denied" => {
  const wallet = walletById(db, walletId)
  if (wallet === undefined) return "missing"
  if (wallet.owner_id === userId) return { wallet, owner: true, types: ["ROOT"], actions: [WILDCARD] }
  const m = db.prepare("SELECT permission_types FROM wallet_members WHERE wallet_id = ? AND user_id = ?").get(walletId, userId) as
    { permission_types: string } | undefined
  if (m === undefined) return "denied"
  const types = JSON.parse(m.permission_types) as string[]
  return { wallet, owner: false, types, actions: actionsForTypes(types) }
}

/** Ids of the wallets a user can read: own ones and those shared with them. */
export const readableWalletIds = (db: DB, userId: string): string[] =>
  (
    db
      .prepare(
        `SELECT id FROM wallets WHERE owner_id = ? AND deleted_at IS NULL
     UNION SELECT m.wallet_id FROM wallet_members m JOIN wallets w ON w.id = m.wallet_id AND w.deleted_at IS NULL WHERE m.user_id = ?`
      )
      .all(userId, userId) as Array<{ id: string }>
  ).map((r) => r.id)

/** Users who can read a wallet (owner + members). */
export const walletReaders = (db: DB, walletId: string): string[] =>
  (
    db
      .prepare("SELECT owner_id AS id FROM wallets WHERE id = ? UNION SELECT user_id FROM wallet_members WHERE wallet_id = ?")
      .all(walletId, walletId) as Array<{ id: string }>
  ).map((r) => r.id)

export const toWallet = (db: DB, w: WalletRow, viewerId: string): Wallet => {
  const owner = userById(db, w.owner_id)
  const isOwner = w.owner_id === viewerId
  let types: string[] = ["ROOT"]
  if (!isOwner) {
    const m = db.prepare("SELECT permission_types FROM wallet_members WHERE wallet_id = ? AND user_id = ?").get(w.id, viewerId) as
      { permission_types: string } | undefined
    types = m ? (JSON.parse(m.permission_types) as string[]) : []
  }
  const branches = db.prepare("SELECT id, name FROM wallets WHERE parent_id = ? AND deleted_at IS NULL ORDER BY created_at").all(w.id) as Array<{
    id: string
    name: string
  }>
  return {
    id: w.id,
    name: w.name,
    owner_name: owner?.name ?? "",
    owner_id: w.owner_id,
    default: isOwner && w.is_default === 1,
    permission_types: types,
    is_matrix: w.is_matrix === 1,
    branches,
    created_at: w.created_at,
    updated_at: w.updated_at
  }
}

export const toInvitation = (db: DB, r: InvitationRow): WalletInvitation => {
  const w = db.prepare("SELECT name FROM wallets WHERE id = ?").get(r.wallet_id) as { name: string } | undefined
  const inviter = userById(db, r.inviter_id)
  return {
    invite_id: r.id,
    wallet_id: r.wallet_id,
    wallet_name: w?.name ?? "",
    inviter_name: inviter?.name ?? "",
    invitee_email: r.invitee_email,
    state: r.state,
    permission_types: JSON.parse(r.permission_types) as string[],
    invited_at: r.invited_at,
    accepted_at: r.accepted_at,
    declined_at: r.declined_at,
    expired_at: r.expired_at,
    cancelled_at: r.cancelled_at,
    updated_at: r.updated_at
  }
}

export const toNotification = (r: {
  id: string
  title: string
  description: string
  created_at: string
  read: number
  message_json?: string | null
}): Notification => ({
  id: r.id,
  title: r.title,
  description: r.description,
  created_at: r.created_at,
  read: r.read === 1,
  // D-approval-quorum: a message key and values the client words in the user's language
  ...(r.message_json ? { message: JSON.parse(r.message_json) as NonNullable<Notification["message"]> } : {})
})

/**
 * The wallet's members who may decide approvals now (issue 32 item 3, D-approval-quorum): APPROVER members (any role whose
 * actions hold the decision), and the owner (`*`) when their onboarding is complete — the decision is refused otherwise
 * (issue 30, sandbox/http.ts `onboardingComplete`: finished, or expired for a natural person).
 */
export const walletApprovers = (db: DB, walletId: string): ApproverCandidate[] => {
  const w = db.prepare("SELECT owner_id FROM wallets WHERE id = ? AND deleted_at IS NULL").get(walletId) as { owner_id: string } | undefined
  if (w === undefined) return []
  const out: ApproverCandidate[] = []
  const owner = userById(db, w.owner_id)
  if (owner !== undefined && (owner.onboarding_status === "finished" || (owner.onboarding_status === "expired" && owner.type === "NATURAL_PERSON"))) {
    out.push({ user_id: owner.id, user_name: owner.name })
  }
  const members = db
    .prepare(
      "SELECT m.user_id, m.permission_types, coalesce(u.name, '') AS name FROM wallet_members m LEFT JOIN users u ON u.id = m.user_id WHERE m.wallet_id = ?"
    )
    .all(walletId) as Array<{ user_id: string; permission_types: string; name: string }>
  for (const m of members) {
    if (hasPermission(actionsForTypes(JSON.parse(m.permission_types) as string[]), P.postApprovalDecision)) out.push({ user_id: m.user_id, user_name: m.name })
  }
  return out
}

export const toApprovalRequest = (db: DB, r: ApprovalRequestRow): ApprovalRequest => {
  const decisions = db
    .prepare(
      `SELECT d.user_id, coalesce(u.name, '') AS user_name, d.decision, d.decided_at
     FROM approval_decisions d LEFT JOIN users u ON u.id = d.user_id WHERE d.request_id = ? ORDER BY d.decided_at, d.user_id`
    )
    .all(r.id) as Array<{ user_id: string; user_name: string; decision: "approved" | "reproved"; decided_at: string }>
  const requester = userById(db, r.requested_by)
  return {
    id: r.id,
    wallet_id: r.wallet_id,
    status: r.status,
    amount: r.amount,
    payment: paymentOrderOf(r.payment_json),
    required_approvals: r.required_approvals,
    approvals: decisions,
    awaiting: awaitedApprovers(r.status, r.status === "started" ? walletApprovers(db, r.wallet_id) : [], r.requested_by, decisions),
    requested_by: r.requested_by,
    requested_by_name: requester?.name ?? "",
    operation_id: r.operation_id,
    created_at: r.created_at,
    updated_at: r.updated_at,
    expires_at: r.expires_at
  }
}

export const toApprovalSetting = (r: ApprovalSetting): ApprovalSetting => ({
  id: r.id,
  wallet_id: r.wallet_id,
  min_value: r.min_value,
  approvers: r.approvers,
  created_at: r.created_at,
  updated_at: r.updated_at
})

export const STATEMENT_COLUMNS =
  "id, wallet_id, operation_id, created_at, updated_at, type, direction, status, currency_symbol, amount, balance_after, description, counterparty_name, counterparty_document, end_to_end_id, transaction_uuid"

/** Rows are selected with the entity's exact column names: no mapping needed. */
export const toStatement = (r: StatementEntry): StatementEntry => r

export const ACCOUNT_COLUMNS = "id, wallet_id, currency_symbol, currency_id, currency_decimal, balance, updated_at"
export const toAccount = (r: WalletAccount): WalletAccount => r

export const CONVERSION_COLUMNS = "id, wallet_id, from_currency, to_currency, from_amount, to_amount, price, iof_amount, spread_amount, status, created_at"
export const toConversion = (r: Conversion): Conversion => r

export const permissionUser = (db: DB, walletId: string, userId: string): PermissionUser | undefined => {
  const w = walletById(db, walletId)
  const u = userById(db, userId)
  if (w === undefined || u === undefined) return undefined
  if (w.owner_id === userId) return { user_id: u.id, name: u.name, email: u.email, permission_types: ["ROOT"] }
  const m = db.prepare("SELECT permission_types FROM wallet_members WHERE wallet_id = ? AND user_id = ?").get(walletId, userId) as
    { permission_types: string } | undefined
  if (m === undefined) return undefined
  return { user_id: u.id, name: u.name, email: u.email, permission_types: JSON.parse(m.permission_types) as string[] }
}

// ── Paging ───────────────────────────────────────────────────────────────────

export interface PageParams {
  readonly page?: string
  readonly page_size?: string
  readonly sort?: string
  readonly order?: string
  readonly after?: string
  readonly updated_since?: string
  /**
   * `compact`: the rows as arrays in the order of `columns`, under `rows` after the page numbers
   * and the column names (docs/decisions.md D-compact-pages; a sync pull's wire format). Only
   * lists served by `paginateJson` answer it; any other value, or none, is the contract's objects.
   */
  readonly format?: string
}

export interface PageSpec {
  /** FROM clause (one table, optionally aliased). */
  readonly from: string
  readonly columns: string
  readonly where: ReadonlyArray<string>
  readonly params: ReadonlyArray<unknown>
  /** Sort keys a caller may name → column. Must include created_at and updated_at. */
  readonly sortable: Readonly<Record<string, string>>
  readonly defaultSort?: string
  readonly defaultOrder?: "asc" | "desc"
  readonly defaultPageSize?: number
  readonly maxPageSize?: number
  /** Column prefix for updated_at / id in keyset mode (e.g. "s."). */
  readonly prefix?: string
  /** Cache the total count under this table's write version (statements: counting 1M rows per page is too slow). */
  readonly countCacheTable?: string
  /** A column holding each row's compact array as JSON text, in the order of paginateJson's columns (a compact page then joins them). */
  readonly compactColumn?: string
}

const parseIntParam = (name: string, v: string | undefined, dflt: number): number => {
  if (v === undefined || v === "") return dflt
  if (!/^\d+$/.test(v)) return badField(name, "VALIDATION_NUMERIC")
  const n = Number(v)
  if (n < 1) return badField(name, "VALIDATION_MIN_VALUE")
  return n
}

/** Max rows of one keyset page (sync pulls, DESIGN "Pull"). */
export const KEYSET_MAX_PAGE_SIZE = 5000

interface PagePlan {
  readonly sql: string
  readonly params: ReadonlyArray<unknown>
  readonly meta: { page: number; page_size: number; page_total: number; total: number }
}

/** A wallet's rows, of one status when the list's `status` query names one: the WHERE and its parameters for `paginate`. */
export const walletAndStatus = (walletId: string, status: string | undefined): { where: string[]; params: unknown[] } =>
  status !== undefined && status !== ""
    ? { where: ["wallet_id = ?", "status = ?"], params: [walletId, status] }
    : { where: ["wallet_id = ?"], params: [walletId] }

/** Builds the page query (offset or keyset mode) and the page numbers; the caller fetches rows. */
const planPage = (db: DB, q: PageParams, spec: PageSpec): PagePlan => {
  const p = spec.prefix ?? ""
  const sortKey = q.sort ?? spec.defaultSort ?? "created_at"
  // own keys only: `constructor`, `toString`, `__proto__` … are names like any unknown one (issue 30: they gave 500)
  const sortCol = Object.hasOwn(spec.sortable, sortKey) ? spec.sortable[sortKey] : undefined
  if (sortCol === undefined) return badField("sort", "VALIDATION_FORMAT", `sort: ${Object.keys(spec.sortable).join(", ")}`)
  const order = q.order ?? spec.defaultOrder ?? "desc"
  if (order !== "asc" && order !== "desc") return badField("order", "VALIDATION_FORMAT")
  const page = parseIntParam("page", q.page, 1)
  const keyset = sortKey === "updated_at" && order === "asc" && (q.after !== undefined || page === 1)
  const max = keyset ? KEYSET_MAX_PAGE_SIZE : (spec.maxPageSize ?? 500)
  const pageSize = Math.min(parseIntParam("page_size", q.page_size, spec.defaultPageSize ?? 20), max)

  const where = [...spec.where]
  const params = [...spec.params]
  if (q.updated_since !== undefined && q.updated_since !== "") {
    const t = Date.parse(q.updated_since)
    if (Number.isNaN(t)) return badField("updated_since", "VALIDATION_DATE")
    where.push(`${p}updated_at >= ?`)
    params.push(new Date(t).toISOString())
  }
  const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : ""

  // total: every row matching the filters (in keyset mode too, so a puller can show rows done / total)
  const countSql = `SELECT count(*) AS n FROM ${spec.from} ${whereSql}`
  let total: number
  const table = spec.countCacheTable
  const cacheKey = table ? `${countSql}|${JSON.stringify(params)}` : ""
  const cached = table ? cachedCount(db, table, cacheKey) : undefined
  if (cached !== undefined) total = cached
  else {
    total = (db.prepare(countSql).get(...params) as { n: number }).n
    if (table) keepCount(db, table, cacheKey, total)
  }

  const meta = { page: keyset ? 1 : page, page_size: pageSize, page_total: Math.ceil(total / pageSize), total }
  if (keyset) {
    const kw = [...where]
    const kp = [...params]
    if (q.after !== undefined && q.after !== "") {
      const cut = q.after.lastIndexOf("|")
      const at = cut > 0 ? q.after.slice(0, cut) : ""
      const id = cut > 0 ? q.after.slice(cut + 1) : ""
      if (at === "" || id === "" || Number.isNaN(Date.parse(at))) return badField("after", "VALIDATION_FORMAT", "after=<updated_at>|<id>")
      kw.push(`(${p}updated_at, ${p}id) > (?, ?)`)
      kp.push(at, id)
    }
    const sql = `SELECT ${spec.columns} FROM ${spec.from} ${kw.length ? `WHERE ${kw.join(" AND ")}` : ""} ORDER BY ${p}updated_at, ${p}id LIMIT ?`
    return { sql, params: [...kp, pageSize], meta }
  }
  const sql = `SELECT ${spec.columns} FROM ${spec.from} ${whereSql} ORDER BY ${sortCol} ${order}, ${p}id ${order} LIMIT ? OFFSET ?`
  return { sql, params: [...params, pageSize, (page - 1) * pageSize], meta }
}

export const paginate = <R, T>(db: DB, q: PageParams, spec: PageSpec, map: (row: R) => T): PagedOf<T> => {
  const plan = planPage(db, q, spec)
  const rows = db.prepare(plan.sql).all(...plan.params) as R[]
  return { ...plan.meta, data: rows.map(map) }
}

/**
 * A response body whose JSON text is already made (by SQLite): the http layer sends it as is.
 * The text must encode the endpoint's response type.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/**
 * How a column goes into JSON: `int` (NOT NULL integer), `token` (NOT NULL text we generate with
 * no character needing escape: ids, enums, ISO instants), `text` (anything else, escaped and
 * null-safe through json_quote).
 */
export type JsonColumnKind = "int" | "token" | "text"

/**
 * The same page as `paginate`, with the rows serialised by SQLite (string concatenation plus
 * json_quote for free text): no JS object per row and no JSON.stringify, so keyset pages of
 * 5000 statement rows cost a fraction of the object path. `columns` maps the entity's field
 * names (which must be the table's column names) to their kind.
 */
export const paginateJson = (db: DB, q: PageParams, spec: PageSpec, columns: ReadonlyArray<readonly [string, JsonColumnKind]>): RawJson => {
  const compact = q.format === "compact"
  const stored = compact ? spec.compactColumn : undefined
  const plan = planPage(db, q, stored !== undefined ? { ...spec, columns: stored } : spec)
  const m = plan.meta
  const head = `{"data":{"page":${m.page},"page_size":${m.page_size},"page_total":${m.page_total},"total":${m.total}`
  const value = (c: string, kind: JsonColumnKind): string => (kind === "int" ? c : kind === "token" ? `'"' || ${c} || '"'` : `json_quote(${c})`)
  if (compact) {
    // D-compact-pages: one array per row, the column names once; `rows` is the last key, so a
    // client can keep its text as it came (sync/pullers/table.ts)
    const rows =
      stored !== undefined
        ? (db
            .prepare(`SELECT coalesce('[' || group_concat(${stored}, ',') || ']', '[]') FROM (${plan.sql})`)
            .pluck()
            .get(...plan.params) as string)
        : (db
            .prepare(`SELECT json_group_array(json_array(${columns.map(([c]) => c).join(", ")})) FROM (${plan.sql})`)
            .pluck()
            .get(...plan.params) as string)
    return new RawJson(`${head},"columns":${JSON.stringify(columns.map(([c]) => c))},"rows":${rows}}}`)
  }
  const obj = columns
    .map(([c, kind], i) => {
      const key = `'${i === 0 ? "{" : ","}"${c}":'`
      return `${key} || ${value(c, kind)}`
    })
    .join(" || ")
  const arr = db
    .prepare(`SELECT coalesce('[' || group_concat(${obj} || '}', ',') || ']', '[]') FROM (${plan.sql})`)
    .pluck()
    .get(...plan.params) as string
  return new RawJson(`${head},"data":${arr}}}`)
}

export const notFound = (key: "NOT_FOUND" | "APPROVAL_REQUEST_NOT_FOUND" | "APPROVAL_SETTING_NOT_FOUND" = "NOT_FOUND"): never => {
  throw new ApiError(404, key)
}

/** An approval request's order as the contract shows it, without what it keeps for the execution (PixSettleExtra). */
const paymentOrderOf = (json: string): PixPaymentOrder => {
  const { credit_wallet_id: _credit, txid: _txid, qr_code_id: _qr, ...order } = JSON.parse(json) as PixPaymentOrder & PixSettleExtra
  return order
}
