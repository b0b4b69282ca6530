/**
 * Issue 11 "query and result Schemas" (schema/live-results.ts, sync/requests.ts): every live query's
 * answer, as the engine builds it, matches the Schema the view's half of the boundary checks it against — every
 * kind, every synced list of the registry (its row Schema) and every big table (its description's row Schema),
 * for seeded users with data in every area, with a command pending (its overlays and pending rows laid over the
 * lists) and with groups and sums asked. A value the engine did not build (a corrupted row) does not match, so the
 * check can fail. Failures cross as their request's declared tagged errors (serve.ts `failureFor`, contract.ts `readFailure`).
 */
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { LiveQuery } from "../../schema/live.ts"
import { resultSchemaOf } from "../../schema/live-results.ts"
import { listNames } from "../../schema/lists.ts"
import { TABLE_NAMES } from "../../schema/tables/registry.ts"
import { BadRequest, NetworkError, NotAuthorized } from "../../schema/errors.ts"
import { UnknownError } from "../../sync/requests.ts"
import { readFailure } from "../../workers/contract.ts"
import { failureFor } from "../../workers/serve.ts"
import { makeEngine, signIn, until } from "../support/engine-helpers.ts"
import { sandboxForFile } from "../support/sandbox-per-file.ts"

const file = sandboxForFile()

/** An engine signed in as `email`, synced, with the ids of the user's wallets. */
const syncedEngine = async (email: string) => {
  const engine = makeEngine(file.url)
  await engine.start(await signIn(file.url, email))
  await engine.syncAll()
  return { engine, walletIds: (engine.snapshot({ kind: "wallets" }) as ReadonlyArray<{ id: string }>).map((w) => w.id) }
}

const queriesFor = (walletIds: ReadonlyArray<string>, current: string): LiveQuery[] => {
  const q: LiveQuery[] = [
    { kind: "session" },
    { kind: "wallets" },
    { kind: "unreadCount" },
    { kind: "notifications", limit: 20 },
    { kind: "invitations", direction: "received" },
    { kind: "invitations", direction: "sent" },
    { kind: "walletAccounts", walletId: current },
    { kind: "pendingBalance", walletId: current },
    { kind: "permissionActions", walletId: current },
    { kind: "approvalRequests", walletId: current },
    { kind: "approvalHistory", walletId: current },
    { kind: "syncProgress" },
    { kind: "commands" },
    { kind: "pinAsks" },
    { kind: "connection" },
    { kind: "uploads" },
    { kind: "statements", query: { walletIds, limit: 50 } },
    { kind: "statements", query: { walletIds, limit: 10, groupBy: "day" } },
    { kind: "statements", query: { walletIds, text: "a", limit: 10, groupBy: "counterparty", sort: { by: "amount", dir: "asc" } } },
    { kind: "statementSeries", query: { walletIds }, unit: "auto" },
    { kind: "statementSeries", query: { walletIds }, unit: "month" }
  ]
  for (const list of listNames) for (const w of [current, ""]) q.push({ kind: "list", list, walletId: w })
  for (const table of TABLE_NAMES) {
    q.push({ kind: "table", table, query: { walletIds, limit: 50 }, sums: true })
    q.push({ kind: "table", table, query: { walletIds, limit: 0, groupBy: "code" } })
    q.push({ kind: "table", table, query: { walletIds, limit: 5, groupBy: "wallet", text: "1" } })
  }
  return q
}

describe("issue 11: every live query's answer matches its result Schema", () => {
  for (const who of ["ana", "bruno"] as const) {
    it(`W4 ${who}: every kind, list and table, with a command pending`, async () => {
      const session = await signIn(file.url, `${who}@example.com`)
      const engine = makeEngine(file.url)
      await engine.start(session)
      await engine.syncAll()
      const wallets = engine.snapshot({ kind: "wallets" }) as ReadonlyArray<{ id: string }>
      const current = engine.walletId ?? ""
      expect(wallets.length).toBeGreaterThan(0)
      // a command waiting offline: its overlays and pending statement rows are part of the answers
      engine.setOnline(false)
      await engine.submit(current, { name: "v1.notification.read", payload: { id: "00000000-0000-4000-8000-000000000000" } })
      await until(() => (engine.snapshot({ kind: "commands" }) as ReadonlyArray<unknown>).length > 0)
      let checked = 0
      let withRows = 0
      for (const q of queriesFor(
        wallets.map((w) => w.id),
        current
      )) {
        const value = engine.snapshot(q)
        const ok = Schema.is(resultSchemaOf(q))(value)
        expect(ok, `${JSON.stringify(q)} → ${JSON.stringify(value)?.slice(0, 400)}`).toBe(true)
        checked++
        const rows = (value as { rows?: ReadonlyArray<unknown> } | null)?.rows ?? (Array.isArray(value) ? value : [])
        if (rows.length > 0) withRows++
      }
      expect(checked).toBeGreaterThan(40)
      expect(withRows).toBeGreaterThan(10) // the answers checked hold real rows, not only empty lists
      engine.setOnline(true)
      await engine.signOut("logout")
    }, 180_000)
  }

  it("W4 a value the engine did not build does not match: a table row with a field of the wrong type, a statement row without its id", async () => {
    const { engine, walletIds } = await syncedEngine("bruno@example.com")
    for (const table of TABLE_NAMES) {
      const q: LiveQuery = { kind: "table", table, query: { walletIds, limit: 5 } }
      const value = engine.snapshot(q) as { rows: ReadonlyArray<Record<string, unknown>> }
      if (value.rows.length === 0) continue
      const first = value.rows[0]!
      const key = Object.keys(first).find((k) => typeof first[k] === "string") ?? "id"
      const broken = { ...value, rows: [{ ...first, [key]: 12345 }, ...value.rows.slice(1)] }
      expect(Schema.is(resultSchemaOf(q))(value)).toBe(true)
      expect(Schema.is(resultSchemaOf(q))(broken), `${table}.${key} as a number`).toBe(false)
    }
    const sq: LiveQuery = { kind: "statements", query: { walletIds, limit: 5 } }
    const s = engine.snapshot(sq) as { rows: ReadonlyArray<Record<string, unknown>> }
    expect(s.rows.length).toBeGreaterThan(0)
    const { id: _id, ...noId } = s.rows[0]!
    expect(Schema.is(resultSchemaOf(sq))({ ...s, rows: [noId] })).toBe(false)
    await engine.signOut("logout")
  }, 180_000)

  it("Q5 W4 a table query that asks for them gets its window's rows first (partial), then the full answer with the same rows; both match the Schema", async () => {
    const { engine, walletIds } = await syncedEngine("bruno@example.com")
    let tried = 0
    for (const text of [undefined, "a", "1"]) {
      const q: LiveQuery = { kind: "table", table: "gateway_transactions", query: { walletIds, limit: 5, ...(text ? { text } : {}) }, sums: true, early: true }
      const early: unknown[] = []
      const full = engine.snapshot(q, (e) => early.push(e)) as { rows: ReadonlyArray<{ id: string }>; total: number; intSums?: Record<string, number> }
      expect(Schema.is(resultSchemaOf(q))(full)).toBe(true)
      expect(full.intSums).toBeDefined()
      // the early answer comes when the date-ordered scan stops with the window full before the end
      if (full.total <= 5 || early.length === 0) continue
      tried++
      const e = early[0] as { partial?: boolean; rows: ReadonlyArray<{ id: string }> }
      expect(e.partial).toBe(true)
      expect(Schema.is(resultSchemaOf(q))(e)).toBe(true)
      expect(e.rows.map((r) => r.id)).toEqual(full.rows.map((r) => r.id))
    }
    expect(tried).toBeGreaterThan(0)
    await engine.signOut("logout")
  }, 180_000)

  it("W5 a failure crosses as its request's tagged error, decoded back to its class; an undeclared one as UnknownError (tag and key kept)", () => {
    const cross = (request: Parameters<typeof failureFor>[0], e: unknown) => readFailure(request, structuredClone(failureFor(request, e)))
    const refusal = new NotAuthorized({ status: 401, key: "NOT_AUTHORIZED", message: "no session" })
    const declared = cross("submit", refusal)
    expect(declared.error).toBeInstanceOf(NotAuthorized)
    expect(declared).toMatchObject({ key: "NOT_AUTHORIZED", error: { _tag: "NotAuthorized", status: 401 } })
    const undeclared = cross("exportTable", refusal)
    expect(undeclared.error).toBeInstanceOf(UnknownError)
    expect(undeclared).toMatchObject({ key: "NOT_AUTHORIZED", error: { _tag: "UnknownError", cause: "NotAuthorized", status: 401 } })
    expect(cross("call", new Error("boom"))).toMatchObject({ key: "UNKNOWN_ERROR", error: { _tag: "UnknownError", cause: "Error" } })
    // a key implied by the error's kind; a plain tagged object thrown by a part is read through the request's Schema
    expect(cross("call", new NetworkError({ message: "offline" }))).toMatchObject({ key: "UNABLE_TO_GET_DATA", error: { _tag: "NetworkError" } })
    const lifted = cross("saveView", { _tag: "BadRequest", key: "INVALID_FORMAT", status: 400 })
    expect(lifted.error).toBeInstanceOf(BadRequest)
    expect(lifted.key).toBe("INVALID_FORMAT")
  })
})
