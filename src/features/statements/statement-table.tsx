/**
 * The statement table of /banking/statements (features §2 statements page; DESIGN "heavy users
 * who filter 100k to 1M rows"; issue 5 "a virtualised table that scrolls a million rows"):
 * a fixed row height and our own windowing (a scroll listener and a ResizeObserver: the rows in
 * view are arithmetic on scrollTop, so nothing is O(count) and nothing reads the layout; the
 * @tanstack/react-virtual it replaced re-laid out its items on every count change and read
 * scrollHeight/clientHeight on every scroll event). Only the rows in view (and OVERSCAN each
 * side) are rendered; the worker is asked for a window of rows around them (offsets in whole
 * chunks, a larger window ahead in the direction of travel while scrolling), while `total` gives
 * the scroll height.
 *
 * Browsers cap an element's height (Chromium at about 33.5M px), below 1M rows × 52 px: past
 * that cap (measured once, maxScroll()) the spacer is compressed and the scroll position scaled, so rows are computed in
 * the list's full coordinates and placed relative to the viewport.
 *
 * Typing in the filter (DESIGN "every filter answers at once"; bench statements-keystroke-1m):
 * while the new filter's answer is on its way the table keeps showing the last answer (its count,
 * groups and rows) instead of emptying and refilling itself, and rows are keyed by their place in
 * the list and memoised, so an answer updates the rows in view in place (text and attributes)
 * rather than unmounting and mounting every row of the block.
 *
 * Optional grouping by day (features §2, issue 5 "grouping by day with day totals") inserts a
 * header row with the day's count and totals before each day; the groups come from the
 * summary query (groupBy day) in the same order as the rows. Pending command effects are shown
 * as rows above the list, marked pending.
 */
import { memo, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState, type KeyboardEvent, type ReactNode } from "react"
import { flushSync } from "react-dom"
import { useTranslation } from "react-i18next"
import type { TFunction } from "i18next"
import { useLiveQuery } from "../../../workers/client.ts"
import type { StatementQueryMsg } from "../../../workers/protocol.ts"
import type { GroupTotals, StatementRowView } from "../../../workers/results.ts"
import { formatDate } from "../../../schema/format.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Badge, EmptyState, visuallyHidden, type Tone } from "../../ui/index.ts"
import type { BaseQuery } from "./statement-filter.ts"
import { dataIndexFrom, headerIndexes, slotAt } from "./group-rows.ts"
import * as s from "./statement-table.css.ts"

export const ROW_HEIGHT = 52
/** Well under every browser's element-height cap. */
let maxScrollPx = 0
/**
 * The tallest spacer this browser lays out, measured once (an element asked to be 1e9 px tall is
 * clamped to the engine's limit: about 33.5M px in Chromium and Safari, 17.9M in Firefox), with a
 * margin. The less the spacer is compressed, the closer a wheel step moves the rows by what it
 * says (at 8M px, a million rows moved 6.5 px per scrolled px and every frame drew new rows).
 */
function maxScroll(): number {
  if (maxScrollPx > 0) return maxScrollPx
  let cap = 8_000_000
  if (typeof document !== "undefined" && document.body) {
    const probe = document.createElement("div")
    probe.style.cssText = "position:absolute;visibility:hidden;width:1px;height:1000000000px;top:0;left:0"
    document.body.appendChild(probe)
    const h = probe.offsetHeight
    probe.remove()
    if (h > 1_000_000) cap = Math.floor(h * 0.9)
  }
  maxScrollPx = cap
  return cap
}
/** Window offsets are multiples of this, so scrolling a few rows reuses the worker's answer. */
const CHUNK = 50
/** Rows rendered above and below those in view. */
const OVERSCAN = 3
/** Rows asked ahead while scrolling (more at a fling's speed, up to MAX_AHEAD): the worker answers
 * a window of an unchanged filter from its cached matches, so a larger window costs it little and
 * saves round trips; 8 scroll events' worth of rows at the current speed. */
const AHEAD = 300
const MAX_AHEAD = 1000
/** Rows are placed relative to an anchor moved every ANCHOR_ROWS rows (small transforms). */
const ANCHOR_ROWS = 1000
/** Keys of the row pool: at least the rows shown at once (a 620 px viewport shows 13 + overscan). */
const POOL_MIN = 32

export interface StatementSort { readonly by: "created_at" | "amount"; readonly dir: "asc" | "desc" }

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
/** The live query of a window, rows first (Q5): the page's head query and the table's windows are this one. */
export function windowLive(base: BaseQuery, sort: StatementSort, offset: number, limit: number) {
  return { kind: "statements", query: windowQuery(base, sort, offset, limit), early: true } as const
}
/** Rows asked for the rows shown: those and as many again, in whole chunks (the offset is rounded down to a chunk). */
export function windowLimit(shownRows: number): number {
  return Math.ceil((Math.max(1, shownRows) + CHUNK) / CHUNK) * CHUNK
}
/** The scroller's usual height (min(62vh, 620px)) before it is measured. */
export const DEFAULT_VIEWPORT_PX = 620
/** At the top of a fresh filter the table asks this window, and the page asks the same one for its
 * totals, so both share one answer (one worker question per keystroke). */
export const FIRST_WINDOW_LIMIT = windowLimit(Math.ceil(DEFAULT_VIEWPORT_PX / ROW_HEIGHT) + 2 * OVERSCAN)

/** An answer the table can show: a window of rows of one filter + sort (`key`), with its count and groups. */
interface WindowRows {
  readonly key: string
  readonly text: string
  readonly total: number
  readonly groups: ReadonlyArray<GroupTotals> | undefined
  readonly offset: number
  readonly rows: ReadonlyArray<StatementRowView>
}

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
    if (v === undefined) { v = make(); m.set(key, v) }
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

interface RowProps {
  /** null: not loaded yet (a placeholder of the same height). */
  readonly r: StatementRowView | null
  /** Place in the virtual list; absent for the pending rows shown above it. */
  readonly y?: number
  readonly index?: number
  readonly rowClass: string
  readonly walletName: ((id: string) => string) | null
  readonly onOpen: (row: StatementRowView) => void
  readonly labels: RowLabels
  readonly f: Format
}

/** Rows of two answers that show the same: a new window (or a live update) brings new objects for
 * rows already shown, which then need no render. */
function sameRow(a: StatementRowView | null, b: StatementRowView | null): boolean {
  if (a === b) return true
  if (a === null || b === null) return false
  for (const k in a) if (a[k as keyof StatementRowView] !== b[k as keyof StatementRowView]) return false
  return Object.keys(a).length === Object.keys(b).length
}
const sameRowProps = (p: RowProps, q: RowProps): boolean =>
  p.y === q.y && p.index === q.index && p.rowClass === q.rowClass && p.walletName === q.walletName &&
  p.onOpen === q.onOpen && p.labels === q.labels && p.f === q.f && sameRow(p.r, q.r)

/**
 * One row, memoised: re-rendered only when what it shows, its place or the table's settings change. A row
 * not loaded yet (`r` null) keeps the same elements, empty, with placeholder bars in its first two
 * cells, so a row that fills in (or is reused while scrolling) updates in place.
 */
const Row = memo(function Row({ r, y, index, rowClass, walletName, onOpen, labels, f }: RowProps) {
  const placed = y !== undefined
  const open = (): void => { if (r && !r.pending) onOpen(r) }
  const onKey = (e: KeyboardEvent): void => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open() } }
  const when = r ? f.dateTime(r.created_at) : ""
  const typeName = r ? labels.type(r.type) : ""
  const inward = r?.direction === "in"
  return (
    <div
      className={[rowClass, r ? (r.pending ? s.pendingRow : s.dataRow) : "", placed ? s.item : ""].join(" ")}
      style={placed ? { transform: `translateY(${y}px)` } : undefined}
      aria-rowindex={index !== undefined ? index + 2 : undefined}
      aria-busy={r ? undefined : true}
      role="row"
      tabIndex={r ? (r.pending ? -1 : 0) : undefined}
      onClick={r ? open : undefined}
      onKeyDown={r ? onKey : undefined}
      data-testid={r ? (r.pending ? "statement-pending-row" : "statement-row") : undefined}
      data-id={r?.id}
      data-operation-id={r?.operation_id}
      data-amount={r?.amount}
      data-direction={r?.direction}
    >
      <span role="cell" className={r ? s.twoLines : s.placeholder}>
        <span className={s.dateMain}>{when.slice(0, 10)}</span>
        <span className={s.sub}>{when.slice(11)}</span>
      </span>
      <span role="cell" className={r ? s.twoLines : s.placeholder}>
        <span className={s.main}>{r ? r.description || typeName : ""}</span>
        <span className={s.sub}>{r ? `${r.counterparty_name}${r.counterparty_document ? ` · ${f.document(r.counterparty_document)}` : ""}` : ""}</span>
      </span>
      <span role="cell" className={[s.cell, s.hideNarrow].join(" ")}>{typeName}</span>
      <span role="cell" className={s.hideNarrow}>
        {!r ? null : r.pending
          ? <Badge tone="info">{labels.pending}</Badge>
          : <Badge tone={STATUS_TONE[r.status] ?? "neutral"}>{labels.status(r.status)}</Badge>}
      </span>
      {walletName ? <span role="cell" className={[s.cell, s.hideNarrow].join(" ")}>{r ? walletName(r.wallet_id) : ""}</span> : null}
      <span role="cell" className={[s.amount, inward ? s.amountIn : ""].join(" ")}>
        <span className={visuallyHidden}>{r ? (inward ? labels.in : labels.out) : ""}</span>
        {r ? `${inward ? "+" : "−"} ${f.amount(r.amount, r.currency_symbol)}` : ""}
      </span>
    </div>
  )
}, sameRowProps)

/** Memoised: the page re-renders for export jobs and dialogs, the table only for its own props. */
export const StatementTable = memo(function StatementTable({ base, sort, onSort, total, early, groups, pending, walletName, onOpen }: StatementTableProps) {
  const { t } = useTranslation()
  const f = useFormat()
  const labels = useMemo(() => rowLabels(t), [t])
  const scrollRef = useRef<HTMLDivElement>(null)
  const key = JSON.stringify([base, sort])
  // the last answer shown (updated after each commit); while this filter's answer is pending
  // (`total` unknown), the table goes on showing it
  const last = useRef<WindowRows | null>(null)
  // this filter's first rows before its count (Q5): shown in place of the last answer; the scroll
  // height stays the last answer's until the count is in (the view is at the top meanwhile)
  const earlyWin: WindowRows | null = total === undefined && early !== undefined
    ? { key, text: base.text ?? "", total: Math.max(early.length, last.current?.total ?? 0), groups: undefined, offset: 0, rows: early }
    : null
  const stale = total === undefined && earlyWin === null ? last.current : null
  const shownTotal = stale ? stale.total : earlyWin ? earlyWin.total : total
  const shownGroups = stale ? stale.groups : earlyWin ? undefined : groups
  const starts = useMemo(() => headerIndexes(shownGroups), [shownGroups])
  const count = (shownTotal ?? 0) + (starts ? starts.length : 0)
  const fullPx = count * ROW_HEIGHT
  const MAX_SCROLL_PX = maxScroll()
  const spacerPx = Math.min(fullPx, MAX_SCROLL_PX)

  // The scroll position, kept by our own listener (no virtualiser library: DESIGN budget "scrolls a
  // million rows", bench statements-scroll-1m). Each scroll event renders the table synchronously
  // (flushSync), so the rows move with the scroll in the same frame, and only when the first row
  // shown moved: reading scrollTop in a scroll event costs no layout (the frame's layout is clean),
  // and nothing here reads scrollHeight/clientHeight (the viewport comes from a ResizeObserver).
  const scroll = useRef({ top: 0, dir: 1 as 1 | -1, speed: 0, scale: 1, first: -1 })
  const [viewportPx, setViewportPx] = useState(DEFAULT_VIEWPORT_PX)
  const [, repaint] = useReducer((n: number) => n + 1, 0)
  const hasScroller = !(shownTotal === 0 && pending.length === 0)
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return undefined
    const sc = scroll.current
    sc.top = el.scrollTop
    const onScroll = (): void => {
      const top = el.scrollTop
      const moved = (top - sc.top) * sc.scale / ROW_HEIGHT
      sc.top = top
      if (moved !== 0) sc.dir = moved > 0 ? 1 : -1
      // rows per scroll event, smoothed: how far ahead the next window is asked
      sc.speed = Math.max(Math.abs(moved), sc.speed * 0.8)
      const first = Math.floor((top * sc.scale) / ROW_HEIGHT)
      if (first !== sc.first || sc.scale > 1) flushSync(repaint)
    }
    const ro = new ResizeObserver((entries) => {
      const h = entries[0]?.contentRect.height
      if (h) setViewportPx(h)
    })
    el.addEventListener("scroll", onScroll, { passive: true })
    ro.observe(el)
    return () => { el.removeEventListener("scroll", onScroll); ro.disconnect() }
  }, [hasScroller])

  const scale = fullPx > MAX_SCROLL_PX ? (fullPx - viewportPx) / Math.max(1, spacerPx - viewportPx) : 1
  scroll.current.scale = scale
  // a new filter or sort starts at the top (before it paints, so the old position is never shown)
  const shownKeyRef = useRef(key)
  if (shownKeyRef.current !== key) { shownKeyRef.current = key; scroll.current.top = 0 }
  useLayoutEffect(() => { if (scrollRef.current && scrollRef.current.scrollTop !== 0) scrollRef.current.scrollTop = 0 }, [key])

  // the display rows in view (plus OVERSCAN each side), in the list's full coordinates
  const realTop = Math.min(scroll.current.top, Math.max(0, spacerPx - viewportPx))
  const virtTop = realTop * scale
  const firstShown = Math.max(0, Math.min(count, Math.floor(virtTop / ROW_HEIGHT) - OVERSCAN))
  const endShown = Math.min(count, Math.ceil((virtTop + viewportPx) / ROW_HEIGHT) + OVERSCAN)
  scroll.current.first = Math.floor(virtTop / ROW_HEIGHT)
  const firstData = dataIndexFrom(starts, firstShown)
  const endData = endShown >= count ? (shownTotal ?? 0) : dataIndexFrom(starts, endShown)

  // The window asked of the worker. A new filter or sort asks the first window, the same question
  // as the page's head query (one answer, one worker scan per keystroke). While scrolling, a larger
  // window ahead in the direction of travel (the worker answers a window of an unchanged filter
  // from its cached matches), asked again once the rows in view come within `margin` of its edge;
  // the rows of the previous window stay up meanwhile. One window question in flight at a time: a
  // fast fling only moves what is wanted, and the latest wanted window is asked once the answer is in.
  const askRef = useRef<{ key: string; offset: number; limit: number; answered: boolean } | null>(null)
  const sc = scroll.current
  const margin = Math.min(MAX_AHEAD / 2, Math.max(CHUNK, Math.ceil(3 * sc.speed)))
  const covers = (a: { offset: number; limit: number }): boolean => {
    const end = a.offset + a.limit
    if (firstData < a.offset || endData > end) return false
    const aheadOk = sc.dir > 0 ? end - endData >= margin || end >= (shownTotal ?? 0) : firstData - a.offset >= margin || a.offset === 0
    return aheadOk
  }
  const nextAsk = (): { offset: number; limit: number } => {
    const limit = Math.min(MAX_AHEAD, Math.max(AHEAD, Math.ceil(8 * sc.speed / CHUNK) * CHUNK))
    if (sc.dir > 0) return { offset: Math.max(0, Math.floor((firstData - CHUNK) / CHUNK) * CHUNK), limit }
    const end = Math.ceil((endData + CHUNK) / CHUNK) * CHUNK
    return { offset: Math.max(0, end - limit), limit }
  }
  let ask = askRef.current
  if (ask === null || ask.key !== key) ask = { key, offset: 0, limit: FIRST_WINDOW_LIMIT, answered: false }
  if (ask.answered && !covers(ask)) ask = { key, ...nextAsk(), answered: false }
  askRef.current = ask
  const win = useLiveQuery(total !== undefined && total > 0 ? windowLive(base, sort, ask.offset, ask.limit) : null)
  if (win !== undefined) ask.answered = true
  const behind = ask.answered && !covers(ask)
  useEffect(() => { if (behind) repaint() }, [behind, ask])

  const current: WindowRows | null = win && total !== undefined ? { key, text: base.text ?? "", total, groups, offset: ask.offset, rows: win.rows } : null
  useEffect(() => { if (current) last.current = current })
  // a row of the answer shown: this window, or the last one while scrolling to the next (same key)
  const shownKey = stale ? stale.key : key
  const rowAt = (i: number): StatementRowView | null => {
    for (const w of [current, earlyWin, last.current]) {
      if (w && w.key === shownKey && i >= w.offset && i < w.offset + w.rows.length) return w.rows[i - w.offset] ?? null
    }
    return null
  }

  const rowClass = [s.row, walletName ? s.withWallet : ""].join(" ")
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

  // The rows in view sit in one container moved by a transform: its place follows the scroll (and
  // the compression of the spacer) while each row keeps its offset inside it (relative to an anchor
  // that moves every ANCHOR_ROWS rows), so a scroll changes one style and only the rows that come
  // into view render. Rows are keyed by their place modulo the pool (the rows shown at once): a new
  // answer updates the rows in place, and a row that scrolls out is reused for the one that scrolls in.
  const anchor = Math.floor(firstShown / ANCHOR_ROWS) * ANCHOR_ROWS
  const containerY = realTop - virtTop + anchor * ROW_HEIGHT
  const pool = Math.max(POOL_MIN, endShown - firstShown)
  let missing = false
  const body: ReactNode[] = []
  for (let d = firstShown, y = (firstShown - anchor) * ROW_HEIGHT; d < endShown; d++, y += ROW_HEIGHT) {
    const slot = slotAt(starts, d)
    if (slot.kind === "group") {
      const g = shownGroups?.[slot.group]
      if (g) body.push(renderGroup(g, y, d))
      continue
    }
    const r = rowAt(slot.index)
    if (!r) missing = true
    body.push(<Row key={d % pool} r={r} y={y} index={d} rowClass={rowClass} walletName={walletName} onOpen={onOpen} labels={labels} f={f} />)
  }

  // Stable hooks for the benchmarks and tests (bench/statements-benches.ts): `data-text` is the text
  // filter of the answer shown, `data-state` is "ready" when that is this filter's answer with the
  // rows in view loaded, "partial" while its first rows are shown before its count (Q5), "stale"
  // while the previous filter's answer stays up, "loading" otherwise.
  const state = stale ? "stale" : earlyWin ? "partial" : total === undefined || (total > 0 && (win === undefined || missing)) ? "loading" : "ready"
  return (
    <div
      className={s.table}
      role="table"
      aria-label={t("statements:table.label")}
      aria-rowcount={count + pending.length + 1}
      aria-busy={state !== "ready" || undefined}
      data-testid="statement-table"
      data-total={earlyWin ? "" : shownTotal ?? ""}
      data-text={stale ? stale.text : base.text ?? ""}
      data-state={state}
    >
      <div className={[rowClass, s.head].join(" ")} role="row">
        {sortHeader("created_at", t("statements:table.date"))}
        <span role="columnheader">{t("statements:table.description")}</span>
        <span role="columnheader" className={s.hideNarrow}>{t("statements:table.type")}</span>
        <span role="columnheader" className={s.hideNarrow}>{t("statements:table.status")}</span>
        {walletName ? <span role="columnheader" className={s.hideNarrow}>{t("statements:table.wallet")}</span> : null}
        {sortHeader("amount", t("statements:table.amount"))}
      </div>
      {pending.map((r) => <Row key={r.id} r={r} rowClass={rowClass} walletName={walletName} onOpen={onOpen} labels={labels} f={f} />)}
      {shownTotal === 0 && pending.length === 0 ? (
        <div role="row"><div role="cell" className={s.empty}><EmptyState title={t("statements:table.empty")} message={t("statements:table.emptyHint")} /></div></div>
      ) : (
        <div ref={scrollRef} className={s.scroller} role="rowgroup" tabIndex={0} aria-label={t("statements:table.scrollLabel")} data-testid="statement-scroller">
          <div role="none" style={{ height: spacerPx, position: "relative" }}>
            <div role="none" className={s.rows} style={{ transform: `translateY(${containerY}px)` }}>
              {body}
            </div>
          </div>
        </div>
      )}
    </div>
  )
})
