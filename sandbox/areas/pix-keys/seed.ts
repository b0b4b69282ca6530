/**
 * Seeded Pix keys (issue 12): every seeded user with a default wallet holds their e-mail, their phone
 * (+55…), their CPF or CNPJ and one random key on it, so two seeded users can pay each other by key.
 * The directory also knows keys at other banks (D-pix-claim-other-bank): each seeded user's own
 * `<name>.pessoal@bancoexemplo.com.br` (to bring by portability) and two strangers' keys (to claim);
 * and one open claim: a holder at another bank claims Carla's phone key (she can approve or reject it).
 */
import { randomUUID } from "node:crypto"
import type Database from "better-sqlite3"
import { claimDeadline } from "../../../schema/pix-claims.ts"

type DB = Database.Database

export const seedPixKeys = (db: DB, nowIso: string): void => {
  const rows = db
    .prepare(`SELECT u.id, u.email, u.phone_number, u.document, w.id AS wallet_id FROM users u JOIN wallets w ON w.owner_id = u.id AND w.is_default = 1`)
    .all() as Array<{ id: string; email: string; phone_number: string; document: string; wallet_id: string }>
  const ins = db.prepare(
    "INSERT OR IGNORE INTO pix_keys (id, key, key_type, user_id, wallet_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'added', ?, ?)"
  )
  db.transaction(() => {
    for (const u of rows) {
      ins.run(randomUUID(), u.email, "email", u.id, u.wallet_id, nowIso, nowIso)
      ins.run(randomUUID(), `+${u.phone_number.replace(/\D/g, "")}`, "phone", u.id, u.wallet_id, nowIso, nowIso)
      ins.run(randomUUID(), u.document, u.document.length === 14 ? "cnpj" : "cpf", u.id, u.wallet_id, nowIso, nowIso)
      ins.run(randomUUID(), randomUUID(), "random", u.id, u.wallet_id, nowIso, nowIso)
    }
    const ext = db.prepare("INSERT OR IGNORE INTO pix_dict_external (key, key_type, holder_name, holder_document, bank) VALUES (?, ?, ?, ?, ?)")
    const users = db
      .prepare(
        `SELECT u.email, u.full_name, u.document FROM users u JOIN wallets w ON w.owner_id = u.id AND w.is_default = 1 WHERE u.email LIKE '%@example.com'`
      )
      .all() as Array<{ email: string; full_name: string; document: string }>
    for (const u of users) ext.run(`${u.email.split("@")[0]}.pessoal@bancoexemplo.com.br`, "email", u.full_name, u.document, "Banco Exemplo")
    ext.run("maria.souza@bancoexemplo.com.br", "email", "Maria Souza", "52998224725", "Banco Exemplo")
    ext.run("+5511955550123", "phone", "João Pereira", "11144477735", "Banco Horizonte")
    const carla = db
      .prepare(
        "SELECT k.key, w.id AS wallet_id, u.full_name FROM pix_keys k JOIN users u ON u.id = k.user_id JOIN wallets w ON w.id = k.wallet_id WHERE u.email = 'carla@example.com' AND k.key_type = 'phone'"
      )
      .get() as { key: string; wallet_id: string; full_name: string } | undefined
    if (carla !== undefined) {
      db.prepare(
        `INSERT INTO pix_claims (id, kind, key, key_type, claimer_user_id, claimer_wallet_id, claimer_name, claimer_document, claimer_bank,
          donor_wallet_id, donor_name, donor_bank, status, reason, deadline, created_at, updated_at)
         VALUES (?, 'ownership', ?, 'phone', NULL, NULL, 'Rafael Costa', '39053344705', 'Banco Horizonte', ?, ?, 'Carteira (Sandbox)', 'opened', NULL, ?, ?, ?)`
      ).run(randomUUID(), carla.key, carla.wallet_id, carla.full_name, claimDeadline(nowIso), nowIso, nowIso)
    }
  })()
}
