/**
 * The sandbox's gateway payment requests (assisted payments) and orders with their refunds (issue 16;
 * features §3 "Payment request (assisted payment)", §2 orders, §7 orders and orders-refunds): the tables,
 * the row mappers and the seed (a few requests in every status with their documents as READY storage
 * files, and paid orders per gateway wallet, more with the bigger size switch). The seed uses its own
 * Prng so the rest of the seed stays as it was.
 */
import type Database from "better-sqlite3"
import { createHash } from "node:crypto"
import { Prng, makeCnpj, makeCpf } from "../../prng.ts"
import { COMPANIES, FIRST_NAMES, LAST_NAMES } from "../../names.ts"
import {
  bankName,
  type DocumentRef,
  type GatewayOrder,
  type OrderRefund,
  type PaymentRequest,
  type PaymentRequestStatus
} from "../../../schema/gateway-payments.ts"

type DB = Database.Database

export const createGatewayPaymentTables = (db: DB): void => {
  db.exec(`
CREATE TABLE IF NOT EXISTS gateway_payment_requests (
  id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, user_id TEXT NOT NULL, status TEXT NOT NULL,
  beneficiary_name TEXT NOT NULL, document TEXT NOT NULL, bank_code TEXT NOT NULL, account_type TEXT NOT NULL, via TEXT NOT NULL,
  pix_key TEXT, agency TEXT, account TEXT, digit TEXT, amount INTEGER NOT NULL,
  invoice TEXT NOT NULL, social_contract TEXT, cnpj_mirror TEXT, reason TEXT, request_key TEXT,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS gateway_payment_requests_wallet ON gateway_payment_requests (wallet_id, created_at);
CREATE TABLE IF NOT EXISTS gateway_orders (
  id TEXT PRIMARY KEY, wallet_id TEXT NOT NULL, reference TEXT NOT NULL, customer_name TEXT NOT NULL, customer_document TEXT NOT NULL,
  value INTEGER NOT NULL, refunded_value INTEGER NOT NULL DEFAULT 0, status TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS gateway_orders_wallet ON gateway_orders (wallet_id, created_at);
CREATE TABLE IF NOT EXISTS gateway_order_refunds (
  id TEXT PRIMARY KEY, order_id TEXT NOT NULL, wallet_id TEXT NOT NULL, amount INTEGER NOT NULL, transaction_id TEXT NOT NULL,
  transaction_uuid TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS gateway_order_refunds_order ON gateway_order_refunds (order_id);`)
}

export interface PaymentRequestRow {
  id: string
  wallet_id: string
  user_id: string
  status: PaymentRequestStatus
  beneficiary_name: string
  document: string
  bank_code: string
  account_type: PaymentRequest["account_type"]
  via: PaymentRequest["via"]
  pix_key: string | null
  agency: string | null
  account: string | null
  digit: string | null
  amount: number
  invoice: string
  social_contract: string | null
  cnpj_mirror: string | null
  reason: string | null
  request_key: string | null
  created_at: string
  updated_at: string
}

export const toPaymentRequest = (r: PaymentRequestRow): PaymentRequest => ({
  id: r.id,
  wallet_id: r.wallet_id,
  status: r.status,
  beneficiary_name: r.beneficiary_name,
  document: r.document,
  bank_code: r.bank_code,
  bank_name: bankName(r.bank_code) ?? r.bank_code,
  account_type: r.account_type,
  via: r.via,
  pix_key: r.pix_key,
  agency: r.agency,
  account: r.account,
  digit: r.digit,
  amount: r.amount,
  invoice: JSON.parse(r.invoice) as DocumentRef,
  social_contract: r.social_contract === null ? null : (JSON.parse(r.social_contract) as DocumentRef),
  cnpj_mirror: r.cnpj_mirror === null ? null : (JSON.parse(r.cnpj_mirror) as DocumentRef),
  reason: r.reason,
  created_at: r.created_at,
  updated_at: r.updated_at
})

export const toOrder = (r: GatewayOrder): GatewayOrder => ({ ...r })

export const insertPaymentRequest = (db: DB, r: PaymentRequestRow): void => {
  db.prepare(
    `INSERT INTO gateway_payment_requests (id, wallet_id, user_id, status, beneficiary_name, document, bank_code, account_type, via, pix_key, agency, account, digit, amount, invoice, social_contract, cnpj_mirror, reason, request_key, created_at, updated_at)
    VALUES (@id, @wallet_id, @user_id, @status, @beneficiary_name, @document, @bank_code, @account_type, @via, @pix_key, @agency, @account, @digit, @amount, @invoice, @social_contract, @cnpj_mirror, @reason, @request_key, @created_at, @updated_at)`
  ).run(r)
}

/** Orders per wallet by size: a few for `npm start`, more for the benchmarks' sizes. */
export const orderCounts = (size: "small" | "100k" | "1m"): { matrix: number; branch: number } =>
  size === "1m" ? { matrix: 400, branch: 100 } : size === "100k" ? { matrix: 120, branch: 40 } : { matrix: 12, branch: 5 }

/** A seeded document: a small READY storage file of purpose payment-request. */
const seedFile = (db: DB, r: Prng, walletId: string, name: string, at: string): DocumentRef => {
  const id = r.uuid()
  const bytes = Buffer.from(`%PDF-1.4\n% ${name} (sandbox seed)\n%%EOF\n`)
  db.prepare(
    `INSERT INTO storage_files (id, wallet_id, upload_id, name, content_type, size, purpose, state, sha256, bytes, assembled, created_at, updated_at)
    VALUES (?, ?, NULL, ?, 'application/pdf', ?, 'payment-request', 'READY', ?, ?, 1, ?, ?)`
  ).run(id, walletId, name, bytes.length, createHash("sha256").update(bytes).digest("hex"), bytes, at, at)
  return { file_id: id, name, size: bytes.length }
}

export const seedGatewayPayments = (db: DB, now: number, wallets: { matrix: string; branch: string }, size: "small" | "100k" | "1m"): void => {
  const r = new Prng(16_016)
  const ownerId = (db.prepare("SELECT owner_id FROM wallets WHERE id = ?").get(wallets.matrix) as { owner_id: string } | undefined)?.owner_id ?? ""
  const person = () => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`
  // payment requests of the matrix, one per status (features §3; D-gateway-payment-requests)
  const specs: ReadonlyArray<readonly [PaymentRequestStatus, number]> = [
    ["paid", 20],
    ["approved", 6],
    ["rejected", 4],
    ["pending_review", 1]
  ]
  specs.forEach(([status, daysAgo], i) => {
    const at = new Date(now - daysAgo * 86_400_000 - i * 3_600_000).toISOString()
    const company = i % 2 === 0
    const pix = i % 2 === 1
    insertPaymentRequest(db, {
      id: r.uuid(),
      wallet_id: wallets.matrix,
      user_id: ownerId,
      status,
      beneficiary_name: company ? r.pick(COMPANIES) : person(),
      document: company ? makeCnpj(r) : makeCpf(r),
      bank_code: r.pick(["001", "237", "341", "260"]),
      account_type: r.pick(["checking", "payment", "savings", "salary"] as const),
      via: pix ? "pix" : "account",
      pix_key: pix ? `fornecedor${i}@example.com` : null,
      agency: pix ? null : String(r.int(1, 9999)).padStart(4, "0"),
      account: pix ? null : String(r.int(10_000, 9_999_999)),
      digit: pix ? null : String(r.int(0, 9)),
      amount: r.int(50_000, 2_500_000),
      invoice: JSON.stringify(seedFile(db, r, wallets.matrix, `nota-fiscal-${i + 1}.pdf`, at)),
      social_contract: company ? JSON.stringify(seedFile(db, r, wallets.matrix, `contrato-social-${i + 1}.pdf`, at)) : null,
      cnpj_mirror: null,
      reason: status === "rejected" ? "Nota fiscal ilegível" : null,
      request_key: null,
      created_at: at,
      updated_at: at
    })
  })
  // paid orders (features §2 orders), one already refunded and one partly
  const counts = orderCounts(size)
  const ins =
    db.prepare(`INSERT INTO gateway_orders (id, wallet_id, reference, customer_name, customer_document, value, refunded_value, status, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  db.transaction(() => {
    for (const [walletId, n, prefix] of [
      [wallets.matrix, counts.matrix, "PED-M"],
      [wallets.branch, counts.branch, "PED-F"]
    ] as const) {
      for (let i = 0; i < n; i++) {
        const at = new Date(now - (n - i) * 7_200_000 - r.int(0, 3_000_000)).toISOString()
        const value = r.int(1_990, 39_900) // R$ 19,90 – 399,00: the seeded matrix holds about R$ 1.600
        const refunded = i === 1 ? value : i === 2 ? Math.floor(value / 2) : 0
        const status = refunded === value ? "refunded" : refunded > 0 ? "partially_refunded" : "paid"
        const company = r.chance(0.25)
        ins.run(
          r.uuid(),
          walletId,
          `${prefix}-${String(10_001 + i)}`,
          company ? r.pick(COMPANIES) : person(),
          company ? makeCnpj(r) : makeCpf(r),
          value,
          refunded,
          status,
          at,
          at
        )
      }
    }
  })()
}

// ── the routes' reads and writes (issue 29 item 7) ─────────────────────────

export const paymentRequestById = (db: DB, id: string): PaymentRequestRow | undefined =>
  db.prepare("SELECT * FROM gateway_payment_requests WHERE id = ?").get(id) as PaymentRequestRow | undefined
export const orderById = (db: DB, id: string): GatewayOrder | undefined =>
  db.prepare("SELECT * FROM gateway_orders WHERE id = ?").get(id) as GatewayOrder | undefined

/** An order's refunded total and its status after a refund. */
export const saveOrderRefunded = (db: DB, id: string, refunded: number, status: string, at: string): void => {
  db.prepare("UPDATE gateway_orders SET refunded_value = ?, status = ?, updated_at = ? WHERE id = ?").run(refunded, status, at, id)
}

/** One refund of an order, with the transaction-uuid that made it. */
export const insertOrderRefund = (db: DB, r: OrderRefund, transactionUuid: string | null): void => {
  db.prepare(
    "INSERT INTO gateway_order_refunds (id, order_id, wallet_id, amount, transaction_id, transaction_uuid, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
  ).run(r.id, r.order_id, r.wallet_id, r.amount, r.transaction_id, transactionUuid, r.created_at)
}

/** A payment request moved to a status (the admin's), with its reason. */
export const movePaymentRequest = (db: DB, id: string, status: string, reason: string | null, at: string): void => {
  db.prepare("UPDATE gateway_payment_requests SET status = ?, reason = ?, updated_at = ? WHERE id = ?").run(status, reason, at, id)
}

/** An order's refunds, oldest first. */
export const refundsOfOrder = (db: DB, orderId: string): OrderRefund[] =>
  db
    .prepare("SELECT id, order_id, wallet_id, amount, transaction_id, created_at FROM gateway_order_refunds WHERE order_id = ? ORDER BY created_at")
    .all(orderId) as OrderRefund[]

/** The gateway's refund rows written for an order (the admin's exactly-once proof). */
export const refundRowCount = (db: DB, walletId: string, reference: string): number =>
  (
    db.prepare("SELECT count(*) AS n FROM gateway_transactions WHERE wallet_id = ? AND kind = 'refund' AND reference = ?").get(walletId, reference) as {
      n: number
    }
  ).n
