/**
 * Contract tests of the storage (uploads) and sports-betting routes over real HTTP (spec features
 * §3 storage file, betting report, GGR, apportionment; §4 exports and uploads states; §5 betting
 * rules; §6 the endr group; §7 storage calls and /users/endr/*; §8 "GGR for the month already sent",
 * "unable to cancel report submission"; D-uploads-contract, D-betting-*). Every endpoint of
 * storageApi and bettingApi is answered 2xx and decoded by its Schema at least once, and each
 * refusal carries the catalogue's status and key.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type CallOptions, type Session } from "../support/sandbox-client.ts"
import { storageApi, MIN_PART_SIZE } from "../../schema/api-storage.ts"
import { bettingApi } from "../../schema/api-betting.ts"
import type { EndpointId } from "../../schema/api.ts"
import { REPORT_PROCESS_MS } from "../../sandbox/areas/betting/routes.ts"
import { sampleReportXml } from "../../sandbox/areas/betting/seed.ts"
import { Prng } from "../../sandbox/prng.ts"
import { saoPauloDateKey } from "../../schema/holidays.ts"
import { reportCorrectionDeadline } from "../../schema/validation.ts"

let sb: Sandbox
let cl: SandboxClient
let bruno: Session, ana: Session, carla: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]
const hit = new Set<EndpointId>()
const ok = async <K extends EndpointId>(id: K, o: CallOptions = {}) => {
  const r = await cl.ok(id, o)
  hit.add(id)
  return r
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const today = () => saoPauloDateKey(new Date(Date.now()))
const daysAgo = (n: number) => saoPauloDateKey(new Date(Date.now() - n * 86_400_000))

/** The whole upload over HTTP as the client does it; answers the stored file. */
const upload = async (bytes: Uint8Array<ArrayBuffer>, name = "relatorio.xml", tx = randomUUID()) => {
  const o = { as: bruno, wallet: W.brunoMatrix }
  const part_size = MIN_PART_SIZE
  const up = (
    await ok("storageMultipartCreate", {
      ...o,
      tx,
      body: { file_name: name, content_type: "application/xml", size: bytes.length, purpose: "endr-report", part_size }
    })
  ).data
  const parts: Array<{ part_number: number; etag: string }> = []
  for (let n = 1; n <= up.parts_count; n++) {
    const { url } = (await ok("storagePartUrl", { ...o, params: { id: up.upload_id }, body: { part_number: n } })).data
    const res = await fetch(url, { method: "PUT", body: new Blob([bytes.slice((n - 1) * part_size, n * part_size)]) })
    expect(res.status).toBe(200)
    parts.push({ part_number: n, etag: ((await res.json()) as { data: { etag: string } }).data.etag })
  }
  return { up, file: (await ok("storageComplete", { ...o, tx: `${tx}.complete`, params: { id: up.upload_id }, body: { parts } })).data }
}
const xml = (date: string, bets = 3): Uint8Array<ArrayBuffer> => new TextEncoder().encode(sampleReportXml(date, bets, new Prng(7)))
const waitReport = async (id: string) => {
  for (let i = 0; i < 50; i++) {
    const r = (await ok("endrReports", { as: bruno, wallet: W.brunoMatrix, query: { page_size: 100 } })).data.data.find((x) => x.id === id)
    if (r && r.status !== "in_progress") return r
    await sleep(REPORT_PROCESS_MS / 3)
  }
  throw new Error("report still in progress")
}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, checkResponses: true })
  cl = new SandboxClient(sb.url)
  ;[bruno, ana, carla] = await cl.loginAll(["bruno", "ana", "carla"] as const)
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  sb?.admin.setClockOffset(0)
  await sb?.close()
})

describe("storage uploads (features §3, §7; D-uploads-contract)", () => {
  it("multipart create → part URLs → parts → complete: the file is assembled once, byte-identical; create and complete are idempotent", async () => {
    const bytes = new Uint8Array(MIN_PART_SIZE * 2 + 123).map((_, i) => (i * 13) & 0xff)
    const tx = randomUUID()
    const { up, file } = await upload(bytes, "a.bin", tx)
    expect(up.parts_count).toBe(3)
    expect(file).toMatchObject({ state: "READY", size: bytes.length, purpose: "endr-report" })
    const again = await ok("storageMultipartCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx,
      body: { file_name: "a.bin", content_type: "application/xml", size: bytes.length, purpose: "endr-report", part_size: MIN_PART_SIZE }
    })
    expect(again.data.upload_id).toBe(up.upload_id)
    const twice = await ok("storageComplete", { as: bruno, wallet: W.brunoMatrix, tx: randomUUID(), params: { id: up.upload_id }, body: { parts: [] } })
    expect(twice.data.id).toBe(file.id)
    const row = sb.db.prepare("SELECT bytes, assembled FROM storage_files WHERE id = ?").get(file.id) as { bytes: Buffer; assembled: number }
    expect(row.assembled).toBe(1)
    expect(Buffer.compare(row.bytes, Buffer.from(bytes))).toBe(0)
    const parts = await ok("storageParts", { as: bruno, wallet: W.brunoMatrix, params: { id: up.upload_id } })
    expect(parts.data.upload.status).toBe("completed")
    const list = await ok("storageFiles", { as: bruno, wallet: W.brunoMatrix })
    expect(list.data.page_size).toBe(20)
    expect(list.data.data[0]?.id).toBe(file.id) // created_at desc
  })

  it("parts held are listed (what a resume skips); complete with a part missing is 422 UPLOAD_INCOMPLETE; abort ends it", async () => {
    const o = { as: bruno, wallet: W.brunoMatrix }
    const bytes = new Uint8Array(MIN_PART_SIZE + 10)
    const up = (
      await ok("storageMultipartCreate", {
        ...o,
        tx: true,
        body: { file_name: "b.xml", content_type: "application/xml", size: bytes.length, purpose: "endr-report", part_size: MIN_PART_SIZE }
      })
    ).data
    const { url } = (await ok("storagePartUrl", { ...o, params: { id: up.upload_id }, body: { part_number: 1 } })).data
    expect((await fetch(url, { method: "PUT", body: new Blob([bytes.slice(0, MIN_PART_SIZE)]) })).status).toBe(200)
    expect((await ok("storageParts", { ...o, params: { id: up.upload_id } })).data.parts.map((p) => p.part_number)).toEqual([1])
    const inc = await cl.err("storageComplete", { ...o, tx: true, params: { id: up.upload_id }, body: { parts: [] } })
    expect([inc.status, inc.body.error.key]).toEqual([422, "UPLOAD_INCOMPLETE"])
    const forged = await fetch(url.replace(/signature=[^&]+/, "signature=forged"), { method: "PUT", body: new Blob([bytes.slice(0, MIN_PART_SIZE)]) })
    expect(forged.status).toBe(403)
    await ok("storageAbort", { ...o, params: { id: up.upload_id } })
    const after = await cl.err("storagePartUrl", { ...o, params: { id: up.upload_id }, body: { part_number: 2 } })
    expect([after.status, after.body.error.key]).toEqual([422, "UPLOAD_ABORTED"])
    const unknown = await cl.err("storageParts", { ...o, params: { id: "nope" } })
    expect([unknown.status, unknown.body.error.key]).toEqual([404, "UPLOAD_NOT_FOUND"])
  })

  it("validation: more than 100 parts or a bad size is 422 with the field; a report upload needs endr", async () => {
    const tooMany = await cl.err("storageMultipartCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: true,
      body: { file_name: "c.xml", content_type: "x", size: MIN_PART_SIZE * 101, purpose: "endr-report", part_size: MIN_PART_SIZE }
    })
    expect([tooMany.status, tooMany.body.error.fields?.["part_size"]]).toEqual([422, "VALIDATION_FORMAT"])
    const noTx = await cl.err("storageMultipartCreate", {
      as: bruno,
      wallet: W.brunoMatrix,
      tx: false,
      body: { file_name: "c.xml", content_type: "x", size: 10, purpose: "endr-report", part_size: MIN_PART_SIZE }
    })
    expect(noTx.status).toBe(400)
    const member = await cl.err("storageMultipartCreate", {
      as: carla,
      wallet: W.anaMain,
      tx: true,
      body: { file_name: "c.xml", content_type: "x", size: 10, purpose: "endr-report", part_size: MIN_PART_SIZE }
    })
    expect([member.status, member.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
  })
})

describe("sports betting (features §2–§9, /users/endr/*)", () => {
  it("features §6 core §2.2: only the operator company with endr — a person's wallet is 403 BETTING_OPERATOR_ONLY, a member without endr 403 WITHOUT_PERMISSION", async () => {
    const person = await cl.err("endrReports", { as: ana, wallet: W.anaMain })
    expect([person.status, person.body.error.key]).toEqual([403, "BETTING_OPERATOR_ONLY"])
    const member = await cl.err("endrGgrList", { as: carla, wallet: W.anaMain })
    expect([member.status, member.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
  })

  it("seeded history: reports, GGR, apportionments and payments, created_at desc, 20 a page", async () => {
    const o = { as: bruno, wallet: W.brunoMatrix }
    const reports = (await ok("endrReports", o)).data
    expect(reports.page_size).toBe(20)
    expect(new Set(reports.data.map((r) => r.status))).toEqual(new Set(["completed", "failure", "cancelled"]))
    expect(reports.data.map((r) => r.created_at)).toEqual([...reports.data.map((r) => r.created_at)].sort().reverse())
    expect((await ok("endrGgrList", o)).data.data).toHaveLength(4)
    const apps = (await ok("endrApportionments", o)).data.data
    expect(apps.map((a) => a.status).sort()).toEqual(["paid", "paid", "paid", "pending"])
    expect(apps.every((a) => a.beneficiaries.reduce((s, b) => s + b.value, 0) === a.total_value)).toBe(true)
    expect((await ok("endrPayments", o)).data.data).toHaveLength(3)
  })

  it("features §4 a report is processed asynchronously: in progress → completed, each step a stream hint with the row", async () => {
    const date = daysAgo(1)
    const { file } = await upload(xml(date, 4))
    const tx = randomUUID()
    const created = await ok("endrReportCreate", { as: bruno, wallet: W.brunoMatrix, tx, body: { report_date: date, file_id: file.id } })
    expect(created.data).toMatchObject({ status: "in_progress", report_date: date, transaction_uuid: tx, deadline: reportCorrectionDeadline(date) })
    const done = await waitReport(created.data.id)
    expect(done).toMatchObject({ status: "completed", bets: 4, failure_reason: null })
    const hints = (sb.db.prepare("SELECT data FROM events WHERE list = 'endr_reports'").all() as Array<{ data: string }>).map(
      (e) => JSON.parse(e.data) as { ids: string[]; rows?: Array<{ status: string }> }
    )
    const mine = hints.filter((h) => h.ids.includes(created.data.id)).map((h) => h.rows?.[0]?.status)
    expect(mine).toEqual(["in_progress", "completed"])
  })

  it("features §5 a report can be changed once per date; the third send is 422 REPORT_CHANGE_NOT_ALLOWED; cancel, then 'unable to cancel'", async () => {
    const date = today() // the seed holds reports up to 2 days ago
    const o = { as: bruno, wallet: W.brunoMatrix }
    const first = await ok("endrReportCreate", { ...o, tx: true, body: { report_date: date, file_id: (await upload(xml(date))).file.id } })
    const second = await ok("endrReportCreate", { ...o, tx: true, body: { report_date: date, file_id: (await upload(xml(date))).file.id } })
    expect(second.data.changes).toBe(1)
    const third = await cl.err("endrReportCreate", { ...o, tx: true, body: { report_date: date, file_id: (await upload(xml(date))).file.id } })
    expect([third.status, third.body.error.key]).toEqual([422, "REPORT_CHANGE_NOT_ALLOWED"])
    const replaced = (await ok("endrReports", { ...o, query: { date } })).data.data.find((r) => r.id === first.data.id)
    expect(replaced?.status).toBe("cancelled")
    const cancelled = await ok("endrReportCancel", { ...o, tx: true, params: { id: second.data.id } })
    expect(cancelled.data.status).toBe("cancelled")
    const again = await cl.err("endrReportCancel", { ...o, tx: true, params: { id: second.data.id } })
    expect([again.status, again.body.error.key]).toEqual([422, "UNABLE_TO_CANCEL_REPORT"])
    const en = await cl.err("endrReportCancel", { ...o, tx: true, params: { id: second.data.id }, headers: { language: "en-US" } })
    expect(en.body.error.message).toMatch(/cancel/i)
  })

  it("features §5 after the correction deadline: cancel is 'unable to cancel report submission' and a change is refused", async () => {
    const date = daysAgo(3)
    const o = { as: bruno, wallet: W.brunoMatrix }
    const r = await ok("endrReportCreate", { ...o, tx: true, body: { report_date: date, file_id: (await upload(xml(date))).file.id } })
    const deadline = Date.parse(`${r.data.deadline}T12:00:00-03:00`)
    sb.admin.setClockOffset(deadline + 2 * 86_400_000 - Date.now())
    try {
      const late = await cl.err("endrReportCancel", { ...o, tx: true, params: { id: r.data.id } })
      expect([late.status, late.body.error.key]).toEqual([422, "UNABLE_TO_CANCEL_REPORT"])
      const change = await cl.err("endrReportCreate", { ...o, tx: true, body: { report_date: date, file_id: (await upload(xml(date))).file.id } })
      expect([change.status, change.body.error.key]).toEqual([422, "REPORT_CHANGE_NOT_ALLOWED"])
    } finally {
      sb.admin.setClockOffset(0)
    }
  })

  it("features §5 invalid XML is processed to failure with its reason and line; a future date or a file not ready is refused", async () => {
    const date = daysAgo(4)
    const o = { as: bruno, wallet: W.brunoMatrix }
    const bad = new TextEncoder().encode(`<relatorioApostas versao="1.0" data="${date}" cnpj="12345678000195">\n<aposta id="1"\n</relatorioApostas>`)
    const r = await ok("endrReportCreate", { ...o, tx: true, body: { report_date: date, file_id: (await upload(bad)).file.id } })
    const done = await waitReport(r.data.id)
    expect(done.status).toBe("failure")
    expect(done.failure_reason).toBe("XML_MALFORMED")
    expect(done.failure_detail).toMatch(/^\d+:\d+ /)
    const future = await cl.err("endrReportCreate", { ...o, tx: true, body: { report_date: "2999-01-01", file_id: (await upload(xml("2999-01-01"))).file.id } })
    expect([future.status, future.body.error.fields?.["report_date"]]).toEqual([422, "VALIDATION_FORMAT"])
    const missing = await cl.err("endrReportCreate", { ...o, tx: true, body: { report_date: date, file_id: "nope" } })
    expect([missing.status, missing.body.error.key]).toEqual([422, "FILE_NOT_READY"])
  })

  it("features §5 §8 monthly GGR: a second one for the month is 422 GGR_ALREADY_SENT (pt and en); changed only once; its apportionment follows", async () => {
    const o = { as: bruno, wallet: W.brunoMatrix }
    const [y, m] = today().split("-").map(Number) as [number, number]
    const g = await ok("endrGgrCreate", { ...o, tx: true, body: { month: m, year: y, total_value: 1_000_000 } })
    expect(g.data).toMatchObject({ month: m, year: y, total_value: 1_000_000, changes: 0 })
    const dup = await cl.err("endrGgrCreate", { ...o, tx: true, body: { month: m, year: y, total_value: 5 } })
    expect([dup.status, dup.body.error.key, dup.body.error.message]).toEqual([422, "GGR_ALREADY_SENT", "O GGR deste mês já foi enviado"])
    const dupEn = await cl.err("endrGgrCreate", { ...o, tx: true, body: { month: m, year: y, total_value: 5 }, headers: { language: "en-US" } })
    expect(dupEn.body.error.message).toBe("The GGR for this month was already sent")
    const future = await cl.err("endrGgrCreate", { ...o, tx: true, body: { month: m, year: y + 1, total_value: 5 } })
    expect([future.status, future.body.error.fields?.["month"]]).toEqual([422, "VALIDATION_FORMAT"])
    const changed = await ok("endrGgrPatch", { ...o, tx: true, params: { id: g.data.id }, body: { total_value: 2_000_000 } })
    expect(changed.data).toMatchObject({ total_value: 2_000_000, changes: 1 })
    const twice = await cl.err("endrGgrPatch", { ...o, tx: true, params: { id: g.data.id }, body: { total_value: 3 } })
    expect([twice.status, twice.body.error.key]).toEqual([422, "GGR_CHANGE_NOT_ALLOWED"])
    expect((await ok("endrGgrById", { ...o, params: { id: g.data.id } })).data.total_value).toBe(2_000_000)
    const apps = (await ok("endrApportionments", { ...o, query: { date: today() } })).data.data.filter((a) => a.ggr_id === g.data.id)
    expect(apps).toHaveLength(1)
    expect(apps[0]).toMatchObject({ ggr_value: 2_000_000, total_value: 240_000, status: "pending" })
    expect(apps[0]?.brcode).toMatch(/^000201/)
  })

  it("features §2 apportionment payment: PIN required, paid once from the wallet, listed in the payments; paying again is refused", async () => {
    const o = { as: bruno, wallet: W.brunoMatrix }
    const a = (await ok("endrApportionments", o)).data.data.find((x) => x.status === "pending")
    if (!a) throw new Error("no pending apportionment")
    const noPin = await cl.err("endrPay", { ...o, tx: true, body: { apportionment_id: a.id, pin_token: "" } })
    expect([noPin.status, noPin.body.error.key]).toEqual([422, "PIN_REQUIRED"])
    sb.admin.pixIn(W.brunoMatrix, a.total_value + 100)
    const before = (
      sb.db.prepare("SELECT balance FROM wallet_accounts WHERE wallet_id = ? AND currency_symbol = 'BRL'").get(W.brunoMatrix) as { balance: number }
    ).balance
    const tx = randomUUID()
    const paid = await ok("endrPay", { ...o, tx, body: { apportionment_id: a.id, pin_token: await cl.pinToken(bruno) } })
    expect(paid.data).toMatchObject({ apportionment_id: a.id, amount: a.total_value, transaction_uuid: tx })
    // the same key again answers the first result and debits nothing more
    await ok("endrPay", { ...o, tx, body: { apportionment_id: a.id, pin_token: await cl.pinToken(bruno) } })
    const after = (
      sb.db.prepare("SELECT balance FROM wallet_accounts WHERE wallet_id = ? AND currency_symbol = 'BRL'").get(W.brunoMatrix) as { balance: number }
    ).balance
    expect(before - after).toBe(a.total_value)
    const again = await cl.err("endrPay", { ...o, tx: true, body: { apportionment_id: a.id, pin_token: await cl.pinToken(bruno) } })
    expect([again.status, again.body.error.key]).toEqual([422, "APPORTIONMENT_ALREADY_PAID"])
    expect((await ok("endrPayments", o)).data.data[0]?.apportionment_id).toBe(a.id)
  })

  it("endrGgrDelete removes a GGR whose apportionment is unpaid; a paid one is 422 GGR_CHANGE_NOT_ALLOWED", async () => {
    const o = { as: bruno, wallet: W.brunoMatrix }
    const [y] = today().split("-").map(Number) as [number]
    const g = await ok("endrGgrCreate", { ...o, tx: true, body: { month: 1, year: y - 1 === 2022 ? 2023 : y - 1, total_value: 100 } }).catch(async () => null)
    if (g) await ok("endrGgrDelete", { ...o, tx: true, params: { id: g.data.id } })
    const paidGgr = (await ok("endrApportionments", o)).data.data.find((a) => a.status === "paid")
    const refused = await cl.err("endrGgrDelete", { ...o, tx: true, params: { id: paidGgr?.ggr_id ?? "" } })
    expect([refused.status, refused.body.error.key]).toEqual([422, "GGR_CHANGE_NOT_ALLOWED"])
  })

  it("every storage and endr endpoint was answered 2xx and decoded", () => {
    for (const id of [...Object.keys(storageApi), ...Object.keys(bettingApi)] as EndpointId[]) expect(hit.has(id), id).toBe(true)
  })
})
