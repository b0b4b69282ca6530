/**
 * Rows first for a text (sync/SPEC.md Q5): the window's rows of a text filter from a walk in date
 * order that tests each visited row's strings one by one, each distinct string once
 * (InternDictionary.matcher), instead of searching the dictionaries whole first — "1" over a
 * million documents took ~150 ms before its first rows could go out, "ped-" (800k references)
 * ~13 ms in Node. Identifier prefixes (4 characters or more) are marked by column first, as
 * compile() does. The totals are those of the rows walked (a partial answer's totals are not
 * shown). Not an answer of its own: the planner sends it as the early answer, then answers whole.
 * Null when the walk does not fill the window within LAZY_EARLY_VISITS rows (a narrow text, which
 * the full answer serves).
 */
import { hitsBuffer, type QueryBuffers } from "../query-buffers.ts"
import { TEXT_HIT } from "../scan-loops.ts"
import { compile, markIdentifiers, type Compiled } from "../table-compile.ts"
import type { TableStore } from "../table-store.ts"
import { MIN_ID_QUERY, type TableQuery, type TableSort } from "../table-types.ts"

/** How many rows the walk visits at most looking for a text's first rows. */
const LAZY_EARLY_VISITS = 16_384

export interface EarlyRows {
  readonly rows: number[]
  readonly total: number
  readonly sumIn: number
  readonly sumOut: number
}

/** The early rows of `q` (whose folded text is `folded`), or null; leaves no mark in the store's scratch. */
export function textEarlyRows(
  s: TableStore,
  bufs: QueryBuffers,
  entryRowsFrom: number,
  q: TableQuery,
  sort: TableSort,
  offset: number,
  limit: number,
  folded: string,
  digits: string | null
): EarlyRows | null {
  const { text: _text, ...rest } = q
  const c = compile(s, bufs, rest, entryRowsFrom)
  if (c.none || s.liveRows === 0) return null
  // identifiers (4 characters or more) by column, as compile() marks them (D-leads keeps it quick)
  const marked = folded.length >= MIN_ID_QUERY ? markIdentifiers(s, folded, null) : 0
  try {
    return walk(s, bufs, c, sort, offset, limit, folded, digits, marked > 0)
  } finally {
    if (marked > 0) s.scratch.fill(0, 0, s.n)
  }
}

function walk(
  s: TableStore,
  bufs: QueryBuffers,
  c: Compiled,
  sort: TableSort,
  offset: number,
  limit: number,
  folded: string,
  digits: string | null,
  rowHits: boolean
): EarlyRows | null {
  const lo = c.from === -Infinity ? 0 : s.lowerBound(c.from)
  const hi = c.to === Infinity ? s.byDate.n : s.lowerBound(c.to)
  const memo = (buf: Uint8Array, size: number): Uint8Array => {
    const m = hitsBuffer(buf, size)
    m.fill(0, 0, size)
    return m
  }
  // the memos are the hit buffers, which compile() clears and fills for the full answer after
  bufs.descHits = memo(bufs.descHits, s.descriptions.size)
  bufs.nameHits = memo(bufs.nameHits, s.names.size)
  bufs.docHits = memo(bufs.docHits, s.documents.size)
  const inDesc = s.descriptions.matcher(folded, null, bufs.descHits)
  const inName = s.names.matcher(folded, null, bufs.nameHits)
  const inDoc = s.documents.matcher(folded, s.b.digitsText === 2 ? digits : null, bufs.docHits)
  const perm = s.byDate.ownRows
  const ident = s.byDate.identity
  const scratch = s.scratch
  const { walletMask: wm, codeMask: cm, minAmount: minA, maxAmount: maxA } = c
  const sumKind = s.b.sumKind
  const want = offset + limit
  const rows: number[] = []
  let total = 0
  let sumIn = 0
  let sumOut = 0
  const visits = Math.min(hi - lo, LAZY_EARLY_VISITS)
  for (let k = 0; k < visits && total < want; k++) {
    const i = sort.dir === "asc" ? lo + k : hi - 1 - k
    const r = ident ? i : (perm[i] as number)
    if (wm !== null && wm[s.wallet[r] as number] === 0) continue
    const code = s.code[r] as number
    if (cm !== null && cm[code] === 0) continue
    const a = s.amount[r] as number
    if (a < minA || a > maxA) continue
    if (
      !(rowHits && ((scratch[r] as number) & TEXT_HIT) !== 0) &&
      !inDesc(s.desc[r] as number) &&
      !inName(s.cpName[r] as number) &&
      !inDoc(s.cpDoc[r] as number)
    )
      continue
    if (total >= offset) rows.push(r)
    total++
    const kind = sumKind[code] as number
    if (kind === 1) sumIn += a
    else if (kind === 2) sumOut += a
  }
  return total < want ? null : { rows, total, sumIn, sumOut }
}
