/**
 * The statement filter bar (features §2 statements page, §5 date ranges; core §9 date presets):
 * text (description, counterparty, document, ids — no debounce: the worker answers within a
 * frame), period preset or a custom range checked start ≤ end, type, status, direction,
 * currency, amount range in reais, and several wallets at once among those the user may read
 * (core §6 per-wallet permission).
 */
import { memo, useCallback } from "react"
import { useTranslation } from "react-i18next"
import { STATEMENT_STATUSES, STATEMENT_TYPES, type StatementStatus, type StatementType } from "../../../schema/entities.ts"
import type { CurrencySymbol } from "../../../schema/common.ts"
import { Button, Checkbox, MoneyField, Select, TextField } from "../../ui/index.ts"
import { FILTER_CURRENCIES, PRESET_CHOICES, type FilterProblems, type PresetChoice, type StatementFilter } from "./statement-filter.ts"
import type { WalletAccess } from "../../lib/use-readable-wallets.ts"
import * as s from "./statements.css.ts"

export interface FilterBarProps {
  readonly filter: StatementFilter
  readonly problems: FilterProblems
  readonly wallets: ReadonlyArray<WalletAccess>
  readonly onChange: (patch: Partial<StatementFilter>) => void
  readonly onClear: () => void
}

/**
 * A keystroke in the text field re-renders the bar but not its other fields nor its footer (each
 * memoised apart; their options are translated lists): bench statements-keystroke-1m, where the
 * render of the keystroke delays the question to the worker.
 */
export const FilterBar = memo(function FilterBar({ filter, problems, wallets, onChange, onClear }: FilterBarProps) {
  const { t } = useTranslation()
  const onText = useCallback((text: string) => onChange({ text }), [onChange])
  return (
    <form role="search" aria-label={t("statements:filters.label")} onSubmit={(e) => e.preventDefault()} data-testid="statement-filters">
      <div className={s.filters}>
        <TextField
          className={s.wide}
          label={t("statements:filters.text")}
          placeholder={t("statements:filters.textPlaceholder")}
          value={filter.text}
          onChange={onText}
          type="search"
          autoComplete="off"
          data-testid="filter-text"
        />
        <OtherFields filter={filter} problems={problems} onChange={onChange} />
      </div>
      <FilterFooter walletIds={filter.walletIds} wallets={wallets} onChange={onChange} onClear={onClear} />
    </form>
  )
})

interface OtherFieldsProps {
  readonly filter: StatementFilter
  readonly problems: FilterProblems
  readonly onChange: (patch: Partial<StatementFilter>) => void
}
/** Equal when everything but the text is: the text changes on every keystroke, nothing here shows it. */
const sameOtherFields = (a: OtherFieldsProps, b: OtherFieldsProps): boolean => {
  if (a.onChange !== b.onChange || a.problems.date !== b.problems.date || a.problems.min !== b.problems.min || a.problems.max !== b.problems.max) return false
  for (const k of Object.keys(a.filter) as Array<keyof StatementFilter>) if (k !== "text" && a.filter[k] !== b.filter[k]) return false
  return true
}

const OtherFields = memo(function OtherFields({ filter, problems, onChange }: OtherFieldsProps) {
  const { t } = useTranslation()
  const amountsOn = filter.currency === "BRL"
  return (
    <>
      <Select
        label={t("statements:filters.period")}
        value={filter.preset}
        onChange={(v) => onChange({ preset: v as PresetChoice })}
        options={PRESET_CHOICES.map((p) => ({ value: p, label: t(`statements:presets.${p}`) }))}
        data-testid="filter-preset"
      />
      {filter.preset === "custom" ? (
        <>
          <TextField
            label={t("statements:filters.start")}
            type="date"
            value={filter.customStart}
            onChange={(customStart) => onChange({ customStart })}
            data-testid="filter-start"
          />
          <TextField
            label={t("statements:filters.end")}
            type="date"
            value={filter.customEnd}
            onChange={(customEnd) => onChange({ customEnd })}
            error={problems.date ? t(problems.date) : null}
            data-testid="filter-end"
          />
        </>
      ) : null}
      <Select
        label={t("statements:filters.type")}
        value={filter.type}
        onChange={(v) => onChange({ type: v as StatementType | "" })}
        placeholder={t("statements:filters.allTypes")}
        options={STATEMENT_TYPES.map((v) => ({ value: v, label: t(`statements:types.${v}`) }))}
        data-testid="filter-type"
      />
      <Select
        label={t("statements:filters.status")}
        value={filter.status}
        onChange={(v) => onChange({ status: v as StatementStatus | "" })}
        placeholder={t("statements:filters.allStatuses")}
        options={STATEMENT_STATUSES.map((v) => ({ value: v, label: t(`statements:status.${v}`) }))}
        data-testid="filter-status"
      />
      <Select
        label={t("statements:filters.direction")}
        value={filter.direction}
        onChange={(v) => onChange({ direction: v === "in" || v === "out" ? v : "" })}
        placeholder={t("statements:filters.bothDirections")}
        options={[
          { value: "in", label: t("statements:direction.in") },
          { value: "out", label: t("statements:direction.out") }
        ]}
        data-testid="filter-direction"
      />
      <Select
        label={t("statements:filters.currency")}
        value={filter.currency}
        onChange={(v) => onChange({ currency: v as CurrencySymbol | "" })}
        placeholder={t("statements:filters.allCurrencies")}
        options={FILTER_CURRENCIES.map((c) => ({ value: c, label: c }))}
        data-testid="filter-currency"
      />
      <MoneyField
        label={t("statements:filters.min")}
        value={filter.minText}
        onChange={(minText) => onChange({ minText })}
        error={amountsOn && problems.min ? t(problems.min) : null}
        disabled={!amountsOn}
        hint={amountsOn ? undefined : t("statements:filters.amountBrlOnly")}
        data-testid="filter-min"
      />
      <MoneyField
        label={t("statements:filters.max")}
        value={filter.maxText}
        onChange={(maxText) => onChange({ maxText })}
        error={amountsOn && problems.max ? t(problems.max) : null}
        disabled={!amountsOn}
        data-testid="filter-max"
      />
    </>
  )
}, sameOtherFields)

interface FilterFooterProps {
  readonly walletIds: ReadonlyArray<string>
  readonly wallets: ReadonlyArray<WalletAccess>
  readonly onChange: (patch: Partial<StatementFilter>) => void
  readonly onClear: () => void
}

const FilterFooter = memo(function FilterFooter({ walletIds, wallets, onChange, onClear }: FilterFooterProps) {
  const { t } = useTranslation()
  const toggleWallet = (id: string, on: boolean): void => {
    const next = on ? [...walletIds, id] : walletIds.filter((w) => w !== id)
    if (next.length > 0) onChange({ walletIds: wallets.map((w) => w.wallet.id).filter((w) => next.includes(w)) })
  }
  return (
    <div className={s.filterFooter}>
      {wallets.length > 1 ? (
        <fieldset className={s.wallets} data-testid="filter-wallets">
          <legend className={s.legend}>{t("statements:filters.wallets")}</legend>
          {wallets.map((w) => (
            <Checkbox
              key={w.wallet.id}
              id={`wallet-${w.wallet.id}`}
              label={w.wallet.name}
              checked={walletIds.includes(w.wallet.id)}
              onChange={(on) => toggleWallet(w.wallet.id, on)}
            />
          ))}
        </fieldset>
      ) : (
        <span />
      )}
      <Button variant="secondary" size="sm" onClick={onClear} data-testid="filter-clear">
        {t("statements:filters.clear")}
      </Button>
    </div>
  )
})
