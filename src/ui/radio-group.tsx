/** RadioGroup on the Radix primitive (arrow keys move, labelled items). */
import { useId, type ReactNode } from "react"
import * as RRadio from "@radix-ui/react-radio-group"
import * as s from "./field.css.ts"

export interface RadioOption {
  readonly value: string
  readonly label: ReactNode
}
export interface RadioGroupProps {
  /** Accessible name of the group (translated). */
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly options: ReadonlyArray<RadioOption>
  readonly className?: string
  readonly itemClassName?: string
}

export function RadioGroup({ label, value, onChange, options, className, itemClassName }: RadioGroupProps) {
  const base = useId()
  return (
    <RRadio.Root aria-label={label} value={value} onValueChange={onChange} className={[s.radioGroup, className ?? ""].join(" ")}>
      {options.map((o, i) => {
        const id = `${base}-${i}`
        return (
          <div key={o.value} className={[s.checkRow, itemClassName ?? ""].join(" ")}>
            <RRadio.Item id={id} value={o.value} className={s.radioItem}>
              <RRadio.Indicator className={s.radioDot} />
            </RRadio.Item>
            <label htmlFor={id} style={{ flex: 1, cursor: "pointer" }}>
              {o.label}
            </label>
          </div>
        )
      })}
    </RRadio.Root>
  )
}
