/**
 * Pending command effects as statement rows (DESIGN "Commands": "while a command is pending,
 * balances and lists show its effect, marked as pending"; issue 5 "pending command effects
 * shown as pending rows"). A conversion not yet confirmed shows the two rows the server will
 * write (CONVERSION_OUT of the source currency, CONVERSION_IN of the expected amount); a Pix
 * by key its PIX_OUT. Rows already confirmed leave this list: the sync brings the real ones.
 */
import type { StatementQueryMsg } from "../../../workers/protocol.ts"
import type { CommandView, StatementRowView } from "../../../workers/results.ts"

const OPEN_STATES = new Set(["created", "awaiting-pin", "sending"])

/** The filter's parts a pending row can be held against (its text and amounts are not the server's yet). */
export function matchesFilter(r: StatementRowView, q: Pick<StatementQueryMsg, "currency" | "direction" | "types" | "statuses">): boolean {
  return (q.currency === undefined || r.currency_symbol === q.currency) &&
    (q.direction === undefined || r.direction === q.direction) &&
    (q.types === undefined || q.types.length === 0 || q.types.includes(r.type)) &&
    (q.statuses === undefined || q.statuses.length === 0 || q.statuses.includes("pending"))
}

export function pendingRowsOf(commands: ReadonlyArray<CommandView> | undefined, walletIds: ReadonlyArray<string>): StatementRowView[] {
  if (!commands) return []
  const rows: StatementRowView[] = []
  for (const c of commands) {
    if (!OPEN_STATES.has(c.state) || !walletIds.includes(c.wallet_id)) continue
    const base = {
      wallet_id: c.wallet_id, operation_id: c.id, created_at: c.created_at, updated_at: c.created_at, status: "pending",
      balance_after: 0, counterparty_document: "", end_to_end_id: null, transaction_uuid: c.id, pending: true
    } as const
    const body = c.body
    if (body.name === "v1.coins.convert") {
      const p = body.payload
      rows.push({ ...base, id: `${c.id}:out`, type: "CONVERSION_OUT", direction: "out", currency_symbol: p.from_currency, amount: p.amount, description: `${p.from_currency} → ${p.to_currency}`, counterparty_name: "" })
      rows.push({ ...base, id: `${c.id}:in`, type: "CONVERSION_IN", direction: "in", currency_symbol: p.to_currency, amount: p.expected_to_amount, description: `${p.from_currency} → ${p.to_currency}`, counterparty_name: "" })
    } else if (body.name === "v1.pix.payByKey") {
      const p = body.payload
      rows.push({ ...base, id: `${c.id}:out`, type: "PIX_OUT", direction: "out", currency_symbol: "BRL", amount: p.amount, description: p.description, counterparty_name: p.key })
    }
  }
  return rows.sort((a, b) => b.created_at.localeCompare(a.created_at))
}
