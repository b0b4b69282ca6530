/**
 * Seeds a fresh sandbox database and prints how long it took (DESIGN "Budgets": 100k and 1M-row
 * statements for benchmarks). `npm run seed -- --db /tmp/x.sqlite --size 1m [--force]`.
 */
import { existsSync, rmSync } from "node:fs"
import { openDb } from "./db.ts"
import { seed, type SeedSize } from "./seed.ts"

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}
const dbPath = arg("db") ?? ".data/sandbox.sqlite"
const size = (arg("size") ?? "small") as SeedSize
if (!["small", "100k", "1m"].includes(size)) {
  console.error(`unknown --size ${size} (small | 100k | 1m)`)
  process.exit(2)
}
if (existsSync(dbPath)) {
  if (!process.argv.includes("--force")) {
    console.error(`${dbPath} exists; pass --force to replace it`)
    process.exit(2)
  }
  for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) rmSync(f, { force: true })
}
const db = openDb(dbPath)
const t0 = performance.now()
let lastPrint = 0
const result = seed(db, {
  size,
  onProgress: (rows, total) => {
    if (rows - lastPrint >= 200_000 || rows === total) {
      lastPrint = rows
      process.stdout.write(`  ${rows} / ${total} rows\n`)
    }
  }
})
db.pragma("wal_checkpoint(TRUNCATE)")
db.close()
console.log(`seeded ${dbPath} (${size}): ${result.statementRows} statement rows in ${((performance.now() - t0) / 1000).toFixed(2)} s`)
