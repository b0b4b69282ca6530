/**
 * How often a live query's answers go out (workers/engine.worker.ts `push`): most at once, two kinds spaced.
 *
 * - P6: a sync's progress moves at every chunk stored and every list started or done — hundreds of times in a sign-in
 *   — and each answer went out, was checked against its Schema and re-rendered the home's progress card in the page
 *   (about 0.3 s of the page's CPU in an e2e sign-in of Ana, traced). A bar needs no more than a few answers a
 *   second: after one goes out the next waits until PROGRESS_EVERY_MS have passed.
 * - issue 33 item 1: a big list's answers while a pull brings its rows — a chunk of 5,000 rows every 40 ms or so, and
 *   each recomputed the page's window, count and sums over the growing projection and sent them (a statement page
 *   open during the first sync pulled its million rows at ~80k rows/s, against ~120k with no page watching). The
 *   table still grows before the user's eyes, four times a second (PULLED_EVERY_MS).
 *
 * The latest state always follows (the worker's trailing push), so an answer is late by at most the spacing, and a
 * new subscription (a filter typed, a page opened) is answered at once: only an answer already sent spaces the next.
 */
import type { TableName } from "../schema/tables/registry.ts"
import type { LiveQuery } from "./protocol.ts"

export const PROGRESS_EVERY_MS = 150
export const PULLED_EVERY_MS = 250

/** The projection a query reads ("statement" or a table), or null when it reads none. */
export const sourceOf = (q: LiveQuery): "statement" | TableName | null =>
  q.kind === "statements" || q.kind === "statementSeries" ? "statement" : q.kind === "table" ? q.table : q.kind === "pivot" ? q.source : null

/**
 * How long the next answer to `q` waits, given when the last one went out (`sentAt`, undefined: none yet) and whether
 * a pull is bringing rows into a projection; 0 means now.
 */
export const holdMs = (q: LiveQuery, sentAt: number | undefined, now: number, pullingInto: (source: "statement" | TableName) => boolean): number => {
  if (sentAt === undefined) return 0
  const source = sourceOf(q)
  const every = q.kind === "syncProgress" ? PROGRESS_EVERY_MS : source !== null && pullingInto(source) ? PULLED_EVERY_MS : 0
  return Math.max(0, sentAt + every - now)
}
