/**
 * The table projection over the gateway description (issue 16; issue 11 "a second table described
 * gets filters, orders, image and exports with no code outside its description"; features §3
 * Transaction (gateway), §4 its 17 statuses): random queries over generated rows across three
 * wallets answer exactly like the naive reference (tests/support/naive-table.ts) — totals, sums
 * of the counted statuses, the window in order, groups by kind, wallet, day and type × status.
 */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { gatewayRow, gatewayRows } from "../../sandbox/areas/gateway/rows.ts"
import { GATEWAY_KINDS, GATEWAY_STATUSES, GATEWAY_SUM_STATUSES, gatewayTable, type GatewayTransaction } from "../../schema/tables/gateway.ts"
import { NaiveTable } from "../../tests/support/naive-table.ts"
import { StatementProjection } from "./statement-projection.ts"
import { bandLow } from "./amount-bands.ts"
import { COLLECT_CAP } from "./packed-strings.ts"
import type { EntryRows } from "./entry-rows.ts"
import { TableProjection, type TableQuery } from "./table-projection.ts"

const NOW = Date.parse("2026-11-20T15:00:00.000Z")
const DAY = 86_400_000
const WALLETS = ["w-matrix", "w-branch-1", "w-branch-2"]

/**
 * The naive fee and seller-share totals of some rows: over the statuses the page's value total counts, as it does
 * (D-gateway-sums: a rejected deposit's seller share is not money the seller has).
 */
const countedInts = (all: ReadonlyArray<GatewayTransaction>) => {
  const counted = all.filter((r) => GATEWAY_SUM_STATUSES.includes(r.status))
  return { fee: counted.reduce((a, r) => a + r.fee, 0), seller_share: counted.reduce((a, r) => a + r.seller_share, 0) }
}

const build = (seed: number, perWallet: number) => {
  const g = new Prng(seed)
  const rows = WALLETS.flatMap((w) => gatewayRows(g, w, perWallet, NOW, 60))
  const p = new TableProjection<GatewayTransaction>(gatewayTable)
  const n = new NaiveTable<GatewayTransaction>(gatewayTable)
  for (let i = 0; i < rows.length; i += 700) {
    p.upsertMany(rows.slice(i, i + 700))
    n.upsertMany(rows.slice(i, i + 700))
  }
  return { g, rows, p, n }
}

const randomQuery = (g: Prng, rows: ReadonlyArray<GatewayTransaction>): TableQuery => {
  const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = {}
  if (g.chance(0.5)) q.walletIds = WALLETS.filter(() => g.chance(0.5))
  if (g.chance(0.4)) q.types = GATEWAY_KINDS.filter(() => g.chance(0.4))
  if (g.chance(0.4)) q.statuses = GATEWAY_STATUSES.filter(() => g.chance(0.3))
  if (g.chance(0.4)) {
    q.from = NOW - g.int(1, 60) * DAY
    q.to = q.from + g.int(1, 30) * DAY
  }
  if (g.chance(0.3)) q.minAmount = g.int(0, 20_000)
  if (g.chance(0.2)) q.maxAmount = g.int(20_000, 200_000)
  if (g.chance(0.4)) {
    const r = g.pick(rows)
    q.text = g.pick([
      r.reference,
      r.counterparty_name.split(" ")[0] ?? "a",
      r.counterparty_document.slice(0, 6),
      r.id.slice(0, 8),
      r.txid?.slice(0, 10) ?? "PED-",
      "silva",
      "ltda"
    ])
  }
  if (g.chance(0.4)) q.sort = { by: g.pick(["created_at", "amount"] as const), dir: g.pick(["asc", "desc"] as const) }
  if (g.chance(0.3)) q.offset = g.int(0, 200)
  if (g.chance(0.3)) q.limit = g.int(0, 150)
  if (g.chance(0.4)) q.groupBy = g.pick(["day", "type", "wallet", "code", "none"] as const)
  return q
}

/** Several wallets: each one's own totals in the answer equal the naive answer of that wallet alone (D-list-loop folds them from per-(wallet, code) sums); how many were checked. */
/** Another row's order reference and payer (Q9 with entries of several rows). */
const pickShared = (r: GatewayTransaction) => ({ reference: r.reference, counterparty_document: r.counterparty_document })

const expectPerWallet = (
  got: { readonly perWallet?: ReadonlyArray<{ key: string; count: number; sumIn: number; sumOut: number }> },
  n: NaiveTable<GatewayTransaction>,
  q: TableQuery
): number => {
  for (const w of got.perWallet ?? []) {
    const one = n.query({ ...q, walletIds: [w.key], limit: 0, offset: 0, groupBy: "none" })
    expect([w.count, w.sumIn, w.sumOut], `${JSON.stringify(q)} ${w.key}`).toEqual([one.total, one.sumIn, one.sumOut])
  }
  return got.perWallet?.length ?? 0
}

const strip = <T extends { tookMs?: number; perCurrency?: unknown; perWallet?: unknown }>(r: T) => {
  const { tookMs: _t, perCurrency: _c, perWallet: _w, ...rest } = r
  return rest
}

describe("gateway table projection (issue 16, features §3/§4) against the naive reference", () => {
  it("Q6 the gateway description packs 4 kinds × 17 statuses × sign × BRL into one 16-bit code", () => {
    expect(gatewayTable.layout.bits).toBe(2 + 5 + 1 + 1)
    expect(GATEWAY_STATUSES.length).toBe(17)
  })

  it("features §2 gateway: 300 random filters across several wallets equal the naive reference", () => {
    const { g, rows, p, n } = build(16, 900)
    let perWallet = 0
    for (let i = 0; i < 300; i++) {
      const q = randomQuery(g, rows)
      const got = p.query(q)
      expect(strip(got), JSON.stringify(q)).toEqual(strip(n.query(q)))
      // several wallets: each one's own totals (D-list-loop folds them from per-(wallet, code) sums)
      perWallet += expectPerWallet(got, n, q)
    }
    expect(perWallet).toBeGreaterThan(100)
  })

  it("features §2 gateway totals: fee and seller share follow the filter — after the query that lists them (kept matches) and alone — equal to the naive sums", () => {
    const { g, rows, p, n } = build(21, 3000)
    const naiveSums = (q: TableQuery) => {
      const all = n.query({ ...q, offset: 0, limit: rows.length, groupBy: "none" }).rows
      return countedInts(all)
    }
    let fromKept = 0
    for (let i = 0; i < 200; i++) {
      const q = { ...randomQuery(g, rows), groupBy: "none" as const, limit: g.int(1, 80) }
      const want = naiveSums(q)
      if (g.chance(0.5)) {
        p.query(q, undefined, { listWhole: true })
        if (p.lastPath === "scan" || p.lastPath === "refined") fromKept++
      }
      expect(p.sumInts(q), JSON.stringify(q)).toEqual(want)
      // a write in between: the kept matches are stale and the sums are scanned again
      if (i % 10 === 0) {
        const r = g.pick(rows)
        const moved = { ...r, fee: r.fee + 7, updated_at: new Date(NOW + i * 1000 + 1).toISOString() }
        p.upsertMany([moved])
        n.upsertMany([moved])
      }
    }
    expect(fromKept).toBeGreaterThan(20)
  })

  it("issue 33 item 4: amounts are held in 32 bits until one does not fit; past it (an amount over R$ 21 million) the column holds it exactly, before and after optimize, and answers equal the naive reference", () => {
    const { g, rows, p, n } = build(33, 600)
    const amounts = () => (p as unknown as { state: { store: { amount: Int32Array | Float64Array } } }).state.store.amount
    expect(amounts()).toBeInstanceOf(Int32Array)
    const big = rows.slice(0, 40).map((r, i) => ({ ...r, value: 2 ** 31 + g.int(0, 2 ** 40) + i, updated_at: new Date(NOW + 5000).toISOString() }))
    const fresh = gatewayRows(g, WALLETS[1] as string, 30, NOW, 10).map((r, i) => ({ ...r, value: i % 3 === 0 ? 2 ** 31 - 1 + i : r.value }))
    p.upsertMany([...big.slice(0, 20), ...fresh])
    n.upsertMany([...big.slice(0, 20), ...fresh])
    expect(amounts()).toBeInstanceOf(Float64Array)
    const all = [...rows, ...fresh]
    for (let i = 0; i < 60; i++) {
      if (i === 30) {
        p.optimize()
        p.upsertMany(big.slice(20))
        n.upsertMany(big.slice(20))
      }
      const q = { ...randomQuery(g, all), ...(g.chance(0.3) ? { minAmount: 2 ** 31 - 5 } : {}) }
      expect(strip(p.query(q)), JSON.stringify(q)).toEqual(strip(n.query(q)))
    }
    for (const r of [...big, ...fresh]) expect(p.get(r.id)?.value).toBe(r.value)
  })

  it.each([
    { order: "in date order across wallets", sorted: true },
    { order: "wallet by wallet, as the sync pulls", sorted: false }
  ])(
    "issue 33 item 4: a load of 36k unique references ($order) stops deduplicating them; when row r holds entry r their rows by entry keep nothing; answers equal the naive reference through writes and a second compaction",
    ({ sorted }) => {
      const g = new Prng(34)
      // 36k references (past the 32k of the switch); loaded in the rows' date order (then row r holds entry r after the
      // compaction), or wallet by wallet (out of date order across wallets: it does not)
      const made = WALLETS.flatMap((w, i) => gatewayRows(g, w, 12_000, NOW, 60, i * 12_000))
      const rows = sorted ? [...made].sort((a, b) => (a.created_at !== b.created_at ? (a.created_at < b.created_at ? -1 : 1) : a.id < b.id ? -1 : 1)) : made
      const p = new TableProjection<GatewayTransaction>(gatewayTable)
      const n = new NaiveTable<GatewayTransaction>(gatewayTable)
      for (let i = 0; i < rows.length; i += 5000) {
        p.upsertMany(rows.slice(i, i + 5000))
        n.upsertMany(rows.slice(i, i + 5000))
      }
      p.optimize()
      const st = (
        p as unknown as {
          state: { store: { descriptions: { deduplicates: boolean }; desc: ArrayLike<number> }; paths: Array<{ name: string; descRows?: EntryRows }> }
        }
      ).state
      const descRows = () => st.paths.find((x) => x.name === "entryRows")?.descRows
      expect(st.store.descriptions.deduplicates).toBe(false)
      expect(Array.from({ length: rows.length }, (_, r) => st.store.desc[r] === r).every(Boolean)).toBe(sorted)
      expect(descRows()?.identity).toBe(sorted)
      if (sorted) expect(descRows()?.memoryBytes()).toBe(4)
      const check = (live: ReadonlyArray<GatewayTransaction>, label: string): void => {
        for (let i = 0; i < 40; i++) {
          const r = g.pick(live)
          const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = {
            text: g.pick([r.reference, r.reference.slice(0, 8), r.reference.slice(-4), r.reference.slice(-3), "ped-0001"]),
            limit: g.int(1, 60)
          }
          if (g.chance(0.4)) q.walletIds = WALLETS.filter(() => g.chance(0.6))
          if (g.chance(0.3)) q.sort = { by: g.pick(["created_at", "amount"] as const), dir: g.pick(["asc", "desc"] as const) }
          expect(strip(p.query(q)), `${label} ${JSON.stringify(q)}`).toEqual(strip(n.query(q)))
        }
      }
      check(rows, "loaded")
      // writes: references changed on existing rows (new entries, out of row order), new rows, removals
      const moved = rows.filter(() => g.chance(0.02)).map((r, i) => ({ ...r, reference: `PED-X${i}`, updated_at: new Date(NOW + 9000).toISOString() }))
      const fresh = gatewayRows(g, WALLETS[0] as string, 300, NOW + DAY, 1, 90_000)
      const gone = rows.filter(() => g.chance(0.01)).map((r) => r.id)
      for (const batch of [moved, fresh]) {
        p.upsertMany(batch)
        n.upsertMany(batch)
      }
      expect(p.remove(gone)).toBe(n.remove(gone))
      const goneSet = new Set(gone)
      const live = [...rows.filter((r) => !goneSet.has(r.id)), ...fresh].map((r) => moved.find((m) => m.id === r.id) ?? r)
      check(live, "written")
      expect(descRows()?.identity).toBe(false)
      p.optimize()
      check(live, "compacted again")
    }
  )

  it("features §3 every field of a gateway row round-trips through the columns", () => {
    const { rows, p } = build(3, 200)
    for (const r of rows.slice(0, 100)) expect(p.get(r.id)).toEqual(r)
  })

  it("features §4 a status change (newer updated_at) moves the row between status filters; removal and optimize keep answers", () => {
    const { g, rows, p, n } = build(5, 400)
    const changed = rows.slice(0, 300).map((r) => ({ ...r, status: g.pick(GATEWAY_STATUSES), updated_at: new Date(NOW + 1000).toISOString() }))
    p.upsertMany(changed)
    n.upsertMany(changed)
    const gone = rows.slice(300, 350).map((r) => r.id)
    expect(p.remove(gone)).toBe(n.remove(gone))
    p.optimize()
    for (let i = 0; i < 80; i++) {
      const q = randomQuery(g, rows)
      expect(strip(p.query(q)), JSON.stringify(q)).toEqual(strip(n.query(q)))
    }
  })

  it("Q7 filters of wallets, kinds, statuses and a period are answered from chunk totals, equal to the naive reference through live writes", () => {
    const { g, rows, p, n } = build(11, 6_000)
    p.optimize()
    const check = (rounds: number): number => {
      let byChunks = 0
      for (let i = 0; i < rounds; i++) {
        const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = { limit: g.int(1, 80), offset: g.chance(0.3) ? g.int(0, 3000) : 0 }
        if (g.chance(0.7)) q.walletIds = WALLETS.filter(() => g.chance(0.6))
        if (g.chance(0.5)) q.types = GATEWAY_KINDS.filter(() => g.chance(0.5))
        if (g.chance(0.5)) q.statuses = GATEWAY_STATUSES.filter(() => g.chance(0.3))
        if (g.chance(0.6)) {
          q.from = NOW - g.int(0, 60 * 24) * 3_600_000
          q.to = q.from + g.int(1, 40 * 24) * 3_600_000
        }
        if (g.chance(0.5)) q.sort = { by: "created_at", dir: g.pick(["asc", "desc"] as const) }
        const got = p.query(q)
        if (p.lastPath === "chunks") byChunks++
        expect(strip(got), JSON.stringify(q)).toEqual(strip(n.query(q)))
        // per wallet: each selected wallet's own totals
        expectPerWallet(got, n, q)
      }
      return byChunks
    }
    expect(check(100)).toBeGreaterThan(40)
    // live writes after the compaction: status changes, removals, new rows (a chunk's totals are rebuilt)
    const changed = rows.filter(() => g.chance(0.02)).map((r) => ({ ...r, status: g.pick(GATEWAY_STATUSES), updated_at: new Date(NOW + 1000).toISOString() }))
    const added = WALLETS.flatMap((w) => gatewayRows(g, w, 300, NOW + DAY, 2, 50_000))
    const gone = rows.filter(() => g.chance(0.01)).map((r) => r.id)
    // one kind of write at a time, each checked, so that a missed invalidation is not hidden by another
    for (const batch of [changed, added]) {
      p.upsertMany(batch)
      n.upsertMany(batch)
      expect(check(50)).toBeGreaterThan(20)
    }
    expect(p.remove(gone)).toBe(n.remove(gone))
    expect(check(50)).toBeGreaterThan(20)
  })

  it("Q8 a word found in the payer names only is answered from entry totals (with fee and seller share), equal to the naive reference through live writes", () => {
    const { g, rows, p, n } = build(13, 4_000)
    p.optimize()
    const naiveInts = (q: TableQuery) => {
      // every match, a page of at most MAX_LIMIT rows at a time
      const all: GatewayTransaction[] = []
      for (let offset = 0; ; offset += 10_000) {
        const page = n.query({ ...q, offset, limit: 10_000, groupBy: "none" }).rows
        all.push(...page)
        if (page.length < 10_000) break
      }
      return countedInts(all)
    }
    const check = (rounds: number): number => {
      let byEntries = 0
      for (let i = 0; i < rounds; i++) {
        const name = g.pick(rows).counterparty_name
        const start = g.int(0, name.length - 1)
        const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = {
          text: g.chance(0.2) ? g.pick(["s", "a", "silva", "LTDA", "ção"]) : name.slice(start, start + g.int(1, 8)),
          limit: g.int(1, 80)
        }
        if (g.chance(0.6)) q.walletIds = WALLETS.filter(() => g.chance(0.6))
        if (g.chance(0.4)) q.types = GATEWAY_KINDS.filter(() => g.chance(0.5))
        if (g.chance(0.4)) q.statuses = GATEWAY_STATUSES.filter(() => g.chance(0.3))
        if (g.chance(0.4)) q.sort = { by: "created_at", dir: g.pick(["asc", "desc"] as const) }
        const got = p.query(q, undefined, { listWhole: true })
        if (p.lastPath === "entries") byEntries++
        expect(strip(got), JSON.stringify(q)).toEqual(strip(n.query(q)))
        expectPerWallet(got, n, q)
        expect(p.sumInts(q), JSON.stringify(q)).toEqual(naiveInts(q))
      }
      return byEntries
    }
    expect(check(100)).toBeGreaterThan(50)
    // live writes: a changed status and fee, new rows, removals — each kind checked on its own (stale totals are rebuilt)
    const changed = rows
      .filter(() => g.chance(0.02))
      .map((r) => ({ ...r, status: g.pick(GATEWAY_STATUSES), fee: r.fee + 3, updated_at: new Date(NOW + 1000).toISOString() }))
    const added = WALLETS.flatMap((w) => gatewayRows(g, w, 200, NOW + DAY, 2, 70_000))
    for (const batch of [changed, added]) {
      p.upsertMany(batch)
      n.upsertMany(batch)
      expect(check(40)).toBeGreaterThan(15)
    }
    // a row found by its txid's prefix as well as rows found by name: added to the entries' totals once
    const byTxid = {
      ...gatewayRow(g, { walletId: "w-branch-1", createdAt: NOW + 2 * DAY, kind: "deposit", status: "paid", value: 4_321 }),
      txid: "SILVAQ8TXID0000000000000000",
      counterparty_name: "Zé Ninguém"
    }
    const alsoName = {
      ...gatewayRow(g, { walletId: "w-matrix", createdAt: NOW + 2 * DAY + 1, kind: "deposit", status: "paid", value: 1_234 }),
      txid: "SILVAQ8TXID1111111111111111",
      counterparty_name: "Ana Silva"
    }
    p.upsertMany([byTxid, alsoName])
    n.upsertMany([byTxid, alsoName])
    for (const q of [
      { text: "silva" },
      { text: "silva", statuses: ["paid"] },
      { text: "silva", walletIds: ["w-branch-1"] },
      { text: "silva", sort: { by: "created_at", dir: "asc" } }
    ] as TableQuery[]) {
      const got = p.query({ ...q, limit: 20 })
      expect(p.lastPath, JSON.stringify(q)).toBe("entries")
      expect(strip(got), JSON.stringify(q)).toEqual(strip(n.query({ ...q, limit: 20 })))
      expect(p.sumInts({ ...q, limit: 20 }), JSON.stringify(q)).toEqual(naiveInts(q))
    }
    expect(p.query({ text: "silva", limit: 1 }).rows.map((r) => r.id)).toEqual([alsoName.id])
    const gone = rows.filter(() => g.chance(0.01)).map((r) => r.id)
    expect(p.remove(gone)).toBe(n.remove(gone))
    expect(check(40)).toBeGreaterThan(15)
  })

  it.each([
    { held: "each reference and document by one row (each entry's row)", shared: false },
    { held: "some references and documents by several rows (rows grouped by entry)", shared: true }
  ])(
    "Q9 a text found in the references or documents visits their rows alone (rows by entry), equal to the naive reference through writes, compacted or not: $held",
    ({ shared }) => {
      const g = new Prng(19)
      // each wallet's orders numbered on from the last one's
      const made = WALLETS.flatMap((w, i) => gatewayRows(g, w, 2_000, NOW, 60, i * 2_000))
      // a payer who pays again, an order paid in two parts
      const rows = shared ? made.map((r, i) => (i > 0 && g.chance(0.15) ? { ...r, ...pickShared(made[g.int(0, i - 1)] as GatewayTransaction) } : r)) : made
      // rows by entry from 100 entries on (the default is 32k)
      const p = new TableProjection<GatewayTransaction>(gatewayTable, { entryRowsFrom: 100 })
      const n = new NaiveTable<GatewayTransaction>(gatewayTable)
      for (let i = 0; i < rows.length; i += 700) {
        p.upsertMany(rows.slice(i, i + 700))
        n.upsertMany(rows.slice(i, i + 700))
      }
      const naiveInts = (q: TableQuery) => {
        const all = n.query({ ...q, offset: 0, limit: 10_000, groupBy: "none" }).rows
        return countedInts(all)
      }
      const check = (rounds: number, live: ReadonlyArray<GatewayTransaction>): number => {
        let byRows = 0
        for (let i = 0; i < rounds; i++) {
          const r = g.pick(live)
          const doc = r.counterparty_document
          const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = {
            text: g.pick([
              r.reference,
              r.reference.slice(0, 7),
              r.reference.slice(-4),
              doc.slice(0, 7),
              doc.replace(/\D/g, "").slice(2, 8),
              "0001",
              "ped-00",
              r.txid?.slice(0, 6) ?? "123"
            ]),
            limit: g.int(1, 80)
          }
          if (g.chance(0.5)) q.walletIds = WALLETS.filter(() => g.chance(0.6))
          if (g.chance(0.3)) q.statuses = GATEWAY_STATUSES.filter(() => g.chance(0.4))
          if (g.chance(0.3)) {
            q.from = NOW - g.int(1, 60) * DAY
            q.to = q.from + g.int(1, 30) * DAY
          }
          if (g.chance(0.3)) q.minAmount = g.int(0, 20_000)
          if (g.chance(0.4)) q.sort = { by: "created_at", dir: g.pick(["asc", "desc"] as const) }
          // a later page goes by the scan, which marks few hits by entry too (rows outside the period included, then cleared)
          if (g.chance(0.3)) q.offset = g.int(1, 100)
          const got = p.query(q, undefined, { listWhole: true })
          if (p.lastPath === "entryRows") byRows++
          expect(strip(got), JSON.stringify(q)).toEqual(strip(n.query(q)))
          expectPerWallet(got, n, q)
          expect(p.sumInts(q), JSON.stringify(q)).toEqual(naiveInts(q))
          // the per-row marks are all clear between queries (rows marked by entry outside the period included)
          expect(
            (p as unknown as { store: { scratch: Uint8Array } }).store.scratch.every((b) => b === 0),
            JSON.stringify(q)
          ).toBe(true)
        }
        return byRows
      }
      // loaded wallet by wallet: rows out of date order (the matches are sorted by date)
      expect(check(80, rows)).toBeGreaterThan(15)
      p.optimize()
      expect(check(80, rows)).toBeGreaterThan(15)
      const index = (p as unknown as { state: { paths: Array<{ name: string; descRows?: EntryRows; docRows?: EntryRows }> } }).state.paths.find(
        (x) => x.name === "entryRows"
      )
      // entries of several rows keep groups; of one, their row
      const groups = (x: EntryRows | undefined) => (x?.groupStart.length ?? 0) - 1
      expect([groups(index?.descRows) > 0, groups(index?.docRows) > 0]).toEqual([shared, shared])
      // writes, each kind on its own: new references and documents on existing rows (the index is stale), new rows (its tail), removals
      const moved = rows
        .filter(() => g.chance(0.05))
        .map((r) => ({
          ...r,
          reference: `PED-${g.digits(7)}`,
          counterparty_document: `${g.digits(3)}.${g.digits(3)}.${g.digits(3)}-${g.digits(2)}`,
          updated_at: new Date(NOW + 1000).toISOString()
        }))
      const added = WALLETS.flatMap((w) => gatewayRows(g, w, 150, NOW + DAY, 2, 80_000))
      let live = rows.map((r) => moved.find((m) => m.id === r.id) ?? r)
      for (const batch of [moved, added]) {
        p.upsertMany(batch)
        n.upsertMany(batch)
        if (batch === added) live = [...live, ...added]
        expect(check(40, batch)).toBeGreaterThan(6)
        expect(check(20, live)).toBeGreaterThan(2)
      }
      const gone = live.filter(() => g.chance(0.02)).map((r) => r.id)
      expect(p.remove(gone)).toBe(n.remove(gone))
      expect(check(40, live)).toBeGreaterThan(6)
    }
  )

  it("Q10 an amount range over the whole period adds up amount bands and the rows of the bands it cuts, equal to the naive reference through writes", () => {
    const { g, rows, p, n } = build(23, 3_000)
    const naiveInts = (q: TableQuery) => {
      const all = n.query({ ...q, offset: 0, limit: 10_000, groupBy: "none" }).rows
      return countedInts(all)
    }
    const check = (rounds: number): number => {
      let byBands = 0
      for (let i = 0; i < rounds; i++) {
        // bounds at band edges (powers of two and quarter steps), inside bands, or a row's own amount
        const edge = () => g.pick([2 ** g.int(2, 18), 5 * 2 ** g.int(0, 15), bandLow(g.int(30, 75)) - g.int(0, 2), g.int(0, 250_000), g.pick(rows).value])
        const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = { limit: g.int(1, 80) }
        if (g.chance(0.8)) q.minAmount = edge()
        if (g.chance(0.6) || q.minAmount === undefined) q.maxAmount = g.chance(0.5) ? edge() : (q.minAmount ?? 0) + edge()
        if (g.chance(0.5)) q.walletIds = WALLETS.filter(() => g.chance(0.6))
        if (g.chance(0.3)) q.statuses = GATEWAY_STATUSES.filter(() => g.chance(0.4))
        if (g.chance(0.3)) q.types = GATEWAY_KINDS.filter(() => g.chance(0.5))
        if (g.chance(0.4)) q.sort = { by: "created_at", dir: g.pick(["asc", "desc"] as const) }
        const got = p.query(q, undefined, { listWhole: true })
        if (p.lastPath === "bands") byBands++
        expect(strip(got), JSON.stringify(q)).toEqual(strip(n.query(q)))
        expectPerWallet(got, n, q)
        expect(p.sumInts(q), JSON.stringify(q)).toEqual(naiveInts(q))
      }
      return byBands
    }
    expect(check(60)).toBeGreaterThan(35)
    p.optimize()
    expect(check(40)).toBeGreaterThan(20)
    // new amounts on existing rows, new rows, removals: each on its own
    const changed = rows.filter(() => g.chance(0.03)).map((r) => ({ ...r, value: g.int(1, 300_000), updated_at: new Date(NOW + 1000).toISOString() }))
    const added = WALLETS.flatMap((w) => gatewayRows(g, w, 100, NOW + DAY, 2, 90_000))
    for (const batch of [changed, added]) {
      p.upsertMany(batch)
      n.upsertMany(batch)
      expect(check(30)).toBeGreaterThan(12)
    }
    const gone = rows.filter(() => g.chance(0.02)).map((r) => r.id)
    expect(p.remove(gone)).toBe(n.remove(gone))
    expect(check(30)).toBeGreaterThan(12)
    // clear (logout): the bands' and entries' aggregates go with the rows
    const before = p.memoryReport().orders as number
    p.clear()
    expect(p.query({ minAmount: 1, limit: 10 }).total).toBe(0)
    expect(p.memoryReport().orders as number).toBeLessThan(before / 10)
  })

  it("an identifier prefix matching more than COLLECT_CAP rows (one bank's end-to-end ids) equals the naive reference, compacted or not", () => {
    const g = new Prng(17)
    // every Pix row's end-to-end id from the same bank: "E99990001…" (COLLECT_CAP is 16384)
    const rows = WALLETS.flatMap((w) => gatewayRows(g, w, 9_000, NOW, 60)).map((r, i) =>
      r.end_to_end_id === null ? r : { ...r, end_to_end_id: `E9999000${String(i).padStart(10, "0")}${r.end_to_end_id.slice(18)}` }
    )
    expect(rows.filter((r) => r.end_to_end_id?.startsWith("E9999") === true).length).toBeGreaterThan(COLLECT_CAP)
    const p = new TableProjection<GatewayTransaction>(gatewayTable)
    const n = new NaiveTable<GatewayTransaction>(gatewayTable)
    p.upsertMany(rows)
    n.upsertMany(rows)
    for (const compacted of [false, true]) {
      if (compacted) p.optimize()
      for (let i = 0; i < 30; i++) {
        const q: { -readonly [K in keyof TableQuery]: TableQuery[K] } = {
          text: g.pick(["E9999", "e99990", "E999900"]),
          limit: g.int(1, 80),
          offset: g.chance(0.3) ? g.int(0, 5000) : 0
        }
        if (g.chance(0.5)) q.walletIds = WALLETS.filter(() => g.chance(0.6))
        if (g.chance(0.4)) q.statuses = GATEWAY_STATUSES.filter(() => g.chance(0.4))
        if (g.chance(0.4)) {
          q.from = NOW - g.int(1, 60) * DAY
          q.to = q.from + g.int(1, 30) * DAY
        }
        if (g.chance(0.4)) q.sort = { by: "created_at", dir: g.pick(["asc", "desc"] as const) }
        expect(strip(p.query(q)), `${compacted} ${JSON.stringify(q)}`).toEqual(strip(n.query(q)))
      }
    }
  })

  it("S6 a gateway image read back answers like the original; a statement image is refused", () => {
    const { g, rows, p } = build(7, 300)
    p.optimize()
    const back = TableProjection.fromTableImage(structuredClone(p.toImage()), () => new TableProjection<GatewayTransaction>(gatewayTable))
    expect(back).not.toBeNull()
    for (let i = 0; i < 40; i++) {
      const q = randomQuery(g, rows)
      expect(strip(back?.query(q) ?? p.query({ limit: 0 }))).toEqual(strip(p.query(q)))
    }
    const live = gatewayRow(g, { walletId: "w-matrix", createdAt: NOW, kind: "deposit", status: "paid", value: 12_345 })
    back?.upsertMany([live])
    expect(back?.query({ text: live.reference, types: ["deposit"] }).rows.map((r) => r.id)).toContain(live.id)
    const statementImage = structuredClone(new StatementProjection().toImage())
    expect(TableProjection.fromTableImage(statementImage, () => new TableProjection<GatewayTransaction>(gatewayTable))).toBeNull()
  })
})
