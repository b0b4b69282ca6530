/**
 * The last stored chunk of a wallet (S3: its cursor is where the next pull starts; the ledger check's sync point, D-ledger-
 * reconcile), read by its place (`lastChunkDoc`: the chunks from seq count − 1 up) instead of by a descending sort that
 * read every chunk. Checked against a naive reference (the largest seq among the wallet's chunks) over generated chunk
 * sets on a real RxDB store (Dexie on fake-indexeddb): seqs in a run from 0, with gaps, chunks removed and written again
 * (the ledger check's repull), other wallets' chunks beside.
 */
import { describe, expect, it } from "vitest"
import { indexedDB, IDBKeyRange } from "fake-indexeddb"
import { getRxStorageDexie } from "rxdb/plugins/storage-dexie"
import type { RxStorage } from "rxdb"
import { openUserDb } from "../store/db.ts"
import { lastChunk, lastChunkDoc } from "./table.ts"

const storage = getRxStorageDexie({ indexedDB, IDBKeyRange }) as unknown as RxStorage<unknown, unknown>
const seqId = (w: string, seq: number): string => `${w}|${String(seq).padStart(8, "0")}`

describe("S3 the last chunk of a wallet", () => {
  it("lastChunkDoc finds the chunk with the largest seq, as the naive reference does, over 60 generated chunk sets", async () => {
    let x = 7
    const rnd = (n: number): number => {
      x = (x * 1103515245 + 12345) % 2147483648
      return x % n
    }
    for (let round = 0; round < 60; round++) {
      const db = await openUserDb(`last-chunk-${process.pid}-${round}`, storage)
      const seqs = new Map<string, Set<number>>()
      const put = async (w: string, seq: number): Promise<void> => {
        await db.statement_chunks.insert({ id: seqId(w, seq), wallet_id: w, seq, cursor: `c${seq}`, count: 1, upto: seq + 1, rows: [] })
        ;(seqs.get(w) ?? seqs.set(w, new Set()).get(w))?.add(seq)
      }
      for (const w of ["a", "b", "gateway_transactions|a"]) {
        const n = rnd(12)
        // a run from 0 (a pull's pages), sometimes with gaps
        let seq = 0
        for (let i = 0; i < n; i++) {
          await put(w, seq)
          seq += rnd(4) === 0 ? 1 + rnd(5) : 1
        }
        // some removed, some of those written again (the ledger check's repull of one chunk)
        for (const s of [...(seqs.get(w) ?? [])]) {
          if (rnd(5) !== 0) continue
          const doc = await db.statement_chunks.findOne(seqId(w, s)).exec()
          await doc?.remove()
          seqs.get(w)?.delete(s)
          if (rnd(2) === 0) await put(w, s)
        }
      }
      for (const w of ["a", "b", "gateway_transactions|a", "none"]) {
        const want = Math.max(-1, ...(seqs.get(w) ?? []))
        const got = await lastChunkDoc(db, w)
        expect(got?.seq ?? -1, `round ${round} wallet ${w}`).toBe(want)
        const last = await lastChunk(db, w)
        expect(last?.cursor ?? null).toBe(want >= 0 ? `c${want}` : null)
      }
      await db.remove()
    }
  })
})
