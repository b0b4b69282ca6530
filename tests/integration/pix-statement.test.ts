/**
 * The Pix statement over real HTTP (issue 12; spec features §2 Pix "statements" with permission
 * get-all-report-pix-statement, §5 "Pix statement export covers only the current day", §7
 * GET /users/v2/reports/pix-statement and POST /users/v5/reports/pix-statement/exports;
 * D-pix-statement): shapes decoded by the contract, rows derived from the ledger's Pix rows (one
 * per Pix, none of the other types), keyset pages, filters, permissions per wallet, the stream
 * hint of a new Pix, and the export job of today with its progress while another day is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Schema } from "effect"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { PixStatementRow } from "../../schema/tables/pix-statement.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena] = (await Promise.all(["ana", "bruno", "helena"].map((u) => cl.login(`${u}@example.com`)))) as [Session, Session, Session]
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

const spToday = (): string => new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10)
const isRow = Schema.is(PixStatementRow)

describe("Pix statement (features §2 statements, §7)", () => {
  it("features §7 the list is the wallet's Pix rows of the ledger, each decoded by the row Schema, none of another type", async () => {
    const r = await cl.ok("pixStatement", { as: ana, wallet: W.anaMain, query: { page_size: 500 } })
    const ledgerPix = (
      sb.db.prepare("SELECT count(*) AS n FROM statements WHERE wallet_id = ? AND type IN ('PIX_IN','PIX_OUT')").get(W.anaMain) as { n: number }
    ).n
    expect(r.data.total).toBe(ledgerPix)
    expect(r.data.total).toBeGreaterThan(0)
    for (const x of r.data.data) {
      expect(isRow(x)).toBe(true)
      expect(x.wallet_id).toBe(W.anaMain)
      const led = sb.db.prepare("SELECT type, amount, direction, end_to_end_id FROM statements WHERE id = ?").get(x.id) as {
        type: string
        amount: number
        direction: string
        end_to_end_id: string | null
      }
      expect(["PIX_IN", "PIX_OUT"]).toContain(led.type)
      expect([x.amount, x.direction, x.end_to_end_id]).toEqual([led.amount, led.direction, led.end_to_end_id])
    }
  })

  it("features §7 keyset pages (sort=updated_at&order=asc&after) cover every row once, as the sync pulls them", async () => {
    const all = await cl.ok("pixStatement", { as: ana, wallet: W.anaMain, query: { page_size: 5000 } })
    const seen: string[] = []
    let after = ""
    for (;;) {
      const page = await cl.ok("pixStatement", {
        as: ana,
        wallet: W.anaMain,
        query: { sort: "updated_at", order: "asc", page_size: 37, ...(after ? { after } : {}) }
      })
      for (const x of page.data.data) seen.push(x.id)
      const last = page.data.data[page.data.data.length - 1]
      if (page.data.data.length < 37 || !last) break
      after = `${last.updated_at}|${last.id}`
    }
    expect(seen.length).toBe(all.data.total)
    expect(new Set(seen).size).toBe(seen.length)
  })

  it("features §2 filters on the server: direction, status, text; an unknown status is a field error", async () => {
    const out = await cl.ok("pixStatement", { as: ana, wallet: W.anaMain, query: { direction: "out", status: "completed", page_size: 500 } })
    for (const x of out.data.data) expect([x.direction, x.status]).toEqual(["out", "completed"])
    const one = out.data.data[0]!
    const found = await cl.ok("pixStatement", { as: ana, wallet: W.anaMain, query: { search: one.counterparty_name, page_size: 500 } })
    expect(found.data.data.map((x) => x.id)).toContain(one.id)
    const bad = await cl.err("pixStatement", { as: ana, wallet: W.anaMain, query: { status: "nope" } })
    expect([bad.status, bad.body.error.fields?.["status"]]).toEqual([422, "VALIDATION_FORMAT"])
  })

  it("features §2/§6 permissions per wallet: a member with CLIENT reads the wallet's Pix statement; another user's wallet is refused", async () => {
    const asHelena = await cl.ok("pixStatement", { as: helena, wallet: W.anaMain, query: { page_size: 5 } })
    expect(asHelena.data.total).toBeGreaterThan(0)
    const asBruno = await cl.err("pixStatement", { as: bruno, wallet: W.anaMain })
    expect(asBruno.status).toBe(403)
    const exp = await cl.err("pixStatementExportCreate", { as: bruno, wallet: W.anaMain, body: { date: spToday() } })
    expect(exp.status).toBe(403)
  })

  it("issue 12 a Pix paid between seeded users is one row on each side (out for Ana, in for Bruno, the payer's bank from the end-to-end id) and a pix_statement hint for each", async () => {
    const pin = await cl.pinToken(ana)
    const before = sb.db.prepare("SELECT count(*) AS n FROM events WHERE list = 'pix_statement'").get() as { n: number }
    const r = await cl.ok("pixPayByKey", {
      as: ana,
      wallet: W.anaMain,
      tx: true,
      body: { key: "bruno@example.com", amount: 4_321, description: "aluguel de teste", pin_token: pin }
    })
    const e2e = r.data.end_to_end_id
    const anaRows = await cl.ok("pixStatement", { as: ana, wallet: W.anaMain, query: { search: e2e ?? "", page_size: 10 } })
    const brunoRows = await cl.ok("pixStatement", { as: bruno, wallet: W.brunoMatrix, query: { search: e2e ?? "", page_size: 10 } })
    // D-pix-statement: the payer's participant is read from the end-to-end id; the ledger keeps none for the receiver
    expect(anaRows.data.data.map((x) => [x.direction, x.amount, x.counterparty_bank])).toEqual([["out", 4_321, ""]])
    expect(brunoRows.data.data.map((x) => [x.direction, x.amount, x.counterparty_bank])).toEqual([["in", 4_321, "Banco Sandbox S.A."]])
    const after = sb.db.prepare("SELECT count(*) AS n FROM events WHERE list = 'pix_statement'").get() as { n: number }
    expect(after.n - before.n).toBe(2)
  })

  it("features §5 the export covers only the current day: today runs as a job with progress to a CSV of today's Pix rows; another day is UNABLE_TO_EXPORT", async () => {
    const today = spToday()
    const job = await cl.ok("pixStatementExportCreate", { as: ana, wallet: W.anaMain, body: { date: today } })
    expect([job.data.status, job.data.date]).toEqual(["in_progress", today])
    expect(job.data.progress).toBeLessThan(100)
    let cur = job.data
    for (let i = 0; i < 50 && cur.status === "in_progress"; i++) {
      await new Promise((res) => setTimeout(res, 100))
      cur = (await cl.ok("pixStatementExportGet", { as: ana, wallet: W.anaMain, params: { id: job.data.id } })).data
    }
    expect([cur.status, cur.progress]).toEqual(["completed", 100])
    const todays = (await cl.ok("pixStatement", { as: ana, wallet: W.anaMain, query: { start_date: today, end_date: today, page_size: 500 } })).data.total
    expect(cur.rows).toBe(todays)
    expect((cur.csv ?? "").split("\r\n").length).toBe(todays + 1)
    const yesterday = new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    const refused = await cl.err("pixStatementExportCreate", { as: ana, wallet: W.anaMain, body: { date: yesterday } })
    expect([refused.status, refused.body.error.key]).toEqual([422, "UNABLE_TO_EXPORT"])
    // another wallet's job is not found through this one
    expect((await cl.err("pixStatementExportGet", { as: ana, wallet: W.anaReserve, params: { id: job.data.id } })).status).toBe(404)
  })
})
