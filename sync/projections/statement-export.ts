/**
 * Statement exports built in the worker from the projection's filtered rows (features §2
 * "/banking/statements shows the account statement with export"; DESIGN benchmark
 * `csv-export-100k`): CSV with translated headers, and OFX for accounting tools.
 *
 * Both are generators of string chunks: the caller appends them to a Blob (or streams them)
 * so 100k rows never become one giant array of row strings. Amounts are written from integer
 * minor units by string operations (minor-units.ts); dates in São Paulo time.
 */
import type { CurrencySymbol } from "../../schema/common.ts"
import { CURRENCY_DECIMALS } from "../../schema/common.ts"
import type { Direction, StatementEntry, StatementStatus, StatementType } from "../../schema/entities.ts"
import { formatMinorUnits } from "./minor-units.ts"
import { formatOfxDateTime, formatSpDateTime, parseInstant } from "../../schema/sao-paulo-time.ts"

export type ExportLocale = "pt" | "en"

/** CSV columns, in order; `headers` passed to csvChunks label them in this order. */
export const CSV_COLUMNS = [
  "created_at",
  "description",
  "counterparty_name",
  "counterparty_document",
  "type",
  "direction",
  "status",
  "amount",
  "currency_symbol",
  "balance_after",
  "id",
  "operation_id",
  "end_to_end_id"
] as const
export type CsvColumn = (typeof CSV_COLUMNS)[number]

export interface CsvOptions {
  /**
   * Start with a UTF-8 byte-order mark (default true): Excel, which most users open the file
   * with, reads a BOM-less CSV as Windows-1252 and garbles "São Paulo".
   */
  readonly bom?: boolean
  /** Translated values for the enumerations (default: the API's codes). */
  readonly labels?: {
    readonly type?: Partial<Record<StatementType, string>>
    readonly status?: Partial<Record<StatementStatus, string>>
    readonly direction?: Partial<Record<Direction, string>>
  }
  /** Rows per chunk (default 256). */
  readonly chunkRows?: number
}

/**
 * pt uses ";" between fields and "," in decimals; en uses "," and ".". A pt spreadsheet
 * reads "," as the decimal mark, so a ","-separated file would split every amount in two.
 */
const CSV_STYLE: Record<ExportLocale, { readonly sep: string; readonly decimal: string }> = {
  pt: { sep: ";", decimal: "," },
  en: { sep: ",", decimal: "." }
}
const CRLF = "\r\n"
// A cell starting like a formula is run by spreadsheets (CSV injection): text cells get a "'".
const FORMULA_START = /^[=+\-@\t\r]/

const quoted = (s: string, sep: string): string =>
  s.includes(sep) || s.includes('"') || s.includes("\n") || s.includes("\r") ? `"${s.replace(/"/g, '""')}"` : s
const textCell = (s: string, sep: string): string => quoted(FORMULA_START.test(s) ? "'" + s : s, sep)

export function* csvChunks(
  rows: Iterable<StatementEntry>,
  locale: ExportLocale,
  headers: ReadonlyArray<string>,
  options: CsvOptions = {}
): Generator<string, void, undefined> {
  const { sep, decimal } = CSV_STYLE[locale]
  const per = Math.max(1, options.chunkRows ?? 256)
  const labels = options.labels ?? {}
  let chunk = ((options.bom ?? true) ? "\uFEFF" : "") + CSV_COLUMNS.map((c, i) => textCell(headers[i] ?? c, sep)).join(sep) + CRLF
  let inChunk = 0
  for (const e of rows) {
    const decimals = CURRENCY_DECIMALS[e.currency_symbol]
    const signed = e.direction === "out" ? -e.amount : e.amount
    chunk +=
      formatSpDateTime(parseInstant(e.created_at)) +
      sep +
      textCell(e.description, sep) +
      sep +
      textCell(e.counterparty_name, sep) +
      sep +
      textCell(e.counterparty_document, sep) +
      sep +
      textCell(labels.type?.[e.type] ?? e.type, sep) +
      sep +
      textCell(labels.direction?.[e.direction] ?? e.direction, sep) +
      sep +
      textCell(labels.status?.[e.status] ?? e.status, sep) +
      sep +
      formatMinorUnits(signed, decimals, decimal) +
      sep +
      e.currency_symbol +
      sep +
      formatMinorUnits(e.balance_after, decimals, decimal) +
      sep +
      textCell(e.id, sep) +
      sep +
      textCell(e.operation_id, sep) +
      sep +
      textCell(e.end_to_end_id ?? "", sep) +
      CRLF
    if (++inChunk === per) {
      yield chunk
      chunk = ""
      inChunk = 0
    }
  }
  if (chunk.length > 0) yield chunk
}

// ── OFX ─────────────────────────────────────────────────────────────────────────────────

export interface OfxOptions {
  /** "102": OFX 1.0.2 SGML (what Brazilian banks hand out; default); "220": OFX 2.2 XML. */
  readonly version?: "102" | "220"
  /** BANKID of the account aggregate (the bank's code; default "0000"). */
  readonly bankId?: string
  /** DTSERVER, epoch ms (default now; tests pass a fixed one). */
  readonly now?: number
  /** DTSTART / DTEND of the transaction list when the filter had a range. */
  readonly from?: number
  readonly to?: number
  readonly language?: "POR" | "ENG"
}

/** One statement (OFX STMTRS) per wallet and currency. */
export interface OfxBlock {
  readonly walletId: string
  readonly currency: CurrencySymbol
  /** Epoch ms of the first and last transaction (used when the filter has no range). */
  readonly first: number
  readonly last: number
  /** balance_after and created_at of the latest row (LEDGERBAL). */
  readonly ledgerBalance: number
  readonly ledgerAt: number
  readonly rows: Iterable<StatementEntry>
}

const sgmlEscape = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
// NAME is A-32 and MEMO A-255 in OFX 1.0.2 and 2.x
const clip = (s: string, n: number): string => (s.length > n ? s.slice(0, n) : s)

export function* ofxChunks(blocks: Iterable<OfxBlock>, options: OfxOptions = {}): Generator<string, void, undefined> {
  const xml = options.version === "220"
  // 1.0.2 SGML leaves leaf elements unclosed (their end tags are optional); XML closes them
  const leaf = (tag: string, value: string): string => (xml ? `<${tag}>${value}</${tag}>` : `<${tag}>${value}`) + CRLF
  const header = xml
    ? `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${CRLF}<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>${CRLF}`
    : [
        "OFXHEADER:100",
        "DATA:OFXSGML",
        "VERSION:102",
        "SECURITY:NONE",
        "ENCODING:UTF-8",
        "CHARSET:NONE",
        "COMPRESSION:NONE",
        "OLDFILEUID:NONE",
        "NEWFILEUID:NONE",
        "",
        ""
      ].join(CRLF)
  const status = "<STATUS>" + CRLF + leaf("CODE", "0") + leaf("SEVERITY", "INFO") + "</STATUS>" + CRLF
  yield (
    header +
    "<OFX>" +
    CRLF +
    "<SIGNONMSGSRSV1>" +
    CRLF +
    "<SONRS>" +
    CRLF +
    status +
    leaf("DTSERVER", formatOfxDateTime(options.now ?? Date.now())) +
    leaf("LANGUAGE", options.language ?? "POR") +
    "</SONRS>" +
    CRLF +
    "</SIGNONMSGSRSV1>" +
    CRLF +
    "<BANKMSGSRSV1>" +
    CRLF
  )
  let trnuid = 0
  for (const block of blocks) {
    const decimals = CURRENCY_DECIMALS[block.currency]
    yield (
      "<STMTTRNRS>" +
      CRLF +
      leaf("TRNUID", String(++trnuid)) +
      status +
      "<STMTRS>" +
      CRLF +
      leaf("CURDEF", block.currency) +
      "<BANKACCTFROM>" +
      CRLF +
      leaf("BANKID", sgmlEscape(options.bankId ?? "0000")) +
      leaf("ACCTID", sgmlEscape(clip(block.walletId, 22))) +
      leaf("ACCTTYPE", "CHECKING") +
      "</BANKACCTFROM>" +
      CRLF +
      "<BANKTRANLIST>" +
      CRLF +
      leaf("DTSTART", formatOfxDateTime(options.from ?? block.first)) +
      leaf("DTEND", formatOfxDateTime(options.to ?? block.last))
    )
    let chunk = ""
    let inChunk = 0
    for (const e of block.rows) {
      const signed = e.direction === "out" ? -e.amount : e.amount
      const name = e.counterparty_name.length > 0 ? e.counterparty_name : e.description
      chunk +=
        "<STMTTRN>" +
        CRLF +
        leaf("TRNTYPE", e.direction === "in" ? "CREDIT" : "DEBIT") +
        leaf("DTPOSTED", formatOfxDateTime(parseInstant(e.created_at))) +
        leaf("TRNAMT", formatMinorUnits(signed, decimals, ".")) +
        leaf("FITID", sgmlEscape(e.id)) +
        leaf("NAME", sgmlEscape(clip(name, 32))) +
        leaf("MEMO", sgmlEscape(clip(e.description, 255))) +
        "</STMTTRN>" +
        CRLF
      if (++inChunk === 256) {
        yield chunk
        chunk = ""
        inChunk = 0
      }
    }
    yield (
      chunk +
      "</BANKTRANLIST>" +
      CRLF +
      "<LEDGERBAL>" +
      CRLF +
      leaf("BALAMT", formatMinorUnits(block.ledgerBalance, decimals, ".")) +
      leaf("DTASOF", formatOfxDateTime(block.ledgerAt)) +
      "</LEDGERBAL>" +
      CRLF +
      "</STMTRS>" +
      CRLF +
      "</STMTTRNRS>" +
      CRLF
    )
  }
  yield "</BANKMSGSRSV1>" + CRLF + "</OFX>" + CRLF
}
