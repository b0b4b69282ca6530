/**
 * The scheduled Pix routes' SQL (spec features §4, §5, §9; issue 29 item 7: the area's statements beside its routes).
 * The tables, their rows' shapes and the runs that execute them are sandbox/scheduler.ts's (the sandbox's one job
 * runner); here what the routes read and write.
 */
import type { DB } from "../../db.ts"
import type { RecurrenceRow, ScheduledPixRow } from "../../scheduler.ts"

/** A wallet's scheduled payment by its operation id. */
export const scheduledByOperation = (db: DB, walletId: string, operationId: string | undefined): ScheduledPixRow | undefined =>
  db.prepare("SELECT * FROM scheduled_pix WHERE operation_id = ? AND wallet_id = ?").get(operationId, walletId) as ScheduledPixRow | undefined

export const cancelScheduled = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE scheduled_pix SET status = 'canceled', canceled_at = ?, updated_at = ? WHERE id = ?").run(at, at, id)
}

/** A recurrence's occurrences still to come. */
export const openOccurrencesOf = (db: DB, recurrenceId: string): ScheduledPixRow[] =>
  db.prepare("SELECT * FROM scheduled_pix WHERE recurrence_id = ? AND status = 'scheduled'").all(recurrenceId) as ScheduledPixRow[]

export const insertRecurrence = (db: DB, row: RecurrenceRow): void => {
  db.prepare(
    `INSERT INTO pix_recurrences (id, wallet_id, user_id, key, key_type, beneficiary_name, beneficiary_document, beneficiary_bank, holder_wallet_id,
       value, payment_max_value, description, frequency, start_date, end_date, day, status, made_until, created_at, updated_at)
       VALUES (@id, @wallet_id, @user_id, @key, @key_type, @beneficiary_name, @beneficiary_document, @beneficiary_bank, @holder_wallet_id,
       @value, @payment_max_value, @description, @frequency, @start_date, @end_date, @day, @status, @made_until, @created_at, @updated_at)`
  ).run(row)
}

/** A wallet's recurrence by id. */
export const recurrenceOf = (db: DB, walletId: string, id: string | undefined): RecurrenceRow | undefined =>
  db.prepare("SELECT * FROM pix_recurrences WHERE id = ? AND wallet_id = ?").get(id, walletId) as RecurrenceRow | undefined

export const deactivateRecurrence = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE pix_recurrences SET status = 'inactive', updated_at = ? WHERE id = ?").run(at, id)
}
