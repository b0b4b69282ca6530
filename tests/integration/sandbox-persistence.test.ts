/**
 * The sandbox's file database (DESIGN "SQLite file database, created and seeded at first start;
 * data survives restarts"): a second start on the same file does not reseed, keeps the money
 * moved before, keeps the token secret (tokens stay valid), and finishes export jobs left running.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { startSandbox } from "../../sandbox/server.ts"
import { SandboxClient } from "../support/sandbox-client.ts"

const dir = mkdtempSync(join(tmpdir(), "sandbox-persist-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("persistence (DESIGN sandbox)", () => {
  it("DESIGN data survives restarts: no reseed, rows and balances kept, tokens still valid, running exports finish", async () => {
    const dbPath = join(dir, "sandbox.sqlite")
    const first = await startSandbox({ port: 0, dbPath, seed: { size: "small" }, exportMs: 60_000 })
    expect(first.seeded?.statementRows).toBeGreaterThan(1000)
    const cl1 = new SandboxClient(first.url)
    const ana = await cl1.login("ana@example.com")
    const main = first.admin.seedInfo()!.wallets.anaMain
    const row = first.admin.pixIn(main, 9_876, "Antes do restart")
    const before = first.admin.ledger(main)
    const today = new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10)
    const job = await cl1.ok("statementExportCreate", { as: ana, wallet: main, body: { start_date: `${today.slice(0, 8)}01`, end_date: today, format: "csv" } })
    await first.close()

    const second = await startSandbox({ port: 0, dbPath })
    try {
      expect(second.seeded).toBeNull()
      expect(second.admin.ledger(main)).toEqual(before)
      const cl2 = new SandboxClient(second.url)
      const got = await cl2.ok("statementGet", { as: ana, wallet: main, params: { id: row.id } })
      expect(got.data.counterparty_name).toBe("Antes do restart")
      const e = await cl2.ok("statementExportGet", { as: ana, wallet: main, params: { id: job.data.id } })
      expect(e.data.status).toBe("completed")
      // rows written after the restart sort after the old ones (keyset cursor stays valid)
      const after = second.admin.pixIn(main, 1_000, "Depois")
      expect(after.updated_at > row.updated_at).toBe(true)
    } finally {
      await second.close()
    }
  })
})
