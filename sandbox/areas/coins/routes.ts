/**
 * Currencies and conversion (spec core §7 "Conversion and currencies", §9 currencies and locked
 * ones; features §3 conversion, §5 minimum, §6 "Conversion only on the default wallet"):
 * currencies, deterministic spot quotes (BRL cents per whole unit, spread 100 bps split around
 * the mid, IOF 38 bps, minimum R$ 10,00 on the BRL side, valid 30 s), conversions that move both
 * balances once and write CONVERSION_OUT / CONVERSION_IN rows, trends (fixed sample when the
 * flag is off), portfolio statements (conversions, paged).
 */
import type { Hono } from "hono"
import { randomUUID } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { bind, Reply } from "../../http.ts"
import { ApiError, badField } from "../../errors.ts"
import { CONVERSION_COLUMNS, paginate, toConversion, accountBalance } from "../../repo.ts"
import { CURRENCY_DECIMALS, LOCKED_CURRENCIES, type CurrencySymbol } from "../../../schema/common.ts"
import type { Conversion, SpotQuote, TrendSample } from "../../../schema/entities.ts"
import { postEntry } from "../../ledger.ts"
import { DAY_MS, iso } from "../../time.ts"
import { insertConversion, insertQuote, quoteOf } from "./db.ts"

export const IOF_BPS = 38
export const SPREAD_BPS = 100
export const MIN_BRL_CENTS = 1_000 // R$ 10,00 (features §5: value not shown, our choice)
export const QUOTE_TTL_MS = 30_000
/** Mid prices in BRL cents per whole unit (deterministic). */
export const MID_PRICES: Readonly<Record<"BTC" | "ETH" | "USDT", number>> = { BTC: 55_000_000, ETH: 2_000_000, USDT: 550 }
const COINS = ["BTC", "ETH", "USDT"] as const
type Coin = (typeof COINS)[number]

const CURRENCIES = [
  { id: 1, symbol: "BRL", name: "Real brasileiro", decimal: 2, convertible: true },
  { id: 2, symbol: "BTC", name: "Bitcoin", decimal: 8, convertible: true },
  { id: 3, symbol: "ETH", name: "Ethereum", decimal: 8, convertible: true },
  { id: 4, symbol: "USDT", name: "Tether USD", decimal: 6, convertible: true },
  { id: 5, symbol: "EUR", name: "Euro", decimal: 2, convertible: false },
  { id: 6, symbol: "USD", name: "Dólar americano", decimal: 2, convertible: false },
  { id: 7, symbol: "BRZ", name: "Brazilian Digital Token", decimal: 2, convertible: false }
] as const

const isLocked = (s: string): boolean => (LOCKED_CURRENCIES as ReadonlyArray<string>).includes(s)
const isCoin = (s: string): s is Coin => (COINS as ReadonlyArray<string>).includes(s)

export const priceBuy = (c: Coin): number => Math.round((MID_PRICES[c] * (10_000 + SPREAD_BPS / 2)) / 10_000)
export const priceSell = (c: Coin): number => Math.round((MID_PRICES[c] * (10_000 - SPREAD_BPS / 2)) / 10_000)
const pow10 = (n: number): bigint => 10n ** BigInt(n)
const divRound = (a: bigint, b: bigint): bigint => (a * 2n + b) / (2n * b)

/**
 * The pair as (coin, BRL), whichever way round it was asked. Known currencies with BRL on one side: the query's or the
 * body's Schema (QuotedCurrency, brlOnOneSide; D-sandbox-by-area); a locked currency is refused here (422).
 */
const coinOfPair = (a: string, b: string, fieldA: string, fieldB: string): Coin => {
  for (const [v, f] of [
    [a, fieldA],
    [b, fieldB]
  ] as const) {
    if (isLocked(v)) throw new ApiError(422, "CURRENCY_NOT_CONVERTIBLE", v, { [f]: "VALIDATION_FORMAT" })
  }
  const coin = a === "BRL" ? b : a
  if (!isCoin(coin) || (a !== "BRL" && b !== "BRL")) throw new Error(`a pair the contract admitted is not BRL and a coin: ${a}/${b}`)
  return coin
}

export const registerCoinRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  bind(app, ctx, "currencies", () => ({ data: CURRENCIES.map((c) => ({ ...c })) }))

  bind(app, ctx, "spotQuote", (req) => {
    const base = req.query.base.toUpperCase()
    const quote = req.query.quote.toUpperCase()
    const coin = coinOfPair(base, quote, "base", "quote")
    const q: SpotQuote = {
      quote_id: randomUUID(),
      base: coin,
      quote: "BRL",
      price_buy: priceBuy(coin),
      price_sell: priceSell(coin),
      iof_bps: IOF_BPS,
      spread_bps: SPREAD_BPS,
      min_amount: MIN_BRL_CENTS,
      expires_at: iso(ctx.clock.now() + ctx.cfg.quoteTtlMs)
    }
    insertQuote(db, req.user.id, q)
    return { data: q }
  })

  bind(app, ctx, "convert", (req) => {
    const b = req.body
    const w = req.wallet
    // features §6, core §6: conversion only on the user's default wallet
    if (!w.owner || w.wallet.is_default !== 1) throw new ApiError(422, "CONVERSION_ONLY_DEFAULT_WALLET")
    const coin = coinOfPair(b.from_currency, b.to_currency, "from_currency", "to_currency")
    const side = b.side // the pair's own side: the body's Schema (sideOfPair)
    const q = quoteOf(db, req.user.id, b.quote_id)
    if (q === undefined || q.expires_at <= ctx.clock.nowIso()) throw new ApiError(422, "QUOTE_EXPIRED", undefined, { quote_id: "VALIDATION_FORMAT" })
    if (q.base !== coin) badField("quote_id", "VALIDATION_FORMAT", "the quote is for another pair")
    const dec = pow10(CURRENCY_DECIMALS[coin])
    let toAmount: number, iof: number, spread: number, price: number, brlSide: number
    if (side === "buy") {
      price = q.price_buy
      brlSide = b.amount
      iof = Number(divRound(BigInt(b.amount) * BigInt(IOF_BPS), 10_000n))
      const net = BigInt(b.amount - iof)
      toAmount = Number((net * dec) / BigInt(price))
      spread = Number(divRound(net * BigInt(SPREAD_BPS / 2), BigInt(10_000 + SPREAD_BPS / 2)))
    } else {
      price = q.price_sell
      const gross = (BigInt(b.amount) * BigInt(price)) / dec
      brlSide = Number(gross)
      iof = Number(divRound(gross * BigInt(IOF_BPS), 10_000n))
      toAmount = Number(gross) - iof
      spread = Number(divRound(gross * BigInt(SPREAD_BPS / 2), BigInt(10_000 - SPREAD_BPS / 2)))
    }
    if (brlSide < MIN_BRL_CENTS || toAmount <= 0) throw new ApiError(422, "AMOUNT_BELOW_MINIMUM", `minimum R$ ${(MIN_BRL_CENTS / 100).toFixed(2)}`)
    const bal = accountBalance(db, w.wallet.id, b.from_currency)
    if (bal === undefined || bal.balance < b.amount) throw new ApiError(422, "INSUFFICIENT_BALANCE")
    const id = randomUUID()
    const description = `Conversão ${b.from_currency} para ${b.to_currency}`
    const party = { counterpartyName: "Mesa de Câmbio Sandbox", counterpartyDocument: "99999999000191" }
    const out = postEntry(ctx, {
      walletId: w.wallet.id,
      type: "CONVERSION_OUT",
      direction: "out",
      currency: b.from_currency,
      amount: b.amount,
      description,
      ...party,
      transactionUuid: req.txKey,
      operationId: id
    })
    postEntry(ctx, {
      walletId: w.wallet.id,
      type: "CONVERSION_IN",
      direction: "in",
      currency: b.to_currency,
      amount: toAmount,
      description,
      ...party,
      transactionUuid: req.txKey,
      operationId: id
    })
    const conv: Conversion = {
      id,
      wallet_id: w.wallet.id,
      from_currency: b.from_currency,
      to_currency: b.to_currency,
      from_amount: b.amount,
      to_amount: toAmount,
      price,
      iof_amount: iof,
      spread_amount: spread,
      status: "completed",
      created_at: out.created_at
    }
    insertConversion(db, conv, req.user.id, req.txKey)
    return new Reply(201, { data: conv })
  })

  // core §7: with the trends flag off, a fixed sample (several bases vs BRL, two points each)
  bind(app, ctx, "trends", (req) => {
    const base = req.query.base?.toUpperCase()
    const quote = req.query.quote?.toUpperCase() ?? "BRL"
    const coins = COINS.filter((c) => base === undefined || base === c)
    const samples: TrendSample[] = coins.map((c) => {
      const title = CURRENCIES.find((x) => x.symbol === c)?.name ?? c
      let points: TrendSample["points"]
      if (!ctx.flags.trends) {
        points = [
          { price: MID_PRICES[c], price_buy: priceBuy(c), price_sell: priceSell(c), timestamp: "2026-01-01T03:00:00.000Z" },
          {
            price: Math.round(MID_PRICES[c] * 1.02),
            price_buy: Math.round(priceBuy(c) * 1.02),
            price_sell: Math.round(priceSell(c) * 1.02),
            timestamp: "2026-01-02T03:00:00.000Z"
          }
        ]
      } else {
        const today = ctx.clock.now() - (ctx.clock.now() % DAY_MS)
        points = Array.from({ length: 30 }, (_, i) => {
          const f = 1 + 0.04 * Math.sin((i + c.length) / 3) + 0.002 * i
          return {
            price: Math.round(MID_PRICES[c] * f),
            price_buy: Math.round(priceBuy(c) * f),
            price_sell: Math.round(priceSell(c) * f),
            timestamp: iso(today - (29 - i) * DAY_MS)
          }
        })
      }
      return { quote_currency_symbol: quote, base_currency_symbol: c, decimal: CURRENCY_DECIMALS[c as CurrencySymbol], title, points }
    })
    return { data: samples }
  })

  bind(app, ctx, "portfolioStatements", (req) => ({
    data: paginate<Conversion, Conversion>(
      db,
      req.query,
      {
        from: "conversions",
        columns: CONVERSION_COLUMNS,
        where: ["wallet_id = ?"],
        params: [req.wallet.wallet.id],
        sortable: { created_at: "created_at", updated_at: "updated_at" }
      },
      toConversion
    )
  }))
}
