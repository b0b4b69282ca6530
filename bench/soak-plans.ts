/**
 * What a soak device sends for each command of the registry (issue 30 item 9: "every command type"): one plan per
 * command name, typed against the registry (`CommandName`, `PayloadOf`), so a command added to the registry without a
 * plan here fails the type check and the soak exercises it from the day it exists.
 *
 * A plan reads what the device's engine has synced (its lists) and answers a payload, or null when the device has
 * nothing to act on this round (no card to block, no pending invitation). Plans aim at what a user would do, so most
 * commands are applied; some are refused by the sandbox by design (a claim of a key that another user keeps, a code
 * typed wrong, an upload that was never made), which exercises the refusal path of the outbox under the same faults.
 * The soak does not judge a refusal; it counts every command's end and checks the ledger for money moved twice.
 *
 * Two commands need what the soak does not make: a contest received (`v1.pixMed.defence`) and an automatic Pix payment
 * scheduled (`v1.pixAutomatic.cancelPayment`); they are sent when the seed holds such rows, and the soak prints every
 * command of the registry it did not send.
 *
 * `"approver"` marks the commands the approver devices send (bench/soak-device.ts), not the generalists.
 */
import type { Prng } from "../sandbox/prng.ts"
import { sampleReportXml } from "../sandbox/areas/betting/seed.ts"
import { MIN_PART_SIZE } from "../schema/api-storage.ts"
import type { CommandName, PayloadOf } from "../sync/commands/registry.ts"

export interface Peer {
  readonly id: string
  readonly email: string
  readonly name: string
  readonly document: string
}

export interface PlanCtx {
  readonly rng: Prng
  /** The device's own wallet (the one its commands are sent on). */
  readonly walletId: string
  /** The device user's id and e-mail. */
  readonly me: string
  readonly email: string
  /** The other generalist's user: the payer of boletos this one issues, the one invited to this wallet. */
  readonly peer: Peer
  /** Incoming Pix on this wallet made by the soak before the devices started (payment ids a devolution may name). */
  readonly incomingPix: ReadonlyArray<{ readonly id: string; readonly amount: number }>
  /** A synced list's rows on this wallet (or on `walletId`; the user-scoped lists ignore it). */
  rows<R>(list: string, walletId?: string): ReadonlyArray<R>
  /** A fresh BTC/BRL quote id, or null when the quote call failed (the faults). */
  quote(): Promise<string | null>
  /** A São Paulo calendar date `days` after today (YYYY-MM-DD). */
  date(days: number): string
  /** The first weekday (Monday to Friday, São Paulo) at least `days` after today. */
  businessDate(days: number): string
  /** Keep bytes in the device's local file store for an upload command; answers the file key. */
  putFile(bytes: Uint8Array<ArrayBuffer>, name: string, type: string): Promise<string>
  /** A running number of this device (unique names and keys). */
  next(): number
}

type Plan<N extends CommandName> = (c: PlanCtx) => PayloadOf<N> | null | Promise<PayloadOf<N> | null>
export type Plans = { readonly [N in CommandName]: Plan<N> | "approver" }

const pick = <T>(c: PlanCtx, xs: ReadonlyArray<T>): T | undefined => (xs.length === 0 ? undefined : xs[c.rng.int(0, xs.length - 1)])
const small = (c: PlanCtx): number => c.rng.int(100, 3_000)

/** A bank account outside the sandbox's users (TED, Pix by account, automatic withdrawal). */
const ACCOUNT = {
  bank_code: "341",
  bank_name: "Itaú Unibanco",
  ispb: "60701190",
  agency: "0001",
  account: "12345",
  digit: "6",
  account_type: "checking",
  document: "12345678909",
  name: "Maria Soak"
} as const

interface Id {
  readonly id: string
}
const real = <R extends Id>(rows: ReadonlyArray<R>): ReadonlyArray<R> => rows.filter((r) => !r.id.startsWith("pending:"))

export const plans: Plans = {
  "v1.coins.convert": async (c) => {
    const q = await c.quote()
    return q === null ? null : { quote_id: q, side: "buy", from_currency: "BRL", to_currency: "BTC", amount: c.rng.int(20_000, 60_000), expected_to_amount: 1 }
  },
  "v1.approval.approve": "approver",
  "v1.approval.reject": "approver",
  "v1.pix.payByKey": (c) => ({ key: `soak${c.rng.int(1, 999)}@example.com`, amount: small(c), description: "Soak" }),
  "v1.pix.payByAccount": (c) => {
    const { bank_code, agency, account, digit, account_type, document, name } = ACCOUNT
    return { bank_code, agency, account, digit, account_type, document, amount: small(c), description: "Soak", beneficiary_name: name }
  },
  "v1.pix.createQrCode": (c) => ({ kind: "static", key: c.email, amount: small(c), description: `Soak ${c.next()}` }),
  "v1.pix.payByQrCode": (c) => {
    const qr = pick(
      c,
      c
        .rows<{ id: string; emv: string; kind: "static"; amount: number | null; status: string }>("pix_qr_codes")
        .filter((q) => q.status === "active" && q.emv !== "")
    )
    return qr === undefined ? null : { code: qr.emv, kind: qr.kind, amount: qr.amount ?? small(c), description: "Soak", beneficiary_name: "Soak" }
  },
  "v1.pix.devolve": (c) => {
    const p = pick(c, c.incomingPix)
    return p === undefined ? null : { payment_id: p.id, amount: c.rng.int(1, Math.max(1, Math.floor(p.amount / 20))), description: "Soak", payer_name: "Soak" }
  },
  "v1.pix.registerKey": (c) =>
    c.rng.next() < 0.5 ? { key_type: "random" } : { key_type: "email", key: `soak-key-${c.me.slice(0, 8)}-${c.next()}@example.com` },
  "v1.pix.deleteKey": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; key: string; key_type: string; status: string }>("pix_keys")).filter(
        (k) => k.key_type === "random" || k.key.startsWith("soak-key-")
      )
    )
    return k === undefined ? null : { id: k.id, key: k.key }
  },
  "v1.pix.confirmKeyCode": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; status: string; code_expires_at?: string | null }>("pix_keys")).filter((k) => k.status !== "registered")
    )
    return k === undefined ? null : { id: k.id, code: String(c.rng.int(0, 999_999)).padStart(6, "0") }
  },
  "v1.pix.resendKeyCode": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; status: string }>("pix_keys")).filter((k) => k.status !== "registered")
    )
    return k === undefined ? null : { id: k.id }
  },
  "v1.pix.cancelKeyCode": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; status: string }>("pix_keys")).filter((k) => k.status !== "registered")
    )
    return k === undefined ? null : { id: k.id }
  },
  "v1.pix.startClaim": (c) => ({ key: c.peer.email, key_type: "email", kind: c.rng.next() < 0.5 ? "ownership" : "portability" }),
  "v1.pix.cancelClaim": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; role: string; status: string }>("pix_claims")).filter((k) => k.role !== "donor")
    )
    return k === undefined ? null : { id: k.id }
  },
  "v1.pix.approveClaim": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; role: string }>("pix_claims")).filter((k) => k.role === "donor")
    )
    return k === undefined ? null : { id: k.id }
  },
  "v1.pix.rejectClaim": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; role: string }>("pix_claims")).filter((k) => k.role === "donor")
    )
    return k === undefined ? null : { id: k.id }
  },
  "v1.cards.requestVirtual": (c) => ({ nickname: `Soak ${c.next()}` }),
  "v1.cards.requestPhysical": (c) => ({ card_name: "SOAK CARD" + (c.next() % 10) }),
  "v1.cards.activate": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; status: string; last_four: string | null }>("cards")).filter((k) => k.status !== "activated" && k.status !== "blocked")
    )
    return k === undefined ? null : { card_id: k.id, last_four: k.last_four ?? "0000" }
  },
  "v1.cards.block": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; status: string }>("cards")).filter((k) => k.status === "activated")
    )
    return k === undefined ? null : { card_id: k.id }
  },
  "v1.cards.unblock": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; status: string }>("cards")).filter((k) => k.status === "blocked")
    )
    return k === undefined ? null : { card_id: k.id }
  },
  "v1.cards.newCopy": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; status: string; virtual: boolean }>("cards")).filter((k) => k.status === "blocked")
    )
    return k === undefined ? null : { card_id: k.id }
  },
  "v1.cards.delete": (c) => {
    const k = pick(
      c,
      real(c.rows<{ id: string; virtual: boolean; nickname: string | null }>("cards")).filter((k) => k.virtual && (k.nickname ?? "").startsWith("Soak"))
    )
    return k === undefined ? null : { card_id: k.id }
  },
  "v1.wallet.create": (c) => ({ name: `Soak ${c.next()}` }),
  "v1.wallet.update": (c) => {
    const w = pick(c, soakWallets(c))
    return w === undefined ? null : { id: w.id, name: `Soak ${c.next()}` }
  },
  "v1.wallet.delete": (c) => {
    const w = pick(c, soakWallets(c))
    return w === undefined ? null : { id: w.id, backup_id: c.walletId }
  },
  // leaving the other generalist's wallet after accepting its invitation (the invitation plans below)
  "v1.wallet.leave": (c) => {
    const w = pick(
      c,
      c.rows<{ id: string; owner_id: string }>("wallets").filter((w) => w.owner_id === c.peer.id)
    )
    return w === undefined ? null : { user_id: c.me, wallet_id: w.id }
  },
  "v1.invitation.create": (c) => ({
    wallet_id: c.walletId,
    email: c.rng.next() < 0.5 ? c.peer.email : `soak-invitee-${c.next()}@example.com`,
    permission_types: ["CLIENT"]
  }),
  "v1.invitation.cancel": (c) => {
    const i = pick(
      c,
      c.rows<{ invite_id: string; state: string }>("invitations_sent").filter((i) => i.state === "SENT")
    )
    return i === undefined ? null : { invite_id: i.invite_id }
  },
  "v1.invitation.accept": (c) => {
    const i = pick(
      c,
      c.rows<{ invite_id: string; state: string }>("invitations_received").filter((i) => i.state === "SENT")
    )
    return i === undefined || c.rng.next() < 0.5 ? null : { invite_id: i.invite_id }
  },
  "v1.invitation.decline": (c) => {
    const i = pick(
      c,
      c.rows<{ invite_id: string; state: string }>("invitations_received").filter((i) => i.state === "SENT")
    )
    return i === undefined ? null : { invite_id: i.invite_id }
  },
  "v1.permission.update": (c) => {
    const u = pick(
      c,
      c.rows<{ user_id: string; email: string }>("permission_users").filter((u) => u.email === c.peer.email)
    )
    return u === undefined ? null : { user_id: u.user_id, permission_types: c.rng.next() < 0.5 ? ["CLIENT"] : ["CLIENT", "APPROVER"] }
  },
  "v1.permission.remove": (c) => {
    const u = pick(
      c,
      c.rows<{ user_id: string; email: string }>("permission_users").filter((u) => u.email === c.peer.email)
    )
    return u === undefined ? null : { user_id: u.user_id }
  },
  // approval rules on the device's own wallet only above what the payers send (the payers' requests keep their rule)
  "v1.approval.saveSetting": (c) => {
    const all = real(c.rows<{ id: string; min_value: number }>("approval_settings"))
    const s = all.find((s) => s.min_value >= 5_000_000)
    return all.length > 0 && s === undefined ? null : { id: s?.id ?? "", min_value: c.rng.int(5_000_000, 9_000_000), approvers: 1 }
  },
  "v1.approval.deleteSetting": (c) => {
    const s = pick(
      c,
      real(c.rows<{ id: string; min_value: number }>("approval_settings")).filter((s) => s.min_value >= 5_000_000)
    )
    return s === undefined ? null : { id: s.id }
  },
  "v1.pixSchedule.create": (c) => ({
    key: `soak${c.rng.int(1, 999)}@example.com`,
    key_type: "email",
    beneficiary_name: "Soak",
    amount: small(c),
    description: "Soak",
    payment_date: c.date(c.rng.int(2, 20))
  }),
  "v1.pixSchedule.cancel": (c) => {
    const s = pick(
      c,
      real(c.rows<{ id: string; operation_id: string; status: string }>("scheduled_pix")).filter((s) => s.status === "scheduled")
    )
    return s === undefined ? null : { id: s.id, operation_id: s.operation_id }
  },
  "v1.pixSchedule.createRecurrence": (c) => ({
    key: `soak${c.rng.int(1, 999)}@example.com`,
    key_type: "email",
    beneficiary_name: "Soak",
    value: small(c),
    description: "Soak",
    frequency: "MONTHLY",
    start_date: c.date(c.rng.int(2, 20)),
    end_date: c.date(200)
  }),
  "v1.pixSchedule.deactivateRecurrence": (c) => {
    const s = pick(
      c,
      real(c.rows<{ id: string; status: string }>("pix_recurrences")).filter((s) => s.status !== "inactive")
    )
    return s === undefined ? null : { id: s.id }
  },
  "v1.pixAutomatic.approve": (c) => {
    const a = pick(c, autos(c, "PENDING"))
    return a === undefined ? null : { id: a.id }
  },
  // no QR of an automatic Pix is at hand: a code the sandbox refuses (the refusal path under faults)
  "v1.pixAutomatic.approveByQr": (c) => ({ qr_code: `SOAK-NOT-A-CODE-${c.next()}`, id: `soak-${c.next()}` }),
  "v1.pixAutomatic.reject": (c) => {
    const a = pick(c, autos(c, "PENDING"))
    return a === undefined ? null : { id: a.id }
  },
  "v1.pixAutomatic.cancel": (c) => {
    const a = pick(c, autos(c, "ACTIVE"))
    return a === undefined ? null : { id: a.id }
  },
  "v1.pixAutomatic.changeMax": (c) => {
    const a = pick(c, autos(c, "ACTIVE"))
    return a === undefined ? null : { id: a.id, payment_max_value: c.rng.next() < 0.3 ? null : c.rng.int(10_000, 100_000) }
  },
  "v1.pixAutomatic.cancelPayment": (c) => {
    const p = pick(
      c,
      real(c.rows<{ id: string; status: string }>("pix_automatic_payments")).filter((p) => p.status === "SCHEDULED")
    )
    return p === undefined ? null : { id: p.id }
  },
  "v1.pixWithdraw.save": (c) => ({
    threshold: c.rng.int(10_000_000, 20_000_000),
    time: "18:00",
    frequency: "DAILY",
    weekday: null,
    bank_code: ACCOUNT.bank_code,
    agency: ACCOUNT.agency,
    account: ACCOUNT.account,
    digit: ACCOUNT.digit,
    account_type: ACCOUNT.account_type,
    document: ACCOUNT.document,
    name: ACCOUNT.name
  }),
  "v1.pixWithdraw.disable": () => ({}),
  "v1.billet.pay": (c) => {
    const b = pick(c, dda(c))
    return b === undefined ? null : { line: b.typeable_line, amount: b.amount, beneficiary_name: b.issuer_name }
  },
  "v1.billet.schedule": (c) => {
    const b = pick(c, dda(c))
    return b === undefined ? null : { line: b.typeable_line, amount: b.amount, beneficiary_name: b.issuer_name, payment_date: c.businessDate(1) }
  },
  "v1.billet.cancelScheduled": (c) => {
    const s = pick(
      c,
      real(c.rows<{ id: string; status: string }>("billet_scheduled")).filter((s) => s.status === "pending")
    )
    return s === undefined ? null : { id: s.id }
  },
  "v1.billet.issue": (c) => ({
    amount: c.rng.int(1_000, 20_000),
    due_date: c.date(c.rng.int(3, 30)),
    description: "Soak",
    payer_name: c.peer.name,
    payer_document: c.peer.document
  }),
  "v1.billet.cancelIssued": (c) => {
    const b = pick(
      c,
      real(c.rows<{ id: string; status: string }>("billet_deposits")).filter((b) => b.status === "CREATED_PENDING")
    )
    return b === undefined ? null : { id: b.id }
  },
  "v1.billet.hideDda": (c) => {
    const b = pick(c, dda(c))
    return b === undefined ? null : { id: b.id }
  },
  "v1.ted.send": (c) => ({ ...ACCOUNT, amount: small(c), description: "Soak" }),
  "v1.ted.schedule": (c) => ({ ...ACCOUNT, amount: small(c), description: "Soak", scheduled_for: c.businessDate(c.rng.int(2, 20)) }),
  "v1.ted.saveContact": (c) => ({ ...ACCOUNT, account: String(10_000 + (c.next() % 90_000)) }),
  "v1.ted.deleteContact": (c) => {
    const t = pick(c, real(c.rows<{ id: string }>("ted_contacts")))
    return t === undefined ? null : { id: t.id }
  },
  // a day's report (the sandbox's own sample XML), uploaded through the outbox's resumable upload
  "v1.betting.sendReport": async (c) => {
    const day = c.date(-c.rng.int(1, 60))
    const bytes = new TextEncoder().encode(sampleReportXml(day, 3, c.rng))
    const file_key = await c.putFile(bytes, `report-${day}.xml`, "application/xml")
    return {
      file_key,
      file_name: `report-${day}.xml`,
      content_type: "application/xml",
      size: bytes.length,
      part_size: MIN_PART_SIZE,
      purpose: "endr-report",
      meta: { report_date: day }
    }
  },
  "v1.betting.cancelReport": (c) => {
    const r = pick(c, real(c.rows<{ id: string; status: string }>("endr_reports")))
    return r === undefined ? null : { report_id: r.id }
  },
  "v1.betting.submitGgr": (c) => {
    const [y, m] = c.date(-40).split("-").map(Number) as [number, number]
    return { month: m, year: y, total_value: c.rng.int(1_000_000, 5_000_000) }
  },
  "v1.betting.changeGgr": (c) => {
    const g = pick(c, real(c.rows<{ id: string }>("endr_ggr")))
    return g === undefined ? null : { ggr_id: g.id, total_value: c.rng.int(1_000_000, 5_000_000) }
  },
  "v1.betting.payApportionment": (c) => {
    const a = pick(
      c,
      real(c.rows<{ id: string; status: string; total_value: number }>("endr_apportionments")).filter((a) => a.status !== "paid")
    )
    return a === undefined ? null : { apportionment_id: a.id, amount: a.total_value }
  },
  "v1.gateway.createPaymentRequest": async (c) => {
    const bytes = new TextEncoder().encode(`%PDF-1.4 soak invoice ${c.next()}`)
    const file_key = await c.putFile(bytes, "invoice.pdf", "application/pdf")
    return {
      file_key,
      file_name: "invoice.pdf",
      content_type: "application/pdf",
      size: bytes.length,
      part_size: MIN_PART_SIZE,
      purpose: "payment-request",
      meta: {
        beneficiary_name: ACCOUNT.name,
        document: ACCOUNT.document,
        bank_code: ACCOUNT.bank_code,
        account_type: "checking",
        via: "pix",
        pix_key: `soak${c.rng.int(1, 999)}@example.com`,
        amount: small(c)
      }
    }
  },
  "v1.gateway.refundOrder": (c) => {
    const o = pick(
      c,
      real(c.rows<{ id: string; status: string; value: number; refunded_value: number }>("gateway_orders")).filter((o) => o.value > o.refunded_value)
    )
    return o === undefined ? null : { order_id: o.id, amount: Math.max(1, Math.min(o.value - o.refunded_value, c.rng.int(100, 2_000))) }
  },
  "v1.pix.changeLimit": (c) => {
    const l = pick(c, c.rows<{ limit_type_id: string; day_limit: number; max_day_limit: number }>("pix_limits"))
    return l === undefined
      ? null
      : { limit_type_id: l.limit_type_id, period: "day", amount: Math.max(100, Math.min(l.max_day_limit, l.day_limit - c.rng.int(0, 1) * 100)) }
  },
  "v1.pix.addContact": (c) => ({ key: `soak${c.rng.int(1, 999)}@example.com` }),
  "v1.pix.removeContact": (c) => {
    const k = pick(c, real(c.rows<{ id: string; name: string }>("pix_contacts")))
    return k === undefined ? null : { id: k.id, name: k.name }
  },
  "v1.notification.read": (c) => {
    const n = pick(
      c,
      real(c.rows<{ id: string; read: boolean }>("notifications")).filter((n) => !n.read)
    )
    return n === undefined ? null : { id: n.id }
  },
  // a contest of a Pix the sandbox does not know as sent by this wallet: refused (PIX_MED_NOT_SENT); the opened case
  // with its 7-day analysis is the e2e pix/med spec's
  "v1.pixMed.open": (c) => ({
    end_to_end_id: `E00000000${c.date(0).replaceAll("-", "")}0000SOAK${String(c.next()).padStart(6, "0")}`,
    reason: "scam",
    description: "Soak",
    amount: small(c),
    receiver_name: "Soak",
    paid_at: `${c.date(-1)}T12:00:00.000Z`
  }),
  "v1.pixMed.defence": (c) => {
    const m = pick(
      c,
      real(c.rows<{ id: string; role: string; status: string }>("pix_med_contests")).filter((m) => m.role === "receiver")
    )
    return m === undefined ? null : { contest_id: m.id, defence: "Soak" }
  }
}

function soakWallets(c: PlanCtx): ReadonlyArray<{ id: string; name: string }> {
  return real(c.rows<{ id: string; name: string; owner_id: string }>("wallets")).filter(
    (w) => w.owner_id === c.me && w.name.startsWith("Soak") && w.id !== c.walletId
  )
}
function autos(c: PlanCtx, status: string): ReadonlyArray<{ id: string }> {
  return real(c.rows<{ id: string; status: string }>("pix_automatic_authorizations")).filter((a) => a.status === status)
}
function dda(c: PlanCtx): ReadonlyArray<{ id: string; typeable_line: string; amount: number; issuer_name: string }> {
  return real(c.rows<{ id: string; status: string; typeable_line: string; amount: number; issuer_name: string }>("billet_dda")).filter(
    (b) => b.status === "open"
  )
}
