/**
 * MoneyField (spec core §5 "Money"): typed with comma decimal and dot thousands ("1.234,56"),
 * read as integer cents with parseMoneyInput. The text stays exactly as typed; on blur a valid
 * amount is shown in its canonical form. `onChange` gives the text and the cents (null when the
 * text is not an amount).
 */
import { forwardRef } from "react"
import { parseMoneyInput } from "../../schema/validation.ts"
import { TextField, type TextFieldProps } from "./text-field.tsx"

/** Cents → the input's canonical text: 123456 → "1.234,56". */
export function centsToInput(cents: number): string {
  const neg = cents < 0
  const abs = Math.abs(Math.trunc(cents))
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".")
  const frac = String(abs % 100).padStart(2, "0")
  return `${neg ? "-" : ""}${whole},${frac}`
}

export interface MoneyFieldProps extends Omit<TextFieldProps, "onChange" | "prefix" | "inputMode"> {
  readonly onChange: (text: string, cents: number | null) => void
}

export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(function MoneyField({ onChange, value, onBlur, ...rest }, ref) {
  return (
    <TextField
      ref={ref}
      {...rest}
      value={value}
      prefix="R$"
      inputMode="decimal"
      autoComplete="off"
      onChange={(text) => onChange(text, parseMoneyInput(text))}
      onBlur={(e) => {
        const cents = parseMoneyInput(value)
        if (cents !== null) {
          const canonical = centsToInput(cents)
          if (canonical !== value) onChange(canonical, cents)
        }
        onBlur?.(e)
      }}
    />
  )
})
