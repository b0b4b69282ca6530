/**
 * MoneyField (spec core §5 "Money", issue 31 item 3): typed in the current language — pt
 * `1.234,56` (comma decimal, dot groups), en `1,234.56` (dot decimal, comma groups), "R$"
 * optional — and read as integer cents with parseMoneyInput(text, locale). The text stays exactly
 * as typed; on blur a valid amount is shown in its canonical form in that language
 * (centsToInput). `onChange` gives the text and the cents (null when the text is not an amount
 * in this language). A text left that is not an amount gets validation:VALIDATION_MONEY, which names
 * the expected form ("use the format 1,234.56"), when the field is left (not while typing "1,2" on
 * the way to "1,234"; typing again hides it until the field is left again), unless the owner shows
 * its own message.
 */
import { forwardRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { centsToInput, parseMoneyInput, type MoneyLocale } from "../../schema/validation.ts"
import { TextField, type TextFieldProps } from "./text-field.tsx"

export { centsToInput }

/** The money-input language of the interface language (pt unless English). */
export function useMoneyLocale(): MoneyLocale {
  const { i18n } = useTranslation()
  return i18n.language === "en" ? "en" : "pt"
}

export interface MoneyFieldProps extends Omit<TextFieldProps, "onChange" | "prefix" | "inputMode"> {
  readonly onChange: (text: string, cents: number | null) => void
}

export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(function MoneyField({ onChange, value, onBlur, error, ...rest }, ref) {
  const { t } = useTranslation()
  const locale = useMoneyLocale()
  const [left, setLeft] = useState(false)
  const invalid = value.trim() !== "" && parseMoneyInput(value, locale) === null
  return (
    <TextField
      ref={ref}
      {...rest}
      value={value}
      error={error || (left && invalid ? t("validation:VALIDATION_MONEY") : null)}
      prefix="R$"
      inputMode="decimal"
      autoComplete="off"
      onChange={(text) => {
        setLeft(false)
        onChange(text, parseMoneyInput(text, locale))
      }}
      onBlur={(e) => {
        const cents = parseMoneyInput(value, locale)
        if (cents !== null) {
          const canonical = centsToInput(cents, locale)
          if (canonical !== value) onChange(canonical, cents)
        }
        setLeft(true)
        onBlur?.(e)
      }}
    />
  )
})
