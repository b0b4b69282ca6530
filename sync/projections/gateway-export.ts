/**
 * The gateway transactions' local CSV (issue 16 "instant local CSV of exactly the filtered rows";
 * features §3 every field): the same cell rules as the statement's CSV (statement-export.ts: `;`
 * and decimal `,` for pt, `,` and `.` for en, CRLF, BOM, formula-looking text prefixed with `'`),
 * columns in the description's `csv` order with the view's translated headers — the generic
 * table CSV (table-export.ts) over the gateway description.
 */
import { gatewayTable, type GatewayTransaction } from "../../schema/tables/gateway.ts"
import type { ExportLocale } from "./statement-export.ts"
import { csvColumns, tableCsv } from "./table-export.ts"

export const GATEWAY_CSV_COLUMNS = csvColumns(gatewayTable)

export const gatewayCsv = (
  rows: Iterable<GatewayTransaction>,
  locale: ExportLocale,
  headers: ReadonlyArray<string>,
  chunkRows = 256
): Generator<string, void, undefined> => tableCsv(gatewayTable, rows, locale, headers, chunkRows)
