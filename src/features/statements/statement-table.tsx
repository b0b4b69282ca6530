/**
 * The statement table of /banking/statements (features §2 statements page; DESIGN "heavy users
 * who filter 100k to 1M rows"; issue 5 "a virtualised table that scrolls a million rows"):
 * @tanstack/react-virtual with a fixed row height; the worker is asked only for the window
 * around the scroll position (offset = first visible row, limit ≈ 2× the visible rows, rounded
 * to chunks so small scrolls reuse the answer), while `total` gives the scroll height.
 *
 * Browsers cap an element's height (Chromium at about 33.5M px), below 1M rows × 52 px: past
 * MAX_SCROLL_PX the spacer is compressed and the scroll position scaled, so the virtualiser works
 * in the list's full coordinates and rows are placed relative to the viewport.
 *
 * Optional grouping by day (features §2, issue 5 "grouping by day with day totals") inserts a
 * header row with the day's count and totals before each day; the groups come from the
 * summary query (groupBy day) in the same order as the rows. Pending command effects are shown
 * as rows above the list, marked pending.
 */
import { Fragment, memo, useEffect, useMemo, useRef, type KeyboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { useVirtualizer } from "@tanstack/react-virtual"
import { useLiveQuery } from "../../../workers/client.ts"
import type { GroupTotals, StatementRowView } from "../../../workers/results.ts"
import { formatDate } from "../../../schema/format.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Badge, EmptyState, visuallyHidden, type Tone } from "../../ui/index.ts"
import type { BaseQuery } from "./statement-filter.ts"
import * as s from "./statement-table.css.ts"

export const ROW_HEIGHT = 52
/** Well under every browser's element-height cap. */
const MAX_SCROLL_PX = 8_000_000
/** Window offsets are multiples of this, so scrolling a few rows reuses the worker's answer. */
const CHUNK = 50

export interface StatementSort { readonly by: "created_at" | "amount"; readonly dir: "asc" | "desc" }

export interface StatementTableProps {
  readonly base: BaseQuery
  readonly sort: StatementSort
  readonly onSort: (s: StatementSort) => void
  /** Matching rows (from the summary query); undefined while unknown. */
  readonly total: number | undefined
  /** Day groups in row order, when grouping by day. */
  readonly groups: ReadonlyArray<GroupTotals> | undefined
  readonly pending: ReadonlyArray<StatementRowView>
  /** Shown as a column when several wallets are selected. */
  readonly walletName: ((id: string) => string) | null
  readonly onOpen: (row: StatementRowView) => void
}

const STATUS_TONE: Readonly<Record<string, Tone>> = { completed: "success", pending: "warning", failed: "danger", reverted: "neutral" }

/** Display index of each group's header row. */
function headerIndexes(groups: ReadonlyArray<GroupTotals> | undefined): Int32Array | null {
  if (!groups || groups.length === 0) return null
  const out = new Int32Array(groups.length)
  let at = 0
  groups.forEach((g, i) => { out[i] = at; at += g.count + 1 })
  return out
}

/** The group of a display index (the last header at or before it). */
function groupAt(starts: Int32Array, d: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] as number) <= d) lo = mid
    else hi = mid - 1
  }
  return lo
}

type Slot = { readonly kind: "group"; readonly group: number } | { readonly kind: "row"; readonly index: number }
function slotAt(starts: Int32Array | null, d: number): Slot {
  if (!starts) return { kind: "row", index: d }
  const g = groupAt(starts, d)
  const h = starts[g] as number
  return h === d ? { kind: "group", group: g } : { kind: "row", index: d - g - 1 }
}
/** The data index shown at or after a display index. */
const dataIndexFrom = (starts: Int32Array | null, d: number): number => {
  const sl = slotAt(starts, d)
  return sl.kind === "row" ? sl.index : (starts?.[sl.group] ?? 0) - sl.group
}

interface WindowRows { readonly key: string; readonly offset: number; readonly rows: ReadonlyArray<StatementRowView> }

/** Memoised: the page re-renders for export jobs and dialogs, the table only for its own props. */
export const StatementTable = memo(function StatementTable({ base, sort, onSort, total, groups, pending, walletName, onOpen }: StatementTableProps) {
  const { t } = useTranslation()
  const f = useFormat()
  const scrollRef = useRef<HTMLDivElement>(null)
  const scaleRef = useRef(1)
  const realTopRef = useRef(0)
  const starts = useMemo(() => headerIndexes(groups), [groups])
  const count = (total ?? 0) + (starts ? starts.length : 0)
  const fullPx = count * ROW_HEIGHT
  const spacerPx = Math.min(fullPx, MAX_SCROLL_PX)
  const viewportPx = scrollRef.current?.clientHeight ?? 600
  scaleRef.current = fullPx > MAX_SCROLL_PX ? (fullPx - viewportPx) / Math.max(1, spacerPx - viewportPx) : 1

  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    observeElementOffset: (instance, cb) => {
      const el = instance.scrollElement
      if (!el) return undefined
      let timer: ReturnType<typeof setTimeout> | undefined
      const read = (): number => { realTopRef.current = el.scrollTop; return el.scrollTop * scaleRef.current }
      const onScroll = (): void => {
        cb(read(), true)
        clearTimeout(timer)
        timer = setTimeout(() => cb(read(), false), 150)
      }
      cb(read(), false)
      el.addEventListener("scroll", onScroll, { passive: true })
      return () => { el.removeEventListener("scroll", onScroll); clearTimeout(timer) }
    },
    scrollToFn: (offset, _options, instance) => { instance.scrollElement?.scrollTo({ top: offset / scaleRef.current }) }
  })

  // a new filter or sort starts at the top
  const key = JSON.stringify([base, sort])
  useEffect(() => { if (scrollRef.current) scrollRef.current.scrollTop = 0 }, [key])
  // the scale moves with the row count (rows still arriving): re-read the position
  useEffect(() => { scrollRef.current?.dispatchEvent(new Event("scroll")) }, [count])

  const items = virtualizer.getVirtualItems()
  const firstData = items.length > 0 ? dataIndexFrom(starts, (items[0] as { index: number }).index) : 0
  const visible = Math.max(1, Math.ceil(viewportPx / ROW_HEIGHT))
  const offset = Math.max(0, Math.floor(firstData / CHUNK) * CHUNK)
  const limit = Math.ceil((visible * 2 + CHUNK) / CHUNK) * CHUNK
  const win = useLiveQuery(total !== undefined && total > 0 ? { kind: "statements", query: { ...base, sort, offset, limit } } : null)

  const current: WindowRows | null = win ? { key, offset, rows: win.rows } : null
  const last = useRef<WindowRows | null>(null)
  useEffect(() => { if (current) last.current = current })
  const rowAt = (i: number): StatementRowView | null => {
    for (const w of [current, last.current]) {
      if (w && w.key === key && i >= w.offset && i < w.offset + w.rows.length) return w.rows[i - w.offset] ?? null
    }
    return null
  }

  const rowClass = [s.row, walletName ? s.withWallet : ""].join(" ")
  const virtOffset = virtualizer.scrollOffset ?? 0
  const shift = realTopRef.current - virtOffset
  const sortHeader = (by: StatementSort["by"], label: string) => {
    const active = sort.by === by
    const next: StatementSort = active ? { by, dir: sort.dir === "desc" ? "asc" : "desc" } : { by, dir: "desc" }
    return (
      <span role="columnheader" aria-sort={active ? (sort.dir === "asc" ? "ascending" : "descending") : "none"} className={by === "amount" ? s.right : undefined}>
        <button type="button" className={s.sortButton} onClick={() => onSort(next)} data-testid={`sort-${by}`}>
          {label}{active ? (sort.dir === "asc" ? " ↑" : " ↓") : ""}
        </button>
      </span>
    )
  }

  const money = (v: number): string => f.amount(v, base.currency ?? "BRL")
  const renderRow = (r: StatementRowView, place?: { readonly y: number; readonly index: number }) => {
    const open = (): void => { if (!r.pending) onOpen(r) }
    const onKey = (e: KeyboardEvent): void => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open() } }
    const sign = r.direction === "in" ? "+" : "−"
    return (
      <div
        className={[rowClass, r.pending ? s.pendingRow : s.dataRow, place ? s.item : ""].join(" ")}
        style={place ? { transform: `translateY(${place.y}px)` } : undefined}
        aria-rowindex={place ? place.index + 2 : undefined}
        role="row"
        tabIndex={r.pending ? -1 : 0}
        onClick={open}
        onKeyDown={onKey}
        data-testid={r.pending ? "statement-pending-row" : "statement-row"}
        data-id={r.id}
        data-operation-id={r.operation_id}
        data-amount={r.amount}
        data-direction={r.direction}
      >
        <span role="cell" className={s.twoLines}>
          <span className={s.dateMain}>{f.dateTime(r.created_at).slice(0, 10)}</span>
          <span className={s.sub}>{f.dateTime(r.created_at).slice(11)}</span>
        </span>
        <span role="cell" className={s.twoLines}>
          <span className={s.main}>{r.description || t(`statements:types.${r.type}`)}</span>
          <span className={s.sub}>{r.counterparty_name}{r.counterparty_document ? ` · ${f.document(r.counterparty_document)}` : ""}</span>
        </span>
        <span role="cell" className={[s.cell, s.hideNarrow].join(" ")}>{t(`statements:types.${r.type}`, { defaultValue: r.type })}</span>
        <span role="cell" className={s.hideNarrow}>
          {r.pending
            ? <Badge tone="info">{t("statements:table.pending")}</Badge>
            : <Badge tone={STATUS_TONE[r.status] ?? "neutral"}>{t(`statements:status.${r.status}`, { defaultValue: r.status })}</Badge>}
        </span>
        {walletName ? <span role="cell" className={[s.cell, s.hideNarrow].join(" ")}>{walletName(r.wallet_id)}</span> : null}
        <span role="cell" className={[s.amount, r.direction === "in" ? s.amountIn : ""].join(" ")}>
          <span className={visuallyHidden}>{r.direction === "in" ? t("statements:direction.in") : t("statements:direction.out")}</span>
          {`${sign} ${f.amount(r.amount, r.currency_symbol)}`}
        </span>
      </div>
    )
  }

  const renderGroup = (g: GroupTotals, y: number, index: number) => (
    <div
      key={`g${g.key}`}
      className={[s.row, s.groupRow, s.item].join(" ")}
      style={{ transform: `translateY(${y}px)` }}
      role="row"
      aria-rowindex={index + 2}
      data-testid="statement-group-row"
      data-day={g.key}
    >
      <span role="cell">{`${formatDate(g.key)} · ${t("statements:table.groupCount", { count: g.count })}`}</span>
      {base.currency !== undefined ? (
        <span role="cell" className={[s.groupTotals, s.hideNarrow].join(" ")}>
          <span>{t("statements:table.groupIn", { value: money(g.sumIn) })}</span>
          <span>{t("statements:table.groupOut", { value: money(g.sumOut) })}</span>
          <span>{t("statements:table.groupNet", { value: money(g.sumIn - g.sumOut) })}</span>
        </span>
      ) : <span role="cell" />}
    </div>
  )

  return (
    <div className={s.table} role="table" aria-label={t("statements:table.label")} aria-rowcount={count + pending.length + 1} data-testid="statement-table" data-total={total ?? ""}>
      <div className={[rowClass, s.head].join(" ")} role="row">
        {sortHeader("created_at", t("statements:table.date"))}
        <span role="columnheader">{t("statements:table.description")}</span>
        <span role="columnheader" className={s.hideNarrow}>{t("statements:table.type")}</span>
        <span role="columnheader" className={s.hideNarrow}>{t("statements:table.status")}</span>
        {walletName ? <span role="columnheader" className={s.hideNarrow}>{t("statements:table.wallet")}</span> : null}
        {sortHeader("amount", t("statements:table.amount"))}
      </div>
      {pending.map((r) => <Fragment key={r.id}>{renderRow(r)}</Fragment>)}
      {total === 0 && pending.length === 0 ? (
        <div role="row"><div role="cell" className={s.empty}><EmptyState title={t("statements:table.empty")} message={t("statements:table.emptyHint")} /></div></div>
      ) : (
        <div ref={scrollRef} className={s.scroller} role="rowgroup" tabIndex={0} aria-label={t("statements:table.scrollLabel")} data-testid="statement-scroller">
          <div role="none" style={{ height: spacerPx, position: "relative" }}>
            {items.map((it) => {
              const slot = slotAt(starts, it.index)
              const y = it.start + shift
              if (slot.kind === "group") {
                const g = groups?.[slot.group]
                return g ? renderGroup(g, y, it.index) : null
              }
              const r = rowAt(slot.index)
              return r ? <Fragment key={r.id}>{renderRow(r, { y, index: it.index })}</Fragment> : (
                <div key={`p${it.index}`} className={[rowClass, s.item].join(" ")} style={{ transform: `translateY(${y}px)` }} role="row" aria-busy="true" aria-rowindex={it.index + 2}>
                  <span role="cell" className={s.placeholder} /><span role="cell" className={s.placeholder} />
                </div>
              )
            })}
          </div>
        </div>
      )}
    </div>
  )
})
