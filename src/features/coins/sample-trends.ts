/**
 * The fixed quotation trends of spec core §7 ("When the trends flag is off, fixed sample data is
 * returned (several base currencies against BRL, two points each)"), used by the coins page when
 * this build's `coinTrends` flag is off (core §1, src/config/features.ts) instead of calling
 * GET /users/quotations/trends. Prices are BRL cents per whole unit of the base currency (integer
 * minor units, core §9); buy and sell are the mid ± 50 bps, the second point 2 % above the first,
 * the same figures the sandbox answers with its own trends flag off (sandbox/areas/coins/routes.ts).
 */
import type { TrendSample } from "../../../schema/entities.ts"

const DAY_1 = "2026-01-01T03:00:00.000Z" // 00:00 in São Paulo
const DAY_2 = "2026-01-02T03:00:00.000Z"

export const SAMPLE_TRENDS: ReadonlyArray<TrendSample> = [
  {
    quote_currency_symbol: "BRL",
    base_currency_symbol: "BTC",
    decimal: 8,
    title: "Bitcoin",
    points: [
      { price: 55_000_000, price_buy: 55_275_000, price_sell: 54_725_000, timestamp: DAY_1 },
      { price: 56_100_000, price_buy: 56_380_500, price_sell: 55_819_500, timestamp: DAY_2 }
    ]
  },
  {
    quote_currency_symbol: "BRL",
    base_currency_symbol: "ETH",
    decimal: 8,
    title: "Ethereum",
    points: [
      { price: 2_000_000, price_buy: 2_010_000, price_sell: 1_990_000, timestamp: DAY_1 },
      { price: 2_040_000, price_buy: 2_050_200, price_sell: 2_029_800, timestamp: DAY_2 }
    ]
  },
  {
    quote_currency_symbol: "BRL",
    base_currency_symbol: "USDT",
    decimal: 6,
    title: "Tether USD",
    points: [
      { price: 550, price_buy: 553, price_sell: 547, timestamp: DAY_1 },
      { price: 561, price_buy: 564, price_sell: 558, timestamp: DAY_2 }
    ]
  }
]
