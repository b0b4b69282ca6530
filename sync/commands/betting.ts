/**
 * Commands of sports betting (spec features §2 sending-report, history-bet, sending-ggr,
 * history-ggr, payment-proportion; §5 betting rules): the daily report is an upload command
 * (sync/uploads: the file in parts, resumable, completed once) whose finish registers the report
 * for its date; cancel a report; send and change a monthly GGR; pay an apportionment (PIN). Every
 * endr call is idempotent by its transaction-uuid (the command id), so a lost answer is sent again
 * under the same key (reconcileBySameKey).
 */
import { Schema } from "effect"
import { defineCommand, reconcileBySameKey, sendArgs } from "./define.ts"
import { defineUploadCommand } from "../uploads/define-upload.ts"

export const ReportMeta = Schema.Struct({ report_date: Schema.String })
export const ReportIdPayload = Schema.Struct({ report_id: Schema.String })
export const GgrSubmitPayload = Schema.Struct({ month: Schema.Int, year: Schema.Int, total_value: Schema.Int })
export const GgrChangePayload = Schema.Struct({ ggr_id: Schema.String, total_value: Schema.Int })
export const PayApportionmentPayload = Schema.Struct({ apportionment_id: Schema.String, amount: Schema.Int })

export const bettingCommands = [
  defineUploadCommand({
    name: "v1.betting.sendReport",
    purpose: "endr-report",
    meta: ReportMeta,
    finish: ({ api }, cmd, file) =>
      api.call("endrReportCreate", { ...sendArgs(cmd), body: { report_date: cmd.body.payload.meta.report_date, file_id: file.id } }),
    refresh: ["endr_reports"]
  }),
  defineCommand({
    name: "v1.betting.cancelReport",
    payload: ReportIdPayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("endrReportCancel", { ...sendArgs(cmd), params: { id: cmd.body.payload.report_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "endr_reports", id: p.report_id, patch: { pending_action: "cancelling" } }],
    refresh: ["endr_reports"]
  }),
  defineCommand({
    name: "v1.betting.submitGgr",
    payload: GgrSubmitPayload,
    sensitive: false,
    send: ({ api }, cmd) => api.call("endrGgrCreate", { ...sendArgs(cmd), body: cmd.body.payload }),
    reconcile: reconcileBySameKey,
    refresh: ["endr_ggr", "endr_apportionments"]
  }),
  defineCommand({
    name: "v1.betting.changeGgr",
    payload: GgrChangePayload,
    sensitive: false,
    send: ({ api }, cmd) =>
      api.call("endrGgrPatch", { ...sendArgs(cmd), params: { id: cmd.body.payload.ggr_id }, body: { total_value: cmd.body.payload.total_value } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "endr_ggr", id: p.ggr_id, patch: { total_value: p.total_value, pending_action: "changing" } }],
    refresh: ["endr_ggr", "endr_apportionments"]
  }),
  defineCommand({
    name: "v1.betting.payApportionment",
    payload: PayApportionmentPayload,
    sensitive: true,
    send: ({ api }, cmd, pinToken) =>
      api.call("endrPay", { ...sendArgs(cmd), body: { apportionment_id: cmd.body.payload.apportionment_id, pin_token: pinToken ?? "" } }),
    reconcile: reconcileBySameKey,
    balance: (p) => [{ currency: "BRL", delta: -p.amount }],
    overlay: (p) => [{ list: "endr_apportionments", id: p.apportionment_id, patch: { pending_action: "paying" } }],
    refresh: ["endr_apportionments", "endr_payments", "wallet_accounts"]
  })
] as const
