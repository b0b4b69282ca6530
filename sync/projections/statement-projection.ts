/**
 * The statement projection (features §2 "/banking/statements", §3 StatementEntry; core §9 date
 * presets): the table projection (table-projection.ts) over the statement's description
 * (schema/tables/statement.ts), plus what only the statement has — CSV with its columns and OFX
 * (the description's `ofx` plugin). Every filter, sort, sum, group, series, image and match cache
 * is the shared TableProjection code (issue 11, D-table-description).
 */
import type { CurrencySymbol } from "../../schema/common.ts"
import type { StatementEntry, StatementStatus, StatementType, Direction } from "../../schema/entities.ts"
import { STATEMENT_STATUSES } from "../../schema/entities.ts"
import { STATEMENT_SUM_STATUSES, statementTable } from "../../schema/tables/statement.ts"
import { csvChunks, ofxChunks } from "./statement-export.ts"
import type { CsvOptions, ExportLocale, OfxBlock, OfxOptions } from "./statement-export.ts"
import {
  TableProjection,
  monthsFromDays,
  ProjectionChangedError,
  MAX_LIMIT,
  MIN_ID_QUERY,
  type CurrencyTotals as TableCurrencyTotals,
  type GroupTotals,
  type SeriesPoint,
  type TableGroupBy,
  type TableProjectionOptions,
  type TableQuery,
  type TableQueryResult,
  type TableSeries,
  type TableSort,
  type ProjectionImage
} from "./table-projection.ts"

export { monthsFromDays, ProjectionChangedError, MAX_LIMIT, MIN_ID_QUERY }
export type { GroupTotals, SeriesPoint, ProjectionImage }

export type StatementSort = TableSort
export type StatementGroupBy = Exclude<TableGroupBy, "code">
export interface StatementQuery extends TableQuery {
  readonly types?: ReadonlyArray<StatementType>
  readonly statuses?: ReadonlyArray<StatementStatus>
  readonly direction?: Direction
  readonly currency?: CurrencySymbol
  readonly groupBy?: StatementGroupBy
}
export type StatementRowView = StatementEntry
export type CurrencyTotals = TableCurrencyTotals<CurrencySymbol>
export type StatementQueryResult = TableQueryResult<StatementEntry, CurrencySymbol>
export type StatementSeries = TableSeries<CurrencySymbol>
export type StatementProjectionOptions = TableProjectionOptions

/**
 * Statuses whose amounts count in sums, series and OFX: money that moved (completed) or is
 * moving (pending). Failed and reverted rows stay in counts, lists and CSV, but adding them
 * would report money that never moved.
 */
export const SUM_STATUSES: ReadonlyArray<StatementStatus> = STATEMENT_SUM_STATUSES

export class StatementProjection extends TableProjection<StatementEntry, StatementQuery, CurrencySymbol> {
  constructor(options: StatementProjectionOptions = {}) {
    super(statementTable, options)
  }

  /** A projection from an image, or null when the image was written by a different layout or is damaged (S6). */
  static fromImage(image: unknown): StatementProjection | null {
    return TableProjection.fromTableImage(image, () => new StatementProjection())
  }

  /**
   * CSV of exactly the filtered rows (all of them, in the query's order), as string chunks.
   * `headers` are the translated column labels in CSV_COLUMNS order (the view passes them).
   */
  toCsv(q: StatementQuery, locale: ExportLocale, headers: ReadonlyArray<string>, options?: CsvOptions): Generator<string, void, undefined> {
    return csvChunks(this.matchingRows(q), locale, headers, options)
  }

  /**
   * OFX of the filtered rows whose status counts in sums (SUM_STATUSES: an accounting import
   * must not book money that never moved), one statement per wallet and currency, in the
   * query's order within each, as string chunks.
   */
  toOfx(q: StatementQuery, options?: OfxOptions): Generator<string, void, undefined> {
    const wanted = q.statuses !== undefined && q.statuses.length > 0 ? q.statuses : STATEMENT_STATUSES
    const statuses = wanted.filter((s) => SUM_STATUSES.includes(s))
    const rows = statuses.length === 0 ? new Uint32Array(0) : this.allMatches({ ...q, statuses })
    const currencies = this.b.currencies
    const nc = currencies.length
    const store = this.store
    // partition by (wallet, currency), keeping the sort order inside each block
    const blocks = new Map<number, number[]>()
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as number
      const key = (store.wallet[r] as number) * nc + ((store.code[r] as number) & this.b.curMask)
      let list = blocks.get(key)
      if (list === undefined) blocks.set(key, (list = []))
      list.push(r)
    }
    const balance = store.ints[0]
    const ofxBlocks: OfxBlock[] = []
    for (const [key, list] of blocks) {
      let first = Infinity
      let last = -Infinity
      let latest = list[0] as number
      for (const r of list) {
        const t = store.createdAt[r] as number
        if (t < first) first = t
        if (t > last) last = t
        if (store.compareDate(r, latest) > 0) latest = r
      }
      ofxBlocks.push({
        walletId: store.wallets.value(Math.floor(key / nc)),
        currency: currencies[key % nc] as CurrencySymbol,
        first,
        last,
        ledgerBalance: balance ? balance.get(latest) : 0,
        ledgerAt: store.createdAt[latest] as number,
        rows: this.viewsOf(list)
      })
    }
    const range = { ...(q.from !== undefined ? { from: q.from } : {}), ...(q.to !== undefined ? { to: q.to } : {}) }
    return ofxChunks(ofxBlocks, { ...options, ...range })
  }
}
