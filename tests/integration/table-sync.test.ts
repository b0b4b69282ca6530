/**
 * Every registered table pulled over real HTTP from the sandbox (sync/SPEC.md P7–P9, D-compact-pages;
 * issue 16 `gateway-sync-1m`): the keyset pull in the compact wire format gives exactly the rows
 * the contract's row objects give — same rows, same order, same projection answers — stores each
 * page's rows as the text that came, and reads them back equal; a page of objects (a server that
 * does not know `format=compact`) is still read. Each table is checked against the sandbox's own
 * count of its rows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { makeApiClient, type ApiClient } from "../../sync/api/client.ts"
import { openUserDb, type UserDb } from "../../sync/store/db.ts"
import { ProgressBoard } from "../../sync/pullers/progress.ts"
import { chunkRows, loadTableChunks, pullTable, type TableSync } from "../../sync/pullers/table.ts"
import { tableSync } from "../../sync/pullers/tables.ts"
import { TableProjection } from "../../sync/projections/table-projection.ts"
import { tableEntry, type TableName } from "../../schema/tables/registry.ts"
import { signIn, storage } from "../support/engine-helpers.ts"

let sb: Sandbox
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]
const apis: Record<string, ApiClient> = {}

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  W = sb.admin.seedInfo()!.wallets
  for (const [who, server] of [
    ["ana", "green"],
    ["bruno", "blue"]
  ] as const) {
    const s = await signIn(sb.url, `${who}@example.com`)
    apis[who] = makeApiClient({
      baseUrl: () => sb.url,
      locale: () => "pt",
      currentWallet: () => null,
      serverType: () => server,
      tokens: () => ({ accessToken: s.accessToken, refreshToken: s.refreshToken, expiresAt: s.expiresAt }),
      onTokens: () => undefined,
      onSessionExpired: () => undefined
    })
  }
})
afterAll(async () => {
  await sb?.close()
})

let dbNo = 0
const freshDb = (): Promise<UserDb> => openUserDb(`table-sync-${process.pid}-${++dbNo}`, storage())

/** The same table's sync without the compact format: the contract's row objects. */
const objectsOnly = (s: TableSync<Record<string, unknown>>): TableSync<Record<string, unknown>> => {
  const { compact: _compact, ...rest } = s
  return rest
}

const CASES: ReadonlyArray<{ table: TableName; who: string; wallet: () => string; count: () => number }> = [
  {
    table: "gateway_transactions",
    who: "bruno",
    wallet: () => W.brunoMatrix,
    count: () => (sb.db.prepare("SELECT count(*) AS n FROM gateway_transactions WHERE wallet_id = ?").get(W.brunoMatrix) as { n: number }).n
  },
  {
    table: "pix_statement",
    who: "ana",
    wallet: () => W.anaMain,
    count: () => (sb.db.prepare("SELECT count(*) AS n FROM statements WHERE wallet_id = ? AND type IN ('PIX_IN','PIX_OUT')").get(W.anaMain) as { n: number }).n
  }
]

describe("table sync over HTTP (sync/SPEC.md P7–P9, D-compact-pages)", () => {
  for (const c of CASES) {
    it(`P7 P12 D-compact-pages ${c.table}: compact pages give the rows, order and answers of the row objects; chunks keep the text and read back equal`, async () => {
      const spec = tableSync(c.table)
      expect(spec.compact).toBeDefined()
      const columns = spec.compact!.columns
      const api = apis[c.who]!
      const compactRows: unknown[][] = []
      const objects: Record<string, unknown>[] = []
      const dbA = await freshDb()
      const dbB = await freshDb()
      // small pages, so the keyset cursor is crossed many times
      const totals: number[] = []
      const nA = await pullTable(api, dbA, new ProgressBoard(), spec, c.wallet(), {
        pageSize: 97,
        onTotal: (n) => {
          totals.push(n)
        },
        onRows: () => {
          throw new Error("a compact pull hands objects")
        },
        onCompactRows: (rows) => {
          compactRows.push(...(rows as unknown[][]))
        }
      })
      const nB = await pullTable(api, dbB, new ProgressBoard(), objectsOnly(spec), c.wallet(), {
        pageSize: 97,
        onRows: (rows) => {
          objects.push(...rows)
        }
      })
      expect(nA).toBe(c.count())
      expect(totals).toEqual([nA]) // told once, at the first page: the projection makes room at once
      expect(nA).toBeGreaterThan(97)
      expect(nB).toBe(nA)
      expect(compactRows.map(spec.fromCompact)).toEqual(objects)

      // the compact chunks keep the page's text; the object pull's keep arrays; both read back as the same compact rows
      const docsA = await dbA.statement_chunks.find({ selector: { wallet_id: spec.chunkKey(c.wallet()) } }).exec()
      const docsB = await dbB.statement_chunks.find({ selector: { wallet_id: spec.chunkKey(c.wallet()) } }).exec()
      expect(docsA.every((d) => typeof d.text === "string" && d.rows.length === 0)).toBe(true)
      expect(docsB.every((d) => d.text === undefined && d.rows.length === d.count)).toBe(true)
      const readA: unknown[][] = []
      const readB: unknown[][] = []
      await loadTableChunks(
        dbA,
        [c.wallet()],
        {},
        (rows) => {
          readA.push(...(rows as unknown[][]))
        },
        spec.chunkKey
      )
      await loadTableChunks(
        dbB,
        [c.wallet()],
        {},
        (rows) => {
          readB.push(...(rows as unknown[][]))
        },
        spec.chunkKey
      )
      expect(readA).toEqual(compactRows)
      expect(readB).toEqual(compactRows)
      expect(chunkRows(docsA[0]!.toJSON() as never)).toEqual(compactRows.slice(0, docsA[0]!.count))

      // the projection fed compact rows answers as the one fed objects
      const pa = new TableProjection<Record<string, unknown>>(tableEntry(c.table).table)
      const pb = new TableProjection<Record<string, unknown>>(tableEntry(c.table).table)
      pa.upsertCompact(compactRows, columns)
      pb.upsertMany(objects)
      await dbA.close()
      await dbB.close()
      expect(pa.size).toBe(pb.size)
      for (const q of [{ limit: 50 }, { limit: 30, sort: { by: "amount", dir: "asc" } }, { text: "a", limit: 20 }]) {
        const a = pa.query(q as never)
        const b = pb.query(q as never)
        expect(a.rows).toEqual(b.rows)
        expect(a.total).toBe(b.total)
      }
      for (const o of objects.slice(0, 50)) expect(pa.get(String(o["id"]))).toEqual(pb.get(String(o["id"])))
    })
  }

  it("P9 issue 33 item 1: past the first page the next page is asked off the text, before the page is checked; every row once, in order", async () => {
    const base = tableSync("pix_statement")
    const c = base.compact!
    const idAt = c.columns.indexOf("id")
    const log: string[] = []
    // the id column's check logs each row's id as the page is checked (readPage)
    const spec: TableSync<Record<string, unknown>> = {
      ...base,
      compact: { ...c, isCell: c.isCell.map((f, i) => (i === idAt ? (u: unknown) => (log.push(`check:${String(u)}`), f(u)) : f)) }
    }
    const s = await signIn(sb.url, "ana@example.com")
    const api = makeApiClient({
      baseUrl: () => sb.url,
      locale: () => "pt",
      currentWallet: () => null,
      serverType: () => "green",
      tokens: () => ({ accessToken: s.accessToken, refreshToken: s.refreshToken, expiresAt: s.expiresAt }),
      onTokens: () => undefined,
      onSessionExpired: () => undefined,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url)
        if (url.pathname === base.path) log.push(`ask:${url.searchParams.get("after") ?? ""}`)
        return fetch(input, init)
      }) as typeof fetch
    })
    const db = await freshDb()
    const ids: string[] = []
    const n = await pullTable(api, db, new ProgressBoard(), spec, W.anaMain, {
      pageSize: 23,
      onRows: () => undefined,
      onCompactRows: (rows) => {
        for (const r of rows) ids.push(String(r[idAt]))
      }
    })
    await db.close()
    const pages = Math.ceil(n / 23)
    expect(pages).toBeGreaterThan(4)
    expect(new Set(ids).size).toBe(n)
    expect(n).toBe(
      (sb.db.prepare("SELECT count(*) AS n FROM statements WHERE wallet_id = ? AND type IN ('PIX_IN','PIX_OUT')").get(W.anaMain) as { n: number }).n
    )
    const asks = log.filter((e) => e.startsWith("ask:"))
    // one ask per page, and at most one early ask left unused (after the last page)
    expect(asks.length).toBeLessThanOrEqual(pages + 1)
    expect(new Set(asks).size).toBe(asks.length)
    // an ask after a row (its cursor) made before that row was checked: every page's but the first's and the last's
    const early = asks.filter((a) => {
      const id = a.slice(a.lastIndexOf("|") + 1)
      return a !== "ask:" && log.indexOf(a) < log.indexOf(`check:${id}`)
    })
    expect(early.length).toBeGreaterThanOrEqual(pages - 2)
  })

  it("P12 a chunk whose write fails fails the pull; the next pull resumes after the last chunk written, every row once", async () => {
    const spec = tableSync("gateway_transactions")
    const db = await freshDb()
    let writes = 0
    const failing = {
      statement_chunks: {
        find: (q: unknown) => db.statement_chunks.find(q as never),
        count: (q: unknown) => db.statement_chunks.count(q as never),
        insert: (d: unknown) => (++writes === 3 ? Promise.reject(new Error("disk full")) : db.statement_chunks.insert(d as never))
      }
    } as unknown as UserDb
    const ids: string[] = []
    const idAt = spec.compact!.columns.indexOf("id")
    const on = {
      pageSize: 40,
      onRows: () => undefined,
      onCompactRows: (rows: ReadonlyArray<ReadonlyArray<unknown>>) => {
        for (const r of rows) ids.push(String(r[idAt]))
      }
    }
    const progress = new ProgressBoard()
    await expect(pullTable(apis["bruno"]!, failing, progress, spec, W.brunoBranch, on)).rejects.toThrow("disk full")
    expect(progress.snapshot().lists[`gateway_transactions:${W.brunoBranch}`]?.state).toBe("error")
    const kept = await db.statement_chunks.find({ selector: { wallet_id: spec.chunkKey(W.brunoBranch) } }).exec()
    expect(kept.map((d) => d.seq)).toEqual([0, 1])
    // what the failed pull projected past its last written chunk comes again: projected rows upsert by id
    const again: string[] = []
    await pullTable(apis["bruno"]!, db, new ProgressBoard(), spec, W.brunoBranch, {
      ...on,
      onCompactRows: (rows) => {
        for (const r of rows) again.push(String(r[idAt]))
      }
    })
    const n = (sb.db.prepare("SELECT count(*) AS n FROM gateway_transactions WHERE wallet_id = ?").get(W.brunoBranch) as { n: number }).n
    expect(80 + again.length).toBe(n)
    expect(new Set([...ids.slice(0, 80), ...again]).size).toBe(n)
    await db.close()
  })

  it("P8 D-compact-pages a compact pull stopped after two pages resumes after the last stored chunk: every row once", async () => {
    const spec = tableSync("gateway_transactions")
    const db = await freshDb()
    const ids: string[] = []
    const idAt = spec.compact!.columns.indexOf("id")
    const on = {
      pageSize: 50,
      onRows: () => undefined,
      onCompactRows: (rows: ReadonlyArray<ReadonlyArray<unknown>>) => {
        for (const r of rows) ids.push(String(r[idAt]))
      }
    }
    await pullTable(apis["bruno"]!, db, new ProgressBoard(), spec, W.brunoBranch, { ...on, stopAfterPages: 2 })
    expect(ids.length).toBe(100)
    await pullTable(apis["bruno"]!, db, new ProgressBoard(), spec, W.brunoBranch, on)
    const n = (sb.db.prepare("SELECT count(*) AS n FROM gateway_transactions WHERE wallet_id = ?").get(W.brunoBranch) as { n: number }).n
    expect(ids.length).toBe(n)
    expect(new Set(ids).size).toBe(n)
    await db.close()
  })
})
