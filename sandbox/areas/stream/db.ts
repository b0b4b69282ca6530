/**
 * The stream's SQL (spec core §7 live events, D-sessions; issue 29 item 7: the area's statements beside its routes): the
 * events after a cursor that a member may receive. The log itself is written by sandbox/context.ts `EventLog`.
 */
import type { DB } from "../../db.ts"

export interface EventRow {
  seq: number
  user_id: string | null
  wallet_id: string | null
  kind: string
  list: string | null
  data: string
}

/** Up to `limit` events after `cursor`: the user's own and those of the wallets they can read, in order. */
export const eventsAfter = (db: DB, cursor: number, userId: string, walletIds: ReadonlyArray<string>, limit: number): EventRow[] =>
  db
    .prepare(
      `SELECT seq, user_id, wallet_id, kind, list, data FROM events WHERE seq > ?
             AND (user_id = ? OR (user_id IS NULL AND wallet_id IN (${walletIds.map(() => "?").join(",") || "NULL"})))
             ORDER BY seq LIMIT ${limit}`
    )
    .all(cursor, userId, ...walletIds) as EventRow[]
