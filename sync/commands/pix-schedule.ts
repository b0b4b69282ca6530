/**
 * Commands of Pix scheduling (spec features §2 scheduled-pix and recurrence-pix, §4 cancel by
 * operation id and deactivate, §7 the calls; issue 13): schedule a Pix by key for a date, cancel it
 * by its operation id, create a recurrence, deactivate it. Every endpoint is idempotent by its
 * `transaction-uuid` (the command id), so a lost answer is sent again under the same key
 * (reconcileBySameKey). Creating asks for the PIN; cancelling and deactivating are protective and
 * do not (D-pix-schedule). While pending, the list shows the new row or the row's new status.
 */
import { Schema } from "effect"
import { defineCommand, reconcileBySameKey } from "./define.ts"
import { pixAutomaticCommands } from "./pix-automatic.ts"
import { pixWithdrawCommands } from "./pix-withdraw.ts"

const KeyType = Schema.Literals(["cpf", "cnpj", "email", "phone", "random"])

/** What the user confirmed: the key and who it was decoded to (shown while pending), the amount, the date. */
export const ScheduleCreatePayload = Schema.Struct({
  key: Schema.String,
  key_type: KeyType,
  beneficiary_name: Schema.String,
  amount: Schema.Int,
  description: Schema.String,
  payment_date: Schema.String
})
export const ScheduleCancelPayload = Schema.Struct({ id: Schema.String, operation_id: Schema.String })
export const RecurrenceCreatePayload = Schema.Struct({
  key: Schema.String,
  key_type: KeyType,
  beneficiary_name: Schema.String,
  value: Schema.Int,
  payment_max_value: Schema.optionalKey(Schema.Int),
  description: Schema.String,
  frequency: Schema.Literals(["WEEKLY", "MONTHLY", "ANNUALLY"]),
  start_date: Schema.String,
  end_date: Schema.optionalKey(Schema.String)
})
export const RecurrenceDeactivatePayload = Schema.Struct({ id: Schema.String })

export const pixScheduleCommands = [
  defineCommand({
    name: "v1.pixSchedule.create",
    // the body's fields, and the key's type and beneficiary (shown while pending)
    endpoint: "scheduledPixCreate",
    payload: ScheduleCreatePayload,
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "scheduled_pix",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          operation_id: "",
          key: p.key,
          key_type: p.key_type,
          beneficiary_name: p.beneficiary_name,
          beneficiary_document: "",
          beneficiary_bank: "",
          amount: p.amount,
          description: p.description,
          payment_date: p.payment_date,
          status: "scheduled",
          failure_reason: null,
          recurrence_id: null,
          end_to_end_id: null,
          executed_at: null,
          canceled_at: null,
          created_at: cmd.created_at,
          updated_at: cmd.created_at
        }
      }
    ],
    refresh: ["scheduled_pix"]
  }),
  defineCommand({
    name: "v1.pixSchedule.cancel",
    endpoint: "pixPaymentCancelByOperation",
    payload: ScheduleCancelPayload,
    request: (p) => ({ params: { id: p.operation_id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "scheduled_pix", id: p.id, patch: { status: "canceled" } }],
    refresh: ["scheduled_pix"]
  }),
  defineCommand({
    name: "v1.pixSchedule.createRecurrence",
    // the body's fields, and the key's type and beneficiary (shown while pending)
    endpoint: "pixRecurrenceCreate",
    payload: RecurrenceCreatePayload,
    reconcile: reconcileBySameKey,
    overlay: (p, cmd) => [
      {
        list: "pix_recurrences",
        id: `pending:${cmd.id}`,
        row: {
          id: `pending:${cmd.id}`,
          key: p.key,
          key_type: p.key_type,
          beneficiary_name: p.beneficiary_name,
          beneficiary_document: "",
          value: p.value,
          payment_max_value: p.payment_max_value ?? null,
          description: p.description,
          frequency: p.frequency,
          start_date: p.start_date,
          end_date: p.end_date ?? null,
          day: 0,
          status: "active",
          recurrence_created_at: cmd.created_at,
          created_at: cmd.created_at,
          updated_at: cmd.created_at
        }
      }
    ],
    refresh: ["pix_recurrences", "scheduled_pix"]
  }),
  defineCommand({
    name: "v1.pixSchedule.deactivateRecurrence",
    endpoint: "pixRecurrenceDeactivate",
    payload: RecurrenceDeactivatePayload,
    request: (p) => ({ params: { id: p.id } }),
    reconcile: reconcileBySameKey,
    overlay: (p) => [{ list: "pix_recurrences", id: p.id, patch: { status: "inactive" } }],
    refresh: ["pix_recurrences", "scheduled_pix"]
  }),
  // Pix Automático (sync/commands/pix-automatic.ts)
  ...pixAutomaticCommands,
  // automatic withdrawals (features §2 automatic-withdraw): sync/commands/pix-withdraw.ts
  ...pixWithdrawCommands
] as const
