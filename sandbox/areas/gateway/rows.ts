/**
 * Gateway transaction rows, generated (issue 16; features §3 "Transaction (gateway)", §4 statuses):
 * one deterministic generator for the sandbox seed (small, 100k, 1m), the admin's "new deposit"
 * and the tests (tests/support reuse it with their own Prng). Realistic shapes: Pix end-to-end ids
 * (E + ISPB + yyyyMMddHHmm + 11), txids of 26–35 letters and digits, CPF/CNPJ payers, bank data.
 */
import type { Prng } from "../../prng.ts"
import { makeCnpj, makeCpf } from "../../prng.ts"
import { BANKS, COMPANIES, FIRST_NAMES, ISPB_LIST, LAST_NAMES } from "../../names.ts"
import { GATEWAY_STATUSES, type GatewayKind, type GatewayStatus, type GatewayTransaction } from "../../../schema/tables/gateway.ts"

const KIND_WEIGHTS: ReadonlyArray<readonly [GatewayKind, number]> = [
  ["deposit", 70],
  ["withdrawal", 18],
  ["refund", 8],
  ["return", 4]
]
/** Most rows settle; the other statuses appear a few times each, so every filter finds rows. */
const STATUS_WEIGHTS: ReadonlyArray<readonly [GatewayStatus, number]> = GATEWAY_STATUSES.map(
  (s) => [s, s === "paid" ? 60 : s === "pending" ? 10 : s === "paid_by_third_party" ? 4 : 2] as const
)

const weighted = <T>(r: Prng, xs: ReadonlyArray<readonly [T, number]>): T => {
  const total = xs.reduce((a, x) => a + x[1], 0)
  let k = r.next() * total
  for (const [v, w] of xs) {
    k -= w
    if (k < 0) return v
  }
  return (xs[xs.length - 1] as readonly [T, number])[0]
}

const pad = (n: number, w: number) => String(n).padStart(w, "0")
const e2eAt = (r: Prng, ms: number): string => {
  const d = new Date(ms)
  return `E${r.pick(ISPB_LIST)}${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1, 2)}${pad(d.getUTCDate(), 2)}${pad(d.getUTCHours(), 2)}${pad(d.getUTCMinutes(), 2)}${r.alnum(11)}`
}

/** The sign of a kind: deposits and returns come in, withdrawals and refunds go out (D-gateway-table). */
export const directionOfKind = (k: GatewayKind): "in" | "out" => (k === "deposit" || k === "return" ? "in" : "out")

/** Fee of a row: 0.99 % of a deposit (at least R$ 0,50), R$ 1,00 flat on withdrawals; refunds and returns none. */
export const feeOf = (kind: GatewayKind, value: number): number =>
  kind === "deposit" ? Math.max(50, Math.round(value * 0.0099)) : kind === "withdrawal" ? 100 : 0

export interface GatewayRowOptions {
  readonly walletId: string
  readonly createdAt: number
  readonly kind?: GatewayKind
  readonly status?: GatewayStatus
  readonly value?: number
  readonly seq?: number
}

export function gatewayRow(r: Prng, o: GatewayRowOptions): GatewayTransaction {
  const kind = o.kind ?? weighted(r, KIND_WEIGHTS)
  const status = o.status ?? weighted(r, STATUS_WEIGHTS)
  const value = o.value ?? Math.floor(500 * Math.pow(400, r.next()))
  const fee = feeOf(kind, value)
  const company = r.chance(0.3)
  const name = company ? r.pick(COMPANIES) : `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`
  const document = company ? makeCnpj(r) : makeCpf(r)
  const bank = r.pick(BANKS)
  const pix = r.chance(0.9)
  const created = new Date(o.createdAt).toISOString()
  return {
    id: r.uuid(),
    wallet_id: o.walletId,
    kind,
    status,
    direction: directionOfKind(kind),
    currency_symbol: "BRL",
    created_at: created,
    updated_at: created,
    value,
    fee,
    seller_share: kind === "deposit" ? value - fee : 0,
    reference: `PED-${pad(o.seq ?? r.int(1, 9_999_999), 7)}`,
    operation_id: r.uuid(),
    end_to_end_id: pix ? e2eAt(r, o.createdAt) : null,
    txid: pix && kind === "deposit" ? r.alnum(r.int(26, 35)) : null,
    counterparty_name: name,
    counterparty_document: document,
    bank,
    agency: pad(r.int(1, 9999), 4),
    account: String(r.int(10_000, 9_999_999)),
    digit: String(r.int(0, 9))
  }
}

/** `count` rows spread over the `days` days before `now`, oldest first. */
export function gatewayRows(r: Prng, walletId: string, count: number, now: number, days = 90, seqBase = 0): GatewayTransaction[] {
  const out: GatewayTransaction[] = []
  const span = days * 86_400_000
  for (let i = 0; i < count; i++) {
    const t = now - span + Math.floor(((i + r.next()) / count) * span)
    out.push(gatewayRow(r, { walletId, createdAt: t, seq: seqBase + i + 1 }))
  }
  return out
}
