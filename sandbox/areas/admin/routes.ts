/**
 * The admin calls of schema/api-admin.ts (`/__admin/*`, no auth, only with `admin: true`):
 * fault switches (DESIGN "Switches for faults"), simulated incoming Pix, approval requests and
 * notifications, the cut-off job on demand (features §4), the business clock, the ledger view
 * for exactly-once proofs, feature flags (core §1 switchable features), sent codes, health.
 */
import type { Context, Hono } from "hono"
import type { Ctx } from "../../context.ts"
import { noFaults } from "../../context.ts"
import { adminApi, type AdminApi, type AdminEndpointId, type Ledger } from "../../../schema/api-admin.ts"
import type { EndpointDef } from "../../../schema/api.ts"
import { decodeOr422, errorResponse } from "../../http.ts"
import { ApiError, langOf } from "../../errors.ts"
import { decodePixKey, notify, receivePixIn } from "../../ledger.ts"
import { createApprovalRequest, runCutoff } from "../approval/routes.ts"
import { approvalRuleOf } from "../approval/db.ts"
import { clearPinAttempts } from "../auth/db.ts"
import { allStatementRows, balancesOf, firstBrlCredit, firstCompletedRow, pendingBalanceOf, shiftCredit, statementRowsOf, transactionsOf } from "./db.ts"
import { toApprovalRequest, userByEmail, userById, walletById, type ApprovalRequestRow } from "../../repo.ts"
import { getMeta } from "../../db.ts"
import { seedInfo, SEED_PASSWORD, SEED_PIN, SEED_USERS } from "../../seed.ts"
import type { Schema } from "effect"
import { Prng } from "../../prng.ts"

type BodyOf<K extends AdminEndpointId> = AdminApi[K] extends { readonly body: infer S extends Schema.Top } ? S["Type"] : undefined
type QueryOf<K extends AdminEndpointId> = AdminApi[K] extends { readonly query: infer S extends Schema.Top } ? S["Type"] : undefined
type ResOf<K extends AdminEndpointId> = AdminApi[K]["response"]["Type"]

const startedAt = Date.now()

export const faultsState = (ctx: Ctx) => {
  const f = ctx.faults
  return {
    latency_ms: f.latency_ms,
    error_rate: { ...f.error_rate },
    fault_after_commit_rate: { ...f.fault_after_commit_rate },
    after_commit_mode: f.after_commit_mode,
    status: f.status,
    burst_429: f.burst_429 === null ? null : { ...f.burst_429 },
    drop_sse_after_events: f.drop_sse_after_events,
    sse_connections: ctx.sse.size
  }
}

export const ledgerOf = (ctx: Ctx, walletId: string): Ledger => {
  const { db } = ctx
  const balances = balancesOf(db, walletId)
  const pending = pendingBalanceOf(db, walletId)
  const rows = statementRowsOf(db, walletId)
  const tx = transactionsOf(db, walletId)
  return { wallet_id: walletId, balances, pending_balance: pending?.pending_balance ?? 0, statement_rows: rows, transactions: tx }
}

export const registerAdminRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx
  const bindAdmin = <K extends AdminEndpointId>(id: K, handler: (body: BodyOf<K>, query: QueryOf<K>, c: Context) => ResOf<K>): void => {
    const d: EndpointDef = adminApi[id]
    app.on(d.method, d.path, async (c) => {
      const lang = langOf(c.req.header("language"), c.req.header("accept-language"))
      try {
        let body: unknown = undefined
        if (d.body !== undefined) {
          const text = await c.req.text()
          let raw: unknown = {}
          try {
            raw = text.trim() === "" ? {} : (JSON.parse(text) as unknown)
          } catch {
            throw new ApiError(400, "INVALID_FORMAT", "body is not JSON")
          }
          body = decodeOr422(d.body, raw)
        }
        const query = d.query !== undefined ? decodeOr422(d.query, c.req.query()) : undefined
        const out = db.transaction(() => handler(body as BodyOf<K>, query as QueryOf<K>, c))()
        return c.json(out as object)
      } catch (e) {
        return errorResponse(c, ctx, e, lang)
      }
    })
  }
  const wallet = (id: string) => {
    const w = walletById(db, id)
    if (w === undefined) throw new ApiError(404, "NOT_FOUND", "wallet")
    return w
  }

  bindAdmin("health", () => ({
    data: {
      ok: true,
      uptime_s: Math.round((Date.now() - startedAt) / 1000),
      seed_size: getMeta(db, "seed_size") ?? "unknown",
      statement_rows: allStatementRows(db),
      events_max_seq: ctx.events.maxSeq(),
      sse_connections: ctx.sse.size,
      now: ctx.clock.nowIso(),
      clock_offset_ms: ctx.clock.offsetMs
    }
  }))

  /** issue 30 item 8 (D-ledger-reconcile): a statement that no longer adds up on the client (schema/api-admin.ts FaultsBody). */
  const statementGap = (gap: NonNullable<BodyOf<"faults">["statement_gap"]>): void => {
    const w = wallet(gap.wallet_id)
    const g = ctx.faults
    if (gap.drop_rows !== undefined) g.statement_drop = gap.drop_rows > 0 ? { wallet_id: w.id, rows: gap.drop_rows } : null
    if (gap.change_row !== undefined && gap.change_row > 0) {
      const row = firstBrlCredit(db, w.id)
      if (row === undefined) throw new ApiError(422, "NO_TRANSACTIONS_IN_CURRENCY")
      // the server stays consistent (its balance follows the row); only the client's copy is now stale
      shiftCredit(db, w.id, row.id, gap.change_row)
    }
    if (gap.hide_row === true) {
      const row = firstCompletedRow(db, w.id)
      if (row !== undefined) g.statement_hidden = { ...g.statement_hidden, [w.id]: [...(g.statement_hidden[w.id] ?? []), row.id] }
    }
  }

  bindAdmin("faults", (b) => {
    const g = ctx.faults
    if (b.seed !== undefined) g.rng = new Prng(b.seed)
    if (b.latency_ms !== undefined) g.latency_ms = Math.max(0, b.latency_ms)
    if (b.error_rate !== undefined) g.error_rate = { ...b.error_rate }
    if (b.fault_after_commit_rate !== undefined) g.fault_after_commit_rate = { ...b.fault_after_commit_rate }
    if (b.after_commit_mode !== undefined) g.after_commit_mode = b.after_commit_mode
    if (b.status !== undefined) g.status = b.status
    if (b.burst_429 !== undefined) g.burst_429 = b.burst_429.count > 0 ? { remaining: b.burst_429.count, retry_after_s: b.burst_429.retry_after_s } : null
    if (b.drop_sse_after_events !== undefined) g.drop_sse_after_events = b.drop_sse_after_events
    if (b.corrupt_rate !== undefined) g.corrupt_rate = { ...b.corrupt_rate }
    if (b.corrupt_mode !== undefined) g.corrupt_mode = b.corrupt_mode
    if (b.corrupt_sse_rate !== undefined) g.corrupt_sse_rate = b.corrupt_sse_rate
    if (b.drop_sse_now === true) for (const conn of [...ctx.sse]) conn.close()
    if (b.statement_gap === null) {
      g.statement_drop = null
      g.statement_hidden = {}
    } else if (b.statement_gap !== undefined) statementGap(b.statement_gap)
    return { data: faultsState(ctx) }
  })

  bindAdmin("resetFaults", () => {
    ctx.faults = noFaults()
    return { data: faultsState(ctx) }
  })

  bindAdmin("pixIn", (b) => {
    const w = wallet(b.wallet_id)
    if (b.amount <= 0) throw new ApiError(422, "INCORRECT_DATA", undefined, { amount: "VALIDATION_MIN_VALUE" })
    return { data: receivePixIn(ctx, w.id, b.amount, b.payer_name ?? "Pagador Sandbox", b.payer_document ?? "52998224725") }
  })

  bindAdmin("approvalRequestCreate", (b) => {
    const w = wallet(b.wallet_id)
    const setting = approvalRuleOf(db, w.id)
    const requester = b.requested_by !== undefined ? (userById(db, b.requested_by) ?? userByEmail(db, b.requested_by)) : userById(db, w.owner_id)
    if (requester === undefined) throw new ApiError(422, "INCORRECT_DATA", undefined, { requested_by: "VALIDATION_FORMAT" })
    const order = decodePixKey(b.key ?? "fornecedor@example.com")
    if (order === null) throw new ApiError(422, "INCORRECT_DATA", undefined, { key: "VALIDATION_PIX_KEY" })
    const amount = b.amount ?? Math.max(setting?.min_value ?? 100_000, 100_000)
    const row = createApprovalRequest(
      ctx,
      w.id,
      requester.id,
      amount,
      { ...order, description: b.description ?? "Pagamento simulado" },
      setting?.approvers ?? 1,
      null
    )
    return { data: toApprovalRequest(db, row as ApprovalRequestRow) }
  })

  bindAdmin("notificationCreate", (b) => {
    const u = userByEmail(db, b.user_email)
    if (u === undefined) throw new ApiError(404, "NOT_FOUND", "user")
    notify(ctx, u.id, b.title, b.description)
    return { data: { ok: true } }
  })

  bindAdmin("runCutoff", (b) => ({ data: { canceled: runCutoff(ctx, b.all === true) } }))

  bindAdmin("ledger", (_b, q) => {
    wallet(q.wallet_id)
    return { data: ledgerOf(ctx, q.wallet_id) }
  })

  bindAdmin("clock", (b) => {
    ctx.clock.offsetMs = b.offset_ms
    for (const fn of ctx.onClockChange) fn()
    return { data: { offset_ms: ctx.clock.offsetMs, now: ctx.clock.nowIso() } }
  })

  bindAdmin("flags", (b) => {
    if (b.trends !== undefined) ctx.flags.trends = b.trends
    return { data: { trends: ctx.flags.trends } }
  })

  bindAdmin("codes", (_b, q) => ({ data: { email: q.email, code: ctx.codes.get(q.email.toLowerCase()) ?? null } }))

  bindAdmin("resetPinAttempts", (b) => {
    const u = userByEmail(db, b.user_email)
    if (u === undefined) throw new ApiError(404, "NOT_FOUND", "user")
    clearPinAttempts(db, u.id)
    return { data: { ok: true } }
  })

  bindAdmin("seed", () => {
    const info = seedInfo(db)
    const users = SEED_USERS.flatMap((key) => {
      const u = info?.users[key]
      const row = u !== undefined ? userById(db, u.id) : undefined
      return row === undefined
        ? []
        : [{ key, id: row.id, email: row.email, name: row.name, password: SEED_PASSWORD, pin: row.pin_hash === null ? null : SEED_PIN }]
    })
    return { data: { users, wallets: { ...(info?.wallets ?? {}) }, fixed_code: ctx.cfg.fixedCode } }
  })
}
