/**
 * A table's sync spec from its registry entry (schema/tables/registry.ts; issue 11 "one keyset
 * puller parameterised by table"): the keyset table puller (table.ts) over the entry's GET, rows
 * checked by their Schema compiled to plain checks (schema/row-guard.ts, D-row-guard), compact by the row Schema's columns, chunks keyed `<table>|<wallet>` in
 * the one chunk store. Nothing here knows a table's rows (gateway, Pix statement…).
 */
import type { Schema } from "effect"
import { rowGuard } from "../../schema/row-guard.ts"
import { tableEntry, type TableName } from "../../schema/tables/registry.ts"
import type { GatewayTransaction } from "../../schema/tables/gateway.ts"
import { compactBy, type TableSync } from "./table.ts"

const specs = new Map<TableName, TableSync<Record<string, unknown>>>()

export function tableSync(name: TableName): TableSync<Record<string, unknown>> {
  let s = specs.get(name)
  if (s) return s
  const e = tableEntry(name)
  const fields = (e.row as unknown as { fields: Record<string, Schema.Top> }).fields
  const columns = Object.keys(fields)
  const isRow = rowGuard(e.row as unknown as Schema.Top)
  const { id, time } = e.table
  const updatedAt = columns.indexOf(time.updated as string)
  const idAt = columns.indexOf(id.key as string)
  s = {
    name,
    path: e.path,
    isRow: (r) => isRow(r),
    ...compactBy<Record<string, unknown>>(columns),
    chunkKey: (walletId) => `${name}|${walletId}`,
    cursorAfter: (r) => `${String(r[time.updated])}|${String(r[id.key])}`,
    compact: {
      columns,
      // each cell by its field's Schema compiled to plain checks: the row guard, cell by cell
      isCell: columns.map((c) => rowGuard(fields[c] as Schema.Top)),
      cursorAfter: (a) => `${String(a[updatedAt])}|${String(a[idAt])}`
    }
  }
  specs.set(name, s)
  return s
}

/** The gateway transactions' spec (issue 16), as the tests know it. */
export const gatewaySync = tableSync("gateway_transactions") as unknown as TableSync<GatewayTransaction>
