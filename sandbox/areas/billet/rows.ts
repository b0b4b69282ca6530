/**
 * The boleto area's stored rows (issue 14, issue 32 item 2): an issued boleto, a payment and a DDA registration as their
 * tables hold them. Types only, shared by `db.ts` and `billet-queries.ts` without an import between those two.
 */
import type { BilletDeposit, BilletPayment, DdaBillet } from "../../../schema/billet.ts"

export interface DepositRow extends BilletDeposit {
  readonly wallet_id: string
}
export interface PaymentRow extends Omit<BilletPayment, never> {
  readonly wallet_id: string
  readonly transaction_uuid: string | null
}

/** A DDA registration (issue 32 item 2, D-dda): the row the payer sees, plus who it is registered for and where it came from. */
export interface DdaRow extends DdaBillet {
  readonly payer_document: string
  /** The issued boleto it is, when a sandbox user issued it (its rules and payment are the deposit's). */
  readonly deposit_id: string | null
  readonly source: "issued" | "admin" | "alive" | "seed"
  readonly notified_before_at: string | null
  readonly notified_due_at: string | null
}
