/** Checkbox on the Radix primitive, with its label; keyboard (Space) and screen-reader ready. */
import { useId } from "react"
import * as RCheckbox from "@radix-ui/react-checkbox"
import * as s from "./field.css.ts"

export interface CheckboxProps {
  readonly label: string
  readonly checked: boolean
  readonly onChange: (checked: boolean) => void
  readonly disabled?: boolean
  readonly id?: string
}

export function Checkbox({ label, checked, onChange, disabled = false, id }: CheckboxProps) {
  const auto = useId()
  const boxId = id ?? `c${auto}`
  return (
    <div className={s.checkRow}>
      <RCheckbox.Root id={boxId} className={s.checkbox} checked={checked} disabled={disabled} onCheckedChange={(v) => onChange(v === true)}>
        <RCheckbox.Indicator>
          <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
            <path d="M2.5 7.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
        </RCheckbox.Indicator>
      </RCheckbox.Root>
      <label htmlFor={boxId}>{label}</label>
    </div>
  )
}
