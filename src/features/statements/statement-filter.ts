/**
 * The statement filter of /banking/statements (spec features §2 statements page, §5 date
 * ranges, core §9 date presets): what the user typed, kept exactly as typed (DESIGN "a bad input
 * … loses nothing the user typed"), and the worker query built from its valid parts. An invalid
 * part (a reversed custom range, an amount that is not money, min above max) is left out of the
 * query and reported as a message key instead.
 */
import type { StatementQueryMsg } from "../../../workers/protocol.ts"
import type { CurrencySymbol } from "../../../schema/common.ts"
import { STATEMENT_STATUSES, STATEMENT_TYPES, type StatementStatus, type StatementType } from "../../../schema/entities.ts"
import { parseMoneyInput, type MoneyLocale } from "../../../schema/validation.ts"
import { customRange, presetRange, type DatePreset, type DateRange } from "../../lib/date-presets.ts"

export type PresetChoice = "all" | DatePreset | "custom"
export const PRESET_CHOICES: ReadonlyArray<PresetChoice> = ["all", "today", "thisWeek", "thisMonth", "sevenDays", "fifteenDays", "custom"]
/** The statement's currencies; "" = every currency (sums then go per currency). */
export const FILTER_CURRENCIES: ReadonlyArray<CurrencySymbol> = ["BRL", "BTC", "ETH", "USDT"]

export interface StatementFilter {
  readonly walletIds: ReadonlyArray<string>
  readonly text: string
  readonly preset: PresetChoice
  readonly customStart: string
  readonly customEnd: string
  readonly type: StatementType | ""
  readonly status: StatementStatus | ""
  readonly direction: "in" | "out" | ""
  readonly currency: CurrencySymbol | ""
  readonly minText: string
  readonly maxText: string
}

export const emptyFilter = (walletIds: ReadonlyArray<string>): StatementFilter => ({
  walletIds,
  text: "",
  preset: "all",
  customStart: "",
  customEnd: "",
  type: "",
  status: "",
  direction: "",
  currency: "BRL",
  minText: "",
  maxText: ""
})

export type BaseQuery = Omit<StatementQueryMsg, "offset" | "limit" | "sort" | "groupBy">

/** Full i18n keys ("validation:VALIDATION_DATE_RANGE", …) of what is wrong. */
export interface FilterProblems {
  readonly date?: string
  readonly min?: string
  readonly max?: string
}

export interface BuiltFilter {
  readonly query: BaseQuery
  readonly range: DateRange | null
  readonly problems: FilterProblems
}

const isType = (s: string): s is StatementType => (STATEMENT_TYPES as ReadonlyArray<string>).includes(s)
const isStatus = (s: string): s is StatementStatus => (STATEMENT_STATUSES as ReadonlyArray<string>).includes(s)

/** `locale`: the language the amounts are typed in (issue 31 item 3; pt when not given). */
export function buildQuery(f: StatementFilter, now: number, locale: MoneyLocale = "pt"): BuiltFilter {
  const problems: { date?: string; min?: string; max?: string } = {}
  let range: DateRange | null = null
  if (f.preset === "custom") {
    if (f.customStart !== "" || f.customEnd !== "") {
      const r = customRange(f.customStart, f.customEnd)
      if (r === null) problems.date = "validation:VALIDATION_DATE"
      else if (r.from >= r.to) problems.date = "validation:VALIDATION_DATE_RANGE"
      else range = r
    }
  } else if (f.preset !== "all") range = presetRange(f.preset, now)

  const money = (text: string, which: "min" | "max"): number | undefined => {
    if (text.trim() === "") return undefined
    const cents = parseMoneyInput(text, locale)
    if (cents === null) {
      problems[which] = "validation:VALIDATION_MONEY"
      return undefined
    }
    return cents
  }
  // amounts are typed in reais: the range applies to BRL rows only (docs: statements decisions)
  const amounts = f.currency === "BRL"
  let minAmount = amounts ? money(f.minText, "min") : undefined
  let maxAmount = amounts ? money(f.maxText, "max") : undefined
  if (minAmount !== undefined && maxAmount !== undefined && minAmount > maxAmount) {
    problems.max = "statements:filters.amountRangeError"
    minAmount = undefined
    maxAmount = undefined
  }
  const text = f.text.trim()
  const query: BaseQuery = {
    walletIds: [...f.walletIds],
    ...(text !== "" ? { text } : {}),
    ...(range ? { from: range.from, to: range.to } : {}),
    ...(isType(f.type) ? { types: [f.type] } : {}),
    ...(isStatus(f.status) ? { statuses: [f.status] } : {}),
    ...(f.direction !== "" ? { direction: f.direction } : {}),
    ...(f.currency !== "" ? { currency: f.currency } : {}),
    ...(minAmount !== undefined ? { minAmount } : {}),
    ...(maxAmount !== undefined ? { maxAmount } : {})
  }
  return { query, range, problems }
}
