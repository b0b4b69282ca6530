/**
 * Where each row of a grouped data table sits (src/ui/data-table.tsx; first used by the statement table,
 * "grouping by day with day totals"): a header row before each day, then the day's rows. The
 * groups come in row order from the worker, so display positions are prefix sums of the group
 * counts; a position is found by binary search, so a million rows cost nothing here.
 */
/** A group of rows: how many rows it holds (its header is shown before them). */
export interface RowGroup {
  readonly count: number
}

/** Display index of each group's header row. */
export function headerIndexes(groups: ReadonlyArray<RowGroup> | undefined): Int32Array | null {
  if (!groups || groups.length === 0) return null
  const out = new Int32Array(groups.length)
  let at = 0
  groups.forEach((g, i) => {
    out[i] = at
    at += g.count + 1
  })
  return out
}

/** The group of a display index (the last header at or before it). */
export function groupAt(starts: Int32Array, d: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] as number) <= d) lo = mid
    else hi = mid - 1
  }
  return lo
}

export type Slot = { readonly kind: "group"; readonly group: number } | { readonly kind: "row"; readonly index: number }
export function slotAt(starts: Int32Array | null, d: number): Slot {
  if (!starts) return { kind: "row", index: d }
  const g = groupAt(starts, d)
  const h = starts[g] as number
  return h === d ? { kind: "group", group: g } : { kind: "row", index: d - g - 1 }
}
/** The data index shown at or after a display index. */
export const dataIndexFrom = (starts: Int32Array | null, d: number): number => {
  const sl = slotAt(starts, d)
  return sl.kind === "row" ? sl.index : (starts?.[sl.group] ?? 0) - sl.group
}
