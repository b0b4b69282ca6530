/**
 * The ledger check after each sync (issue 30 item 8, DESIGN "A ledger the client proves", docs/decisions.md
 * "D-ledger-reconcile (issue 30 item 8)"). For one wallet, once its statement pull ends:
 *
 * 1. the sync point is the cursor of the last stored chunk (the last row pulled, updated_at|id; "" for none);
 * 2. the server's ledger at that point (`statementLedger`, upto = the point) against the projection's own
 *    per-currency sums (reconcile.ts): same rows, same completed credits and debits, and opening balance +
 *    movements = the balance at the point → "reconciled at <point>";
 * 3. otherwise the affected range is found by bisection over the stored chunks (prefix sums of the chunks, each
 *    row counted once, at its newest copy, as the server places it, against the server's prefix at each chunk's
 *    cursor) and only that chunk's range is pulled again: its stored chunk is replaced and its rows upserted;
 *    then the check runs again (at most MAX_REPAIRS ranges);
 * 4. a gap that does not heal is recorded as such, and only then shown to the user.
 *
 * Rows an event brought after the point (L5) make the projection differ while every chunk agrees: the statement is
 * pulled once more and checked after it instead.
 */
import type { StatementEntry } from "../../schema/entities.ts"
import { CurrencySymbol } from "../../schema/common.ts"
import type { LedgerState, StatementLedger } from "../../schema/ledger.ts"
import type { ApiClient } from "../api/client.ts"
import { runApi } from "../pullers/puller.ts"
import { chunkRows, lastChunk, lastChunkDoc, readPage, TABLE_PAGE_SIZE } from "../pullers/table.ts"
import { statementSync } from "../pullers/statements.ts"
import type { StatementChunkDoc, UserDb } from "../store/db.ts"
import { fromCompact, toCompact } from "../store/statement-rows.ts"
import { addTotals, localTotals, rangeAgrees, reconcile, totalsOfRows, type LocalTotals, type SummingProjection } from "./reconcile.ts"

/** Ranges pulled again by one check before a gap is left as shown. */
const MAX_REPAIRS = 4
/** Pulls of the whole statement asked by one wallet's checks in a row (rows newer than the point) before it is a gap. */
const MAX_REPULLS = 2

export interface LedgerCheckDeps {
  readonly api: () => ApiClient
  readonly db: () => UserDb | null
  readonly projection: () => SummingProjection
  /** Re-pulled rows into the projection (upsert by id). */
  readonly ingest: (rows: ReadonlyArray<StatementEntry>) => void
  /** The wallet's statement pulled again (incremental); its end checks again. */
  readonly pullAgain: (walletId: string) => void
  readonly changed: () => void
  /** Whether a pull of the wallet's statement runs (its end checks: a check meanwhile would read half a pull). */
  readonly pulling: (walletId: string) => boolean
}

export interface CheckStats {
  /** The whole check (server answer + local sums), ms. */
  readonly ms: number
  /** The local side only (the projection's sums and the arithmetic), ms. */
  readonly localMs: number
}

const cmpCursor = (a: string, b: string): number => {
  const ca = a.lastIndexOf("|")
  const cb = b.lastIndexOf("|")
  const ta = a.slice(0, ca)
  const tb = b.slice(0, cb)
  if (ta !== tb) return ta < tb ? -1 : 1
  const ia = a.slice(ca + 1)
  const ib = b.slice(cb + 1)
  return ia === ib ? 0 : ia < ib ? -1 : 1
}

export class LedgerCheck {
  /** Per wallet, its last check (kept in the store's meta: shown offline too). */
  readonly states = new Map<string, LedgerState>()
  /** The last check's cost (the benchmark's reconcile_ms). */
  lastStats: CheckStats | null = null
  private readonly running = new Map<string, Promise<LedgerState | null>>()
  private readonly repulls = new Map<string, number>()

  constructor(private readonly deps: LedgerCheckDeps) {}

  /** The stored checks of this user (at open). */
  async load(db: UserDb): Promise<void> {
    const docs = await db.meta.find({ selector: { key: { $regex: "^ledger\\|" } } }).exec()
    for (const d of docs) this.states.set(d.key.slice("ledger|".length), d.value as LedgerState)
  }

  clear(): void {
    this.states.clear()
    this.repulls.clear()
    this.lastStats = null
  }

  /** Check one wallet's statement (one check per wallet at a time: an ask meanwhile shares it). */
  check(walletId: string): Promise<LedgerState | null> {
    const r = this.running.get(walletId)
    if (r) return r
    const p = this.run(walletId).finally(() => this.running.delete(walletId))
    this.running.set(walletId, p)
    return p
  }

  private async ledger(walletId: string, q: { after?: string; upto?: string }): Promise<StatementLedger> {
    return (await runApi(this.deps.api().call("statementLedger", { walletId, query: q }))).data
  }

  /** The whole statement at the sync point: the server's answer, the local sums, the verdict. */
  private async verify(db: UserDb, walletId: string) {
    const t0 = performance.now()
    // an empty local statement is checked too: the server's whole statement must then be empty
    const point = (await lastChunk(db, walletId))?.cursor ?? ""
    const server = await this.ledger(walletId, point ? { upto: point } : {})
    if (db.closed) return null
    const t1 = performance.now()
    const local = localTotals(this.deps.projection(), walletId, CurrencySymbol.literals)
    const verdict = reconcile(local, server)
    const t2 = performance.now()
    this.lastStats = { ms: t2 - t0, localMs: t2 - t1 }
    return { point, verdict }
  }

  private async run(walletId: string): Promise<LedgerState | null> {
    const db = this.deps.db()
    // (a check asked after a sync pass can come due as the session closes: a closed store is not checked)
    if (!db || db.closed || this.deps.pulling(walletId)) return this.states.get(walletId) ?? null
    let v = await this.verify(db, walletId)
    if (!v) return null
    let repulled = 0
    const tried = new Set<number>()
    while (!v.verdict.ok && repulled < MAX_REPAIRS) {
      const bad = await this.firstBadChunk(db, walletId)
      if (bad === null) {
        // every stored chunk agrees: the projection holds rows newer than the point (an event's): pull, check after it
        const n = (this.repulls.get(walletId) ?? 0) + 1
        if (n > MAX_REPULLS) break
        this.repulls.set(walletId, n)
        this.deps.pullAgain(walletId)
        return this.states.get(walletId) ?? null
      }
      if (tried.has(bad.seq)) break // pulled again and still wrong: it does not heal
      tried.add(bad.seq)
      await this.repull(db, walletId, bad)
      repulled++
      const again = await this.verify(db, walletId)
      if (!again) return null
      v = again
    }
    this.repulls.delete(walletId)
    const at = new Date().toISOString()
    const cost = this.lastStats ? { ms: Math.round(this.lastStats.ms * 10) / 10, localMs: Math.round(this.lastStats.localMs * 10) / 10 } : {}
    const before = this.states.get(walletId)
    const state: LedgerState = v.verdict.ok
      ? { state: "reconciled", point: v.point, at, reconciledAt: at, repulled, ...cost }
      : {
          state: "gap",
          point: v.point,
          at,
          ...(before?.reconciledAt ? { reconciledAt: before.reconciledAt } : {}),
          currencies: v.verdict.currencies.filter((c) => !c.ok).map((c) => c.currency),
          repulled,
          ...cost
        }
    this.states.set(walletId, state)
    if (this.deps.db() === db) await db.meta.upsert({ key: `ledger|${walletId}`, value: state })
    this.deps.changed()
    return state
  }

  /**
   * The first stored chunk whose prefix (every row up to its cursor, each counted once at its newest copy) differs
   * from the server's prefix at the same cursor, by bisection; null when the last chunk's prefix agrees.
   */
  private async firstBadChunk(db: UserDb, walletId: string): Promise<{ seq: number; cursor: string; after: string } | null> {
    const docs = await db.statement_chunks.find({ selector: { wallet_id: walletId }, sort: [{ wallet_id: "asc" }, { seq: "asc" }] }).exec()
    if (docs.length === 0) return null
    // per chunk, the totals of the rows whose newest copy it holds
    const per: LocalTotals[][] = []
    const where = new Map<string, { chunk: number; row: StatementEntry }>()
    docs.forEach((d, i) => {
      for (const a of chunkRows(d)) {
        const row = fromCompact(a)
        where.set(row.id, { chunk: i, row })
      }
    })
    const byChunk: StatementEntry[][] = docs.map(() => [])
    for (const { chunk, row } of where.values()) (byChunk[chunk] as StatementEntry[]).push(row)
    for (const rows of byChunk) per.push(totalsOfRows(rows))
    const prefix: LocalTotals[][] = []
    let acc: LocalTotals[] = []
    for (const t of per) prefix.push((acc = addTotals(acc, t)))
    const agrees = async (i: number): Promise<boolean> =>
      rangeAgrees(prefix[i] as LocalTotals[], await this.ledger(walletId, { upto: (docs[i] as StatementChunkDoc).cursor }))
    const lastI = docs.length - 1
    if (await agrees(lastI)) return null
    let lo = 0
    let hi = lastI // the first bad index is in [lo, hi]; hi is bad
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (await agrees(mid)) lo = mid + 1
      else hi = mid
    }
    const d = docs[lo] as StatementChunkDoc
    return { seq: d.seq, cursor: d.cursor, after: lo > 0 ? (docs[lo - 1] as StatementChunkDoc).cursor : "" }
  }

  /** One chunk's range (after < cursor ≤ chunk's cursor) pulled again: its stored chunk replaced, its rows upserted. */
  private async repull(db: UserDb, walletId: string, bad: { seq: number; cursor: string; after: string }): Promise<void> {
    const api = this.deps.api()
    const rows: StatementEntry[] = []
    let after = bad.after
    for (;;) {
      const text = await runApi(
        api.rawText("GET", statementSync.path, {
          walletId,
          query: { sort: "updated_at", order: "asc", page: "1", page_size: String(TABLE_PAGE_SIZE), ...(after ? { after } : {}) }
        })
      )
      const page = readPage(text, statementSync, statementSync.path)
      if (page instanceof Error) throw page
      const got = page.compact ? page.rows.map(fromCompact) : page.rows
      let past = false
      for (const r of got) {
        const c = statementSync.cursorAfter(r)
        if (cmpCursor(c, bad.cursor) > 0) {
          past = true
          break
        }
        rows.push(r)
        after = c
      }
      if (past || got.length < TABLE_PAGE_SIZE) break
    }
    const id = `${walletId}|${String(bad.seq).padStart(10, "0")}`
    const old = await db.statement_chunks.findOne(id).exec()
    if (old) await old.remove()
    await db.statement_chunks.insert({ id, wallet_id: walletId, seq: bad.seq, cursor: bad.cursor, count: rows.length, upto: -1, rows: rows.map(toCompact) })
    // the stored count is read again from the chunks (upto -1) at the next pull
    const last = await lastChunkDoc(db, walletId)
    if (last && last.seq !== bad.seq) await last.incrementalPatch({ upto: -1 })
    this.deps.ingest(rows)
  }
}
