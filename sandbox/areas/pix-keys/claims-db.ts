/**
 * The SQL of the Pix directory's slower half (spec features §3 Pix key, §4 key and claim states, §5 confirmation code,
 * §7 claims/portabilities; issue 12; issue 29 item 7: the area's statements beside its routes, docs/decisions.md
 * D-sandbox-by-area): confirmation codes, claims, keys moved by a claim and the other banks' directory. The keys' own
 * list, insert and delete are ./db.ts, which creates the tables.
 */
import type { DB } from "../../db.ts"
import type { ExternalKeyRow, PixClaimRow, PixKeyRow } from "./db.ts"

/** A not-confirmed key's code (D-pix-key-code). */
export interface CodeRow {
  readonly key_id: string
  readonly code: string
  readonly expires_at: string
  readonly attempts_left: number
}

// ── keys and their codes ──

export const pixKeyById = (db: DB, id: string): PixKeyRow | undefined => db.prepare("SELECT * FROM pix_keys WHERE id = ?").get(id) as PixKeyRow | undefined

/** A wallet's key by id. */
export const walletPixKeyById = (db: DB, walletId: string, id: string): PixKeyRow | undefined =>
  db.prepare("SELECT * FROM pix_keys WHERE id = ? AND wallet_id = ?").get(id, walletId) as PixKeyRow | undefined

/** The key row of a key, whatever its status. */
export const pixKeyByKey = (db: DB, key: string): PixKeyRow | undefined => db.prepare("SELECT * FROM pix_keys WHERE key = ?").get(key) as PixKeyRow | undefined

/** A key held here with its holder's full name and document. */
export const heldKeyWithHolder = (db: DB, key: string): (PixKeyRow & { name: string; document: string }) | undefined =>
  db.prepare("SELECT k.*, u.full_name AS name, u.document AS document FROM pix_keys k JOIN users u ON u.id = k.user_id WHERE k.key = ?").get(key) as
    (PixKeyRow & { name: string; document: string }) | undefined

/** Keys held plus open claims started by the wallet (features §9, D-pix-claim-kinds). */
export const keysAndOpenClaimsOf = (db: DB, walletId: string): number =>
  (
    db
      .prepare(
        `SELECT (SELECT COUNT(*) FROM pix_keys WHERE wallet_id = ?) + (SELECT COUNT(*) FROM pix_claims WHERE claimer_wallet_id = ? AND status = 'opened') AS n`
      )
      .get(walletId, walletId) as { n: number }
  ).n

/** A not-confirmed key confirmed: added, its code gone. */
export const confirmPixKey = (db: DB, id: string, at: string): void => {
  db.prepare("UPDATE pix_keys SET status = 'added', updated_at = ? WHERE id = ?").run(at, id)
  db.prepare("DELETE FROM pix_key_codes WHERE key_id = ?").run(id)
}

/** The not-confirmed keys whose code expired by `now` (ISO instant). */
export const expiredKeyRequests = (db: DB, now: string): PixKeyRow[] =>
  db
    .prepare("SELECT k.* FROM pix_keys k JOIN pix_key_codes c ON c.key_id = k.id WHERE k.status = 'not_confirmed' AND c.expires_at <= ?")
    .all(now) as PixKeyRow[]

export const keyCodeOf = (db: DB, keyId: string): CodeRow | undefined =>
  db.prepare("SELECT * FROM pix_key_codes WHERE key_id = ?").get(keyId) as CodeRow | undefined

/** A key's code, new or replacing the one it had. */
export const saveKeyCode = (db: DB, keyId: string, code: string, expiresAt: string, attemptsLeft: number): void => {
  db.prepare("INSERT OR REPLACE INTO pix_key_codes (key_id, code, expires_at, attempts_left) VALUES (?, ?, ?, ?)").run(keyId, code, expiresAt, attemptsLeft)
}

/** The attempts a key's code has left, if it has a code. */
export const codeAttemptsLeft = (db: DB, keyId: string): number | undefined =>
  (db.prepare("SELECT attempts_left FROM pix_key_codes WHERE key_id = ?").get(keyId) as { attempts_left: number } | undefined)?.attempts_left

export const setCodeAttemptsLeft = (db: DB, keyId: string, left: number): void => {
  db.prepare("UPDATE pix_key_codes SET attempts_left = ? WHERE key_id = ?").run(left, keyId)
}

// ── other banks' directory ──

/** A key another bank holds, if any. */
export const externalKeyOf = (db: DB, key: string): ExternalKeyRow | undefined =>
  db.prepare("SELECT * FROM pix_dict_external WHERE key = ?").get(key) as ExternalKeyRow | undefined

export const deleteExternalKey = (db: DB, key: string): void => {
  db.prepare("DELETE FROM pix_dict_external WHERE key = ?").run(key)
}

export const insertExternalKey = (db: DB, r: ExternalKeyRow): void => {
  db.prepare("INSERT INTO pix_dict_external (key, key_type, holder_name, holder_document, bank) VALUES (?, ?, ?, ?, ?)").run(
    r.key,
    r.key_type,
    r.holder_name,
    r.holder_document,
    r.bank
  )
}

// ── claims ──

/** A wallet's claims, either side, newest first. */
export const claimsOfWallet = (db: DB, walletId: string): PixClaimRow[] =>
  db
    .prepare("SELECT * FROM pix_claims WHERE claimer_wallet_id = ? OR donor_wallet_id = ? ORDER BY created_at DESC, id")
    .all(walletId, walletId) as PixClaimRow[]

/** A claim by id, when the wallet is either side of it. */
export const walletClaimById = (db: DB, walletId: string, id: string): PixClaimRow | undefined =>
  db.prepare("SELECT * FROM pix_claims WHERE id = ? AND (claimer_wallet_id = ? OR donor_wallet_id = ?)").get(id, walletId, walletId) as PixClaimRow | undefined

export const insertClaim = (db: DB, row: PixClaimRow): void => {
  db.prepare(
    `INSERT INTO pix_claims (id, kind, key, key_type, claimer_user_id, claimer_wallet_id, claimer_name, claimer_document, claimer_bank,
        donor_wallet_id, donor_name, donor_bank, status, reason, deadline, created_at, updated_at)
       VALUES (@id, @kind, @key, @key_type, @claimer_user_id, @claimer_wallet_id, @claimer_name, @claimer_document, @claimer_bank,
        @donor_wallet_id, @donor_name, @donor_bank, @status, @reason, @deadline, @created_at, @updated_at)`
  ).run(row)
}

export const setClaimStatus = (db: DB, id: string, status: PixClaimRow["status"], reason: PixClaimRow["reason"], at: string): void => {
  db.prepare("UPDATE pix_claims SET status = ?, reason = ?, updated_at = ? WHERE id = ?").run(status, reason, at, id)
}

/** The open claims whose deadline has come by `now` (ISO instant). */
export const overdueClaims = (db: DB, now: string): PixClaimRow[] =>
  db.prepare("SELECT * FROM pix_claims WHERE status = 'opened' AND deadline <= ?").all(now) as PixClaimRow[]

/** The open portabilities of another bank's key opened by `before` (ISO instant): that bank answers them. */
export const otherBankPortabilities = (db: DB, before: string): PixClaimRow[] =>
  db
    .prepare("SELECT * FROM pix_claims WHERE status = 'opened' AND kind = 'portability' AND donor_wallet_id IS NULL AND created_at <= ?")
    .all(before) as PixClaimRow[]
