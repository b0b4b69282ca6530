/**
 * The registry of big synced tables (issue 11 "tables described once"; issue 16 "no code specific
 * to gateway rows in the projection, the store, the puller or the protocol"; issue 12 the Pix
 * statement): one entry per table — its description, its row Schema, the keyset GET the sync
 * pulls and which wallets have a copy. The engine, the puller, the live-query message and the
 * worker's CSV read this registry; adding a table is one description and one line here.
 */
import type { Schema } from "effect"
import type { DefinedTable } from "./define-table.ts"
import { GatewayTransaction, gatewayTable } from "./gateway.ts"
import { PixStatementRow, pixStatementTable } from "./pix-statement.ts"
import { P } from "../permissions.ts"

export interface TableEntry<R> {
  readonly table: DefinedTable<R>
  readonly row: Schema.Codec<R, unknown>
  /** The keyset GET the sync pulls (a wallet-scoped path of the contract, schema/api.ts). */
  readonly path: string
  /**
   * Which wallets have a copy: "gateway" the company's gateway wallets (core §4: checked with the
   * server), "any" every wallet of the user; in both, only where one of `permissions` is held.
   */
  readonly wallets: "gateway" | "any"
  readonly permissions: ReadonlyArray<string>
}

const entry = <R>(e: TableEntry<R>): TableEntry<R> => e

export const TABLES = {
  gateway_transactions: entry<GatewayTransaction>({
    table: gatewayTable,
    row: GatewayTransaction as unknown as Schema.Codec<GatewayTransaction, unknown>,
    path: "/users/payments-gateway/transactions",
    wallets: "gateway",
    permissions: [P.getGatewayDeposits, P.getGatewayWithdrawals, P.getGatewayRefunds, P.getGatewayDevolutions]
  }),
  pix_statement: entry<PixStatementRow>({
    table: pixStatementTable,
    row: PixStatementRow as unknown as Schema.Codec<PixStatementRow, unknown>,
    path: "/users/v2/reports/pix-statement",
    wallets: "any",
    permissions: [P.getPixStatement]
  })
} as const

export type TableName = keyof typeof TABLES
export const TABLE_NAMES = Object.keys(TABLES) as ReadonlyArray<TableName> as readonly [TableName, ...TableName[]]
export const isTableName = (s: string): s is TableName => Object.hasOwn(TABLES, s)
export const tableEntry = (name: TableName): TableEntry<Record<string, unknown>> => TABLES[name] as unknown as TableEntry<Record<string, unknown>>
