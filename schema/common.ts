/**
 * Shared building blocks of every shape the users API speaks: the response envelope
 * (`{ data }`, spec core §7 "Response bodies generally read data"), the paged list
 * (spec core §3 / features §3: page, page_size, page_total, total, data), ids, money
 * in integer minor units and ISO instants.
 */
import { Schema } from "effect"

/** An ISO-8601 instant with offset, as the API sends it (e.g. 2026-11-22T10:00:00.000Z). */
export const IsoDateTime = Schema.String.check(Schema.makeFilter((s: string) => !Number.isNaN(Date.parse(s)) || "VALIDATION_DATE"))
/** A calendar date YYYY-MM-DD (America/Sao_Paulo). */
export const IsoDate = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))

export const Id = Schema.String.check(Schema.isNonEmpty())

/** Money is an integer count of minor units (BRL cents, crypto by its decimals). Never a float. */
export const MinorUnits = Schema.Int
export type MinorUnits = typeof MinorUnits.Type

export const CurrencySymbol = Schema.Literals(["BRL", "BTC", "ETH", "USDT", "EUR", "USD", "BRZ"])
export type CurrencySymbol = typeof CurrencySymbol.Type
/** The wallet currencies the product holds (spec core §1, §9). */
export { WALLET_CURRENCIES, LOCKED_CURRENCIES } from "./currency-lists.ts"
export const CURRENCY_DECIMALS: Record<CurrencySymbol, number> = {
  BRL: 2,
  BTC: 8,
  ETH: 8,
  USDT: 6,
  EUR: 2,
  USD: 2,
  BRZ: 2
}

export const Locale = Schema.Literals(["pt", "en"])
export type Locale = typeof Locale.Type
/** The language header value per locale (spec core §7). */
export const languageHeader = (l: Locale): "pt-BR" | "en-US" => (l === "en" ? "en-US" : "pt-BR")

/** The `{ data: T }` envelope of most responses. */
export const Envelope = <S extends Schema.Top>(data: S) => Schema.Struct({ data })

/** The paged list of spec core §3 (page is 1-based). */
export const Paged = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    page: Schema.Int,
    page_size: Schema.Int,
    page_total: Schema.Int,
    total: Schema.Int,
    data: Schema.Array(item)
  })
export interface PagedOf<T> {
  readonly page: number
  readonly page_size: number
  readonly page_total: number
  readonly total: number
  readonly data: ReadonlyArray<T>
}

/**
 * Paging query common to every list. `after` is our keyset cursor for sync pulls
 * (`<updated_at>|<id>`, see docs/decisions.md D-sync-cursor); `updated_since` asks for
 * rows changed at or after an instant.
 */
export const PageQuery = Schema.Struct({
  page: Schema.optionalKey(Schema.NumberFromString),
  page_size: Schema.optionalKey(Schema.NumberFromString),
  sort: Schema.optionalKey(Schema.String),
  order: Schema.optionalKey(Schema.Literals(["asc", "desc"])),
  after: Schema.optionalKey(Schema.String),
  updated_since: Schema.optionalKey(Schema.String)
})

/**
 * D-compact-pages: a big table's keyset GET (the sync's pull) may be asked `format=compact`; it then
 * answers `{ data: { page, page_size, page_total, total, columns, rows } }` — the column names once and
 * each row as an array in that order, `rows` last — in place of the row objects. Sync only: a
 * server that ignores the parameter answers the contract's objects, which the pull reads as well.
 */
export const CompactFormat = Schema.optionalKey(Schema.Literal("compact"))
export const CompactPageHead = Schema.Struct({
  data: Schema.Struct({ page: Schema.Int, page_size: Schema.Int, page_total: Schema.Int, total: Schema.Int, columns: Schema.Array(Schema.String) })
})

export const Ok = Envelope(Schema.Struct({ ok: Schema.Boolean }))
