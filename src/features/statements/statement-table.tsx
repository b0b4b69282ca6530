/**
 * The statement table of /banking/statements (features §2 statements page; DESIGN "heavy users
 * who filter 100k to 1M rows"; issue 5 "a virtualised table that scrolls a million rows"): the
 * statement's columns, its day groups and its pending rows over the one virtualised table of
 * src/ui/data-table.tsx (issue 16 "one component, not a copy"), which windows the rows, keeps the
 * last answer up while a keystroke's answer is on its way and keys rows by their place.
 *
 * Optional grouping by day (features §2, issue 5 "grouping by day with day totals") inserts a
 * header row with the day's count and totals before each day; the groups come from the
 * summary query (groupBy day) in the same order as the rows. Pending command effects are shown
 * as rows above the list, marked pending.
 */
import { memo, useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import type { StatementQueryMsg } from "../../../workers/protocol.ts"
import type { GroupTotals, StatementRowView } from "../../../workers/results.ts"
import { formatDate } from "../../../schema/format.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Badge, visuallyHidden, type Tone } from "../../ui/index.ts"
import { DataTable, DATA_ROW_HEIGHT, FIRST_WINDOW_LIMIT as FIRST_LIMIT, windowLimit as limitFor, type DataColumn, type DataSort } from "../../ui/data-table.tsx"
import type { BaseQuery } from "./statement-filter.ts"
import * as s from "./statement-table.css.ts"

export const ROW_HEIGHT = DATA_ROW_HEIGHT

export interface StatementSort {
  readonly by: "created_at" | "amount"
  readonly dir: "asc" | "desc"
}

export interface StatementTableProps {
  readonly base: BaseQuery
  readonly sort: StatementSort
  readonly onSort: (s: StatementSort) => void
  /** Matching rows (from the summary query); undefined while unknown. */
  readonly total: number | undefined
  /**
   * While `total` is unknown: the first rows of this filter, already found by the worker (its
   * early answer, sync/SPEC.md Q5), shown at once while the count and totals are on their way.
   */
  readonly early?: ReadonlyArray<StatementRowView> | undefined
  /** The early rows are every row of the filter (made on the page from the answer before, Q5b). */
  readonly earlyComplete?: boolean | undefined
  /** Day groups in row order, when grouping by day. */
  readonly groups: ReadonlyArray<GroupTotals> | undefined
  readonly pending: ReadonlyArray<StatementRowView>
  /** Shown as a column when several wallets are selected. */
  readonly walletName: ((id: string) => string) | null
  readonly onOpen: (row: StatementRowView) => void
}

const STATUS_TONE: Readonly<Record<string, Tone>> = { completed: "success", pending: "warning", failed: "danger", reverted: "neutral" }

/** The window query of the table (also asked by the page for offset 0, so both share one answer). */
export function windowQuery(base: BaseQuery, sort: StatementSort, offset: number, limit: number): StatementQueryMsg {
  return { ...base, sort, offset, limit }
}
/**
 * The live query of a window: the page's head query and the table's windows are this one. The first window asks for
 * its rows first (Q5); a window further down, or the reserve a text typed forward is narrowed from (Q5b), needs no
 * early answer.
 */
export function windowLive(base: BaseQuery, sort: StatementSort, offset: number, limit: number) {
  return { kind: "statements", query: windowQuery(base, sort, offset, limit), ...(offset === 0 && limit === FIRST_LIMIT ? { early: true } : {}) } as const
}
/** Rows asked for the rows shown: those and as many again, in whole chunks. */
export const windowLimit = limitFor
/** At the top of a fresh filter the table asks this window, and the page asks the same one for its totals. */
export const FIRST_WINDOW_LIMIT = FIRST_LIMIT

type Format = ReturnType<typeof useFormat>

/** The translated words of the rows, each looked up once per language: i18next's `t` costs
 * microseconds a call, and rows are re-rendered on every answer and while scrolling. */
interface RowLabels {
  type(type: string): string
  status(status: string): string
  readonly pending: string
  readonly in: string
  readonly out: string
}
function rowLabels(t: TFunction): RowLabels {
  const types = new Map<string, string>()
  const statuses = new Map<string, string>()
  const cached = (m: Map<string, string>, key: string, make: () => string): string => {
    let v = m.get(key)
    if (v === undefined) {
      v = make()
      m.set(key, v)
    }
    return v
  }
  return {
    type: (type) => cached(types, type, () => t(`statements:types.${type}`, { defaultValue: type })),
    status: (status) => cached(statuses, status, () => t(`statements:status.${status}`, { defaultValue: status })),
    pending: t("statements:table.pending"),
    in: t("statements:direction.in"),
    out: t("statements:direction.out")
  }
}

/** The statement's columns (the grid tracks it always had: 116px date, 2.4fr description…). */
function statementColumns(
  t: TFunction,
  labels: RowLabels,
  f: Format,
  walletName: ((id: string) => string) | null
): ReadonlyArray<DataColumn<StatementRowView>> {
  const wide = walletName !== null
  return [
    {
      id: "date",
      header: t("statements:table.date"),
      width: "116px",
      narrowWidth: "78px",
      sort: "created_at",
      placeholder: true,
      className: s.twoLines,
      cell: (r) => {
        const when = f.dateTime(r.created_at)
        return (
          <>
            <span className={s.dateMain}>{when.slice(0, 10)}</span>
            <span className={s.sub}>{when.slice(11)}</span>
          </>
        )
      }
    },
    {
      id: "description",
      header: t("statements:table.description"),
      width: wide ? "minmax(0, 2.2fr)" : "minmax(0, 2.4fr)",
      narrowWidth: "minmax(0, 1fr)",
      placeholder: true,
      className: s.twoLines,
      cell: (r) => (
        <>
          <span className={s.main}>{r.description || labels.type(r.type)}</span>
          <span className={s.sub}>{`${r.counterparty_name}${r.counterparty_document ? ` · ${f.document(r.counterparty_document)}` : ""}`}</span>
        </>
      )
    },
    { id: "type", header: t("statements:table.type"), width: wide ? "minmax(0, 1fr)" : "minmax(0, 1.1fr)", cell: (r) => labels.type(r.type) },
    {
      id: "status",
      header: t("statements:table.status"),
      width: "104px",
      className: "",
      cell: (r) =>
        r.pending ? <Badge tone="info">{labels.pending}</Badge> : <Badge tone={STATUS_TONE[r.status] ?? "neutral"}>{labels.status(r.status)}</Badge>
    },
    ...(walletName
      ? [{ id: "wallet", header: t("statements:table.wallet"), width: "minmax(0, 1fr)", cell: (r: StatementRowView) => walletName(r.wallet_id) }]
      : []),
    {
      id: "amount",
      header: t("statements:table.amount"),
      width: "minmax(150px, auto)",
      narrowWidth: "auto",
      sort: "amount",
      align: "end",
      className: s.amount,
      cell: (r) => {
        const inward = r.direction === "in"
        return (
          <span className={inward ? s.amountIn : undefined}>
            <span className={visuallyHidden}>{inward ? labels.in : labels.out}</span>
            {`${inward ? "+" : "−"} ${f.amount(r.amount, r.currency_symbol)}`}
          </span>
        )
      }
    }
  ]
}

const rowAttrs = (r: StatementRowView) => ({ id: r.id, "operation-id": r.operation_id, amount: r.amount, direction: r.direction })

/** Memoised: the page re-renders for export jobs and dialogs, the table only for its own props. */
export const StatementTable = memo(function StatementTable({
  base,
  sort,
  onSort,
  total,
  early,
  earlyComplete,
  groups,
  pending,
  walletName,
  onOpen
}: StatementTableProps) {
  const { t } = useTranslation()
  const f = useFormat()
  const labels = useMemo(() => rowLabels(t), [t])
  const columns = useMemo(() => statementColumns(t, labels, f, walletName), [t, labels, f, walletName])
  const key = JSON.stringify([base, sort])
  const windowQ = (offset: number, limit: number) => windowLive(base, sort, offset, limit)
  const money = (v: number): string => f.amount(v, base.currency ?? "BRL")
  const renderGroup = (g: GroupTotals) => (
    <>
      <span role="cell">{`${formatDate(g.key)} · ${t("statements:table.groupCount", { count: g.count })}`}</span>
      {base.currency !== undefined ? (
        <span role="cell" className={[s.groupTotals, s.hideNarrow].join(" ")}>
          <span>{t("statements:table.groupIn", { value: money(g.sumIn) })}</span>
          <span>{t("statements:table.groupOut", { value: money(g.sumOut) })}</span>
          <span>{t("statements:table.groupNet", { value: money(g.sumIn - g.sumOut) })}</span>
        </span>
      ) : (
        <span role="cell" />
      )}
    </>
  )
  return (
    <DataTable<StatementRowView, GroupTotals>
      columns={columns}
      queryKey={key}
      windowQuery={windowQ}
      total={total}
      early={early}
      earlyComplete={earlyComplete}
      typedForward
      groups={groups}
      renderGroup={renderGroup}
      groupTestId="statement-group-row"
      groupAttrs={groupAttrs}
      pending={pending}
      rowKey={rowKey}
      rowAttrs={rowAttrs}
      onOpen={onOpen}
      sort={sort}
      onSort={onSort as (s: DataSort) => void}
      text={base.text ?? ""}
      label={t("statements:table.label")}
      scrollLabel={t("statements:table.scrollLabel")}
      emptyTitle={t("statements:table.empty")}
      emptyMessage={t("statements:table.emptyHint")}
      testIds={{ table: "statement-table", row: "statement-row", pendingRow: "statement-pending-row", scroller: "statement-scroller" }}
    />
  )
})
const groupAttrs = (g: GroupTotals) => ({ day: g.key })
const rowKey = (r: StatementRowView) => r.id
