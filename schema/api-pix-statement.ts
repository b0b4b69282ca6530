/**
 * The Pix statement's contract (issue 12; spec features §2 Pix "statements" with permission
 * get-all-report-pix-statement, §5 "Pix statement export covers only the current day", §7
 * GET /users/v2/reports/pix-statement and POST /users/v5/reports/pix-statement/exports): the
 * keyset-paged list the sync pulls into the `pix_statement` table (schema/tables/pix-statement.ts)
 * and the export job of one day — today in São Paulo time, any other day refused with 422
 * UNABLE_TO_EXPORT — whose progress is polled like the statement's export (D-pix-statement).
 */
import { Schema } from "effect"
import { CompactFormat, Envelope, IsoDate, Paged } from "./common.ts"
import { ExportJobStatus } from "./entities.ts"
import { P } from "./permissions.ts"
import { PixStatementRow } from "./tables/pix-statement.ts"
import { def, type EndpointDef } from "./api-def.ts"
import { REFUSALS } from "./refusals.ts"

const optStr = Schema.optionalKey(Schema.String)

export const PixStatementQuery = Schema.Struct({
  page: optStr,
  page_size: optStr,
  sort: optStr,
  order: optStr,
  after: optStr,
  updated_since: optStr,
  /** The sync's compact wire format (D-compact-pages; schema/common.ts CompactPageHead). */
  format: CompactFormat,
  /** Text in the description, counterparty name, document or end-to-end id. */
  search: optStr,
  direction: optStr,
  /** Comma-separated statuses. */
  status: optStr,
  start_date: optStr,
  end_date: optStr
})

export const PixStatementExport = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  status: ExportJobStatus,
  progress: Schema.Int,
  date: IsoDate,
  rows: Schema.Int,
  created_at: Schema.String,
  finished_at: Schema.NullOr(Schema.String),
  /** The CSV once completed (served inline, as the gateway's export). */
  csv: Schema.NullOr(Schema.String)
})
export type PixStatementExport = typeof PixStatementExport.Type

export const pixStatementApi = {
  pixStatement: def({
    method: "GET",
    path: "/users/v2/reports/pix-statement",
    wallet: true,
    permission: P.getPixStatement,
    query: PixStatementQuery,
    refusals: REFUSALS.pixStatement,
    response: Envelope(Paged(PixStatementRow))
  }),
  pixStatementExportCreate: def({
    method: "POST",
    path: "/users/v5/reports/pix-statement/exports",
    wallet: true,
    permission: P.postPixStatementExport,
    body: Schema.Struct({ date: IsoDate }),
    refusals: REFUSALS.pixStatementExportCreate,
    response: Envelope(PixStatementExport)
  }),
  pixStatementExportGet: def({
    method: "GET",
    path: "/users/v5/reports/pix-statement/exports/{id}",
    wallet: true,
    permission: P.postPixStatementExport,
    response: Envelope(PixStatementExport)
  })
} as const satisfies Record<string, EndpointDef>
