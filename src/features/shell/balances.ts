/**
 * Balance card rules of spec core §2.4 / features §2 "Behaviour of screens": the cards sorted
 * by currency id; 'Convert' only on the default wallet, with options enabled and a convertible
 * currency (EUR, USD, BRZ are not).
 */
import { LOCKED_CURRENCIES } from "../../../schema/currency-lists.ts"

/** "options are enabled": the conversion feature flag (on in this build). */
export const CONVERSION_ENABLED = true

export function canConvert(symbol: string, isDefaultWallet: boolean): boolean {
  return CONVERSION_ENABLED && isDefaultWallet && !(LOCKED_CURRENCIES as ReadonlyArray<string>).includes(symbol)
}

export function byCurrencyId<T extends { readonly currency_id: number }>(list: ReadonlyArray<T>): T[] {
  return [...list].sort((a, b) => a.currency_id - b.currency_id)
}
