/**
 * The receipt (comprovante) of a money movement (issue 31 item 1; features §2 "statement … and
 * receipts", §7 statements and receipts): one pure model made from a statement row — a synced row, or
 * a pending command's row (C7) — and what the flow that made it knows besides (the institution and the
 * Pix key or the account of the other side, the payer's document). Every area's receipt (Pix sent and
 * received, devolution, boleto paid, TED sent and received, conversion, gateway refund, apportionment
 * paid) is this model; the one view (src/lib/receipt-view.tsx), the one PDF writer
 * (src/lib/receipt-pdf.ts) and the text copy read it. Documents are masked as Pix receipts mask them
 * (CPF `***.456.789-**`, core §5); a CNPJ is a company's public number and is shown whole.
 *
 * A receipt is `local` until the server's authentication code arrives (the statement's receipt,
 * GET /users/operations/{id}/receipt or the Pix receipt by operation): made offline or before the
 * server answered, it says it is a local copy (D-receipts).
 */
import { formatCnpj, maskCpf } from "./format.ts"

export const RECEIPT_KINDS = [
  "pix_out",
  "pix_in",
  "pix_devolution_out",
  "pix_devolution_in",
  "billet_payment",
  "ted_out",
  "ted_in",
  "conversion",
  "gateway_refund",
  "apportionment",
  "other"
] as const
export type ReceiptKind = (typeof RECEIPT_KINDS)[number]

/** One side of the movement: who paid or who received. */
export interface ReceiptParty {
  readonly name: string
  /** Masked CPF or formatted CNPJ; "" when unknown. */
  readonly document: string
  /** The bank or institution; "" when unknown (the view then says nothing). */
  readonly institution: string
  /** The Pix key, the account (agency · account) or the boleto line; "" when unknown. */
  readonly account: string
}

export interface ReceiptModel {
  readonly kind: ReceiptKind
  /** The statement status (completed, pending, failed, reverted). */
  readonly status: string
  /** Minor units of `currency`, always positive. */
  readonly amount: number
  readonly currency: string
  /** For a conversion: what came in (minor units of `toCurrency`). */
  readonly received: { readonly amount: number; readonly currency: string } | null
  /** ISO instant; shown in São Paulo time. */
  readonly at: string
  readonly payer: ReceiptParty
  readonly receiver: ReceiptParty
  /** The Pix end-to-end id (E…), null for movements that have none. */
  readonly endToEndId: string | null
  /** The server's authentication code, null until it arrives. */
  readonly authentication: string | null
  readonly operationId: string
  readonly description: string
  /** The wallet's name. */
  readonly wallet: string
  /** Made from local data (a pending row, or no authentication code from the server yet). */
  readonly local: boolean
}

/** The fields of a statement row the model reads (schema StatementEntry, the live StatementRowView, a pending row). */
export interface ReceiptRow {
  readonly operation_id: string
  readonly created_at: string
  readonly type: string
  readonly direction: "in" | "out"
  readonly status: string
  readonly currency_symbol: string
  readonly amount: number
  readonly description: string
  readonly counterparty_name: string
  readonly counterparty_document: string
  readonly end_to_end_id: string | null
  readonly pending?: boolean
}

/** What the rest of the app knows besides the row. */
export interface ReceiptContext {
  /** The wallet the row belongs to. */
  readonly wallet: { readonly name: string; readonly owner_name: string }
  /** The signed-in user's document, when they own the wallet (the own side's document). */
  readonly ownerDocument?: string
  /** The institution of the own side (this bank), from the locale. */
  readonly ownInstitution?: string
  /** What the flow knows of the other side (a Pix decode: bank and key; a TED: bank and account; a boleto: its line). */
  readonly counterparty?: { readonly institution?: string; readonly account?: string }
  /** The own side's key or account when known (a Pix received names the key it was sent to). */
  readonly ownAccount?: string
  /** The flow knows better than the row what it was (an apportionment is paid by Pix). */
  readonly kind?: ReceiptKind
  /** The other leg of a conversion (the CONVERSION_IN row of the same operation). */
  readonly received?: { readonly amount: number; readonly currency: string } | null
  /** The server's authentication code, when it arrived. */
  readonly authentication?: string | null
}

/** A CPF masked, a CNPJ formatted, anything else (a key, "") as it came; already masked input stays masked. */
export function maskReceiptDocument(doc: string): string {
  const d = doc.replace(/[.\-/\s]/g, "")
  if (/^[0-9]{11}$/.test(d)) return maskCpf(d)
  if (/^[0-9A-Z]{12}[0-9]{2}$/i.test(d)) return formatCnpj(d)
  return doc
}

/** The kind a statement row shows (features §7 statement types); the flow may say better (ReceiptContext.kind). */
export function receiptKindOf(row: Pick<ReceiptRow, "type" | "direction" | "end_to_end_id">): ReceiptKind {
  const out = row.direction === "out"
  switch (row.type) {
    case "PIX_OUT":
    case "PIX_IN":
      return out ? "pix_out" : "pix_in"
    case "REFUND":
      // a Pix devolution carries the end-to-end id of its return; a gateway order's refund has none
      return row.end_to_end_id ? (out ? "pix_devolution_out" : "pix_devolution_in") : "gateway_refund"
    case "BILLET_PAYMENT":
      return "billet_payment"
    case "TED_OUT":
    case "TED_IN":
      return out ? "ted_out" : "ted_in"
    case "CONVERSION_OUT":
    case "CONVERSION_IN":
      return "conversion"
    default:
      return "other"
  }
}

const party = (name: string, document: string, institution = "", account = ""): ReceiptParty => ({
  name,
  document: maskReceiptDocument(document),
  institution,
  account
})

/** issue 31 item 1: the receipt of one statement row, with what the flow knows besides. Pure. */
export function receiptFromRow(row: ReceiptRow, ctx: ReceiptContext): ReceiptModel {
  const own = party(ctx.wallet.owner_name, ctx.ownerDocument ?? "", ctx.ownInstitution ?? "", ctx.ownAccount ?? "")
  const other = party(row.counterparty_name, row.counterparty_document, ctx.counterparty?.institution ?? "", ctx.counterparty?.account ?? "")
  const out = row.direction === "out"
  const authentication = ctx.authentication ?? null
  return {
    kind: ctx.kind ?? receiptKindOf(row),
    status: row.status,
    amount: row.amount,
    currency: row.currency_symbol,
    received: ctx.received ?? null,
    at: row.created_at,
    payer: out ? own : other,
    receiver: out ? other : own,
    endToEndId: row.end_to_end_id,
    authentication,
    operationId: row.operation_id,
    description: row.description,
    wallet: ctx.wallet.name,
    local: row.pending === true || authentication === null
  }
}

/**
 * The row a receipt is about among the rows one command made (its transaction_uuid): the debit — a
 * conversion makes two legs, its receipt is the OUT one with the IN one as `received`.
 */
export function receiptRowsOf<R extends ReceiptRow & { readonly transaction_uuid: string | null }>(
  rows: ReadonlyArray<R>,
  transactionUuid: string
): { readonly row: R; readonly received: { readonly amount: number; readonly currency: string } | null } | null {
  const mine = rows.filter((r) => r.transaction_uuid === transactionUuid)
  // a synced row wins over the pending copy of the same leg
  const pick = (dir: "in" | "out"): R | undefined => mine.find((r) => r.direction === dir && r.pending !== true) ?? mine.find((r) => r.direction === dir)
  const outRow = pick("out")
  const inRow = pick("in")
  const row = outRow ?? inRow
  if (row === undefined) return null
  const conversion = row.type === "CONVERSION_OUT" && inRow !== undefined && inRow.type === "CONVERSION_IN"
  return { row, received: conversion ? { amount: inRow.amount, currency: inRow.currency_symbol } : null }
}
