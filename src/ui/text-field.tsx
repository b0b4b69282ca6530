/**
 * TextField: a labelled input with an optional hint and error message (DESIGN "Conventions":
 * a bad input gets a clear message and loses nothing typed — the field is controlled by its
 * owner and never cleared here). The error is tied to the input by aria-describedby.
 */
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react"
import * as s from "./field.css.ts"

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value" | "prefix"> {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  /** Translated error message, shown under the field. */
  readonly error?: string | null | undefined
  readonly hint?: string | undefined
  /** Something inside the field on the right (e.g. a show-password button). */
  readonly adornment?: ReactNode
  /** A fixed text inside the field on the left (e.g. "R$"). */
  readonly prefix?: string
  readonly inputClassName?: string
}

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, value, onChange, error, hint, adornment, prefix, id, required, inputClassName, className, "aria-describedby": extraDescribedBy, ...rest },
  ref
) {
  const auto = useId()
  const inputId = id ?? `f${auto}`
  const hintId = hint ? `${inputId}-hint` : undefined
  const errId = error ? `${inputId}-err` : undefined
  const describedBy = [hintId, errId, extraDescribedBy].filter(Boolean).join(" ") || undefined
  const input = (
    <input
      ref={ref}
      id={inputId}
      className={[s.control, inputClassName ?? ""].join(" ")}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      style={prefix ? { paddingLeft: 40 } : adornment ? { paddingRight: 48 } : undefined}
      {...rest}
    />
  )
  return (
    <div className={[s.field, className ?? ""].join(" ")}>
      <label htmlFor={inputId} className={s.label}>
        {label}
        {required ? (
          <span className={s.required} aria-hidden="true">
            {"*"}
          </span>
        ) : null}
      </label>
      {adornment || prefix ? (
        <div className={s.withAdornment}>
          {prefix ? (
            <span className={s.prefix} aria-hidden="true">
              {prefix}
            </span>
          ) : null}
          {input}
          {adornment ? <span className={s.adornment}>{adornment}</span> : null}
        </div>
      ) : (
        input
      )}
      {hint ? (
        <span id={hintId} className={s.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errId} className={s.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  )
})
