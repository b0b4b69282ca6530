/**
 * Commands of sports betting (spec features §2 sending-report, history-bet, sending-ggr,
 * history-ggr, payment-proportion; §5 betting rules): the daily report is an upload command
 * (sync/uploads: the file in parts, resumable, completed once) whose finish registers the report
 * for its date; cancel a report; send and change a monthly GGR; pay an apportionment (PIN). Every
 * endr call is idempotent by its transaction-uuid (the command id), so a lost answer is sent again
 * under the same key (reconcileBySameKey).
 */
import { Schema } from "effect"
import { defineCommand, reconcileBySameKey } from "./define.ts"
import { defineUploadCommand } from "../uploads/define-upload.ts"

export const ReportMeta = Schema.Struct({ report_date: Schema.String })
export const ReportIdPayload = Schema.Struct({ report_id: Schema.String })
export const GgrChangePayload = Schema.Struct({ ggr_id: Schema.String, total_value: Schema.Int })
export const PayApportionmentPayload = Schema.Struct({ apportionment_id: Schema.String, amount: Schema.Int })

export const bettingCommands = [
  defineUploadCommand({
    name: "v1.betting.sendReport",
    purpose: "endr-report",
    meta: ReportMeta,
    endpoint: "endrReportCreate",
    finish: (cmd, file) => ({ report_date: cmd.body.payload.meta.report_date, file_id: file.id }),
    refresh: ["endr_reports"]
  }),
  defineCommand({
    name: "v1.betting.cancelReport",
    endpoint: "endrReportCancel",
    payload: ReportIdPayload,
    request: (p) => ({ params: { id: p.report_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "endr_reports", id: p.report_id, patch: { pending_action: "cancelling" } }],
    refresh: ["endr_reports"]
  }),
  defineCommand({
    name: "v1.betting.submitGgr",
    endpoint: "endrGgrCreate",
    reconcile: reconcileBySameKey,
    refresh: ["endr_ggr", "endr_apportionments"]
  }),
  defineCommand({
    name: "v1.betting.changeGgr",
    endpoint: "endrGgrPatch",
    payload: GgrChangePayload,
    request: (p) => ({ params: { id: p.ggr_id }, body: { total_value: p.total_value } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "endr_ggr", id: p.ggr_id, patch: { total_value: p.total_value, pending_action: "changing" } }],
    refresh: ["endr_ggr", "endr_apportionments"]
  }),
  defineCommand({
    name: "v1.betting.payApportionment",
    // the body's apportionment id, and its amount (the optimistic debit)
    endpoint: "endrPay",
    payload: PayApportionmentPayload,
    reconcile: reconcileBySameKey,
    balance: (p) => [{ currency: "BRL", delta: -p.amount }],
    overlay: (p) => [{ list: "endr_apportionments", id: p.apportionment_id, patch: { pending_action: "paying" } }],
    refresh: ["endr_apportionments", "endr_payments", "wallet_accounts"]
  })
] as const
