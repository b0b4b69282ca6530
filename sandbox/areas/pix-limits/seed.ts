/**
 * Seeded Pix limits and favored contacts (issue 12 "Seed: … contacts, … limits"): Ana's main wallet —
 * the one the other suites pay from at any hour — raised its limits long ago (day R$ 100.000,00, night
 * R$ 50.000,00); every other wallet starts at its holder kind's defaults (night R$ 1.000,00 for a
 * natural person). Ana keeps Bruno's and a supplier's keys as favored contacts.
 */
import { randomUUID } from "node:crypto"
import type { DB } from "../../db.ts"
import { decodePixKey } from "../../ledger.ts"
import { lookupPixKey } from "../pix-keys/db.ts"
import { maskPixDocument } from "../../../schema/pix-limits.ts"

export const seedPixLimitsAndContacts = (db: DB, nowIso: string, anaMain: string): void => {
  db.prepare(
    `INSERT OR REPLACE INTO pix_limits (wallet_id, tag, day_limit, night_limit, pending_day_limit, pending_day_at, pending_night_limit, pending_night_at, updated_at)
    VALUES (?, 'pix_others', 10000000, 5000000, NULL, NULL, NULL, NULL, ?)`
  ).run(anaMain, nowIso)
  const ins = db.prepare(
    "INSERT OR IGNORE INTO pix_contacts (id, wallet_id, key, key_type, name, document, bank, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
  )
  for (const key of ["bruno@example.com", "fornecedor@example.com"]) {
    const d = decodePixKey(key)
    if (d === null) continue
    const holder = lookupPixKey(db, d.key)
    const doc = holder?.document ?? d.beneficiary_document
    const masked = maskPixDocument(doc)
    ins.run(
      randomUUID(),
      anaMain,
      d.key,
      d.key_type,
      holder?.name ?? d.beneficiary_name,
      masked,
      holder === null ? d.beneficiary_bank : "Carteira (Sandbox)",
      nowIso,
      nowIso
    )
  }
}
