/**
 * Select: a labelled native select (keyboard and screen-reader behaviour for free, and usable
 * on phones). Options carry translated labels.
 */
import { useId, type SelectHTMLAttributes } from "react"
import * as s from "./field.css.ts"

export interface SelectOption {
  readonly value: string
  readonly label: string
}
export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "onChange" | "value"> {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly options: ReadonlyArray<SelectOption>
  /** A first, empty choice (translated), e.g. "Select". */
  readonly placeholder?: string
  readonly error?: string | null | undefined
}

export function Select({ label, value, onChange, options, placeholder, error, id, required, className, ...rest }: SelectProps) {
  const auto = useId()
  const selId = id ?? `s${auto}`
  const errId = error ? `${selId}-err` : undefined
  return (
    <div className={[s.field, className ?? ""].join(" ")}>
      <label htmlFor={selId} className={s.label}>
        {label}
        {required ? (
          <span className={s.required} aria-hidden="true">
            {"*"}
          </span>
        ) : null}
      </label>
      <select
        id={selId}
        className={[s.control, s.select].join(" ")}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={errId}
        aria-required={required || undefined}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <span id={errId} className={s.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  )
}
