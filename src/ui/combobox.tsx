/**
 * Combobox (autocomplete) following the WAI-ARIA combobox pattern: the input owns a listbox;
 * arrows move, Enter picks, Escape closes. The owner fetches options (e.g. occupations, core §5).
 */
import { useId, useState, type KeyboardEvent } from "react"
import { TextField } from "./text-field.tsx"
import * as s from "./combobox.css.ts"

export interface ComboOption {
  readonly value: string
  readonly label: string
}

export interface ComboboxProps {
  readonly label: string
  readonly text: string
  readonly onTextChange: (text: string) => void
  readonly options: ReadonlyArray<ComboOption>
  readonly onSelect: (o: ComboOption) => void
  readonly loading?: boolean
  readonly loadingText: string
  readonly emptyText: string
  readonly disabled?: boolean
  readonly required?: boolean
  readonly error?: string | null | undefined
  readonly onBlur?: () => void
  readonly placeholder?: string
  readonly testId?: string
}

export function Combobox(p: ComboboxProps) {
  const listId = useId()
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const show = open && !p.disabled && (p.loading === true || p.options.length > 0 || p.text.trim().length > 2)
  const pick = (o: ComboOption): void => {
    p.onSelect(o)
    setOpen(false)
    setActive(-1)
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>): void => {
    if (e.key === "ArrowDown") {
      e.preventDefault()
      setOpen(true)
      setActive((i) => Math.min(i + 1, p.options.length - 1))
    } else if (e.key === "ArrowUp") {
      e.preventDefault()
      setActive((i) => Math.max(i - 1, 0))
    } else if (e.key === "Enter" && open && active >= 0) {
      e.preventDefault()
      const o = p.options[active]
      if (o) pick(o)
    } else if (e.key === "Escape") {
      setOpen(false)
    }
  }
  return (
    <div className={s.wrap}>
      <TextField
        label={p.label}
        value={p.text}
        onChange={(v) => {
          p.onTextChange(v)
          setOpen(true)
          setActive(-1)
        }}
        role="combobox"
        aria-expanded={show}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={show && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        disabled={p.disabled}
        required={p.required}
        error={p.error}
        placeholder={p.placeholder}
        onKeyDown={onKey}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setTimeout(() => setOpen(false), 150)
          p.onBlur?.()
        }}
        data-testid={p.testId}
      />
      {show ? (
        <ul id={listId} role="listbox" aria-label={p.label} className={s.list}>
          {p.loading ? (
            <li className={s.note} role="presentation">
              {p.loadingText}
            </li>
          ) : null}
          {!p.loading && p.options.length === 0 ? (
            <li className={s.note} role="presentation">
              {p.emptyText}
            </li>
          ) : null}
          {p.options.map((o, i) => (
            <li
              key={o.value}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={s.option}
              onMouseDown={(e) => {
                e.preventDefault()
                pick(o)
              }}
              onMouseEnter={() => setActive(i)}
            >
              {o.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
