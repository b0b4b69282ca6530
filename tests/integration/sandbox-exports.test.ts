/**
 * Statement exports and receipts (spec features §2 "export runs as a job", §3 storage file
 * states, §4 export states, §5 same-month range, §7 calls, §9 export limit 7): progress 0→100 on a
 * server timer, a CSV with one line per row, signed download URLs, the daily limit, receipts
 * PENDING → READY with every value escaped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { CSV_HEADER } from "../../sandbox/areas/statements/routes.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

const spToday = (): string => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10)
const monthStart = (d: string): string => `${d.slice(0, 8)}01`

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, exportMs: 1200, receiptMs: 300 })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno] = await cl.loginAll(["ana", "bruno"])
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

describe("statement export job (features §4, §7)", () => {
  it("spec features §4 the job progresses 0→100 and completes with a CSV of header + one line per row of the range", async () => {
    const start = monthStart(spToday())
    const end = spToday()
    const job = await cl.ok("statementExportCreate", { as: ana, wallet: W.anaMain, body: { start_date: start, end_date: end, format: "csv" } })
    expect(job.data.status).toBe("in_progress")
    expect(job.data.progress).toBe(0)
    const seen: number[] = []
    let cur = job.data
    while (cur.status === "in_progress") {
      await new Promise((r) => setTimeout(r, 250))
      cur = (await cl.ok("statementExportGet", { as: ana, wallet: W.anaMain, params: { id: job.data.id } })).data
      seen.push(cur.progress)
    }
    expect(cur.status).toBe("completed")
    expect(cur.progress).toBe(100)
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true)
    expect([...seen].sort((a, b) => a - b)).toEqual(seen)
    expect(cur.file_state).toBe("READY")
    const expected = await cl.ok("statement", { as: ana, wallet: W.anaMain, query: { start_date: start, end_date: end, page_size: 1 } })
    expect(cur.rows).toBe(expected.data.total)
    const url = await cl.ok("storageFileUrl", { as: ana, wallet: W.anaMain, params: { id: cur.file_id! } })
    const res = await fetch(url.data.url)
    expect(res.headers.get("content-type")).toContain("text/csv")
    const lines = (await res.text()).trimEnd().split("\n")
    expect(lines[0]).toBe(CSV_HEADER)
    expect(lines.length - 1).toBe(cur.rows)
    const tampered = url.data.url.replace(/token=[^&]+/, "token=AAAA")
    expect((await fetch(tampered)).status).toBe(401)
    expect((await cl.err("storageFileUrl", { as: bruno, wallet: W.brunoMatrix, params: { id: cur.file_id! } })).status).toBe(404)
  })

  it("spec features §5 range rules: start ≤ end (DATE_RANGE_INVALID), same month (EXPORT_RANGE_SAME_MONTH), real dates", async () => {
    const e1 = await cl.err("statementExportCreate", {
      as: ana,
      wallet: W.anaReserve,
      body: { start_date: "2026-03-10", end_date: "2026-03-01", format: "csv" }
    })
    expect(e1.body.error.key).toBe("DATE_RANGE_INVALID")
    const e2 = await cl.err("statementExportCreate", {
      as: ana,
      wallet: W.anaReserve,
      body: { start_date: "2026-02-20", end_date: "2026-03-05", format: "csv" }
    })
    expect(e2.body.error.key).toBe("EXPORT_RANGE_SAME_MONTH")
    const e3 = await cl.err("statementExportCreate", {
      as: ana,
      wallet: W.anaReserve,
      body: { start_date: "2026-02-30", end_date: "2026-02-31", format: "csv" }
    })
    expect(e3.body.error.fields).toEqual({ start_date: "VALIDATION_DATE", end_date: "VALIDATION_DATE" })
    const e4 = await cl.err("statementExportCreate", {
      as: ana,
      wallet: W.anaReserve,
      body: { start_date: "01/02/2026", end_date: "2026-02-03", format: "csv" }
    })
    expect(e4.status).toBe(422)
  })

  it("spec features §9 export limit 7 (our reading: per wallet per day, UTC-3) → 422 EXPORT_LIMIT_REACHED", async () => {
    const body = { start_date: monthStart(spToday()), end_date: spToday(), format: "pdf" }
    for (let i = 0; i < 7; i++) await cl.ok("statementExportCreate", { as: bruno, wallet: W.brunoBranch, body })
    const eighth = await cl.err("statementExportCreate", { as: bruno, wallet: W.brunoBranch, body })
    expect(eighth.body.error.key).toBe("EXPORT_LIMIT_REACHED")
    await cl.ok("statementExportCreate", { as: bruno, wallet: W.brunoMatrix, body })
  })
})

describe("receipts (features §7)", () => {
  it("spec features §7 receipt generate → PENDING, then READY with HTML whose values are escaped", async () => {
    const row = sb.admin.pixIn(W.anaMain, 4_321, `<script>alert("x")</script> & Cia`)
    expect((await cl.err("receipt", { as: ana, wallet: W.anaMain, params: { id: row.operation_id } })).status).toBe(404)
    const g = await cl.ok("receiptGenerate", { as: ana, wallet: W.anaMain, params: { id: row.operation_id } })
    expect(g.data.status).toBe("PENDING")
    expect(g.data.html).toBeNull()
    await new Promise((r) => setTimeout(r, 350))
    const r = await cl.ok("receipt", { as: ana, wallet: W.anaMain, params: { id: row.operation_id } })
    expect(r.data.status).toBe("READY")
    expect(r.data.html).not.toContain("<script>")
    expect(r.data.html).toContain("&#60;script&#62;")
    expect(r.data.entry?.id).toBe(row.id)
    const file = await fetch(r.data.url!)
    expect(file.headers.get("content-type")).toContain("text/html")
    const pix = await cl.ok("pixReceipt", { as: ana, wallet: W.anaMain, params: { id: row.operation_id } })
    expect(pix.data.status).toBe("READY")
  })

  it("spec features §7 the Pix receipt only exists for Pix operations; unknown operations are 404", async () => {
    const fee = (await cl.ok("statement", { as: ana, wallet: W.anaMain, query: { type: "FEE" } })).data.data[0]!
    expect((await cl.err("pixReceipt", { as: ana, wallet: W.anaMain, params: { id: fee.operation_id } })).status).toBe(404)
    expect((await cl.err("receiptGenerate", { as: ana, wallet: W.anaMain, params: { id: "nope" } })).status).toBe(404)
  })
})
