/**
 * Sports betting (spec features §1, §2 "Sports betting", §3 betting report / GGR submission /
 * apportionment, §4 exports and uploads states, §5 betting rules, §9): the rows the client syncs
 * (daily reports, monthly GGR, apportionments, apportionment payments), their synced lists, the
 * report-correction deadline and the apportionment's destinations. Decisions: docs/decisions.md
 * D-betting-*; the report file format: docs/betting-report.md.
 */
import { Schema } from "effect"
import { addBankBusinessDays, bankBusinessDayOnOrAfter } from "./holidays.ts"
import { defineList } from "./list-def.ts"
import { dateWithin } from "./rules/money-dates.ts"

/** features §4 "Exports and uploads": in progress, completed, failure; plus our `cancelled`. */
export const ReportStatus = Schema.Literals(["in_progress", "completed", "failure", "cancelled"])
export type ReportStatus = typeof ReportStatus.Type

export const BettingReport = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  /** The day the report covers (YYYY-MM-DD, São Paulo). */
  report_date: Schema.String,
  file_id: Schema.String,
  file_name: Schema.String,
  size: Schema.Int,
  status: ReportStatus,
  /** Why the server refused the file (a catalogue-like key of docs/betting-report.md) and where. */
  failure_reason: Schema.NullOr(Schema.String),
  failure_detail: Schema.NullOr(Schema.String),
  bets: Schema.Int,
  /** 1 once the report for this date was changed (features §5: once per date). */
  changes: Schema.Int,
  /** The last day it may still be changed or cancelled (reportCorrectionDeadline). */
  deadline: Schema.String,
  transaction_uuid: Schema.String,
  created_at: Schema.String,
  updated_at: Schema.String
})
export type BettingReport = typeof BettingReport.Type

export const GgrSubmission = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  month: Schema.Int,
  year: Schema.Int,
  /** BRL cents. */
  total_value: Schema.Int,
  /** 1 once changed (features §5: a GGR can be changed only once). */
  changes: Schema.Int,
  created_at: Schema.String,
  updated_at: Schema.String
})
export type GgrSubmission = typeof GgrSubmission.Type

export const Beneficiary = Schema.Struct({
  key: Schema.String,
  /** Hundredths of a percent of the GGR (1000 = 10,00 %). */
  percentage_bp: Schema.Int,
  value: Schema.Int
})
export const ApportionmentStatus = Schema.Literals(["pending", "paid"])
export const Apportionment = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  ggr_id: Schema.String,
  month: Schema.Int,
  year: Schema.Int,
  calculation_date: Schema.String,
  ggr_value: Schema.Int,
  total_value: Schema.Int,
  beneficiaries: Schema.Array(Beneficiary),
  status: ApportionmentStatus,
  /** The dynamic BR Code (Pix copy-and-paste) that pays the amount due. */
  brcode: Schema.String,
  paid_at: Schema.NullOr(Schema.String),
  created_at: Schema.String,
  updated_at: Schema.String
})
export type Apportionment = typeof Apportionment.Type

export const GgrPayment = Schema.Struct({
  id: Schema.String,
  wallet_id: Schema.String,
  apportionment_id: Schema.String,
  month: Schema.Int,
  year: Schema.Int,
  amount: Schema.Int,
  transaction_uuid: Schema.String,
  created_at: Schema.String,
  updated_at: Schema.String
})
export type GgrPayment = typeof GgrPayment.Type

// ── bodies ───────────────────────────────────────────────────────────────────
/** A GGR's value: a safe integer of at most 10^15 either way (VALIDATION_FORMAT otherwise). */
const GgrValue = Schema.Int.check(Schema.makeFilter((v: number) => Number.isSafeInteger(v) && Math.abs(v) <= 1e15))
/** The bodies' rules that need no clock (D-rules-on-contract): a date YYYY-MM-DD, a month 1–12, a year from 2023 (VALIDATION_FORMAT). */
export const ReportCreateBody = Schema.Struct({
  report_date: Schema.String.check(Schema.makeFilter((s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)))),
  file_id: Schema.String
})
export const GgrCreateBody = Schema.Struct({
  month: Schema.Int.check(Schema.makeFilter((m: number) => m >= 1 && m <= 12)),
  year: Schema.Int.check(Schema.makeFilter((y: number) => y >= 2023)),
  total_value: GgrValue
})
export const GgrPatchBody = Schema.Struct({ total_value: GgrValue })

/** A report's body judged on `today` (a São Paulo YYYY-MM-DD): it covers that day or one before (VALIDATION_FORMAT). */
export const reportCreateBodyOn = (today: string) =>
  Schema.Struct({
    ...ReportCreateBody.fields,
    report_date: ReportCreateBody.fields.report_date.check(dateWithin({ max: today }, { after: "VALIDATION_FORMAT" }))
  })
/** A GGR's body judged on `today`: its month is not still to come (VALIDATION_FORMAT on `month`). */
export const ggrCreateBodyOn = (today: string) => {
  const [ty, tm] = today.split("-").map(Number) as [number, number]
  return GgrCreateBody.check(
    Schema.makeFilter(
      (b: { readonly month: number; readonly year: number }) => b.year * 12 + b.month <= ty * 12 + tm || { path: ["month"], issue: "VALIDATION_FORMAT" }
    )
  )
}
export const GgrPayBody = Schema.Struct({ apportionment_id: Schema.String, pin_token: Schema.String })

/**
 * Where 12 % of the GGR goes (Law 14.790/2023 art. 30 as we read it; docs/decisions.md
 * D-betting-apportionment says which text and that the figures are the sandbox's reading).
 * In hundredths of a percent of the GGR; they sum to 1200 (12 %).
 */
export const APPORTIONMENT_DESTINATIONS: ReadonlyArray<{ readonly key: string; readonly bp: number }> = [
  { key: "sport", bp: 432 },
  { key: "tourism", bp: 336 },
  { key: "public_security", bp: 163 },
  { key: "education", bp: 82 },
  { key: "social_security", bp: 100 },
  { key: "health", bp: 87 }
]
export const APPORTIONMENT_TOTAL_BP = APPORTIONMENT_DESTINATIONS.reduce((s, d) => s + d.bp, 0)

/** Values per destination in cents; rounding left-overs go to the first, so they sum to the total. */
export const apportion = (ggr: number): { total: number; beneficiaries: Array<{ key: string; percentage_bp: number; value: number }> } => {
  const total = Math.max(0, Math.round((ggr * APPORTIONMENT_TOTAL_BP) / 10_000))
  const parts = APPORTIONMENT_DESTINATIONS.map((d) => ({ key: d.key, percentage_bp: d.bp, value: Math.floor((total * d.bp) / APPORTIONMENT_TOTAL_BP) }))
  const rest = total - parts.reduce((s, p) => s + p.value, 0)
  if (parts[0]) parts[0].value += rest
  return { total, beneficiaries: parts }
}

/** features §5: the business day of the next month until which a report may be changed (a setting, default 7; D-betting-deadline). */
export const REPORT_CORRECTION_BUSINESS_DAY = 7

/**
 * features §5, §9: the last day a report for `date` ("YYYY-MM-DD") may be changed or cancelled —
 * the `n`th bank business day of the following month.
 */
export const reportCorrectionDeadline = (date: string, n: number = REPORT_CORRECTION_BUSINESS_DAY): string => {
  const m = /^(\d{4})-(\d{2})-\d{2}$/.exec(date)
  if (!m) throw new RangeError(`invalid date: ${date}`)
  let y = Number(m[1])
  let mo = Number(m[2]) + 1
  if (mo === 13) {
    mo = 1
    y += 1
  }
  const first = bankBusinessDayOnOrAfter(`${y}-${String(mo).padStart(2, "0")}-01`)
  return addBankBusinessDays(first, n - 1)
}

const newestFirst = (a: { readonly created_at: string }, b: { readonly created_at: string }) => b.created_at.localeCompare(a.created_at)

/** The synced lists of the area (features §2 history-bet, history-ggr, payment-proportion): created_at desc, pages of 20 (features §7). */
export const bettingLists = {
  endr_reports: defineList({ endpoint: "endrReports", row: BettingReport, scope: "wallet", id: (r) => r.id, order: newestFirst, pageSize: 20 }),
  endr_ggr: defineList({ endpoint: "endrGgrList", row: GgrSubmission, scope: "wallet", id: (r) => r.id, order: newestFirst, pageSize: 20 }),
  endr_apportionments: defineList({ endpoint: "endrApportionments", row: Apportionment, scope: "wallet", id: (r) => r.id, order: newestFirst, pageSize: 20 }),
  endr_payments: defineList({ endpoint: "endrPayments", row: GgrPayment, scope: "wallet", id: (r) => r.id, order: newestFirst, pageSize: 20 })
}
