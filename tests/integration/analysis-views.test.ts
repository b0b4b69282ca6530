/**
 * issue 32 item 4 "Analysis across wallets" through the engine against the sandbox (sync/SPEC.md Q11, Q12, S4,
 * W4): the `pivot` live query answers over the synced statement (Ana's two wallets) and gateway transactions
 * (Bruno's matrix and branch) with the Schema the views check, its cells adding up to the filter's own totals;
 * a saved view is kept in the user's store and answered by `savedViews`, replaced by id, deleted; a view that
 * does not decode is refused (BadRequest) and nothing is written; logout wipes the views with the store.
 */
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { SavedView } from "../../schema/analysis.ts"
import type { LiveQuery } from "../../schema/live.ts"
import { resultSchemaOf } from "../../schema/live-results.ts"
import { makeEngine, signIn, until } from "../support/engine-helpers.ts"
import { sandboxForFile } from "../support/sandbox-per-file.ts"
import { SandboxClient } from "../support/sandbox-client.ts"

const file = sandboxForFile()

const view = (id: string, name: string, walletIds: string[]): SavedView => ({
  id,
  name,
  state: { source: "statement", walletIds, period: "90d", currency: "BRL", rows: "type", cols: "wallet", measure: "count" },
  created_at: "2026-11-27T12:00:00.000Z",
  updated_at: "2026-11-27T12:00:00.000Z"
})

describe("issue 32 item 4: pivots and saved views through the engine", () => {
  it("Q11 W4 the pivot of Ana's statement over both wallets and of Bruno's gateway over matrix and branch matches its Schema and the filter's totals", async () => {
    for (const [email, source] of [
      ["ana@example.com", "statement"],
      ["bruno@example.com", "gateway_transactions"]
    ] as const) {
      const engine = makeEngine(file.url)
      await engine.start(await signIn(file.url, email))
      await engine.syncAll()
      const walletIds = (engine.snapshot({ kind: "wallets" }) as ReadonlyArray<{ id: string; is_gateway?: boolean }>).map((w) => w.id).slice(0, 2)
      const filter = { walletIds, ...(source === "statement" ? { currency: "BRL" } : {}) }
      const total =
        source === "statement"
          ? (engine.snapshot({ kind: "statements", query: { ...filter, currency: "BRL", limit: 0 } }) as { total: number }).total
          : (engine.snapshot({ kind: "table", table: source, query: { ...filter, limit: 0 } }) as { total: number }).total
      expect(total).toBeGreaterThan(0)
      for (const [rows, cols] of [
        ["type", "wallet"],
        ["counterparty", "month"],
        ["month", "type"],
        ["counterparty", "none"]
      ] as const) {
        const q: LiveQuery = { kind: "pivot", source, query: filter, pivot: { rows, cols, rowLimit: 2000 } }
        const value = engine.snapshot(q) as {
          total: { count: number }
          lines: ReadonlyArray<{ count: number }>
          others: { count: number } | null
          loadedRows: number
        }
        expect(Schema.is(resultSchemaOf(q))(value), `${JSON.stringify(q)} → ${JSON.stringify(value).slice(0, 300)}`).toBe(true)
        expect(value.total.count).toBe(total)
        expect(value.lines.reduce((a, l) => a + l.count, 0) + (value.others?.count ?? 0)).toBe(total)
        expect(value.loadedRows).toBeGreaterThan(0)
      }
      await engine.signOut("logout")
    }
  }, 180_000)

  it("Q12 S4 a saved view is kept in the user's store, answered live, replaced by id, deleted, refused when malformed, and wiped at logout", async () => {
    const engine = makeEngine(file.url)
    await engine.start(await signIn(file.url, "ana@example.com"))
    const ids = (engine.snapshot({ kind: "wallets" }) as ReadonlyArray<{ id: string }>).map((w) => w.id)
    const views = () => engine.snapshot({ kind: "savedViews" }) as ReadonlyArray<SavedView>
    await engine.saveView(view("v-1", "Mensal", ids))
    await engine.saveView(view("v-2", "Anual", ids.slice(0, 1)))
    await until(() => views().length === 2)
    expect(Schema.is(resultSchemaOf({ kind: "savedViews" }))(views())).toBe(true)
    expect(views().map((v) => v.name)).toEqual(["Anual", "Mensal"])
    // replaced by id
    await engine.saveView({ ...view("v-1", "Mensal equipe", ids), updated_at: "2026-11-27T13:00:00.000Z" })
    await until(() => views().some((v) => v.name === "Mensal equipe"))
    expect(views().map((v) => v.id)).toEqual(["v-2", "v-1"])
    // malformed: refused, nothing written
    await expect(engine.saveView({ ...view("v-3", "", ids) })).rejects.toMatchObject({ _tag: "BadRequest" })
    await expect(engine.saveView({ id: "v-4", name: "x" })).rejects.toMatchObject({ _tag: "BadRequest" })
    expect(views()).toHaveLength(2)
    await engine.deleteView("v-2")
    await until(() => views().length === 1)
    // logout wipes the store, and the views with it
    await engine.signOut("logout")
    const again = makeEngine(file.url)
    await again.start(await signIn(file.url, "ana@example.com"))
    expect(again.snapshot({ kind: "savedViews" })).toEqual([])
    await again.signOut("logout")
  }, 120_000)

  it("Q3 Q11 S4 D-analysis-views a pivot asked again on unchanged rows is the kept answer; a row written makes it computed again; another user never gets it", async () => {
    type Pivot = { total: { count: number }; lines: ReadonlyArray<unknown>; tookMs: number }
    const engine = makeEngine(file.url)
    await engine.start(await signIn(file.url, "ana@example.com"))
    await engine.syncAll()
    const walletIds = (engine.snapshot({ kind: "wallets" }) as ReadonlyArray<{ id: string; default?: boolean }>).map((w) => w.id)
    const q: LiveQuery = { kind: "pivot", source: "statement", query: { walletIds, currency: "BRL" }, pivot: { rows: "type", cols: "wallet", rowLimit: 50 } }
    const first = engine.snapshot(q) as Pivot
    const again = engine.snapshot(q) as Pivot
    expect(again.lines).toBe(first.lines) // the kept answer, not a second walk
    expect(again.total).toEqual(first.total)
    expect(Schema.is(resultSchemaOf(q))(again)).toBe(true)
    // a row written (Ana pays R$ 1,00 by Pix): the next ask walks the rows again and counts it
    const cl = new SandboxClient(file.url)
    const ana = await cl.login("ana@example.com")
    const main = (engine.snapshot({ kind: "wallets" }) as ReadonlyArray<{ id: string; default?: boolean }>).find((w) => w.default)?.id ?? walletIds[0]!
    await cl.ok("pixPayByKey", {
      as: ana,
      wallet: main,
      tx: true,
      body: { key: "bruno@example.com", amount: 100, description: "", pin_token: await cl.pinToken(ana) }
    })
    await until(() => (engine.snapshot(q) as Pivot).total.count === first.total.count + 1, 15_000)
    expect((engine.snapshot(q) as Pivot).lines).not.toBe(first.lines)
    // another user on the same engine: nothing of Ana's answers (her wallets' rows are not Bruno's to hold)
    await engine.signOut("logout")
    await engine.start(await signIn(file.url, "bruno@example.com"))
    expect((engine.snapshot(q) as Pivot).total.count).toBe(0)
    await engine.signOut("logout")
  }, 120_000)
})
