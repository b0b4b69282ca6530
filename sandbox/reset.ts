/**
 * The test reset (DEVELOPERS "Honest tests"; decisions D-e2e-reset): a sandbox started `resettable` keeps a copy
 * of its database as seeded, and `POST /__admin/reset` puts every table back to it — with the business clock, the
 * fault switches, the flags, the sent codes and the cached counts — so an end-to-end test retried after a failure
 * starts from the state the suite was written against, not from what its first attempt changed (a key moved by a
 * claim, a card replaced). Open event streams are closed: their sequence numbers belong to the old event log.
 * Off unless asked for: the copy of a 1M-row database would cost a gigabyte.
 */
import { writeFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Context, Hono } from "hono"
import type { Ctx } from "./context.ts"
import { noFaults } from "./context.ts"
import { forgetCachedCounts } from "./count-cache.ts"
import { adminApi } from "../schema/api-admin.ts"

export interface SeedCopy {
  readonly path: string
  readonly flags: Ctx["flags"]
}

/** Keep the database as it is now (just seeded) beside it (a temporary file for an in-memory one); removed at close. */
export const keepSeedCopy = (ctx: Ctx, dbPath: string): SeedCopy => {
  const path = dbPath === ":memory:" ? join(tmpdir(), `sandbox-seed-copy-${process.pid}-${Date.now()}.sqlite`) : `${dbPath}.seed-copy`
  rmSync(path, { force: true })
  writeFileSync(path, ctx.db.serialize())
  return { path, flags: { ...ctx.flags } }
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`

/** Every table back to the seed copy, in one transaction; the in-memory state back to its start. */
export const resetToSeed = (ctx: Ctx, copy: SeedCopy): { tables: number } => {
  const { db } = ctx
  db.prepare("ATTACH DATABASE ? AS seedcopy").run(copy.path)
  try {
    const tables = (
      db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%'").all() as Array<{ name: string }>
    ).map((t) => t.name)
    const inCopy = new Set((db.prepare("SELECT name FROM seedcopy.sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>).map((t) => t.name))
    db.transaction(() => {
      for (const t of tables) {
        db.exec(`DELETE FROM main.${quoted(t)}`)
        if (!inCopy.has(t)) continue
        // generated columns (gateway_transactions.row_json) are computed again, never copied
        const cols = (db.prepare(`PRAGMA main.table_xinfo(${quoted(t)})`).all() as Array<{ name: string; hidden: number }>)
          .filter((c) => c.hidden === 0)
          .map((c) => quoted(c.name))
          .join(", ")
        db.exec(`INSERT INTO main.${quoted(t)} (${cols}) SELECT ${cols} FROM seedcopy.${quoted(t)}`)
      }
    })()
    for (const c of [...ctx.sse]) c.close()
    ctx.faults = noFaults()
    Object.assign(ctx.flags, copy.flags)
    ctx.codes.clear()
    forgetCachedCounts(db)
    const newest = db.prepare("SELECT max(updated_at) AS m FROM statements").get() as { m: string | null }
    ctx.clock.rewind(newest.m)
    for (const fn of ctx.onClockChange) fn()
    return { tables: tables.length }
  } finally {
    db.exec("DETACH DATABASE seedcopy")
  }
}

export const registerResetRoute = (app: Hono, ctx: Ctx, copy: SeedCopy): void => {
  const d = adminApi.reset
  app.on(d.method, d.path, (c: Context) => c.json({ data: { ok: true, ...resetToSeed(ctx, copy) } }))
}
