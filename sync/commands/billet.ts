/**
 * Commands of boleto (spec features §2 Banking: boleto — pay, scheduled-billet, receive, manage-billet;
 * §4 statuses; §7 "Boleto"; issue 14). Pay now debits the wallet at once, as pending, with its
 * BILLET_PAYMENT row (reconciled by the statement, like a Pix); a schedule shows a pending row in the
 * scheduled list and moves no money until its day; cancelling a schedule or an issued boleto shows it
 * cancelled at once; issuing shows the new boleto as being created. Every boleto endpoint is
 * idempotent by its `transaction-uuid` (the command id). Paying and scheduling ask for the PIN. Hiding
 * a DDA boleto (issue 32 item 2) shows it hidden at once.
 */
import { Schema } from "effect"
import { MinorUnits } from "../../schema/common.ts"
import { defineCommand, reconcileBySameKey, reconcileByStatement } from "./define.ts"

export const BilletPayPayload = Schema.Struct({ line: Schema.String, amount: MinorUnits, beneficiary_name: Schema.String })
export const BilletSchedulePayload = Schema.Struct({ line: Schema.String, amount: MinorUnits, beneficiary_name: Schema.String, payment_date: Schema.String })
export const BilletIdPayload = Schema.Struct({ id: Schema.String })

export const billetCommands = [
  defineCommand({
    name: "v1.billet.pay",
    endpoint: "billetPay",
    payload: BilletPayPayload,
    request: (p) => ({ body: { line: p.line, amount: p.amount, payment_date: null } }),
    reconcile: reconcileByStatement,
    balance: (p) => [{ currency: "BRL", delta: -p.amount }],
    pendingRows: (p) => [
      {
        key: "out",
        type: "BILLET_PAYMENT",
        direction: "out",
        currency_symbol: "BRL",
        amount: p.amount,
        description: p.beneficiary_name,
        counterparty_name: p.beneficiary_name
      }
    ],
    refresh: ["wallet_accounts", "billet_payments", "billet_dda"],
    reflectedBy: "statement"
  }),
  defineCommand({
    name: "v1.billet.schedule",
    endpoint: "billetPay",
    payload: BilletSchedulePayload,
    request: (p) => ({ body: { line: p.line, amount: p.amount, payment_date: p.payment_date } }),
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "billet_scheduled",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          banking_billet_payment_id: "",
          payment_date: p.payment_date,
          canceled_at: null,
          status: "pending",
          amount: p.amount,
          beneficiary_name: p.beneficiary_name,
          typeable_line: p.line,
          created_at: cmd.created_at,
          updated_at: cmd.created_at
        }
      }
    ],
    refresh: ["billet_scheduled", "billet_payments"]
  }),
  defineCommand({
    name: "v1.billet.cancelScheduled",
    endpoint: "billetScheduledCancel",
    payload: BilletIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [
      { list: "billet_scheduled", id: p.id, patch: { status: "canceled" } },
      { list: "billet_payments", id: p.id, patch: { status: "canceled" } }
    ],
    refresh: ["billet_scheduled", "billet_payments"]
  }),
  defineCommand({
    name: "v1.billet.issue",
    // the payload is the contract's body: amount, due date, description, payer
    endpoint: "billetDepositCreate",
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "billet_deposits",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          status: "CREATED_PENDING",
          amount: p.amount,
          due_date: p.due_date,
          description: p.description,
          payer_name: p.payer_name,
          payer_document: p.payer_document,
          typeable_line: "",
          barcode: "",
          received_at: null,
          created_at: cmd.created_at,
          updated_at: cmd.created_at
        }
      }
    ],
    refresh: ["billet_deposits"]
  }),
  defineCommand({
    name: "v1.billet.cancelIssued",
    endpoint: "billetDepositCancel",
    payload: BilletIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "billet_deposits", id: p.id, patch: { status: "CANCELED" } }],
    refresh: ["billet_deposits"]
  }),
  /** DDA (issue 32 item 2, D-dda): hide a boleto of "To pay" — shown hidden at once; no PIN (no money moves). */
  defineCommand({
    name: "v1.billet.hideDda",
    endpoint: "billetDdaHide",
    payload: BilletIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "billet_dda", id: p.id, patch: { status: "hidden" } }],
    refresh: ["billet_dda"]
  })
] as const
