/**
 * The conversions' SQL (spec core §7 "Conversion and currencies"; issue 29 item 7: the area's statements beside its
 * routes): the quotes a user was given and the conversions made from them. The tables are sandbox/db.ts's; the
 * conversions are paged by sandbox/repo.ts `paginate` (CONVERSION_COLUMNS).
 */
import type { DB } from "../../db.ts"
import type { Conversion, SpotQuote } from "../../../schema/entities.ts"

export interface QuoteRow {
  readonly base: string
  readonly price_buy: number
  readonly price_sell: number
  readonly expires_at: string
}

export const insertQuote = (db: DB, userId: string, q: SpotQuote): void => {
  db.prepare(
    "INSERT INTO quotes (id, user_id, base, quote, price_buy, price_sell, iof_bps, spread_bps, min_amount, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
  ).run(q.quote_id, userId, q.base, q.quote, q.price_buy, q.price_sell, q.iof_bps, q.spread_bps, q.min_amount, q.expires_at)
}

/** A quote the user was given, by id (another user's is not found). */
export const quoteOf = (db: DB, userId: string, id: string): QuoteRow | undefined =>
  db.prepare("SELECT * FROM quotes WHERE id = ? AND user_id = ?").get(id, userId) as QuoteRow | undefined

/** A completed conversion, with the transaction-uuid that made it. */
export const insertConversion = (db: DB, c: Conversion, userId: string, transactionUuid: string | null): void => {
  db.prepare(
    `INSERT INTO conversions (id, wallet_id, user_id, from_currency, to_currency, from_amount, to_amount, price, iof_amount, spread_amount, status,
       transaction_uuid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'completed', ?, ?, ?)`
  ).run(
    c.id,
    c.wallet_id,
    userId,
    c.from_currency,
    c.to_currency,
    c.from_amount,
    c.to_amount,
    c.price,
    c.iof_amount,
    c.spread_amount,
    transactionUuid,
    c.created_at,
    c.created_at
  )
}
