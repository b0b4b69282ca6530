/**
 * The wallet's currencies as plain lists (spec core §9, features §9); schema/common.ts re-exports them beside their
 * Schemas, and the shell reads them from here without the Schema library (issue 33 item 5).
 */
export const WALLET_CURRENCIES = ["BRL", "BTC", "ETH", "USDT"] as const
/** Not convertible (spec core §9, features §9). */
export const LOCKED_CURRENCIES = ["EUR", "USD", "BRZ"] as const
