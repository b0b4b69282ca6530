/**
 * Commands of the payments gateway (issue 16; spec features §2 gateway payments and orders, §3
 * "Payment request (assisted payment)", §5 invoice required, §7 assisted payments and orders-refunds):
 * - `v1.gateway.createPaymentRequest`: an upload command (sync/uploads): the invoice is the command's
 *   file, the social contract and the CNPJ mirror its extra files; once every file is assembled, the
 *   request is created with their ids under the command id as transaction-uuid (exactly once). A pending
 *   row shows it in the list at once.
 * - `v1.gateway.refundOrder`: a refund with the PIN step (sensitive), idempotent by its transaction-uuid,
 *   so a lost answer is sent again under the same key (reconcileBySameKey).
 */
import { Schema } from "effect"
import { defineCommand, reconcileBySameKey } from "./define.ts"
import { defineUploadCommand } from "../uploads/define-upload.ts"
import { bankName, PaymentRequestFields } from "../../schema/gateway-payments.ts"

export const RefundOrderPayload = Schema.Struct({ order_id: Schema.String, amount: Schema.Int })

export const gatewayCommands = [
  defineUploadCommand({
    name: "v1.gateway.createPaymentRequest",
    purpose: "payment-request",
    meta: PaymentRequestFields,
    endpoint: "paymentRequestCreate",
    finish: (cmd, invoice, extras) => ({
      ...cmd.body.payload.meta,
      invoice_file_id: invoice.id,
      ...(extras["social_contract"] ? { social_contract_file_id: extras["social_contract"].id } : {}),
      ...(extras["cnpj_mirror"] ? { cnpj_mirror_file_id: extras["cnpj_mirror"].id } : {})
    }),
    // C7: the request is listed at once, marked pending, until the pulled list has it
    overlay: (p, cmd, phase) =>
      phase === "confirmed"
        ? []
        : [
            {
              list: "gateway_payment_requests",
              id: `pending:${cmd.id}`,
              row: {
                id: `pending:${cmd.id}`,
                wallet_id: cmd.wallet_id,
                status: "pending_review",
                beneficiary_name: p.meta.beneficiary_name,
                document: p.meta.document,
                bank_code: p.meta.bank_code,
                bank_name: bankName(p.meta.bank_code) ?? p.meta.bank_code,
                account_type: p.meta.account_type,
                via: p.meta.via,
                pix_key: p.meta.pix_key ?? null,
                agency: p.meta.agency ?? null,
                account: p.meta.account ?? null,
                digit: p.meta.digit ?? null,
                amount: p.meta.amount,
                invoice: { file_id: "", name: p.file_name, size: p.size },
                social_contract: null,
                cnpj_mirror: null,
                reason: null,
                created_at: cmd.created_at,
                updated_at: cmd.created_at
              }
            }
          ],
    refresh: ["gateway_payment_requests"]
  }),
  defineCommand({
    name: "v1.gateway.refundOrder",
    // the body's fields, the amount required (the optimistic debit; the body takes none for a whole refund)
    endpoint: "gatewayOrderRefund",
    payload: RefundOrderPayload,
    reconcile: reconcileBySameKey,
    balance: (p) => [{ currency: "BRL", delta: -p.amount }],
    overlay: (p) => [{ list: "gateway_orders", id: p.order_id, patch: { pending_action: "refunding" } }],
    refresh: ["gateway_orders", "wallet_accounts"]
  })
] as const
