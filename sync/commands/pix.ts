/**
 * Commands of Pix (spec features §2 Pix, §7 "Pix payments and QR codes"): a payment by key debits
 * the wallet at once, as pending, with its PIX_OUT row; at or above the wallet's approval minimum
 * the server turns it into an approval request (features §6) instead. Receiving: a QR code made as a
 * command (shown pending at once); paying a copy-and-paste code or a QR image, or an account (bank, agency,
 * account, document), with its optimistic debit.
 */
import { Schema } from "effect"
import { MinorUnits } from "../../schema/common.ts"
import { PixQrKind } from "../../schema/pix-qr.ts"
import { defineCommand, pixPaymentOutcome, reconcileBySameKey, reconcileByStatement, type EndpointPayload } from "./define.ts"

export const PixDevolvePayload = Schema.Struct({ payment_id: Schema.String, amount: MinorUnits, description: Schema.String, payer_name: Schema.String })
/** features §2 pay by account: the account as typed (re-resolved by the server), who it was decoded to, the amount. */
export const PixPayByAccountPayload = Schema.Struct({
  bank_code: Schema.String,
  agency: Schema.String,
  account: Schema.String,
  digit: Schema.String,
  account_type: Schema.Literals(["checking", "savings", "payment"]),
  document: Schema.String,
  amount: MinorUnits,
  description: Schema.String,
  beneficiary_name: Schema.String
})
export const PixPayByQrPayload = Schema.Struct({
  code: Schema.String,
  kind: PixQrKind,
  amount: MinorUnits,
  description: Schema.String,
  beneficiary_name: Schema.String
})

/** features §7: the by-qr-code call of each kind of code (D-pix-qr-variants). */
const PAY_BY_QR = {
  static: "pixPayByQrStatic",
  static_withdrawal: "pixPayByQrStaticWithdrawal",
  dynamic_instant: "pixPayByQrDynamic",
  dynamic_due: "pixPayByQrDynamicDue",
  dynamic_withdrawal: "pixPayByQrDynamicWithdrawal",
  dynamic_change: "pixPayByQrDynamicChange"
} as const satisfies Record<PixQrKind, string>

/**
 * What every Pix sent now shares (by key, by account): the BRL debit and the pending PIX_OUT row while open
 * (C7), reconciled and reflected by the statement, the approval requests pulled, the staged outcome read (§6).
 */
const pixOut = <P extends { readonly amount: number; readonly description: string }>(counterparty: (p: P) => string) => ({
  reconcile: reconcileByStatement,
  balance: (p: P) => [{ currency: "BRL" as const, delta: -p.amount }],
  pendingRows: (p: P) => [
    {
      key: "out",
      type: "PIX_OUT",
      direction: "out" as const,
      currency_symbol: "BRL",
      amount: p.amount,
      description: p.description,
      counterparty_name: counterparty(p)
    }
  ],
  refresh: ["wallet_accounts", "approval_requests"],
  reflectedBy: "statement" as const,
  outcome: pixPaymentOutcome
})

export const pixCommands = [
  // the payload is the contract's body: key, amount, description
  defineCommand({
    name: "v1.pix.payByKey",
    endpoint: "pixPayByKey",
    ...pixOut((p: EndpointPayload<"pixPayByKey">) => p.key)
  }),
  /** features §2 pay by account (D-pix-by-account): the same debit, pending row and reconcile as by key. */
  defineCommand({
    name: "v1.pix.payByAccount",
    // the body's fields, and who the account was decoded to (shown while pending)
    endpoint: "pixPayByAccount",
    payload: PixPayByAccountPayload,
    ...pixOut((p: typeof PixPayByAccountPayload.Type) => p.beneficiary_name)
  }),
  /**
   * features §2 receive: make a QR code for an own key (no PIN: nothing leaves the account); shown pending at once.
   * The payload is the contract's body (every kind of features §3; D-pix-qr-variants).
   */
  defineCommand({
    name: "v1.pix.createQrCode",
    endpoint: "pixQrCodeCreate",
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "pix_qr_codes",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          kind: p.kind,
          key: p.key,
          amount: p.kind === "dynamic_change" ? (p.amount ?? 0) + (p.cash ?? 0) : (p.amount ?? null),
          description: p.description ?? "",
          txid: p.txid ?? "",
          emv: "",
          status: "active",
          expires_at: null,
          paid_at: null,
          paid_amount: null,
          payer_name: null,
          due: p.due ?? null,
          cash: p.kind === "dynamic_change" ? (p.cash ?? null) : p.kind.endsWith("withdrawal") ? (p.amount ?? null) : null,
          agent: p.agent ?? null,
          request_id: cmd.id,
          created_at: cmd.created_at,
          updated_at: cmd.created_at
        }
      }
    ],
    refresh: ["pix_qr_codes"]
  }),
  /** features §2 pay by copy-and-paste code or QR image: the decoded code, its kind choosing the call; optimistic debit. */
  defineCommand({
    name: "v1.pix.payByQrCode",
    endpoint: Object.values(PAY_BY_QR),
    payload: PixPayByQrPayload,
    // features §7: the code's kind chooses the by-qr-code variant (D-pix-qr-variants)
    request: (p) => ({ endpoint: PAY_BY_QR[p.kind], body: { code: p.code, amount: p.amount, description: p.description } }),
    ...pixOut((p: typeof PixPayByQrPayload.Type) => p.beneficiary_name)
  }),
  /** features §2 pay/{id}/devolution: return part or all of a received Pix (PIN); its REFUND row shown pending. */
  defineCommand({
    name: "v1.pix.devolve",
    // the body's fields, and the payer's name (shown on the pending row)
    endpoint: "pixDevolutionCreate",
    payload: PixDevolvePayload,
    reconcile: reconcileByStatement,
    balance: (p) => [{ currency: "BRL", delta: -p.amount }],
    pendingRows: (p) => [
      { key: "out", type: "REFUND", direction: "out", currency_symbol: "BRL", amount: p.amount, description: p.description, counterparty_name: p.payer_name }
    ],
    refresh: ["wallet_accounts"],
    reflectedBy: "statement"
  })
] as const

export const PixKeyDeletePayload = Schema.Struct({ id: Schema.String, key: Schema.String })

export const pixKeyCommands = [
  /** features §2 my-keys: register a key (CPF/CNPJ/e-mail/phone as typed, random made by the directory); the payload is the body. */
  defineCommand({
    name: "v1.pix.registerKey",
    endpoint: "pixKeyCreate",
    reconcile: reconcileBySameKey,
    // shown at once as a key being added (a random key's value is the directory's: shown once it answers)
    overlay: (p, cmd) => [
      {
        list: "pix_keys",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          key: p.key ?? "",
          key_type: p.key_type,
          status: "not_confirmed",
          created_at: cmd.created_at,
          updated_at: cmd.created_at
        },
        // a typed key is its own identity (a random one is the directory's to make)
        ...(p.key ? { standsFor: (r: Readonly<Record<string, unknown>>) => r["key"] === p.key } : {})
      }
    ],
    refresh: ["pix_keys"]
  }),
  defineCommand({
    name: "v1.pix.deleteKey",
    endpoint: "pixKeyDelete",
    payload: PixKeyDeletePayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_keys", id: p.id, remove: true }],
    refresh: ["pix_keys"]
  })
] as const
