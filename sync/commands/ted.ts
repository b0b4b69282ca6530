/**
 * Commands of TED (spec features §1/§9 window, §2 Banking: TED pay, §3 "TED and banks", §7; issue 14;
 * D-ted-*). Sending in the window debits the wallet at once, as pending, with its TED_OUT row
 * (reconciled by the statement, like a boleto paid now); a TED scheduled for the next window shows a
 * scheduled row in the TED list and moves no money until it runs; saving and deleting a contact show
 * at once in the contacts list. Every endpoint is idempotent by its `transaction-uuid` (the command
 * id); sending and scheduling ask for the PIN (the endpoint is sensitive: D-commands-from-contract).
 */
import { Schema } from "effect"
import { MinorUnits } from "../../schema/common.ts"
import { TedAccountType } from "../../schema/ted.ts"
import { defineCommand, reconcileBySameKey, reconcileByStatement } from "./define.ts"

const Destination = {
  bank_code: Schema.String,
  bank_name: Schema.String,
  ispb: Schema.String,
  agency: Schema.String,
  account: Schema.String,
  digit: Schema.String,
  account_type: TedAccountType,
  document: Schema.String,
  name: Schema.String
}
export const TedContactPayload = Schema.Struct(Destination)
export const TedSendPayload = Schema.Struct({ ...Destination, amount: MinorUnits, description: Schema.String })
/** The next window's opening (ISO) the user agreed to. */
export const TedSchedulePayload = Schema.Struct({ ...Destination, amount: MinorUnits, description: Schema.String, scheduled_for: Schema.String })
export const TedIdPayload = Schema.Struct({ id: Schema.String })

type Dest = typeof TedContactPayload.Type
const destBody = (p: Dest) => ({
  bank_code: p.bank_code,
  agency: p.agency,
  account: p.account,
  digit: p.digit,
  account_type: p.account_type,
  document: p.document,
  name: p.name
})

export const tedCommands = [
  defineCommand({
    name: "v1.ted.send",
    endpoint: "tedSend",
    payload: TedSendPayload,
    request: (p) => ({ body: { ...destBody(p), amount: p.amount, description: p.description, schedule_if_closed: false } }),
    reconcile: reconcileByStatement,
    balance: (p) => [{ currency: "BRL", delta: -p.amount }],
    pendingRows: (p) => [
      { key: "out", type: "TED_OUT", direction: "out", currency_symbol: "BRL", amount: p.amount, description: p.name, counterparty_name: p.name }
    ],
    refresh: ["wallet_accounts", "ted_transfers"],
    reflectedBy: "statement"
  }),
  defineCommand({
    name: "v1.ted.schedule",
    endpoint: "tedSend",
    payload: TedSchedulePayload,
    request: (p) => ({ body: { ...destBody(p), amount: p.amount, description: p.description, schedule_if_closed: true } }),
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "ted_transfers",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          status: "scheduled",
          ...destBody(p),
          bank_name: p.bank_name,
          ispb: p.ispb,
          amount: p.amount,
          description: p.description,
          scheduled_for: p.scheduled_for,
          executed_at: null,
          failure_reason: null,
          operation_id: null,
          created_at: cmd.created_at,
          updated_at: cmd.created_at
        }
      }
    ],
    refresh: ["ted_transfers", "wallet_accounts"]
  }),
  defineCommand({
    name: "v1.ted.saveContact",
    // the contact as the page shows it (bank name and ISPB too); the body is its destination fields
    endpoint: "tedContactCreate",
    payload: TedContactPayload,
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "ted_contacts",
        id: `pending:${cmd.id}`,
        row: { id: `pending:${cmd.id}`, ...p, created_at: cmd.created_at, updated_at: cmd.created_at },
        // the synced contact of the same account is this one (its stream hint can come before the answer)
        standsFor: (r) => r["bank_code"] === p.bank_code && r["agency"] === p.agency && r["account"] === p.account && r["digit"] === p.digit
      }
    ],
    refresh: ["ted_contacts"]
  }),
  defineCommand({
    name: "v1.ted.deleteContact",
    endpoint: "tedContactDelete",
    payload: TedIdPayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "ted_contacts", id: p.id, remove: true }],
    refresh: ["ted_contacts"]
  })
] as const
