/**
 * The engine's live queries (issue 11 "the engine as Effect services"; sync/SPEC.md Q1–Q7, C7; schema/live.ts):
 * the answer of every query a view may watch, read from the other parts — the mirror's lists with the pending
 * commands' overlays laid over them, the projections' filtered answers, the commands, the PIN asks, the
 * uploads, the connection and the sync's progress — and the local exports of the big lists. It holds no state but
 * the last pivots' answers, each with the version of the rows it was computed on (D-analysis-views).
 */
import { Context, Effect, Layer } from "effect"
import type { ApprovalRequest, Notification, PendingBalance, Wallet, WalletAccount, WalletInvitation } from "../../schema/entities.ts"
import type { LiveQuery, StatementQueryMsg, TableQueryMsg } from "../../schema/live.ts"
import type { PivotResultView, PivotSpecMsg, SavedView } from "../../schema/analysis.ts"
import { listDef } from "../../schema/lists.ts"
import { WILDCARD } from "../../schema/permissions.ts"
import { tableEntry, type TableName } from "../../schema/tables/registry.ts"
import { layOverlays, withPendingBalance } from "../outbox/optimistic.ts"
import { monthsFromDays, type StatementProjection } from "../projections/statement-projection.ts"
import { tableCsv } from "../projections/table-export.ts"
import type { TableProjection } from "../projections/table-projection.ts"
import type { ConnectionView, LiveResults, StatementsResult, TableResult } from "../results.ts"
import { SAVED_VIEW_KIND } from "../store/saved-views.ts"
import { EngineBus, type EngineBusShape } from "./bus.ts"
import { Commands, type CommandDesk } from "./commands.ts"
import { Mirror, type MirrorState } from "./mirror.ts"
import { Session, type SessionState } from "./session.ts"
import { Stream, type StreamState } from "./stream.ts"
import { TableSync, type TableSyncState } from "./table-sync.ts"

/** A chart of more days than this is drawn per month (statementSeries "auto"). */
const SERIES_MONTHLY_AFTER = 120
/**
 * D-analysis-views: the pivots' answers kept, the most recently asked first out last. A saved view asks three pivots
 * (the grid, the top counterparties, the comparison), so this keeps about the last eight views opened.
 */
const PIVOTS_KEPT = 24

interface KeptPivot {
  /** The version of the rows it was computed on (Q3): any write makes it stale. */
  readonly version: number
  readonly answer: PivotResultView
}

export class LiveQueriesState {
  /** The kept pivots' answers by user, source, query and spec (D-analysis-views); emptied when the user changes. */
  private readonly pivots = new Map<string, KeptPivot>()
  private pivotsOf: string | null = null

  constructor(
    private readonly session: SessionState,
    private readonly mirror: MirrorState,
    private readonly sync: TableSyncState,
    private readonly stream: StreamState,
    private readonly desk: CommandDesk,
    private readonly bus: EngineBusShape
  ) {}

  /** The answer of a live query; `onEarly` gets the rows-first answer of a statements or table query that asks for it (Q5). */
  snapshot(q: LiveQuery, onEarly?: (early: StatementsResult | TableResult) => void): LiveResults[LiveQuery["kind"]] {
    const current = this.session.walletId
    switch (q.kind) {
      case "session":
        return this.session.current
      case "wallets":
        return this.mirror.list<Wallet>("wallets").sort((a, b) => a.name.localeCompare(b.name))
      case "list":
        return this.listRows(q.list, q.walletId ?? current ?? "")
      case "walletAccounts":
        return this.listRows<WalletAccount>("wallet_accounts", q.walletId).map((a) => {
          const p = withPendingBalance(a.balance, a.wallet_id, a.currency_symbol, this.desk.effects)
          return { ...a, balance: p.amount, pendingDelta: p.amount - a.balance }
        })
      case "pendingBalance":
        return this.listRows<PendingBalance>("pending_balance", q.walletId)[0] ?? null
      case "permissionActions": {
        const w = this.mirror.list<Wallet>("wallets").find((x) => x.id === q.walletId)
        const acts = this.mirror.actionsFor(q.walletId)
        return w && w.permission_types.includes("ROOT") && !acts.includes(WILDCARD) ? [...acts, WILDCARD] : acts
      }
      case "notifications":
        return this.listRows<Notification>("notifications", "").slice(0, q.limit)
      case "unreadCount":
        return this.unreadShown()
      case "invitations":
        return q.direction === "received"
          ? this.listRows<WalletInvitation>("invitations_received", "")
          : this.listRows<WalletInvitation>("invitations_sent", current ?? "")
      case "statements":
        return this.queryStatements(q.query, q.early === true ? onEarly : undefined)
      case "table":
        return this.queryTable(q.table, q.query, q.sums === true, q.early === true ? onEarly : undefined, q.daySeries === true)
      case "statementSeries": {
        // "auto": days, or months when the days would be more than SERIES_MONTHLY_AFTER points
        const proj = this.sync.projection
        const sq = q.query as Parameters<StatementProjection["series"]>[0]
        if (q.unit !== "auto") return proj.series(sq, q.unit)
        const days = proj.series(sq, "day")
        return days.points.length > SERIES_MONTHLY_AFTER ? monthsFromDays(days) : days
      }
      case "pivot":
        return this.pivot(q.source, q.query, q.pivot)
      case "savedViews":
        return this.mirror.list<SavedView>(SAVED_VIEW_KIND).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
      case "approvalRequests":
        return this.listRows<ApprovalRequest>("approval_requests", q.walletId)
      case "approvalHistory":
        return this.listRows<ApprovalRequest>("approval_history", q.walletId)
      case "syncProgress": {
        const s = this.sync
        const problems = this.bus.problems
        return {
          ...s.progress.snapshot(),
          ...(problems.length > 0 ? { problems } : {}),
          ...(s.syncedAt ? { syncedAt: s.syncedAt } : {}),
          ...(s.openStats ? { open: s.openStats } : {}),
          ...(s.imageSaved ? { image: s.imageSaved } : {}),
          ...(s.ledger.states.size > 0 ? { ledger: Object.fromEntries(s.ledger.states) } : {})
        }
      }
      case "commands":
        return this.desk.commandViews
      case "pinAsks":
        return this.desk.pinAsks
      case "connection":
        return { online: this.session.online, stream: this.stream.status } satisfies ConnectionView
      case "uploads":
        return this.desk.uploadViews
    }
  }

  /**
   * A synced list as a view sees it (schema/lists.ts): the rows of its copy, those it shows
   * (`where`), the pending commands' overlays laid over them (C7: patched, hidden or added), in its order.
   */
  listRows<T>(name: string, walletId: string): T[] {
    const def = listDef(name)
    if (!def) return []
    const copy = def.scope === "wallet" ? walletId : ""
    let rows = this.mirror.list<Record<string, unknown>>(name, copy)
    const overlays = this.desk.effects.overlays.filter((o) => o.list === name && (def.scope === "user" || o.walletId === copy))
    if (overlays.length > 0) rows = layOverlays(rows, overlays, (r) => def.id(r))
    if (def.where) rows = rows.filter((r) => def.where?.(r) ?? true)
    if (def.order) rows.sort(def.order)
    return rows as T[]
  }

  /**
   * The unread count as shown: the server's, less the reads still pending in the outbox (C7 for a count), and never
   * below the notifications this device holds that are still unread once those reads are laid on them. The floor
   * closes a race the suite found under load: the server's count, asked over HTTP, can already include a read whose
   * row the stream has not brought yet, so the read was taken off twice (the badge dipped one below and rose back).
   */
  private unreadShown(): number {
    const unread = this.stream.unread
    const reads = this.desk.effects.overlays.filter((o) => o.list === "notifications" && o.patch?.["read"] === true)
    if (reads.length === 0) return unread
    const mirror = this.mirror.bucket("notifications", "")
    const readNow = new Set<string>()
    for (const o of reads) if (mirror.get(o.id)?.["read"] === false) readNow.add(o.id)
    let held = 0
    for (const [id, n] of mirror) if (n["read"] === false && !readNow.has(id)) held++
    return Math.max(0, unread - readNow.size, held)
  }

  /** One live-query message per table: the table projection's answer, with the extra ints' sums when asked. */
  queryTable(table: TableName, q: TableQueryMsg, sums: boolean, onEarly?: (early: TableResult) => void, daySeries = false): TableResult {
    const p = this.sync.table(table)
    const early = onEarly
      ? (e: ReturnType<typeof p.query>) => {
          const { perCurrency: _pc, ...rest } = e
          onEarly({
            ...rest,
            rows: e.rows as ReadonlyArray<Readonly<Record<string, unknown>>>,
            loadedRows: p.size,
            idLeads: p.identifierLeads(),
            partial: true
          })
        }
      : undefined
    const t0 = performance.now()
    const r = p.query(q, early, { listWhole: sums })
    const { perCurrency: _pc, partial: _p, ...rest } = r
    const intSums = sums ? p.sumInts(q) : undefined
    // the answer's time is all of it: the filter and, when asked, its sums (what a page waits for)
    const followers = followersOf(p, q, r.total)
    return {
      ...rest,
      rows: r.rows as ReadonlyArray<Readonly<Record<string, unknown>>>,
      loadedRows: p.size,
      idLeads: p.identifierLeads(),
      ...(followers === null ? {} : { followers }),
      ...(intSums ? { intSums } : {}),
      ...(daySeries ? { daySeries: p.codeSeries(q) } : {}),
      tookMs: performance.now() - t0
    }
  }

  /**
   * issue 32 item 4 (sync/SPEC.md Q11): a filter of the statement or of a table, pivoted rows × columns in
   * the projection (cells count, in, out), with the rows the projection holds. D-analysis-views: an ask that
   * repeats one of the last PIVOTS_KEPT on rows that have not changed since (the same version, Q3) gets the kept
   * answer — a saved view opened again, the page left and come back to — with `tookMs` the time of this ask.
   */
  pivot(source: "statement" | TableName, q: TableQueryMsg, spec: PivotSpecMsg): PivotResultView {
    const t0 = performance.now()
    // the statement's projection is a TableProjection over its description: the pivot is the same code
    const p = (source === "statement" ? this.sync.projection : this.sync.table(source)) as unknown as TableProjection<unknown>
    const version = source === "statement" ? this.sync.statementsVersion : this.sync.tableVersion(source)
    const user = this.session.current?.userId ?? null
    if (user !== this.pivotsOf) {
      // S4: nothing of another user's answers survives a change of user
      this.pivots.clear()
      this.pivotsOf = user
    }
    const key = `${source}\u0000${JSON.stringify(q)}\u0000${JSON.stringify(spec)}`
    const kept = this.pivots.get(key)
    this.pivots.delete(key)
    if (kept !== undefined && kept.version === version) {
      this.pivots.set(key, kept)
      return { ...kept.answer, tookMs: performance.now() - t0 }
    }
    const answer: PivotResultView = { ...p.pivot(q, spec), loadedRows: p.size }
    this.pivots.set(key, { version, answer })
    if (this.pivots.size > PIVOTS_KEPT) this.pivots.delete(this.pivots.keys().next().value as string)
    return answer
  }

  /** A table's filtered rows as a local CSV Blob (every row of the filter, in its order). */
  exportTable(table: TableName, q: TableQueryMsg, headers: ReadonlyArray<string>): Blob {
    const p = this.sync.table(table)
    return new Blob(Array.from(tableCsv(tableEntry(table).table, p.matchingRows(q), this.session.locale, headers)), { type: "text/csv;charset=utf-8" })
  }

  queryStatements(q: StatementQueryMsg, onEarly?: (early: StatementsResult) => void): StatementsResult {
    // S6, issue 33 item 2: while the image is read at open, what its head answers exactly comes from it
    const fromHead = this.sync.headAnswer(q as Parameters<StatementProjection["query"]>[0])
    if (fromHead)
      return { ...fromHead.result, loadedRows: fromHead.rows, ...(fromHead.idLeads === undefined ? {} : { idLeads: fromHead.idLeads }) } as StatementsResult
    const proj = this.sync.projection
    const loadedRows = proj.size
    // Q5b: what a text must start with to match an identifier (the page narrows across MIN_ID_QUERY without one)
    const idLeads = proj.identifierLeads()
    const r = proj.query(
      q as Parameters<StatementProjection["query"]>[0],
      onEarly ? (e) => onEarly({ ...e, loadedRows, idLeads } as StatementsResult) : undefined
    )
    const followers = followersOf(proj, q, r.total)
    return { ...r, loadedRows, idLeads, ...(followers === null ? {} : { followers }) } as StatementsResult
  }

  /**
   * The filtered rows as a file: a Blob made of the projection's chunks (no single string the size
   * of the file is ever built; a Blob crosses to the tab by reference, not copied).
   */
  exportStatements(q: StatementQueryMsg, format: "csv" | "ofx", headers: ReadonlyArray<string>): Blob {
    const proj = this.sync.projection
    const query = q as Parameters<StatementProjection["query"]>[0]
    const chunks = format === "csv" ? proj.toCsv(query, this.session.locale, headers) : proj.toOfx(query)
    return new Blob(Array.from(chunks), { type: format === "csv" ? "text/csv;charset=utf-8" : "application/x-ofx" })
  }
}

export class LiveQueries extends Context.Service<LiveQueries, LiveQueriesState>()("sync/LiveQueries") {
  static readonly layer: Layer.Layer<LiveQueries, never, Session | Mirror | TableSync | Stream | Commands | EngineBus> = Layer.effect(
    LiveQueries,
    Effect.gen(function* () {
      return new LiveQueriesState(yield* Session, yield* Mirror, yield* TableSync, yield* Stream, yield* Commands, yield* EngineBus)
    })
  )
}

/** Q5b: a filter's first window with a text of at most FOLLOWERS_TOTAL matches tells what follows its text (textFollowers). */
const FOLLOWERS_TOTAL = 50_000
function followersOf(p: { textFollowers(text: string): string | null }, q: { readonly text?: string; readonly offset?: number }, total: number): string | null {
  return q.text !== undefined && q.text.trim() !== "" && (q.offset ?? 0) === 0 && total <= FOLLOWERS_TOTAL ? p.textFollowers(q.text) : null
}
