/**
 * The query compiler of a table projection (DESIGN "Large data"; sync/SPEC.md Q, PJ): a query's
 * filter turned into what a scan tests per row with a table lookup — a wallet mask, one mask over
 * the packed code (type, status, sign, currency at once), the period and amount bounds, the text as
 * hit tables over the interned dictionaries (each distinct string tested once) and TEXT_HIT bits on
 * the rows whose identifiers start with it. The access paths (paths/) and the scan read `Compiled`;
 * `matches` is the scan's predicate as a function, for the few callers that test one row at a time.
 */
import type { HitList } from "./intern-dictionary.ts"
import { ENTRY_ROWS_SHARE_SHIFT } from "./entry-rows.ts"
import { COLLECT_CAP } from "./packed-strings.ts"
import type { PackedStringColumn } from "./packed-strings.ts"
import type { SparsePackedColumn } from "./sparse-strings.ts"
import { documentDigitsOf, foldText } from "../../schema/text-fold.ts"
import { DEAD } from "./table-binding.ts"
import { hitsBuffer, type QueryBuffers } from "./query-buffers.ts"
import { TEXT_HIT } from "./scan-loops.ts"
import type { TableStore } from "./table-store.ts"
import { MIN_ID_QUERY, type TableQuery } from "./table-types.ts"

export interface Compiled {
  /** null: every wallet. */
  readonly walletMask: Uint8Array | null
  /** Selected wallet ids (deduped, in order), for perWallet. */
  readonly selectedWallets: ReadonlyArray<string>
  readonly codeMask: Uint8Array | null
  readonly minAmount: number
  readonly maxAmount: number
  readonly from: number
  readonly to: number
  readonly hasText: boolean
  /** Which text sources can match at all: a scan reads only those columns. */
  readonly textDesc: boolean
  readonly textName: boolean
  readonly textDoc: boolean
  /** Identifier prefixes matched some rows: scratch holds TEXT_HIT bits (cleared after). */
  readonly rowTextHits: boolean
  /**
   * When only identifiers can match and they matched few rows (a pasted id): those live rows in
   * date order, so the scan visits them instead of the whole date range.
   */
  readonly candidates: Uint32Array | null
  /** The description and document entries the text hit, listed by the search (up to a cap: HitList) when their dictionary keeps rows by entry (Q9). */
  readonly descList: HitList | null
  readonly docList: HitList | null
  /** The rows identifier prefixes matched (live or not, any order), when at most COLLECT_CAP; else null (Q8 adds them one by one). */
  readonly idRows: ReadonlyArray<number> | null
  /** Nothing can match (an unknown wallet only, an empty type list after filtering…). */
  readonly none: boolean
}

/**
 * Compiles `q` over the store as it is now, into the buffers' masks and hit tables. Leaves
 * TEXT_HIT bits in the store's scratch when `rowTextHits`: the caller clears them after the query
 * (`store.scratch.fill(0, 0, store.n)`). `entryRowsFrom`: from how many entries a dictionary's hits
 * are listed for the rows-by-entry path (Q9).
 */
export function compile(s: TableStore, bufs: QueryBuffers, q: TableQuery, entryRowsFrom: number): Compiled {
  let none = false
  // wallets
  let walletMask: Uint8Array | null = null
  const selected: string[] = []
  if (q.walletIds !== undefined && q.walletIds.length > 0) {
    for (const id of q.walletIds) if (!selected.includes(id)) selected.push(id)
    bufs.walletMaskBuf = hitsBuffer(bufs.walletMaskBuf, s.wallets.size)
    walletMask = bufs.walletMaskBuf
    walletMask.fill(0, 0, s.wallets.size)
    let any = false
    for (const id of selected) {
      const w = s.wallets.lookup(id)
      if (w !== undefined) {
        walletMask[w] = 1
        any = true
      }
    }
    if (!any) none = true
  } else {
    for (let w = 0; w < s.wallets.size; w++) if ((s.walletLive[w] as number) > 0) selected.push(s.wallets.value(w))
    selected.sort()
  }
  // type, status, direction, currency: one table over the packed code
  let codeMask: Uint8Array | null = null
  const types = q.types !== undefined && q.types.length > 0 ? new Set<string>(q.types) : null
  const statuses = q.statuses !== undefined && q.statuses.length > 0 ? new Set<string>(q.statuses) : null
  if (types !== null || statuses !== null || q.direction !== undefined || q.currency !== undefined) {
    codeMask = bufs.codeMaskBuf
    let any = false
    const b = s.b
    for (let c = 0; c < b.codeSpace; c++) {
      const ok =
        b.rawKind[c] !== 0 &&
        (types === null || types.has(b.typeLiterals[c >> b.typeShift] as string)) &&
        (statuses === null || statuses.has(b.statusLiterals[(c >> b.statusShift) & b.statusMask] as string)) &&
        (q.direction === undefined || b.signLiterals[(c >> b.dirShift) & 1] === q.direction) &&
        (q.currency === undefined || b.currencies[c & b.curMask] === q.currency)
      codeMask[c] = ok ? 1 : 0
      if (ok) any = true
    }
    if (!any) none = true
  }
  const from = q.from ?? -Infinity
  const to = q.to ?? Infinity
  if (!(from < to)) none = true
  const minAmount = q.minAmount ?? -Infinity
  const maxAmount = q.maxAmount ?? Infinity
  if (!(minAmount <= maxAmount)) none = true
  // text: each distinct string once, then identifiers by prefix
  let hasText = false
  let textDesc = false
  let textName = false
  let textDoc = false
  let rowTextHits = false
  let candidates: Uint32Array | null = null
  let idRows: number[] | null = null
  let descList: HitList | null = null
  let docList: HitList | null = null
  const raw = (q.text ?? "").trim()
  if (raw.length > 0 && !none) {
    hasText = true
    const folded = foldText(raw)
    const digits = documentDigitsOf(raw)
    bufs.descHits = hitsBuffer(bufs.descHits, s.descriptions.size)
    bufs.nameHits = hitsBuffer(bufs.nameHits, s.names.size)
    bufs.docHits = hitsBuffer(bufs.docHits, s.documents.size)
    // the large dictionaries list their hits too (Q9), up to the share of rows Q9 answers
    const cap = s.liveRows >> ENTRY_ROWS_SHARE_SHIFT
    descList = s.descriptions.size >= entryRowsFrom ? { entries: [], cap } : null
    docList = s.documents.size >= entryRowsFrom ? { entries: [], cap } : null
    textDesc = s.descriptions.search(folded, null, bufs.descHits, descList) > 0
    textName = s.names.search(folded, null, bufs.nameHits) > 0
    textDoc = s.documents.search(folded, s.b.digitsText === 2 ? digits : null, bufs.docHits, docList) > 0
    if (folded.length >= MIN_ID_QUERY) {
      // the rows the identifier search lists (up to COLLECT_CAP + 1: markHit lists no more): with no
      // dictionary hit they are the matches; with some, Q8 adds them to the entries' totals
      const collect: number[] = []
      rowTextHits = markIdentifiers(s, folded, collect) > 0
      if (collect.length <= COLLECT_CAP) idRows = collect
      // identifier-only matches up to COLLECT_CAP are visited directly instead of scanning
      if (!textDesc && !textName && !textDoc && collect.length <= COLLECT_CAP) {
        const live = collect.filter((r) => s.code[r] !== DEAD)
        live.sort((a, b) => s.compareDate(a, b))
        candidates = Uint32Array.from(live)
      } else if (!textDesc && !textName && !textDoc && s.byDate.identity) {
        // more of them (the gateway's "E6070": 113k end-to-end ids of one bank), rows in date order
        // (compacted): listed by one pass over the marks, so the scan visits those alone
        candidates = markedRows(s, bufs)
      }
    }
    if (!textDesc && !textName && !textDoc && !rowTextHits) none = true
  }
  return {
    walletMask,
    selectedWallets: selected,
    codeMask,
    minAmount,
    maxAmount,
    from,
    to,
    hasText,
    textDesc,
    textName,
    textDoc,
    rowTextHits,
    candidates,
    descList,
    docList,
    idRows,
    none
  }
}

/** The live rows whose scratch has TEXT_HIT, ascending (the date order when compacted), in the prefilter buffer. */
function markedRows(s: TableStore, bufs: QueryBuffers): Uint32Array {
  const out = bufs.prefilterOf(s.n, s.cap)
  const scratch = s.scratch
  const code = s.code
  const dead = DEAD
  const hit = TEXT_HIT
  let k = 0
  for (let r = 0, n = s.n; r < n; r++) if (((scratch[r] as number) & hit) !== 0 && code[r] !== dead) out[k++] = r
  return out.subarray(0, k)
}

/** Marks TEXT_HIT in the store's scratch for the rows whose searched identifiers start with `folded`; how many were marked. */
export function markIdentifiers(s: TableStore, folded: string, collect: number[] | null): number {
  let marked = s.idCol.searchPrefix(folded, s.scratch, TEXT_HIT, collect)
  for (let k = 0; k < s.denseCols.length; k++)
    if (s.b.dense[k]?.searched === true) marked += (s.denseCols[k] as PackedStringColumn).searchPrefix(folded, s.scratch, TEXT_HIT, collect)
  for (let k = 0; k < s.sparseCols.length; k++)
    if (s.b.sparse[k]?.searched === true) marked += (s.sparseCols[k] as SparsePackedColumn).searchPrefix(folded, s.scratch, TEXT_HIT, collect)
  return marked
}

/**
 * The characters a text must start with (folded) for `markIdentifiers` to mark any row: every searched identifier
 * column's start characters (sync/SPEC.md Q5b: a text reaching MIN_ID_QUERY that starts with none of them matches no identifier,
 * so its matches are a subset of the shorter text's). Sorted, each once.
 */
export function identifierLeads(s: TableStore): string {
  let all = s.idCol.startChars()
  for (let k = 0; k < s.denseCols.length; k++) if (s.b.dense[k]?.searched === true) all += (s.denseCols[k] as PackedStringColumn).startChars()
  for (let k = 0; k < s.sparseCols.length; k++) if (s.b.sparse[k]?.searched === true) all += (s.sparseCols[k] as SparsePackedColumn).startChars()
  return [...new Set(all)].sort().join("")
}

/** The scan's predicate as a function (series, the amount-order walk); keep in step with scan(). */
export function matches(s: TableStore, bufs: QueryBuffers, c: Compiled, r: number): boolean {
  if (c.none) return false
  if (c.walletMask !== null && c.walletMask[s.wallet[r] as number] === 0) return false
  const code = s.code[r] as number
  if (c.codeMask !== null && c.codeMask[code] === 0) return false
  const a = s.amount[r] as number
  if (a < c.minAmount || a > c.maxAmount) return false
  if (c.hasText) {
    return (
      (c.textDesc && bufs.descHits[s.desc[r] as number] === 1) ||
      (c.textName && bufs.nameHits[s.cpName[r] as number] === 1) ||
      (c.textDoc && bufs.docHits[s.cpDoc[r] as number] === 1) ||
      (c.rowTextHits && ((s.scratch[r] as number) & TEXT_HIT) !== 0)
    )
  }
  return true
}
