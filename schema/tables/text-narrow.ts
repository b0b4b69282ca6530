/**
 * A text typed forward, answered on the page in the keystroke's own frame (sync/SPEC.md Q5b).
 *
 * The engine's text filter (Q1/Q5, the naive references in tests/support) keeps a row when a
 * searched text field contains the folded text, the document's digits contain a document-like
 * text's digits, or (from MIN_ID_QUERY characters) a searched identifier starts with it. A text
 * that extends the one shown keeps a subset of its rows, in the same order: so the new filter's
 * first rows are the rows of the answer on screen that still match — exactly, as long as enough of
 * them do (the Q5 early rows, computed without asking the worker). The table shows them at once,
 * marked partial, and the worker's answer (count, totals, further rows) follows as before.
 *
 * Not a narrowing (null): a text that does not start with the one shown; a text that reaches
 * MIN_ID_QUERY from a shorter one (identifiers are searched from there on: new matches) — unless
 * the answer shown told the characters its table's identifiers can start with (`idLeads`, the
 * engine's) and the text starts with none of them: then no identifier can match it; a
 * document-like text after one that was not (its digits are searched: new matches).
 */
import { MIN_ID_QUERY, digitsOnly, documentDigitsOf, foldText } from "../text-fold.ts"

/** What of a table description the text filter searches (schema/tables/define-table.ts: `text`, `digits`, `prefixIds`). */
export interface TextFields {
  readonly text: ReadonlyArray<string>
  readonly digits?: string | undefined
  readonly prefixIds: ReadonlyArray<{ readonly key: string; readonly searched?: boolean | undefined }>
}

/** Whether a row (as the engine answers it) matches a text filter. */
export type RowTest<R> = (row: R) => boolean
/**
 * A test of the rows for `text` when it narrows `shownText` (every match of it is a match of the shown one), else null.
 * `idLeads`: the characters (folded) the table's searched identifiers can start with, as the answer shown told them.
 * `prepare` folds rows ahead (in idle time) so that a later test of them costs no folding on the keystroke's path.
 */
export type Narrower<R> = ((shownText: string, text: string, idLeads?: string) => RowTest<R> | null) & {
  readonly prepare?: (rows: ReadonlyArray<R>) => void
}

const str = (row: object, key: string): string => {
  const v = (row as Record<string, unknown>)[key]
  return typeof v === "string" ? v : ""
}

/** A row's searched fields, folded once: its texts, its document's digits, its searched identifiers. */
interface FoldedRow {
  readonly texts: ReadonlyArray<string>
  readonly digits: string
  readonly ids: ReadonlyArray<string>
}
const searchedIds = (t: TextFields): string[] => t.prefixIds.filter((p) => p.searched !== false).map((p) => p.key)
/** Per table description, each row object's folded fields: a row tested again (a next keystroke) is not folded again. */
const folded = new WeakMap<TextFields, WeakMap<object, FoldedRow>>()
function foldedRow(t: TextFields, ids: ReadonlyArray<string>, row: object): FoldedRow {
  let rows = folded.get(t)
  if (rows === undefined) folded.set(t, (rows = new WeakMap()))
  let f = rows.get(row)
  if (f === undefined) {
    f = {
      texts: t.text.map((k) => foldText(str(row, k))),
      digits: t.digits === undefined ? "" : digitsOnly(str(row, t.digits)),
      ids: ids.map((k) => foldText(str(row, k)))
    }
    rows.set(row, f)
  }
  return f
}

/** The engine's text filter for one row of table `t` (the same rule as its projection, by the row's own fields). */
export function textMatcher<R extends object>(t: TextFields, text: string): RowTest<R> {
  const raw = text.trim()
  if (raw === "") return () => true
  const q = foldText(raw)
  const digits = t.digits === undefined ? null : documentDigitsOf(raw)
  const allIds = searchedIds(t)
  const byIds = q.length >= MIN_ID_QUERY
  return (row) => {
    const f = foldedRow(t, allIds, row)
    for (const x of f.texts) if (x.includes(q)) return true
    if (digits !== null && f.digits.includes(digits)) return true
    if (byIds) for (const x of f.ids) if (x.startsWith(q)) return true
    return false
  }
}

/** The narrowing rule of table `t` (see the file's comment). */
export function narrower<R extends object>(t: TextFields): Narrower<R> {
  const rule = (shownText: string, text: string, idLeads?: string): RowTest<R> | null => {
    const a = foldText(shownText.trim())
    const b = foldText(text.trim())
    if (a !== "") {
      if (!b.startsWith(a)) return null
      // from here identifiers are searched too: new matches, unless none can start with this text
      if (a.length < MIN_ID_QUERY && b.length >= MIN_ID_QUERY && (idLeads === undefined || idLeads.includes(b[0] as string))) return null
      if (t.digits !== undefined && documentDigitsOf(b) !== null && documentDigitsOf(a) === null) return null
    }
    return textMatcher(t, text)
  }
  const ids = searchedIds(t)
  return Object.assign(rule, {
    prepare: (rows: ReadonlyArray<R>): void => {
      for (const r of rows) foldedRow(t, ids, r)
    }
  })
}

/**
 * Whether `text`, which extends `shownText`, surely matches no row, by what the answer of `shownText` told: `followers`
 * (the characters that follow its folded text in every searched string that holds it, from the engine) lacks the
 * character `text` adds, neither is document-like (their digits are searched apart), and no identifier can start with
 * it (shorter than MIN_ID_QUERY, or its first character not among `idLeads`). A text typed past every match ("marc" →
 * "marco") is then known empty on the page.
 */
export function noMatchAfter(shownText: string, text: string, followers: string | undefined, idLeads: string | undefined): boolean {
  if (followers === undefined) return false
  const a = foldText(shownText.trim())
  const b = foldText(text.trim())
  if (a === "" || b.length <= a.length || !b.startsWith(a)) return false
  if (documentDigitsOf(shownText.trim()) !== null || documentDigitsOf(text.trim()) !== null) return false
  if (b.length >= MIN_ID_QUERY && (idLeads === undefined || idLeads.includes(b[0] as string))) return false
  return !followers.includes(b[a.length] as string)
}

/** An answer on screen: the first rows (from `offset`) of a filter whose text is `text` and whose other terms are `rest`. */
export interface ShownRows<R> {
  readonly rest: string
  readonly text: string
  readonly offset: number
  readonly rows: ReadonlyArray<R>
  /** How many rows that filter matched in all. */
  readonly total: number
  /** The characters the table's searched identifiers can start with, when the answer told them (Narrower). */
  readonly idLeads?: string | undefined
}

/**
 * The new filter's first rows; `complete`: they are all its rows (the answer shown held every one of its own) — else
 * exactly the `needed` first ones.
 */
export interface NarrowedRows<R> {
  readonly rows: ReadonlyArray<R>
  readonly complete: boolean
}

/**
 * The first rows of the filter (`rest`, `text`) taken from the answer shown, or null when they
 * cannot be known from it: not the same other terms, not from the top, not a narrowing, or fewer
 * than `needed` of its rows match while it had more rows than it holds (the rest could match too).
 */
export function narrowRows<R extends object>(
  shown: ShownRows<R> | null,
  rest: string,
  text: string,
  narrow: Narrower<R>,
  needed: number
): NarrowedRows<R> | null {
  if (shown === null || shown.rest !== rest || shown.offset !== 0) return null
  const test = narrow(shown.text, text, shown.idLeads)
  if (test === null) return null
  const complete = shown.total <= shown.rows.length
  const rows: R[] = []
  // the rows needed and no more when the shown answer was not all of its filter's (the worker's answer follows with
  // the rest): a refinement most rows still match stops after a screenful, not at the window's end
  for (const r of shown.rows) {
    if (!test(r)) continue
    rows.push(r)
    if (!complete && rows.length >= needed) break
  }
  return rows.length >= needed || complete ? { rows, complete } : null
}

/** A query without its text (the `rest` a text narrows within; the window kept live while a text is typed). */
export function withoutText<Q extends { readonly text?: string }>(q: Q): Omit<Q, "text"> {
  const { text: _text, ...rest } = q
  return rest
}
