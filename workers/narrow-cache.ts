/**
 * A text typed forward, answered from the live-query cache (sync/SPEC.md Q5b; decisions D-narrow).
 *
 * A big list's first window asked with `early` (its rows may come first, its counts after) whose text extends the
 * text of an answer the page already holds — the same filter otherwise, from the top — has its first rows among that
 * answer's rows, in the same order (schema/tables/text-narrow.ts `narrowRows`). The page makes that early answer
 * itself, at once, from the largest such answer in its cache (the first window of the text before, or the reserve the
 * table keeps of it), and tells the worker it needs no early rows: the worker then computes only the full answer, a
 * moment later, so it does not take a core while the page paints those rows (the frame of a narrowed keystroke waited
 * for the worker's early answer: statements-keystroke-1m, D-narrow).
 */
import { narrowRows, noMatchAfter, type Narrower } from "../schema/tables/text-narrow.ts"
import type { LiveQuery } from "./protocol.ts"

/** What a page gives the cache to narrow one table's first window: its rule and the rows a screen needs. */
export interface Narrowing {
  readonly by: Narrower<object>
  /** Rows the early answer must hold unless it holds every row of the filter (a screenful and its overscan). */
  readonly needed: number
}

type WindowQuery = Extract<LiveQuery, { readonly kind: "statements" | "table" }>
const isWindow = (q: LiveQuery): q is WindowQuery => q.kind === "statements" || q.kind === "table"

/**
 * The filter of a window asked from the top, less its text and its size (the `rest` a text narrows within; the flags
 * that add counts or series to the answer do not change its rows); null for another query or a window further down.
 */
export function restOf(q: LiveQuery): string | null {
  if (!isWindow(q) || (q.query.offset ?? 0) !== 0) return null
  const { text: _t, offset: _o, limit: _l, ...filter } = q.query
  return JSON.stringify(q.kind === "table" ? [q.kind, q.table, filter] : [q.kind, filter])
}

const textOf = (q: LiveQuery): string => (isWindow(q) ? (q.query.text ?? "") : "")

/** An answer held in the cache: its query's `rest` (restOf) and its value as the worker sent it. */
export interface Held {
  readonly rest: string | null
  readonly query: LiveQuery
  readonly value: unknown
}

interface FullWindow {
  readonly rows: ReadonlyArray<object>
  readonly total: number
  readonly partial?: true
  readonly idLeads?: string
  readonly followers?: string
}

/** The early answer the page makes for `q` (the rows, and `complete` when they are every row of its filter). */
export interface MadeEarly {
  readonly rows: ReadonlyArray<object>
  readonly complete: boolean
  readonly idLeads: string | undefined
}

/**
 * The early answer of `q` made from the answers `held`, or null: `q` is not a first window asking `early`, or no held
 * full answer of the same filter has a text `q`'s text narrows with enough of its rows still matching.
 */
export function narrowFromHeld(held: Iterable<Held>, q: LiveQuery, narrowing: Narrowing): MadeEarly | null {
  if (!isWindow(q) || q.early !== true) return null
  const rest = restOf(q)
  if (rest === null) return null
  const text = textOf(q)
  const found: Array<{ readonly text: string; readonly value: FullWindow }> = []
  for (const h of held) {
    if (h.rest !== rest) continue
    const v = h.value as FullWindow | undefined
    if (v === undefined || v.partial === true || !Array.isArray(v.rows)) continue
    const shownText = textOf(h.query)
    // not a narrowing of that answer's text (no rows tested)
    if (shownText === text || narrowing.by(shownText, text, v.idLeads) === null) continue
    // a text typed past every match of that answer's text: none, all of them (the engine told what follows its text)
    if (noMatchAfter(shownText, text, v.followers, v.idLeads)) return { rows: [], complete: true, idLeads: v.idLeads }
    found.push({ text: shownText, value: v })
  }
  // The closest first: the longest text, then the most rows. Their texts all start the new one, so each is the start
  // of the longer ones: an answer of a shorter text with no more rows reaches no further down the new filter's rows
  // than one of a longer text, and is not tested once that one had too few (each test folds and tests its rows).
  found.sort((a, b) => b.text.length - a.text.length || b.value.rows.length - a.value.rows.length)
  let tooFew = -1
  for (const { text: shownText, value: v } of found) {
    if (v.rows.length <= tooFew) continue
    const made = narrowRows({ rest, text: shownText, offset: 0, rows: v.rows, total: v.total, idLeads: v.idLeads }, rest, text, narrowing.by, narrowing.needed)
    // any held answer that narrows gives the same first rows (those of the new filter): the first found is kept
    if (made !== null) return { rows: made.rows, complete: made.complete, idLeads: v.idLeads }
    tooFew = Math.max(tooFew, v.rows.length)
  }
  return null
}

/** Rows folded per step of an idle period (prepareLater). */
const PREPARE_SLICE = 50

/**
 * The rows of an answer a later keystroke may be narrowed from, folded ahead when the page is idle (the reserve's
 * thousand rows folded on the keystroke's path cost that keystroke its frame): for an answer of a filter a page narrows.
 */
export function prepareLater(narrowing: Narrowing, value: unknown): void {
  const v = value as FullWindow | undefined
  const prepare = narrowing.by.prepare
  if (prepare === undefined || v === undefined || v.partial === true || !Array.isArray(v.rows)) return
  const idle = (globalThis as { requestIdleCallback?: (f: (d: { timeRemaining(): number }) => void) => number }).requestIdleCallback
  if (!idle) {
    setTimeout(() => prepare(v.rows), 0)
    return
  }
  // a slice at a time, within the idle period's time: a keystroke that comes meanwhile does not wait for a thousand folds
  let at = 0
  const run = (d: { timeRemaining(): number }): void => {
    while (at < v.rows.length && d.timeRemaining() > 1) {
      prepare(v.rows.slice(at, at + PREPARE_SLICE))
      at += PREPARE_SLICE
    }
    if (at < v.rows.length) idle(run)
  }
  idle(run)
}

/** The early answer as the worker would send it (Q5): the rows final, the counts a lower bound — exact when `complete`. */
export function earlyValue(made: MadeEarly): Readonly<Record<string, unknown>> {
  return {
    rows: made.rows,
    total: made.rows.length,
    sumIn: 0,
    sumOut: 0,
    net: 0,
    tookMs: 0,
    loadedRows: 0,
    ...(made.idLeads === undefined ? {} : { idLeads: made.idLeads }),
    partial: true,
    ...(made.complete ? { complete: true } : {})
  }
}
