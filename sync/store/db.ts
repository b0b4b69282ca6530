/**
 * The local store (sync/SPEC.md S1–S5): RxDB on the free Dexie storage, one database per
 * signed-in user (S1: another user's data is never readable — a separate IndexedDB database),
 * opened inside the engine worker. Five collections, well inside the free build's limit
 * (DESIGN "Toolchain facts": the 15th open collection fails):
 *   entities          small synced lists of the same shape, grouped by `kind` (S2)
 *   statement_chunks  statement rows, 1 record per pulled page of up to a few thousand rows (S3)
 *   commands          the outbox's command records
 *   command_events    their appended state events (never rewritten)
 *   meta              checkpoints and engine state (last stream event id, …)
 */
import { createRxDatabase, removeRxDatabase, addRxPlugin, type RxCollection, type RxDatabase, type RxJsonSchema, type RxStorage } from "rxdb"
import { RxDBMigrationSchemaPlugin } from "rxdb/plugins/migration-schema"

addRxPlugin(RxDBMigrationSchemaPlugin)

export interface EntityDoc {
  key: string // `${kind}|${wallet_id}|${id}`
  kind: string
  wallet_id: string
  id: string
  updated_at: string
  doc: Record<string, unknown>
}
/**
 * S3: a chunk is one pulled page, written atomically with the cursor that follows it, so the
 * latest chunk of a wallet *is* its checkpoint: a sync killed at any point resumes after the last
 * whole chunk, with no gap and no duplicate (rows re-seen later simply upsert by id).
 */
export interface StatementChunkDoc {
  id: string // `${wallet_id}|${seq padded}`
  wallet_id: string
  seq: number
  cursor: string // `after` cursor following the last row of this chunk
  count: number
  /** Rows stored for the wallet up to and including this chunk (-1: written by schema v0). */
  upto: number
  rows: unknown[][] // compact rows, see sync/store/statement-rows.ts
  /** Or the rows as the text of a compact page (D-compact-pages: one string, cheap to store and read); `rows` is then empty. */
  text?: string
}
export interface CommandDoc {
  id: string
  user_id: string
  wallet_id: string
  created_at: string
  body: Record<string, unknown>
  dedupe_key: string
}
export interface CommandEventDoc {
  key: string
  command_id: string
  seq: number
  state: string
  at: string
  attempt?: number
  error_key?: string
  result?: unknown
}
export interface MetaDoc {
  key: string
  value: unknown
}

const entitySchema: RxJsonSchema<EntityDoc> = {
  version: 0,
  primaryKey: "key",
  type: "object",
  properties: {
    key: { type: "string", maxLength: 300 },
    kind: { type: "string", maxLength: 40 },
    wallet_id: { type: "string", maxLength: 100 },
    id: { type: "string", maxLength: 150 },
    updated_at: { type: "string", maxLength: 40 },
    doc: { type: "object" }
  },
  required: ["key", "kind", "wallet_id", "id", "updated_at", "doc"],
  indexes: [["kind", "wallet_id"]]
}
export const chunkSchema: RxJsonSchema<StatementChunkDoc> = {
  version: 2,
  primaryKey: "id",
  type: "object",
  properties: {
    id: { type: "string", maxLength: 150 },
    wallet_id: { type: "string", maxLength: 100 },
    seq: { type: "number", minimum: 0, maximum: 1e12, multipleOf: 1 },
    cursor: { type: "string" },
    count: { type: "number" },
    upto: { type: "number" },
    rows: { type: "array", items: { type: "array" } },
    text: { type: "string" }
  },
  required: ["id", "wallet_id", "seq", "cursor", "count", "upto", "rows"],
  indexes: [["wallet_id", "seq"]]
}
const commandSchema: RxJsonSchema<CommandDoc> = {
  version: 0,
  primaryKey: "id",
  type: "object",
  properties: {
    id: { type: "string", maxLength: 64 },
    user_id: { type: "string" },
    wallet_id: { type: "string" },
    created_at: { type: "string" },
    body: { type: "object" },
    dedupe_key: { type: "string" }
  },
  required: ["id", "user_id", "wallet_id", "created_at", "body", "dedupe_key"]
}
const commandEventSchema: RxJsonSchema<CommandEventDoc> = {
  version: 0,
  primaryKey: "key",
  type: "object",
  properties: {
    key: { type: "string", maxLength: 100 },
    command_id: { type: "string", maxLength: 64 },
    seq: { type: "number", minimum: 0, maximum: 1e9, multipleOf: 1 },
    state: { type: "string" },
    at: { type: "string" },
    attempt: { type: "number" },
    error_key: { type: "string" },
    result: {}
  },
  required: ["key", "command_id", "seq", "state", "at"],
  indexes: [["command_id", "seq"]]
}
const metaSchema: RxJsonSchema<MetaDoc> = {
  version: 0,
  primaryKey: "key",
  type: "object",
  properties: { key: { type: "string", maxLength: 200 }, value: {} },
  required: ["key"]
}

export interface UserCollections {
  entities: RxCollection<EntityDoc>
  statement_chunks: RxCollection<StatementChunkDoc>
  commands: RxCollection<CommandDoc>
  command_events: RxCollection<CommandEventDoc>
  meta: RxCollection<MetaDoc>
}
export type UserDb = RxDatabase<UserCollections>

/** S1: the database name is derived from the user id (lowercase, RxDB's allowed characters). */
export const dbNameFor = (userId: string): string => `bank-u-${userId.toLowerCase().replace(/[^a-z0-9]/g, "")}`

/**
 * S5 migrations: each collection declares `migrationStrategies` when its schema version goes
 * up (RxDB migrates stored documents on open). Version 0 has none yet.
 */
export async function openUserDb(userId: string, storage: RxStorage<unknown, unknown>): Promise<UserDb> {
  const db = await createRxDatabase<UserCollections>({
    name: dbNameFor(userId),
    storage,
    multiInstance: false, // one engine per user (SharedWorker): no cross-tab storage events needed
    eventReduce: true,
    closeDuplicates: true
  })
  await db.addCollections({
    entities: { schema: entitySchema, migrationStrategies: {} },
    // v1 added `upto` (the running row count, so a resumed pull need not read every chunk);
    // v2 the optional `text` (a compact page's rows as they came, D-compact-pages): v1 chunks stay as they are
    statement_chunks: {
      schema: chunkSchema,
      migrationStrategies: {
        1: (d: Omit<StatementChunkDoc, "upto">): StatementChunkDoc => ({ ...d, upto: -1 }),
        2: (d: StatementChunkDoc): StatementChunkDoc => d
      }
    },
    commands: { schema: commandSchema, migrationStrategies: {} },
    command_events: { schema: commandEventSchema, migrationStrategies: {} },
    meta: { schema: metaSchema, migrationStrategies: {} }
  })
  return db
}

/**
 * S4 wipe: remove the RxDB database, then delete every IndexedDB database the Dexie storage made
 * for it (RxDB's remove empties them but leaves the IndexedDB databases behind).
 */
export async function wipeUserDb(
  db: UserDb | null,
  userId: string,
  storage: RxStorage<unknown, unknown>,
  idb: IDBFactory | undefined = globalThis.indexedDB
): Promise<void> {
  if (db && !db.closed) await db.remove()
  else await removeRxDatabase(dbNameFor(userId), storage, false)
  if (!idb?.databases) return
  const prefix = `rxdb-dexie-${dbNameFor(userId)}--`
  const names = (await idb.databases()).map((d) => d.name ?? "").filter((n) => n.startsWith(prefix))
  await Promise.all(
    names.map(
      (n) =>
        new Promise<void>((resolve) => {
          const req = idb.deleteDatabase(n)
          req.onsuccess = () => resolve()
          req.onerror = () => resolve()
          req.onblocked = () => resolve()
        })
    )
  )
}

/** The IndexedDB databases that hold a user's data (for tests of S1/S4). */
export async function userDatabases(userId: string, idb: IDBFactory | undefined = globalThis.indexedDB): Promise<string[]> {
  if (!idb?.databases) return []
  const prefix = `rxdb-dexie-${dbNameFor(userId)}--`
  return (await idb.databases()).map((d) => d.name ?? "").filter((n) => n.startsWith(prefix))
}

export const entityKey = (kind: string, walletId: string, id: string): string => `${kind}|${walletId}|${id}`
