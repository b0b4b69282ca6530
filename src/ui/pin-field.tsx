/**
 * PinField (spec core §5 "PIN 4 digits"): a masked numeric input of four digits. Non-digits are
 * not accepted as they are typed; the owner validates with isValidPin and says why in the app's language (no
 * `pattern`: the browser's own bubble, in the browser's language, would answer first).
 */
import { forwardRef } from "react"
import { TextField, type TextFieldProps } from "./text-field.tsx"
import * as s from "./field.css.ts"

export type PinFieldProps = Omit<TextFieldProps, "type" | "inputMode" | "maxLength">

export const PinField = forwardRef<HTMLInputElement, PinFieldProps>(function PinField({ onChange, ...rest }, ref) {
  return (
    <TextField
      ref={ref}
      {...rest}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      inputClassName={s.pin}
      onChange={(v) => onChange(v.replace(/\D/g, "").slice(0, 4))}
    />
  )
})
