/**
 * Money as the sandbox writes it in its Portuguese texts (notifications, a boleto's PDF; issue 29 item 7,
 * docs/decisions.md D-sandbox-by-area): integer cents shown as reais with the Brazilian separators, `1.234,56`. Amounts
 * themselves are integer minor units everywhere (CONTRIBUTING "Habits"); the app formats its own (schema/format.ts).
 */

/** Cents as reais, `123456` → `1.234,56` (two decimals, thousands grouped). */
export const reais = (cents: number): string => (cents / 100).toLocaleString("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Cents as an amount in reais with its sign, `123456` → `R$ 1.234,56`. */
export const brl = (cents: number): string => `R$ ${reais(cents)}`
