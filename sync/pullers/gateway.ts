/**
 * The gateway transactions' sync (issue 16): the keyset table puller (table.ts) over
 * `GET /users/payments-gateway/transactions` (every kind the user may read), rows checked by
 * their Schema, compact by the description's columns, chunks keyed `gateway_transactions|<wallet>`
 * in the one chunk store.
 */
import { Schema } from "effect"
import { api as contract } from "../../schema/api.ts"
import { GatewayTransaction } from "../../schema/tables/gateway.ts"
import { compactBy, type TableSync } from "./table.ts"

const COLUMNS = Object.keys(GatewayTransaction.fields)
const isRow = Schema.is(GatewayTransaction)

export const gatewaySync: TableSync<GatewayTransaction> = {
  name: "gateway_transactions",
  path: contract.gatewayTransactions.path,
  isRow: (r) => isRow(r),
  ...compactBy<GatewayTransaction>(COLUMNS),
  chunkKey: (walletId) => `gateway_transactions|${walletId}`,
  cursorAfter: (r) => `${r.updated_at}|${r.id}`
}
