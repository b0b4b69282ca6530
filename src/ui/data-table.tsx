/**
 * The one virtualised data table (issue 16 "the virtualised table of the statements page (one
 * component, not a copy)"; DESIGN "heavy users who filter 100k to 1M rows"; issue 5 "a virtualised
 * table that scrolls a million rows"). The statement, the gateway transactions and the Pix statement
 * use it: the caller describes its columns (header, cell renderer, grid width on wide and narrow
 * screens, alignment, sort key) and how a window of rows is asked of the worker (a live query of
 * its table), and gets a fixed row height and our own windowing (a scroll listener and a
 * ResizeObserver: the rows in view are arithmetic on scrollTop, so nothing is O(count) and nothing
 * reads the layout). Only the rows in view (and OVERSCAN each side) are rendered; the worker is
 * asked for a window of rows around them (offsets in whole chunks, a larger window ahead in the
 * direction of travel while scrolling), while `total` gives the scroll height.
 *
 * Browsers cap an element's height (Chromium at about 33.5M px), below 1M rows × 52 px: past
 * that cap (measured once, maxScroll()) the spacer is compressed and the scroll position scaled,
 * so rows are computed in the list's full coordinates and placed relative to the viewport.
 *
 * Typing in a filter (DESIGN "every filter answers at once"; bench statements-keystroke-1m): while
 * the new filter's answer is on its way the table keeps showing the last answer (its count, groups
 * and rows) instead of emptying and refilling itself, and rows are keyed by their place in the list
 * and memoised, so an answer updates the rows in view in place rather than remounting them.
 *
 * Optional groups (the statement's days) insert a header row, rendered by the caller, before each
 * group; pending rows (commands not yet confirmed) are shown above the list. Keyboard: every loaded
 * row is focusable; Enter or Space opens it, ArrowUp/ArrowDown/Home/End move between rows.
 */
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode
} from "react"
import { flushSync } from "react-dom"
import { useKeptLive, useLiveQuery } from "../../workers/client.ts"
import type { LiveQuery } from "../../workers/protocol.ts"
import { EmptyState } from "./empty-state.tsx"
import { dataIndexFrom, headerIndexes, slotAt, type RowGroup } from "./table-groups.ts"
import * as s from "./data-table.css.ts"

export const DATA_ROW_HEIGHT = 52
let maxScrollPx = 0
/**
 * The tallest spacer this browser lays out, measured once (an element asked to be 1e9 px tall is
 * clamped to the engine's limit: about 33.5M px in Chromium and Safari, 17.9M in Firefox), with a
 * margin. The less the spacer is compressed, the closer a wheel step moves the rows by what it says.
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

/** Rows asked for the rows shown: those and as many again, in whole chunks (the offset is rounded down to a chunk). */
export function windowLimit(shownRows: number): number {
  return Math.ceil((Math.max(1, shownRows) + CHUNK) / CHUNK) * CHUNK
}
/** The scroller's usual height (min(62vh, 620px)) before it is measured. */
export const DEFAULT_VIEWPORT_PX = 620
/** At the top of a fresh filter the table asks this window; a page asking the same one for its
 * totals shares one answer (one worker question per keystroke). */
export const FIRST_WINDOW_LIMIT = windowLimit(Math.ceil(DEFAULT_VIEWPORT_PX / DATA_ROW_HEIGHT) + 2 * OVERSCAN)
/** The rows a text typed forward must still match, on the page, to be shown before the worker's answer (Q5b): a screenful and its overscan. */
export const NARROW_ROWS = Math.ceil(DEFAULT_VIEWPORT_PX / DATA_ROW_HEIGHT) + OVERSCAN
/**
 * The reserve of a filter's first rows a table with a text typed forward keeps (Q5b): a next character that 1.5 % of
 * them still match finds its NARROW_ROWS on the page (the statement's "me" → "mer" keeps 7 %, "mar" → "mari" 6.8 %).
 */
const RESERVE_ROWS = 1000

/**
 * A first window's answer as the table's `early` and `earlyComplete` props: its rows while it is an early answer
 * (Q5, or made on the page for a text typed forward, Q5b), and whether they are every row of the filter.
 */
export function earlyOf<R>(answer: { readonly partial?: true; readonly complete?: true; readonly rows: ReadonlyArray<unknown> } | undefined): {
  readonly early: ReadonlyArray<R> | undefined
  readonly earlyComplete: boolean
} {
  return answer?.partial === true
    ? { early: answer.rows as ReadonlyArray<R>, earlyComplete: answer.complete === true }
    : { early: undefined, earlyComplete: false }
}

/** One column: its header, its cell, its grid track (and on narrow screens: none hides it). */
export interface DataColumn<R> {
  readonly id: string
  readonly header: string
  /** A CSS grid track: "116px", "minmax(0, 2fr)"… */
  readonly width: string
  /** The track on narrow screens; absent: the column is hidden there. */
  readonly narrowWidth?: string
  readonly align?: "start" | "end"
  /** The sort key this column's header toggles (the caller's `sort.by`). */
  readonly sort?: string
  /** Shows a placeholder bar while its row is not loaded. */
  readonly placeholder?: boolean
  /** The cell's own class (default: one line, ellipsis). */
  readonly className?: string
  readonly cell: (row: R) => ReactNode
}

export interface DataSort {
  readonly by: string
  readonly dir: "asc" | "desc"
}

export interface DataTableTestIds {
  readonly table: string
  readonly row: string
  readonly scroller: string
  readonly pendingRow?: string
}

export interface DataTableProps<R extends object, G extends RowGroup = RowGroup> {
  readonly columns: ReadonlyArray<DataColumn<R>>
  /** The filter and sort the rows answer (a new key starts at the top). */
  readonly queryKey: string
  /** The live query of a window of rows of this filter (its answer has `rows`). */
  readonly windowQuery: (offset: number, limit: number) => LiveQuery
  /** Matching rows; undefined while unknown. */
  readonly total: number | undefined
  /**
   * While `total` is unknown: this filter's first rows, already found (sync/SPEC.md Q5) — by the worker, or on the page
   * from the answer before when its text was typed forward (Q5b, workers/narrow-cache.ts).
   */
  readonly early?: ReadonlyArray<R> | undefined
  /** The early rows are every row of the filter (their count is its count: an empty one shows as empty at once). */
  readonly earlyComplete?: boolean | undefined
  /**
   * The page narrows a text typed forward from the answers it holds (Q5b, workers/narrow-cache.ts): while a text is
   * set, the table keeps a reserve of this filter's first RESERVE_ROWS rows live (unrendered), so that a next
   * character most rows on screen no longer match still finds its first rows on the page.
   */
  readonly typedForward?: boolean | undefined
  /** Group headers in row order, and how one is drawn (its cells). */
  readonly groups?: ReadonlyArray<G> | undefined
  readonly renderGroup?: (group: G) => ReactNode
  readonly groupTestId?: string
  readonly groupAttrs?: (group: G) => Readonly<Record<string, string | number | undefined>>
  /** Rows shown above the list (pending commands), not clickable. */
  readonly pending?: ReadonlyArray<R>
  readonly rowKey: (row: R) => string
  /** data-* attributes of a row (tests and benches find rows by them). */
  readonly rowAttrs?: (row: R) => Readonly<Record<string, string | number | null | undefined>>
  readonly onOpen?: (row: R) => void
  readonly sort?: DataSort
  readonly onSort?: (sort: DataSort) => void
  /** The filter text the answer shown was asked with (data-text, for the benches). */
  readonly text?: string
  /** The worker's time for the full answer shown (data-took-ms, for the benches: where a keystroke's time went). */
  readonly tookMs?: number | undefined
  readonly label: string
  readonly scrollLabel: string
  readonly emptyTitle: string
  readonly emptyMessage?: string
  readonly testIds: DataTableTestIds
}

/** An answer the table can show: a window of rows of one filter + sort (`key`), with its count and groups. */
interface WindowRows<R, G> {
  readonly key: string
  /** The filter text it answers (data-text while it stays up). */
  readonly text: string
  readonly total: number
  readonly groups: ReadonlyArray<G> | undefined
  readonly offset: number
  readonly rows: ReadonlyArray<R>
}

interface RowProps<R> {
  /** null: not loaded yet (a placeholder of the same height). */
  readonly r: R | null
  readonly pending: boolean
  /** Place in the virtual list; absent for the pending rows shown above it. */
  readonly y?: number
  readonly index?: number
  readonly columns: ReadonlyArray<DataColumn<R>>
  readonly cellClasses: ReadonlyArray<string>
  readonly onOpen: ((row: R) => void) | undefined
  readonly onNav: (index: number, key: string) => void
  readonly rowAttrs: ((row: R) => Readonly<Record<string, string | number | null | undefined>>) | undefined
  readonly testId: string | undefined
}

/** Rows of two answers that show the same: a new window (or a live update) brings new objects for
 * rows already shown, which then need no render. */
function sameRow(a: object | null, b: object | null): boolean {
  if (a === b) return true
  if (a === null || b === null) return false
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  for (const k in x) if (x[k] !== y[k]) return false
  return Object.keys(x).length === Object.keys(y).length
}
const sameRowProps = <R,>(p: RowProps<R>, q: RowProps<R>): boolean =>
  p.y === q.y &&
  p.index === q.index &&
  p.pending === q.pending &&
  p.columns === q.columns &&
  p.cellClasses === q.cellClasses &&
  p.onOpen === q.onOpen &&
  p.onNav === q.onNav &&
  p.rowAttrs === q.rowAttrs &&
  p.testId === q.testId &&
  sameRow(p.r as object | null, q.r as object | null)

const NAV_KEYS = new Set(["ArrowDown", "ArrowUp", "Home", "End"])

/**
 * One row, memoised: re-rendered only when what it shows, its place or the table's settings change. A row
 * not loaded yet (`r` null) keeps the same elements, empty, with placeholder bars in the columns that ask
 * for them, so a row that fills in (or is reused while scrolling) updates in place.
 */
const Row = memo(function Row<R>({ r, pending, y, index, columns, cellClasses, onOpen, onNav, rowAttrs, testId }: RowProps<R>) {
  const placed = y !== undefined
  const open = (): void => {
    if (r && !pending && onOpen) onOpen(r)
  }
  const onKey = (e: KeyboardEvent): void => {
    if (e.target !== e.currentTarget) return
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault()
      open()
    } else if (index !== undefined && NAV_KEYS.has(e.key)) {
      e.preventDefault()
      onNav(index, e.key)
    }
  }
  const attrs = r && rowAttrs ? rowAttrs(r) : undefined
  return (
    <div
      className={[s.row, r ? (pending ? s.pendingRow : s.dataRow) : "", placed ? s.item : ""].join(" ")}
      style={placed ? { transform: `translateY(${y}px)` } : undefined}
      aria-rowindex={index !== undefined ? index + 2 : undefined}
      aria-busy={r ? undefined : true}
      role="row"
      tabIndex={r ? (pending ? -1 : 0) : undefined}
      onClick={r ? open : undefined}
      onKeyDown={r ? onKey : undefined}
      data-testid={r ? testId : undefined}
      {...(attrs ? dataAttrs(attrs) : undefined)}
    >
      {columns.map((c, i) => (
        <span key={c.id} role="cell" className={r ? cellClasses[i] : c.placeholder ? s.placeholder : cellClasses[i]}>
          {r ? c.cell(r) : null}
        </span>
      ))}
    </div>
  )
}, sameRowProps) as <R>(p: RowProps<R> & { key?: string | number }) => ReactNode

/** The custom property of a vanilla-extract var ("var(--x)" → "--x"), set inline on the table. */
const varName = (v: string): string => v.replace(/^var\((--[^,)]+).*$/, "$1")

function dataAttrs(a: Readonly<Record<string, string | number | null | undefined>>): Record<string, string | number | undefined> {
  const out: Record<string, string | number | undefined> = {}
  for (const k in a) out[`data-${k}`] = a[k] ?? undefined
  return out
}

function DataTableImpl<R extends object, G extends RowGroup>(p: DataTableProps<R, G>) {
  const { columns, queryKey: key, total, early, groups, pending = [], onOpen, sort, onSort, testIds } = p
  const scrollRef = useRef<HTMLDivElement>(null)
  // the last answer shown (updated after each commit); while this filter's answer is pending
  // (`total` unknown), the table goes on showing it
  const last = useRef<WindowRows<R, G> | null>(null)
  // the scroller's height (a ResizeObserver below)
  const [viewportPx, setViewportPx] = useState(DEFAULT_VIEWPORT_PX)
  // this filter's first rows before its count (Q5; made on the page for a text typed forward, Q5b): shown in place of
  // the last answer; the scroll height stays the last answer's until the count is in (the view is at the top
  // meanwhile), or is theirs when they are all of this filter's rows
  const earlyWin: WindowRows<R, G> | null =
    total === undefined && early !== undefined
      ? {
          key,
          text: p.text ?? "",
          total: p.earlyComplete === true ? early.length : Math.max(early.length, last.current?.total ?? 0),
          groups: undefined,
          offset: 0,
          rows: early
        }
      : null
  const stale = total === undefined && earlyWin === null ? last.current : null
  const shownTotal = stale ? stale.total : earlyWin ? earlyWin.total : total
  const shownGroups = stale ? stale.groups : earlyWin ? undefined : groups
  const starts = useMemo(() => headerIndexes(shownGroups), [shownGroups])
  const count = (shownTotal ?? 0) + (starts ? starts.length : 0)
  const fullPx = count * DATA_ROW_HEIGHT
  const MAX_SCROLL_PX = maxScroll()
  const spacerPx = Math.min(fullPx, MAX_SCROLL_PX)

  // The scroll position, kept by our own listener (no virtualiser library: DESIGN budget "scrolls a
  // million rows", bench statements-scroll-1m). Each scroll event renders the table synchronously
  // (flushSync), so the rows move with the scroll in the same frame, and only when the first row
  // shown moved: reading scrollTop in a scroll event costs no layout (the frame's layout is clean),
  // and nothing here reads scrollHeight/clientHeight (the viewport comes from a ResizeObserver).
  const scroll = useRef({ top: 0, dir: 1 as 1 | -1, speed: 0, scale: 1, first: -1 })
  // the scroller's scrollTop as its own scroll events last told it: a new filter resets it to the top only when it is
  // not there already, and reading scrollTop in the commit to know would force a layout of the page on every keystroke
  // (1.6 ms a key in the statements-keystroke-1m profile, before the worker's answer could be painted)
  const domTop = useRef(0)
  const [, repaint] = useReducer((n: number) => n + 1, 0)
  const hasScroller = !(shownTotal === 0 && pending.length === 0)
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return undefined
    const sc = scroll.current
    sc.top = el.scrollTop
    domTop.current = sc.top
    const onScroll = (): void => {
      const top = el.scrollTop
      domTop.current = top
      const moved = ((top - sc.top) * sc.scale) / DATA_ROW_HEIGHT
      sc.top = top
      if (moved !== 0) sc.dir = moved > 0 ? 1 : -1
      // rows per scroll event, smoothed: how far ahead the next window is asked
      sc.speed = Math.max(Math.abs(moved), sc.speed * 0.8)
      const first = Math.floor((top * sc.scale) / DATA_ROW_HEIGHT)
      if (first !== sc.first || sc.scale > 1) flushSync(repaint)
    }
    const ro = new ResizeObserver((entries) => {
      const h = entries[0]?.contentRect.height
      if (h) setViewportPx(h)
    })
    el.addEventListener("scroll", onScroll, { passive: true })
    ro.observe(el)
    return () => {
      el.removeEventListener("scroll", onScroll)
      ro.disconnect()
    }
  }, [hasScroller])

  const scale = fullPx > MAX_SCROLL_PX ? (fullPx - viewportPx) / Math.max(1, spacerPx - viewportPx) : 1
  scroll.current.scale = scale
  // a new filter or sort starts at the top (before it paints, so the old position is never shown)
  const shownKeyRef = useRef(key)
  if (shownKeyRef.current !== key) {
    shownKeyRef.current = key
    scroll.current.top = 0
  }
  useLayoutEffect(() => {
    if (scrollRef.current && domTop.current !== 0) {
      scrollRef.current.scrollTop = 0
      domTop.current = 0
    }
  }, [key])

  // the display rows in view (plus OVERSCAN each side), in the list's full coordinates
  const realTop = Math.min(scroll.current.top, Math.max(0, spacerPx - viewportPx))
  const virtTop = realTop * scale
  const firstShown = Math.max(0, Math.min(count, Math.floor(virtTop / DATA_ROW_HEIGHT) - OVERSCAN))
  const endShown = Math.min(count, Math.ceil((virtTop + viewportPx) / DATA_ROW_HEIGHT) + OVERSCAN)
  scroll.current.first = Math.floor(virtTop / DATA_ROW_HEIGHT)
  const firstData = dataIndexFrom(starts, firstShown)
  const endData = endShown >= count ? (shownTotal ?? 0) : dataIndexFrom(starts, endShown)

  // The window asked of the worker. A new filter or sort asks the first window (the same question
  // as a page's head query: one answer, one worker scan per keystroke). While scrolling, a larger
  // window ahead in the direction of travel, asked again once the rows in view come within `margin`
  // of its edge; the rows of the previous window stay up meanwhile. One window question in flight
  // at a time: a fast fling only moves what is wanted, and the latest is asked once the answer is in.
  const askRef = useRef<{ key: string; offset: number; limit: number; answered: boolean } | null>(null)
  const sc = scroll.current
  const margin = Math.min(MAX_AHEAD / 2, Math.max(CHUNK, Math.ceil(3 * sc.speed)))
  const covers = (a: { offset: number; limit: number }): boolean => {
    const end = a.offset + a.limit
    if (firstData < a.offset || endData > end) return false
    return sc.dir > 0 ? end - endData >= margin || end >= (shownTotal ?? 0) : firstData - a.offset >= margin || a.offset === 0
  }
  const nextAsk = (): { offset: number; limit: number } => {
    const limit = Math.min(MAX_AHEAD, Math.max(AHEAD, Math.ceil((8 * sc.speed) / CHUNK) * CHUNK))
    if (sc.dir > 0) return { offset: Math.max(0, Math.floor((firstData - CHUNK) / CHUNK) * CHUNK), limit }
    const end = Math.ceil((endData + CHUNK) / CHUNK) * CHUNK
    return { offset: Math.max(0, end - limit), limit }
  }
  let ask = askRef.current
  if (ask === null || ask.key !== key) ask = { key, offset: 0, limit: FIRST_WINDOW_LIMIT, answered: false }
  if (ask.answered && !covers(ask)) ask = { key, ...nextAsk(), answered: false }
  askRef.current = ask
  const win = useLiveQuery(total !== undefined && total > 0 ? p.windowQuery(ask.offset, ask.limit) : null) as
    { readonly rows: ReadonlyArray<unknown> } | undefined
  if (win !== undefined) ask.answered = true
  const behind = ask.answered && !covers(ask)
  useEffect(() => {
    if (behind) repaint()
  }, [behind, ask])

  const current: WindowRows<R, G> | null =
    win && total !== undefined ? { key, text: p.text ?? "", total, groups, offset: ask.offset, rows: win.rows as ReadonlyArray<R> } : null
  // Q5b: the reserve a next character is narrowed from on the page (the worker answers it from the matches it keeps)
  useKeptLive(p.typedForward === true && (p.text ?? "") !== "" && total !== undefined && total > FIRST_WINDOW_LIMIT ? p.windowQuery(0, RESERVE_ROWS) : null)
  useEffect(() => {
    if (current) last.current = current
  })
  // a row of the answer shown: this window, or the last one while scrolling to the next (same key)
  const shownKey = stale ? stale.key : key
  const rowAt = (i: number): R | null => {
    for (const w of [current, earlyWin, last.current]) {
      if (w && w.key === shownKey && i >= w.offset && i < w.offset + w.rows.length) return w.rows[i - w.offset] ?? null
    }
    return null
  }

  const cellClasses = useMemo(
    () => columns.map((c) => [c.className ?? s.cell, c.align === "end" ? s.end : "", c.narrowWidth === undefined ? s.hideNarrow : ""].join(" ")),
    [columns]
  )
  const gridVars = useMemo(
    () =>
      ({
        [varName(s.columnsVar)]: columns.map((c) => c.width).join(" "),
        [varName(s.narrowColumnsVar)]: columns.flatMap((c) => (c.narrowWidth === undefined ? [] : [c.narrowWidth])).join(" ")
      }) as CSSProperties,
    [columns]
  )

  // Keyboard: ArrowUp/ArrowDown/Home/End focus another loaded row; one not rendered is scrolled into view first.
  const countRef = useRef(count)
  countRef.current = count
  const onNav = useCallback((index: number, keyName: string) => {
    const el = scrollRef.current
    if (!el) return
    const n = countRef.current
    const to = keyName === "ArrowDown" ? Math.min(n - 1, index + 1) : keyName === "ArrowUp" ? Math.max(0, index - 1) : keyName === "Home" ? 0 : n - 1
    const find = (): HTMLElement | null => el.querySelector<HTMLElement>(`[aria-rowindex="${to + 2}"][tabindex="0"]`)
    const focus = (target: HTMLElement | null): void => {
      if (target) {
        target.focus({ preventScroll: true })
        target.scrollIntoView({ block: "nearest" })
      }
    }
    const found = find()
    if (found) {
      focus(found)
      return
    }
    const sc2 = scroll.current
    el.scrollTop = Math.max(0, (to * DATA_ROW_HEIGHT) / sc2.scale - (keyName === "ArrowUp" || keyName === "Home" ? 0 : viewportRef.current - DATA_ROW_HEIGHT))
    requestAnimationFrame(() => requestAnimationFrame(() => focus(find())))
  }, [])
  const viewportRef = useRef(viewportPx)
  viewportRef.current = viewportPx

  const sortHeader = (c: DataColumn<R>, by: string) => {
    const active = sort?.by === by
    const next: DataSort = active ? { by, dir: sort?.dir === "desc" ? "asc" : "desc" } : { by, dir: "desc" }
    return (
      <span
        key={c.id}
        role="columnheader"
        aria-sort={active ? (sort?.dir === "asc" ? "ascending" : "descending") : "none"}
        className={[c.align === "end" ? s.end : "", c.narrowWidth === undefined ? s.hideNarrow : ""].join(" ")}
      >
        <button type="button" className={s.sortButton} onClick={() => onSort?.(next)} data-testid={`sort-${by}`}>
          {c.header}
          {active ? (sort?.dir === "asc" ? " ↑" : " ↓") : ""}
        </button>
      </span>
    )
  }

  // The rows in view sit in one container moved by a transform: its place follows the scroll (and
  // the compression of the spacer) while each row keeps its offset inside it (relative to an anchor
  // that moves every ANCHOR_ROWS rows), so a scroll changes one style and only the rows that come
  // into view render. Rows are keyed by their place modulo the pool (the rows shown at once): a new
  // answer updates the rows in place, and a row that scrolls out is reused for the one that scrolls in.
  const anchor = Math.floor(firstShown / ANCHOR_ROWS) * ANCHOR_ROWS
  const containerY = realTop - virtTop + anchor * DATA_ROW_HEIGHT
  const pool = Math.max(POOL_MIN, endShown - firstShown)
  let missing = false
  const body: ReactNode[] = []
  for (let d = firstShown, y = (firstShown - anchor) * DATA_ROW_HEIGHT; d < endShown; d++, y += DATA_ROW_HEIGHT) {
    const slot = slotAt(starts, d)
    if (slot.kind === "group") {
      const g = shownGroups?.[slot.group]
      if (g && p.renderGroup) {
        body.push(
          <div
            key={`g${slot.group}|${d}`}
            className={[s.row, s.groupRow, s.item].join(" ")}
            style={{ transform: `translateY(${y}px)` }}
            role="row"
            aria-rowindex={d + 2}
            data-testid={p.groupTestId}
            {...(p.groupAttrs ? dataAttrs(p.groupAttrs(g)) : undefined)}
          >
            {p.renderGroup(g)}
          </div>
        )
      }
      continue
    }
    const r = rowAt(slot.index)
    if (!r) missing = true
    body.push(
      <Row
        key={d % pool}
        r={r}
        pending={false}
        y={y}
        index={d}
        columns={columns}
        cellClasses={cellClasses}
        onOpen={onOpen}
        onNav={onNav}
        rowAttrs={p.rowAttrs}
        testId={testIds.row}
      />
    )
  }

  // Stable hooks for the benchmarks and tests (bench/statements-benches.ts): `data-text` is the text
  // filter of the answer shown, `data-state` is "ready" when that is this filter's answer with the
  // rows in view loaded, "partial" while its first rows are shown before its count (Q5), "stale"
  // while the previous filter's answer stays up, "loading" otherwise.
  const state = stale ? "stale" : earlyWin ? "partial" : total === undefined || (total > 0 && (win === undefined || missing)) ? "loading" : "ready"
  return (
    <div
      className={s.table}
      style={gridVars}
      role="table"
      aria-label={p.label}
      aria-rowcount={count + pending.length + 1}
      aria-busy={state !== "ready" || undefined}
      data-testid={testIds.table}
      data-total={earlyWin ? "" : (shownTotal ?? "")}
      data-text={stale ? stale.text : (p.text ?? "")}
      data-state={state}
      data-took-ms={p.tookMs === undefined ? undefined : p.tookMs.toFixed(1)}
    >
      <div className={[s.row, s.head].join(" ")} role="row">
        {columns.map((c) =>
          c.sort !== undefined ? (
            sortHeader(c, c.sort)
          ) : (
            <span key={c.id} role="columnheader" className={[c.align === "end" ? s.end : "", c.narrowWidth === undefined ? s.hideNarrow : ""].join(" ")}>
              {c.header}
            </span>
          )
        )}
      </div>
      {pending.map((r) => (
        <Row
          key={p.rowKey(r)}
          r={r}
          pending
          columns={columns}
          cellClasses={cellClasses}
          onOpen={onOpen}
          onNav={onNav}
          rowAttrs={p.rowAttrs}
          testId={testIds.pendingRow}
        />
      ))}
      {shownTotal === 0 && pending.length === 0 ? (
        <div role="row">
          <div role="cell" className={s.empty}>
            <EmptyState title={p.emptyTitle} {...(p.emptyMessage !== undefined ? { message: p.emptyMessage } : {})} />
          </div>
        </div>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard to scroll it (axe scrollable-region-focusable)
        <div ref={scrollRef} className={s.scroller} role="rowgroup" tabIndex={0} aria-label={p.scrollLabel} data-testid={testIds.scroller}>
          <div role="none" style={{ height: spacerPx, position: "relative" }}>
            <div role="none" className={s.rows} style={{ transform: `translateY(${containerY}px)` }}>
              {body}
            </div>
          </div>
        </div>
      )}
    </div>
  )
}

/** Memoised: a page re-renders for export jobs and dialogs, the table only for its own props. */
export const DataTable = memo(DataTableImpl) as <R extends object, G extends RowGroup = RowGroup>(p: DataTableProps<R, G>) => ReactNode
