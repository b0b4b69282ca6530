/**
 * The live stream (spec core §7 "a server-sent events stream … each message is JSON"; path and
 * shape ours, schema/stream.ts): `GET /users/events/stream` with a bearer header only — never a token in
 * the URL (issue 30 item 4, D-sessions: the client reads it over fetch). Each event is
 * `id: <seq>\nevent: change|notification\ndata: <StreamEvent JSON>\n\n`; heartbeats every
 * HEARTBEAT_MS carry no id. With `Last-Event-ID` (or `?last_event_id=`) the events after that id
 * are replayed first, then live ones follow from the same table, so nothing is lost or repeated.
 * Wallet-scoped events reach every user who can read the wallet and holds the list's read
 * permission; user-scoped ones only their user.
 */
import type { Hono } from "hono"
import { streamSSE } from "hono/streaming"
import type { Ctx, SseConn } from "../../context.ts"
import type { DB } from "../../db.ts"
import { authenticate, bearerClaims, checkServerType, errorResponse, faultsBefore } from "../../http.ts"
import { ApiError, langOf } from "../../errors.ts"
import { readableWalletIds, userById, walletAccess, type WalletAccess } from "../../repo.ts"
import { api, type EndpointDef } from "../../../schema/api.ts"
import { TABLE_NAMES, tableEntry } from "../../../schema/tables/registry.ts"
import { hasPermission } from "../../../schema/permissions.ts"
import { SYNCED_LISTS } from "../../../schema/stream.ts"
import { hintOf, listDef, listNames, listPermission } from "../../../schema/lists.ts"
import { eventsAfter } from "./db.ts"

const BATCH = 500

/** A wallet condition a list's GET checks besides the permission (its route family's own check). */
type WalletCondition = "gateway" | "operator"

/**
 * The route families whose GETs refuse some wallets whatever the permission: the gateway's and its
 * payment requests' (`gatewayCheck` in ../gateway/routes.ts, `check` in ../gateway/payments-routes.ts: a gateway wallet) and the betting
 * operator's (`requireOperator` in ../betting/routes.ts: a legal person's wallet).
 */
const WALLET_CONDITIONS: ReadonlyArray<readonly [prefix: string, condition: WalletCondition]> = [
  ["/users/payments-gateway/", "gateway"],
  ["/users/assisted-payments", "gateway"],
  ["/users/endr/", "operator"]
]
const conditionOf = (d: EndpointDef | undefined): WalletCondition | null => WALLET_CONDITIONS.find(([p]) => d?.path.startsWith(p) === true)?.[1] ?? null

/** What a member needs to receive a wallet-scoped hint: every group of tags held (each group: any of its tags), and the wallet conditions of its GETs. */
export interface HintRule {
  readonly need: ReadonlyArray<ReadonlyArray<string>>
  readonly conditions: ReadonlyArray<WalletCondition>
}

const permissionOf = (d: EndpointDef | undefined): ReadonlyArray<string> =>
  d?.permission === undefined ? [] : typeof d.permission === "string" ? [d.permission] : d.permission

/**
 * Who may receive a wallet-scoped hint of each list kind (issue 30 "the live stream leaks rows"): the
 * permission of the GET that reads the list — from the registry of synced lists (schema/lists.ts), the
 * tables' registry (schema/tables/registry.ts, its keyset GET found in the contract) and the contract —
 * so a new list or table is covered the day it is described. A kind missing here is never sent (deny by
 * default); a kind read by several lists (invitations: received and sent) needs the permission of each.
 */
export const HINT_RULES: ReadonlyMap<string, HintRule> = (() => {
  const rules = new Map<string, { need: Array<ReadonlyArray<string>>; conditions: WalletCondition[] }>()
  const add = (hint: string, read: EndpointDef | undefined, need: ReadonlyArray<string> = permissionOf(read)): void => {
    const r = rules.get(hint) ?? { need: [], conditions: [] }
    if (need.length > 0) r.need.push(need)
    const cond = conditionOf(read)
    if (cond !== null && !r.conditions.includes(cond)) r.conditions.push(cond)
    rules.set(hint, r)
  }
  const contract = api as Record<string, EndpointDef>
  for (const n of listNames) {
    const d = listDef(n)
    if (d !== undefined) add(hintOf(n), contract[d.endpoint], listPermission(d))
  }
  const gets = Object.values(contract).filter((d) => d.method === "GET")
  for (const t of TABLE_NAMES) {
    const e = tableEntry(t)
    const read = gets.find((d) => d.path === e.path)
    // the table's keyset GET checks the contract's permission; without one, any of the registry's
    add(t, read, read?.permission !== undefined ? permissionOf(read) : e.permissions)
  }
  add("statements", api.statement)
  add("permission_users", api.permissionUsers)
  return rules
})()

/** Whether a member with this access may receive a wallet-scoped hint of `list` (null or an unknown kind: no). */
export const hintReadable = (db: DB, list: string | null, access: WalletAccess): boolean => {
  const rule = list === null ? undefined : HINT_RULES.get(list)
  if (rule === undefined) return false
  for (const c of rule.conditions) {
    if (c === "gateway" && access.wallet.is_gateway !== 1) return false
    if (c === "operator" && userById(db, access.wallet.owner_id)?.type !== "LEGAL_PERSON") return false
  }
  return rule.need.every((any) => hasPermission(access.actions, any))
}

/**
 * Whether a stored event reaches a user's stream: their own, or a wallet event of a wallet they
 * read whose list they may read (the same rule as the loop below; the soak checks with it that
 * nothing a device should have received was missed).
 */
export const eventVisibleTo = (
  db: DB,
  userId: string,
  e: { readonly user_id: string | null; readonly wallet_id: string | null; readonly list: string | null }
): boolean => {
  if (e.user_id !== null) return e.user_id === userId
  if (e.wallet_id === null || !readableWalletIds(db, userId).includes(e.wallet_id)) return false
  const a = walletAccess(db, userId, e.wallet_id)
  return typeof a !== "string" && hintReadable(db, e.list, a)
}

export const registerStreamRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  app.get(api.stream.path, async (c) => {
    const lang = langOf(c.req.header("language"), c.req.header("accept-language"))
    let user
    let cursor: number
    let walletFilter: string[] | null
    let sessionId: string | undefined
    try {
      await faultsBefore(ctx, c.req.path)
      user = authenticate(ctx, c)
      sessionId = bearerClaims(ctx, c)?.sid
      checkServerType(c, user)
      const q = c.req.query("wallet_ids")
      walletFilter = q !== undefined && q !== "" ? q.split(",").map((s) => s.trim()) : null
      const last = c.req.header("last-event-id") ?? c.req.query("last_event_id")
      if (last !== undefined && last !== "") {
        if (!/^\d+$/.test(last)) throw new ApiError(400, "INVALID_REQUEST", "Last-Event-ID must be a sequence number")
        cursor = Number(last)
      } else cursor = ctx.events.maxSeq()
    } catch (e) {
      return errorResponse(c, ctx, e, lang)
    }
    const me = user
    c.header("Cache-Control", "no-cache, no-transform")
    c.header("X-Accel-Buffering", "no")

    return streamSSE(
      c,
      async (stream) => {
        let closed = false
        let wake: (() => void) | null = null
        let pending = false // an event arrived since the last query (no lost wake-up)
        const signal = (): void => {
          pending = true
          const w = wake
          wake = null
          w?.()
        }
        const off = ctx.events.onWake(signal)
        const conn: SseConn = {
          userId: me.id,
          ...(sessionId !== undefined ? { sessionId } : {}),
          close: () => {
            closed = true
            signal()
          }
        }
        ctx.sse.add(conn)
        stream.onAbort(() => {
          closed = true
          signal()
        })
        let sent = 0
        try {
          await stream.write(": connected\n\n")
          // events pruned beyond the replay window: tell the client to resync every list
          const min = ctx.events.minSeq()
          if (cursor > 0 && min > 0 && cursor < min - 1) {
            for (const list of SYNCED_LISTS) {
              await stream.writeSSE({ event: "change", data: JSON.stringify({ type: "change", list, wallet_id: null, ids: [], at: ctx.clock.nowIso() }) })
            }
            cursor = min - 1
          }
          let lastBeat = Date.now()
          while (!closed) {
            pending = false
            const readable = readableWalletIds(db, me.id).filter((w) => walletFilter === null || walletFilter.includes(w))
            const rows = eventsAfter(db, cursor, me.id, readable, BATCH)
            const access = new Map<string, ReturnType<typeof walletAccess>>()
            for (const r of rows) {
              if (closed) break
              cursor = r.seq
              if (r.user_id === null) {
                // a wallet event: only for a list this member may read on this wallet (unknown kinds are not sent)
                if (r.wallet_id === null) continue
                let a = access.get(r.wallet_id)
                if (a === undefined) {
                  a = walletAccess(db, me.id, r.wallet_id)
                  access.set(r.wallet_id, a)
                }
                if (typeof a === "string" || !hintReadable(db, r.list, a)) continue
              }
              if (ctx.faults.corrupt_sse_rate > 0 && ctx.faults.rng.next() < ctx.faults.corrupt_sse_rate) {
                // a malformed frame first (bad JSON, an unknown shape, script text), then the real event
                const junk = ["{not json", JSON.stringify({ type: "change", list: "<img src=x onerror=alert(1)>", ids: 5 }), "<script>alert(1)</script>"]
                await stream.writeSSE({ event: r.kind, data: junk[Math.floor(ctx.faults.rng.next() * junk.length)] ?? "{" })
              }
              await stream.writeSSE({ id: String(r.seq), event: r.kind, data: r.data })
              sent++
              const dropAfter = ctx.faults.drop_sse_after_events
              if (dropAfter !== null && sent >= dropAfter) closed = true
            }
            if (closed || rows.length === BATCH || pending) continue
            const wait = Math.max(0, ctx.cfg.heartbeatMs - (Date.now() - lastBeat))
            await new Promise<void>((resolve) => {
              const t = setTimeout(() => {
                wake = null
                resolve()
              }, wait)
              wake = () => {
                clearTimeout(t)
                resolve()
              }
            })
            if (!closed && Date.now() - lastBeat >= ctx.cfg.heartbeatMs) {
              lastBeat = Date.now()
              await stream.writeSSE({ event: "heartbeat", data: JSON.stringify({ type: "heartbeat", at: ctx.clock.nowIso() }) })
            }
          }
        } finally {
          off()
          ctx.sse.delete(conn)
        }
      },
      async (e) => {
        ctx.log(`[sandbox] stream error: ${e.message}`)
      }
    )
  })
}
