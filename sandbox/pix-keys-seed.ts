/**
 * Seeded Pix keys (issue 12): every seeded user with a default wallet holds their e-mail, their phone
 * (+55…), their CPF or CNPJ and one random key on it, so two seeded users can pay each other by key.
 */
import { randomUUID } from "node:crypto"
import type Database from "better-sqlite3"

type DB = Database.Database

export const seedPixKeys = (db: DB, nowIso: string): void => {
  const rows = db.prepare(
    `SELECT u.id, u.email, u.phone_number, u.document, w.id AS wallet_id FROM users u JOIN wallets w ON w.owner_id = u.id AND w.is_default = 1`
  ).all() as Array<{ id: string; email: string; phone_number: string; document: string; wallet_id: string }>
  const ins = db.prepare("INSERT OR IGNORE INTO pix_keys (id, key, key_type, user_id, wallet_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'added', ?, ?)")
  db.transaction(() => {
    for (const u of rows) {
      ins.run(randomUUID(), u.email, "email", u.id, u.wallet_id, nowIso, nowIso)
      ins.run(randomUUID(), `+${u.phone_number.replace(/\D/g, "")}`, "phone", u.id, u.wallet_id, nowIso, nowIso)
      ins.run(randomUUID(), u.document, u.document.length === 14 ? "cnpj" : "cpf", u.id, u.wallet_id, nowIso, nowIso)
      ins.run(randomUUID(), randomUUID(), "random", u.id, u.wallet_id, nowIso, nowIso)
    }
  })()
}
