/**
 * Pending command effects as statement rows (DESIGN "Commands": "while a command is pending,
 * balances and lists show its effect, marked as pending"; issue 5 "pending command effects
 * shown as pending rows"). The rows come with each open command (its definition's `pendingRows`
 * in sync/commands: a conversion's two legs, a Pix payment's PIX_OUT); rows already confirmed
 * leave this list: the sync brings the real ones.
 */
import type { StatementQueryMsg } from "../../../workers/protocol.ts"
import type { CommandView, StatementRowView } from "../../../workers/results.ts"
import { isFinished } from "../../lib/command-phase.ts"

/** The filter's parts a pending row can be held against (its text and amounts are not the server's yet). */
export function matchesFilter(r: StatementRowView, q: Pick<StatementQueryMsg, "currency" | "direction" | "types" | "statuses">): boolean {
  return (
    (q.currency === undefined || r.currency_symbol === q.currency) &&
    (q.direction === undefined || r.direction === q.direction) &&
    (q.types === undefined || q.types.length === 0 || q.types.includes(r.type)) &&
    (q.statuses === undefined || q.statuses.length === 0 || q.statuses.includes("pending"))
  )
}

export function pendingRowsOf(commands: ReadonlyArray<CommandView> | undefined, walletIds: ReadonlyArray<string>): StatementRowView[] {
  if (!commands) return []
  const rows: StatementRowView[] = []
  // each command's definition says which rows it will make (sync/commands, `pendingRows`); the engine
  // sends them with the command while it is open
  for (const c of commands) {
    if (isFinished(c.state) || !walletIds.includes(c.wallet_id)) continue
    if (c.pendingRows) rows.push(...c.pendingRows)
  }
  return rows.sort((a, b) => b.created_at.localeCompare(a.created_at))
}
