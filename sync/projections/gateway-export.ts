/**
 * The gateway transactions' local CSV (issue 16 "instant local CSV of exactly the filtered rows";
 * features §3 every field): the same cell rules as the statement's CSV (statement-export.ts: `;`
 * and decimal `,` for pt, `,` and `.` for en, CRLF, BOM, formula-looking text prefixed with `'`),
 * columns in GATEWAY_CSV_COLUMNS order with the view's translated headers.
 */
import { formatMinorUnits } from "./minor-units.ts"
import { formatSpDateTime, parseInstant } from "../../schema/sao-paulo-time.ts"
import type { GatewayTransaction } from "../../schema/tables/gateway.ts"
import type { ExportLocale } from "./statement-export.ts"

export const GATEWAY_CSV_COLUMNS = [
  "created_at", "kind", "status", "reference", "counterparty_name", "counterparty_document", "value", "fee", "seller_share",
  "bank", "agency", "account", "digit", "end_to_end_id", "txid", "operation_id", "id", "wallet_id"
] as const

const STYLE: Record<ExportLocale, { readonly sep: string; readonly decimal: string }> = { pt: { sep: ";", decimal: "," }, en: { sep: ",", decimal: "." } }
const FORMULA_START = /^[=+\-@\t\r]/
const quoted = (s: string, sep: string): string =>
  s.includes(sep) || s.includes('"') || s.includes("\n") || s.includes("\r") ? `"${s.replace(/"/g, '""')}"` : s
const textCell = (s: string, sep: string): string => quoted(FORMULA_START.test(s) ? "'" + s : s, sep)

export function* gatewayCsv(rows: Iterable<GatewayTransaction>, locale: ExportLocale, headers: ReadonlyArray<string>, chunkRows = 256): Generator<string, void, undefined> {
  const { sep, decimal } = STYLE[locale]
  let chunk = "\uFEFF" + GATEWAY_CSV_COLUMNS.map((c, i) => textCell(headers[i] ?? c, sep)).join(sep) + "\r\n"
  let n = 0
  for (const r of rows) {
    const signed = r.direction === "out" ? -r.value : r.value
    chunk += [
      formatSpDateTime(parseInstant(r.created_at)), textCell(r.kind, sep), textCell(r.status, sep), textCell(r.reference, sep),
      textCell(r.counterparty_name, sep), textCell(r.counterparty_document, sep), formatMinorUnits(signed, 2, decimal),
      formatMinorUnits(r.fee, 2, decimal), formatMinorUnits(r.seller_share, 2, decimal), textCell(r.bank, sep), textCell(r.agency, sep),
      textCell(r.account, sep), textCell(r.digit, sep), textCell(r.end_to_end_id ?? "", sep), textCell(r.txid ?? "", sep),
      textCell(r.operation_id, sep), textCell(r.id, sep), textCell(r.wallet_id, sep)
    ].join(sep) + "\r\n"
    if (++n % chunkRows === 0) {
      yield chunk
      chunk = ""
    }
  }
  if (chunk.length > 0) yield chunk
}
