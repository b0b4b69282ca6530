/**
 * Money movements of the sandbox: every balance change writes a statement row with its running
 * `balance_after` (features §3 statements), bumps the account, and appends the stream's change
 * hints (core §7). Also the Pix beneficiary lookup (features §7 decode by key), the payment
 * executed at once or by staged approval (features §4, §6), incoming Pix and notifications.
 */
import { lookupPixKey } from "./areas/pix-keys/db.ts"
import { isPixType, pixStatementRowOf, type PixOutRef } from "./areas/pix-statement/rows.ts"
import { recordPixLimitUse } from "./areas/pix-limits/db.ts"
import { medBlockedOf } from "./areas/pix-med/tables.ts"
import { randomUUID, createHash } from "node:crypto"
import type { Ctx } from "./context.ts"
import type { NotificationMessage, PixPaymentOrder, StatementEntry, StatementType, Direction, StatementStatus } from "../schema/entities.ts"
import type { CurrencySymbol } from "../schema/common.ts"
import { ApiError } from "./errors.ts"
import { ACCOUNT_COLUMNS, toNotification, walletOwnerOf } from "./repo.ts"
import { bumpVersion } from "./count-cache.ts"
import { pixKeyType, normalizePixKey } from "../schema/validation.ts"
import { cpfFromBase, cnpjFromBase } from "./prng.ts"
import { BANKS, FIRST_NAMES, LAST_NAMES, ISPB_LIST } from "./names.ts"
import { brl } from "./money.ts"

export interface EntryInput {
  readonly walletId: string
  readonly type: StatementType
  readonly direction: Direction
  readonly status?: StatementStatus
  readonly currency: CurrencySymbol
  readonly amount: number
  readonly description: string
  readonly counterpartyName: string
  readonly counterpartyDocument: string
  readonly endToEndId?: string | null
  readonly transactionUuid?: string | null
  readonly operationId?: string
  /** An outgoing Pix: the key or txid it was paid to (the Pix statement shows it; D-pix-statement-refs). */
  readonly pixRef?: PixOutRef
}

/**
 * Writes one statement row; a completed row moves the balance (an `out` beyond the balance
 * answers 422 INSUFFICIENT_BALANCE and, inside the route's transaction, rolls back everything).
 */
export const postEntry = (ctx: Ctx, e: EntryInput): StatementEntry => {
  const { db } = ctx
  const acc = db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM wallet_accounts WHERE wallet_id = ? AND currency_symbol = ?`).get(e.walletId, e.currency) as
    { id: string; balance: number } | undefined
  if (acc === undefined) throw new ApiError(422, "NO_TRANSACTIONS_IN_CURRENCY")
  if (!Number.isSafeInteger(e.amount) || e.amount <= 0) throw new ApiError(422, "INCORRECT_DATA", undefined, { amount: "VALIDATION_MIN_VALUE" })
  const status = e.status ?? "completed"
  const at = ctx.clock.stamp()
  let balance = acc.balance
  if (status === "completed") {
    balance = e.direction === "in" ? balance + e.amount : balance - e.amount
    if (balance < 0) throw new ApiError(422, "INSUFFICIENT_BALANCE")
    // MED (issue 32 item 1, D-pix-med): money blocked by an open contest cannot leave the receiver's wallet
    if (e.direction === "out" && e.currency === "BRL" && balance < medBlockedOf(db, e.walletId)) throw new ApiError(422, "INSUFFICIENT_BALANCE")
    db.prepare("UPDATE wallet_accounts SET balance = ?, updated_at = ? WHERE id = ?").run(balance, at, acc.id)
  }
  const row: StatementEntry = {
    id: randomUUID(),
    wallet_id: e.walletId,
    operation_id: e.operationId ?? randomUUID(),
    created_at: at,
    updated_at: at,
    type: e.type,
    direction: e.direction,
    status,
    currency_symbol: e.currency,
    amount: e.amount,
    balance_after: balance,
    description: e.description,
    counterparty_name: e.counterpartyName,
    counterparty_document: e.counterpartyDocument,
    end_to_end_id: e.endToEndId ?? null,
    transaction_uuid: e.transactionUuid ?? null
  }
  db.prepare(
    `INSERT INTO statements (id, wallet_id, operation_id, created_at, updated_at, type, direction, status, currency_symbol, amount,
     balance_after, description, counterparty_name, counterparty_document, end_to_end_id, transaction_uuid)
     VALUES (@id, @wallet_id, @operation_id, @created_at, @updated_at, @type, @direction, @status, @currency_symbol, @amount,
     @balance_after, @description, @counterparty_name, @counterparty_document, @end_to_end_id, @transaction_uuid)`
  ).run(row)
  bumpVersion(db, "statements")
  ctx.events.change("statements", { walletId: e.walletId, ids: [row.id], rows: [row] })
  // the Pix statement (issue 12) is the ledger's Pix rows: its table hears of them too, row inline
  const ref = e.pixRef !== undefined && (e.pixRef.key !== "" || e.pixRef.txid !== null) ? e.pixRef : undefined
  if (ref !== undefined) db.prepare("INSERT INTO pix_out_refs (statement_id, key, txid) VALUES (?, ?, ?)").run(row.id, ref.key, ref.txid)
  if (isPixType(row.type)) ctx.events.change("pix_statement", { walletId: e.walletId, ids: [row.id], rows: [pixStatementRowOf(row, ref)] })
  if (status === "completed") {
    const account = db.prepare(`SELECT ${ACCOUNT_COLUMNS} FROM wallet_accounts WHERE id = ?`).get(acc.id)
    ctx.events.change("wallet_accounts", { walletId: e.walletId, ids: [acc.id], rows: [account] })
  }
  return row
}

/** End-to-end id of a Pix: E + 8-digit ISPB + yyyyMMddHHmm (UTC) + 11 alphanumerics. */
export const endToEndId = (ispb: string, ms: number, rand: string): string => {
  const d = new Date(ms).toISOString()
  const stamp = d.slice(0, 4) + d.slice(5, 7) + d.slice(8, 10) + d.slice(11, 13) + d.slice(14, 16)
  return `E${ispb}${stamp}${rand}`
}

const randomAlnum = (n: number): string => {
  const A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
  const bytes = createHash("sha256").update(randomUUID()).digest()
  let s = ""
  for (let i = 0; i < n; i++) s += A[(bytes[i] ?? 0) % 62]
  return s
}

export const SANDBOX_ISPB = "99999999"

/** features §7 decode by key: any valid key resolves to a beneficiary derived from the key (deterministic). */
/** The order of a key a request's Schema already checked (SentPixKey, D-rules-on-contract): a 500 if the two ever disagree. */
export const decodeSentPixKey = (key: string): PixPaymentOrder => {
  const order = decodePixKey(key)
  if (order === null) throw new Error(`a key the contract admitted does not decode: ${JSON.stringify(key)}`)
  return order
}

export const decodePixKey = (key: string): PixPaymentOrder | null => {
  const t = pixKeyType(key.trim())
  if (t === null) return null
  const norm = normalizePixKey(key.trim(), t) ?? key.trim()
  const h = createHash("sha256").update(norm).digest()
  const n = (i: number): number => h[i] ?? 0
  const digits = (from: number, count: number): string => {
    let s = ""
    for (let i = 0; i < count; i++) s += String(n(from + i) % 10)
    return s
  }
  const name = `${FIRST_NAMES[n(0) % FIRST_NAMES.length]} ${LAST_NAMES[n(1) % LAST_NAMES.length]} ${LAST_NAMES[n(2) % LAST_NAMES.length]}`
  const document = t === "cpf" ? norm : t === "cnpj" ? norm : n(3) % 4 === 0 ? cnpjFromBase(digits(4, 8) + "0001") : cpfFromBase(digits(4, 9))
  return {
    key: norm,
    key_type: t,
    beneficiary_name: t === "cnpj" || document.length === 14 ? `${LAST_NAMES[n(5) % LAST_NAMES.length]} Comércio Ltda` : name,
    beneficiary_document: document,
    beneficiary_bank: BANKS[n(6) % BANKS.length] ?? "Banco Sandbox",
    description: ""
  }
}

/**
 * Debits BRL and writes the PIX_OUT row of a payment (features §7 pay by key). When the key is in
 * the sandbox's directory (sandbox/areas/pix-keys/db.ts) the settlement credits the holder's wallet with
 * its PIX_IN row in the same transaction, and the holder is notified (issue 12: two seeded users
 * pay each other and each sees it live). A Pix by account names the wallet to credit itself.
 */
export const executePixOut = (
  ctx: Ctx,
  walletId: string,
  order: PixPaymentOrder,
  amount: number,
  transactionUuid: string | null,
  operationId?: string,
  opts: {
    /** Pix by account (D-pix-by-account): the sandbox wallet the account resolved to, instead of the key's holder. */
    readonly creditWalletId?: string | null
    /** A code's txid (pay by code), kept with the key for the Pix statement (D-pix-statement-refs). */
    readonly txid?: string | null
  } = {}
): StatementEntry => {
  const { creditWalletId } = opts
  const out = postPixOut(ctx, walletId, order, amount, transactionUuid, operationId, opts.txid ?? null)
  recordPixLimitUse(ctx, walletId, order, amount, out.id) // issue 12: what the period's Pix limit has used
  const holder = creditWalletId !== undefined ? (creditWalletId === null ? null : { wallet_id: creditWalletId }) : lookupPixKey(ctx.db, order.key)
  if (holder !== null && holder.wallet_id !== walletId) {
    const payer = walletOwnerOf(ctx.db, walletId)
    receivePixIn(ctx, holder.wallet_id, amount, payer?.full_name ?? "Pagador", payer?.document ?? "", out.end_to_end_id ?? undefined)
  }
  return out
}

const postPixOut = (
  ctx: Ctx,
  walletId: string,
  order: PixPaymentOrder,
  amount: number,
  transactionUuid: string | null,
  operationId: string | undefined,
  txid: string | null
): StatementEntry =>
  postEntry(ctx, {
    walletId,
    type: "PIX_OUT",
    direction: "out",
    currency: "BRL",
    amount,
    description: order.description.trim() === "" ? `Pix enviado para ${order.beneficiary_name}` : order.description,
    counterpartyName: order.beneficiary_name,
    counterpartyDocument: order.beneficiary_document,
    endToEndId: endToEndId(SANDBOX_ISPB, ctx.clock.now(), randomAlnum(11)),
    transactionUuid,
    ...(operationId !== undefined ? { operationId } : {}),
    pixRef: { key: order.key, txid }
  })

/** An incoming Pix (admin pix-in, alive mode): row, balance, notification to the owner, stream events. */
export const receivePixIn = (ctx: Ctx, walletId: string, amount: number, payerName: string, payerDocument: string, e2e?: string): StatementEntry => {
  const ispb = ISPB_LIST[amount % ISPB_LIST.length] ?? "00000000"
  const row = postEntry(ctx, {
    walletId,
    type: "PIX_IN",
    direction: "in",
    currency: "BRL",
    amount,
    description: `Pix recebido de ${payerName}`,
    counterpartyName: payerName,
    counterpartyDocument: payerDocument,
    endToEndId: e2e ?? endToEndId(ispb, ctx.clock.now(), randomAlnum(11))
  })
  const owner = ctx.db.prepare("SELECT owner_id FROM wallets WHERE id = ?").get(walletId) as { owner_id: string } | undefined
  if (owner !== undefined) {
    notify(ctx, owner.owner_id, "Pix recebido", `Você recebeu um Pix de ${brl(amount)} de ${payerName}.`)
  }
  return row
}

/** Creates a notification and its stream event (core §4 notifications, §7 stream). */
export const notify = (ctx: Ctx, userId: string, title: string, description: string, message?: NotificationMessage): void => {
  const at = ctx.clock.stamp()
  const id = randomUUID()
  // a message key and values (D-approval-quorum) let the client word it in the user's language; title and description stay the fallback
  const messageJson = message === undefined ? null : JSON.stringify(message)
  ctx.db
    .prepare("INSERT INTO notifications (id, user_id, title, description, created_at, updated_at, read, message_json) VALUES (?, ?, ?, ?, ?, ?, 0, ?)")
    .run(id, userId, title, description, at, at, messageJson)
  const unread = (ctx.db.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read = 0").get(userId) as { n: number }).n
  ctx.events.notification(userId, toNotification({ id, title, description, created_at: at, read: 0, message_json: messageJson }), unread)
}
