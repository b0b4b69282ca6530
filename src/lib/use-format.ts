/**
 * Formatting in the current language (spec core §5 display formats, §9): BRL from cents,
 * crypto from minor units, DD/MM/YYYY HH:mm in UTC-3, relative time, truncation to 22.
 * Thin glue over schema/format.ts.
 */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import {
  formatBrl,
  formatCount,
  formatCrypto,
  formatDateTime,
  formatDocument,
  formatPhone,
  relativeTime,
  truncate,
  currencyDecimals,
  type Locale
} from "../../schema/format.ts"

export function useFormat() {
  const { t, i18n } = useTranslation()
  const locale: Locale = i18n.language === "en" ? "en" : "pt"
  return useMemo(
    () => ({
      locale,
      brl: (cents: number) => formatBrl(cents, locale),
      /** A count of rows or items, grouped (1.234.567 / 1,234,567). */
      count: (n: number) => formatCount(n, locale),
      /** Any wallet currency: BRL as money, others with their decimals and symbol. */
      amount: (minor: number, symbol: string, decimals?: number) =>
        symbol === "BRL" ? formatBrl(minor, locale) : `${formatCrypto(minor, decimals ?? currencyDecimals(symbol), locale)} ${symbol}`,
      dateTime: (iso: string | number | Date) => formatDateTime(iso, locale),
      /** A calendar day (YYYY-MM-DD, already São Paulo's) as DD/MM/YYYY (core §5). */
      day: (key: string) => `${key.slice(8, 10)}/${key.slice(5, 7)}/${key.slice(0, 4)}`,
      relative: (iso: string | number | Date, now: number = Date.now()) => {
        const r = relativeTime(iso, now, locale)
        switch (r.key) {
          case "minutesAgo":
          case "hoursAgo":
            return t(`common:time.${r.key}`, { count: r.count })
          case "dateTime":
            return r.text
          default:
            return t(`common:time.${r.key}`)
        }
      },
      document: formatDocument,
      phone: formatPhone,
      truncate: (s: string) => truncate(s, 22)
    }),
    [locale, t]
  )
}
