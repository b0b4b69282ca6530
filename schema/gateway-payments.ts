/**
 * Gateway payment requests (assisted payments) and orders with refunds (issue 16; spec features §2
 * gateway "payments" and orders, §3 "Payment request (assisted payment)", §5 "Payment request:
 * invoice required", §7 assisted payments under /users and /users/payments-gateway/orders,
 * orders-refunds). Shapes, the statuses (ours: D-gateway-payment-requests), the form's rules shared by
 * the page and the sandbox (one function, rule ids in its tests), the bank list and the synced lists.
 *
 * The bank list is LOCAL to this file (code + name, a few banks): a bank directory may come from the
 * TED area later; then this list is replaced by it (D-gateway-payment-banks).
 */
import { Schema } from "effect"
import { Id, IsoDateTime, MinorUnits } from "./common.ts"
import { defineList } from "./list-def.ts"
import { hasNoEmoji, hasNoSpecialCharacters, isValidDocument, isValidPixKey } from "./validation.ts"

/** A small bank list (COMPE code + name) for the payment request's bank field (D-gateway-payment-banks). */
export const PAYMENT_BANKS: ReadonlyArray<{ readonly code: string; readonly name: string }> = [
  { code: "001", name: "Banco do Brasil S.A." },
  { code: "033", name: "Banco Santander (Brasil) S.A." },
  { code: "077", name: "Banco Inter S.A." },
  { code: "104", name: "Caixa Econômica Federal" },
  { code: "237", name: "Banco Bradesco S.A." },
  { code: "260", name: "Nu Pagamentos S.A." },
  { code: "336", name: "Banco C6 S.A." },
  { code: "341", name: "Itaú Unibanco S.A." }
]
export const bankName = (code: string): string | undefined => PAYMENT_BANKS.find((b) => b.code === code)?.name

/** features §3: account type checking, payment, savings, salary. */
export const ACCOUNT_TYPES = ["checking", "payment", "savings", "salary"] as const
export const AccountType = Schema.Literals(ACCOUNT_TYPES)
export type AccountType = typeof AccountType.Type

/** features §3: via Pix key or via account. */
export const PaymentVia = Schema.Literals(["pix", "account"])
export type PaymentVia = typeof PaymentVia.Type

/**
 * Statuses ("not shown"; ours, D-gateway-payment-requests): the bank reviews the documents
 * (pending_review), then approves or rejects; an approved request is paid.
 */
export const PAYMENT_REQUEST_STATUSES = ["pending_review", "approved", "rejected", "paid"] as const
export const PaymentRequestStatus = Schema.Literals(PAYMENT_REQUEST_STATUSES)
export type PaymentRequestStatus = typeof PaymentRequestStatus.Type
/** The moves the back office (the sandbox's admin) may make. */
export const PAYMENT_REQUEST_MOVES: Readonly<Record<PaymentRequestStatus, ReadonlyArray<PaymentRequestStatus>>> = {
  pending_review: ["approved", "rejected"],
  approved: ["paid"],
  rejected: [],
  paid: []
}

/** A supporting document of a request: a READY storage file (sync/uploads). */
export const DocumentRef = Schema.Struct({ file_id: Schema.String, name: Schema.String, size: Schema.Int })
export type DocumentRef = typeof DocumentRef.Type
export const DOCUMENT_SLOTS = ["invoice", "social_contract", "cnpj_mirror"] as const
export type DocumentSlot = (typeof DOCUMENT_SLOTS)[number]

/** features §3 "Payment request (assisted payment)": every field, the documents and its status. */
export const PaymentRequest = Schema.Struct({
  id: Id,
  wallet_id: Id,
  status: PaymentRequestStatus,
  beneficiary_name: Schema.String,
  /** CPF (11) or CNPJ (14) digits. */
  document: Schema.String,
  bank_code: Schema.String,
  bank_name: Schema.String,
  account_type: AccountType,
  via: PaymentVia,
  pix_key: Schema.NullOr(Schema.String),
  agency: Schema.NullOr(Schema.String),
  account: Schema.NullOr(Schema.String),
  digit: Schema.NullOr(Schema.String),
  amount: MinorUnits,
  invoice: DocumentRef,
  social_contract: Schema.NullOr(DocumentRef),
  cnpj_mirror: Schema.NullOr(DocumentRef),
  /** Why it was rejected (the back office's words), or null. */
  reason: Schema.NullOr(Schema.String),
  created_at: IsoDateTime,
  updated_at: IsoDateTime
})
export type PaymentRequest = typeof PaymentRequest.Type

/** The form's fields (what the create body carries besides the file ids). */
export const PaymentRequestFields = Schema.Struct({
  beneficiary_name: Schema.String,
  document: Schema.String,
  bank_code: Schema.String,
  account_type: AccountType,
  via: PaymentVia,
  pix_key: Schema.optionalKey(Schema.String),
  agency: Schema.optionalKey(Schema.String),
  account: Schema.optionalKey(Schema.String),
  digit: Schema.optionalKey(Schema.String),
  amount: Schema.Int
})
export type PaymentRequestFields = typeof PaymentRequestFields.Type

/** The create body: the fields and the uploaded files' ids. The invoice is optional in the SHAPE so that its
 * absence gets the catalogue's own message (PAYMENT_REQUEST_INVOICE_REQUIRED), not a generic decoding error. */
export const PaymentRequestCreateBody = Schema.Struct({
  ...PaymentRequestFields.fields,
  invoice_file_id: Schema.optionalKey(Schema.String),
  social_contract_file_id: Schema.optionalKey(Schema.String),
  cnpj_mirror_file_id: Schema.optionalKey(Schema.String)
})
export type PaymentRequestCreateBody = typeof PaymentRequestCreateBody.Type

/** A field's problem: a catalogue or validation key (VALIDATION_* in the validation namespace, the rest in errors). */
export interface FieldProblem {
  readonly key: string
  readonly params?: Readonly<Record<string, number>>
}

/** Upper bound of one request (ours): R$ 1.000.000,00. */
export const PAYMENT_REQUEST_MAX_AMOUNT = 100_000_000

/**
 * features §3, §5 — the payment request's rules, the same on the page (before sending) and on the sandbox:
 * PR1 beneficiary name required, 3–100 characters, no emoji or special characters;
 * PR2 CPF or CNPJ with valid check digits;
 * PR3 a bank of the list; an account type of §3;
 * PR4 via Pix: a valid Pix key; via account: agency 4 digits, account 1–12 digits, check digit 1 digit or X;
 * PR5 amount in cents, at least 1 and at most PAYMENT_REQUEST_MAX_AMOUNT;
 * PR6 invoice required (features §5), PAYMENT_REQUEST_INVOICE_REQUIRED.
 */
export function paymentRequestProblems(
  f: {
    readonly beneficiary_name: string
    readonly document: string
    readonly bank_code: string
    readonly account_type: string
    readonly via: string
    readonly pix_key?: string | undefined
    readonly agency?: string | undefined
    readonly account?: string | undefined
    readonly digit?: string | undefined
    readonly amount: number | null
  },
  hasInvoice: boolean
): Readonly<Record<string, FieldProblem>> {
  const out: Record<string, FieldProblem> = {}
  const name = f.beneficiary_name.trim()
  if (name === "") out["beneficiary_name"] = { key: "VALIDATION_REQUIRED" }
  else if ([...name].length < 3) out["beneficiary_name"] = { key: "VALIDATION_MIN", params: { min: 3 } }
  else if ([...name].length > 100) out["beneficiary_name"] = { key: "VALIDATION_MAX", params: { max: 100 } }
  else if (!hasNoEmoji(name)) out["beneficiary_name"] = { key: "VALIDATION_NO_EMOJI" }
  else if (!hasNoSpecialCharacters(name)) out["beneficiary_name"] = { key: "VALIDATION_NO_SPECIAL_CHARACTERS" }
  const doc = f.document.replace(/\D/g, "")
  if (doc === "") out["document"] = { key: "VALIDATION_REQUIRED" }
  else if (!isValidDocument(doc)) out["document"] = { key: "VALIDATION_VALID_DOCUMENT" }
  if (bankName(f.bank_code) === undefined) out["bank_code"] = { key: "VALIDATION_REQUIRED" }
  if (!(ACCOUNT_TYPES as ReadonlyArray<string>).includes(f.account_type)) out["account_type"] = { key: "VALIDATION_REQUIRED" }
  if (f.via === "pix") {
    const key = (f.pix_key ?? "").trim()
    if (key === "") out["pix_key"] = { key: "VALIDATION_REQUIRED" }
    else if (!isValidPixKey(key)) out["pix_key"] = { key: "VALIDATION_PIX_KEY" }
  } else if (f.via === "account") {
    const agency = f.agency ?? ""
    const account = f.account ?? ""
    const digit = f.digit ?? ""
    if (agency === "") out["agency"] = { key: "VALIDATION_REQUIRED" }
    else if (!/^\d{4}$/.test(agency)) out["agency"] = { key: "VALIDATION_LENGTH", params: { length: 4 } }
    if (account === "") out["account"] = { key: "VALIDATION_REQUIRED" }
    else if (!/^\d{1,12}$/.test(account)) out["account"] = { key: "VALIDATION_NUMERIC" }
    if (digit === "") out["digit"] = { key: "VALIDATION_REQUIRED" }
    else if (!/^[\dXx]$/.test(digit)) out["digit"] = { key: "VALIDATION_LENGTH", params: { length: 1 } }
  } else out["via"] = { key: "VALIDATION_REQUIRED" }
  if (f.amount === null) out["amount"] = { key: "VALIDATION_MONEY" }
  else if (!Number.isSafeInteger(f.amount) || f.amount < 1) out["amount"] = { key: "VALIDATION_MIN_VALUE", params: { min: 1 } }
  else if (f.amount > PAYMENT_REQUEST_MAX_AMOUNT) out["amount"] = { key: "VALIDATION_MAX_VALUE", params: { max: PAYMENT_REQUEST_MAX_AMOUNT } }
  if (!hasInvoice) out["invoice"] = { key: "PAYMENT_REQUEST_INVOICE_REQUIRED" }
  return out
}

// ── orders and refunds (features §2 gateway orders, §7 orders, orders-refunds) ──

/** An order's status (ours): paid, partially refunded, refunded. */
export const ORDER_STATUSES = ["paid", "partially_refunded", "refunded"] as const
export const OrderStatus = Schema.Literals(ORDER_STATUSES)
export type OrderStatus = typeof OrderStatus.Type

export const GatewayOrder = Schema.Struct({
  id: Id,
  wallet_id: Id,
  reference: Schema.String,
  customer_name: Schema.String,
  customer_document: Schema.String,
  value: MinorUnits,
  refunded_value: MinorUnits,
  status: OrderStatus,
  created_at: IsoDateTime,
  updated_at: IsoDateTime
})
export type GatewayOrder = typeof GatewayOrder.Type

/** A refund asks for an amount (default: what is left) and the PIN's token (features §2 sensitive). */
export const OrderRefundBody = Schema.Struct({ order_id: Schema.String, amount: Schema.optionalKey(Schema.Int), pin_token: Schema.String })
export const OrderRefund = Schema.Struct({
  id: Id,
  order_id: Id,
  wallet_id: Id,
  amount: MinorUnits,
  /** The refund's row in the gateway transactions (kind refund). */
  transaction_id: Id,
  created_at: IsoDateTime
})
export type OrderRefund = typeof OrderRefund.Type

/** What is left to refund of an order. */
export const refundable = (o: { readonly value: number; readonly refunded_value: number }): number => Math.max(0, o.value - o.refunded_value)

/**
 * OR1 an order fully refunded refuses another refund (ORDER_ALREADY_REFUNDED);
 * OR2 a refund over what is left of the order's value is refused (REFUND_OVER_ORDER_VALUE);
 * OR3 the amount is at least 1 cent. Answers the catalogue key, or null when the refund may go.
 */
export function refundProblem(
  o: { readonly value: number; readonly refunded_value: number; readonly status: string },
  amount: number
): "ORDER_ALREADY_REFUNDED" | "INCORRECT_DATA" | "REFUND_OVER_ORDER_VALUE" | null {
  if (o.status === "refunded" || refundable(o) === 0) return "ORDER_ALREADY_REFUNDED"
  if (!Number.isSafeInteger(amount) || amount < 1) return "INCORRECT_DATA"
  if (amount > refundable(o)) return "REFUND_OVER_ORDER_VALUE"
  return null
}

const newestFirst = (a: { readonly created_at: string }, b: { readonly created_at: string }) => b.created_at.localeCompare(a.created_at)

/** The synced lists (kept in the grouped `entities` collection, live by the sandbox's hints). */
export const gatewayPaymentLists = {
  gateway_payment_requests: defineList({
    endpoint: "paymentRequests",
    row: PaymentRequest,
    scope: "wallet",
    id: (r) => r.id,
    order: newestFirst,
    pageSize: 50
  }),
  gateway_orders: defineList({ endpoint: "gatewayOrders", row: GatewayOrder, scope: "wallet", id: (r) => r.id, order: newestFirst, pageSize: 100 })
}
