/**
 * Measures the sandbox on a seeded database (DESIGN "Budgets": the sandbox must serve 1M-row
 * statements fast enough for first syncs within budget): start-up time, keyset pages of 5000
 * rows (`sort=updated_at&order=asc&after=…`), a full keyset walk in rows/s, the default page and
 * a filtered search. `tsx bench/sandbox-measure.ts --db /tmp/x.sqlite [--walk]`
 */
import { startSandbox } from "../sandbox/server.ts"
import { SandboxClient } from "../tests/support/sandbox-client.ts"

const arg = (n: string): string | undefined => {
  const i = process.argv.indexOf(`--${n}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const dbPath = arg("db") ?? ".data/sandbox.sqlite"
const t0 = performance.now()
const sb = await startSandbox({ port: 0, dbPath, checkResponses: false })
console.log(`start-up on ${dbPath}: ${(performance.now() - t0).toFixed(0)} ms`)
const cl = new SandboxClient(sb.url)
const ana = await cl.login("ana@example.com")
const main = sb.admin.seedInfo()!.wallets.anaMain
const headers = { authorization: `Bearer ${ana.accessToken}`, "server-type": "green", "wallet-uuid": main }
const get = async (q: string): Promise<{ ms: number; rows: Array<{ id: string; updated_at: string }>; total: number; bytes: number }> => {
  const t = performance.now()
  const r = await fetch(`${sb.url}/users/v2/reports/operation-statement?${q}`, { headers })
  const text = await r.text()
  const ms = performance.now() - t
  const j = JSON.parse(text) as { data: { data: Array<{ id: string; updated_at: string }>; total: number } }
  return { ms, rows: j.data.data, total: j.data.total, bytes: text.length }
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

// CPU time of the server's work for one keyset page (SQL + JSON), immune to other processes' load
{
  const db = sb.db
  const cols =
    "id, wallet_id, operation_id, created_at, updated_at, type, direction, status, currency_symbol, amount, balance_after, description, counterparty_name, counterparty_document, end_to_end_id, transaction_uuid"
  const { paginateJson } = await import("../sandbox/repo.ts")
  const cpu: number[] = []
  for (let i = 0; i < 12; i++) {
    const at = new Date(Date.now() - (i + 1) * 25 * 86_400_000).toISOString()
    const c0 = process.cpuUsage()
    paginateJson(
      db,
      { sort: "updated_at", order: "asc", page_size: "5000", after: `${at}|0` },
      {
        from: "statements",
        columns: cols,
        where: ["wallet_id = ?"],
        params: [main],
        sortable: { updated_at: "updated_at" },
        countCacheTable: "statements"
      },
      cols
        .split(", ")
        .map(
          (c) =>
            [
              c,
              ["amount", "balance_after"].includes(c)
                ? "int"
                : ["description", "counterparty_name", "counterparty_document", "end_to_end_id", "transaction_uuid"].includes(c)
                  ? "text"
                  : "token"
            ] as const
        )
    )
    const d = process.cpuUsage(c0)
    if (i > 0) cpu.push((d.user + d.system) / 1000)
  }
  console.log(`server CPU per 5000-row keyset page (SQL + JSON, in process): median ${median(cpu).toFixed(1)} ms`)
}
const first = await get("sort=updated_at&order=asc&page_size=5000")
console.log(`keyset page 1 (5000 rows, cold count of ${first.total}): ${first.ms.toFixed(1)} ms, ${(first.bytes / 1e6).toFixed(2)} MB`)
const times: number[] = []
let after = first.rows.at(-1)!
for (let i = 0; i < 10; i++) {
  const p = await get(`sort=updated_at&order=asc&page_size=5000&after=${encodeURIComponent(`${after.updated_at}|${after.id}`)}`)
  times.push(p.ms)
  after = p.rows.at(-1)!
}
console.log(`keyset pages 2–11 (5000 rows each): median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`)
const mid = await get(`sort=updated_at&order=asc&page_size=5000&after=${encodeURIComponent(`2026-06-01T00:00:00.000Z|0`)}`)
console.log(`keyset page from the middle: ${mid.ms.toFixed(1)} ms`)
const def = await get("")
console.log(`default page (20, created_at desc): ${def.ms.toFixed(1)} ms`)
const deep = await get("page=2000&page_size=100")
console.log(`offset page 2000×100: ${deep.ms.toFixed(1)} ms`)
const search = await get("search=Padaria&type=PIX_OUT&min_amount=1000")
console.log(`search "Padaria" + type + min_amount (total ${search.total}): ${search.ms.toFixed(1)} ms`)
const range = await get("start_date=2026-10-01&end_date=2026-10-31&page_size=100")
console.log(`month range page (total ${range.total}): ${range.ms.toFixed(1)} ms`)
if (process.argv.includes("--walk")) {
  const tw = performance.now()
  let n = 0
  let cursor = ""
  for (;;) {
    const p = await get(`sort=updated_at&order=asc&page_size=5000${cursor}`)
    n += p.rows.length
    if (p.rows.length < 5000) break
    const l = p.rows.at(-1)!
    cursor = `&after=${encodeURIComponent(`${l.updated_at}|${l.id}`)}`
  }
  const s = (performance.now() - tw) / 1000
  console.log(`full keyset walk: ${n} rows in ${s.toFixed(1)} s (${Math.round(n / s)} rows/s)`)
}
await sb.close()
