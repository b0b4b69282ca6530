/**
 * Seeded sports-betting history (spec features §2 history-bet, history-ggr, payment-proportion;
 * D-betting-operator): Bruno's company (Lima & Filhos, a legal person: the operator) on its matrix
 * wallet holds daily reports of the last weeks (completed, one failure with its reason, one
 * cancelled, one changed), four months of GGR (one changed once), their apportionments (the older
 * ones paid, the last one to pay) and the payments.
 */
import { createHash } from "node:crypto"
import type { DB } from "../../db.ts"
import type { Prng } from "../../prng.ts"
import { DAY_MS, iso } from "../../time.ts"
import { apportion, reportCorrectionDeadline } from "../../../schema/betting.ts"
import { saoPauloDateKey } from "../../../schema/holidays.ts"
import { encodePixCopyPaste } from "../../../schema/pix-brcode.ts"

const CNPJ = "12345678000195"
export const sampleReportXml = (date: string, bets: number, r: Prng): string => {
  const rows: string[] = []
  for (let k = 1; k <= bets; k++) {
    rows.push(
      `  <aposta id="${date.replace(/-/g, "")}-${k}" tipo="${r.chance(0.8) ? "esportiva" : "virtual"}" valorApostado="${r.int(500, 50_000)}" valorPremio="${r.chance(0.4) ? r.int(100, 80_000) : 0}" dataHora="${date}T${String(8 + (k % 14)).padStart(2, "0")}:${String(k % 60).padStart(2, "0")}:00-03:00"/>`
    )
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<relatorioApostas versao="1.0" data="${date}" cnpj="${CNPJ}">\n${rows.join("\n")}\n</relatorioApostas>\n`
}

export const seedBetting = (db: DB, r: Prng, now: number, wallets: Readonly<Record<string, string>>): void => {
  const walletId = wallets["brunoMatrix"]
  if (!walletId) return
  const insFile =
    db.prepare(`INSERT INTO storage_files (id, wallet_id, upload_id, name, content_type, size, purpose, state, sha256, bytes, assembled, created_at, updated_at)
    VALUES (?, ?, NULL, ?, 'application/xml', ?, 'endr-report', 'READY', ?, ?, 1, ?, ?)`)
  const insReport =
    db.prepare(`INSERT INTO endr_reports (id, wallet_id, report_date, file_id, file_name, size, status, failure_reason, failure_detail, bets, changes, deadline, transaction_uuid, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  // daily reports of the last 20 days (sent the day after, at 10:00 São Paulo)
  for (let d = 20; d >= 2; d--) {
    const date = saoPauloDateKey(new Date(now - d * DAY_MS))
    const bets = r.int(3, 12)
    const failed = d === 6
    const text = failed ? sampleReportXml(date, bets, r).replace("</relatorioApostas>", "") : sampleReportXml(date, bets, r)
    const bytes = Buffer.from(text)
    const at = iso(now - (d - 1) * DAY_MS + r.int(0, 3_600_000))
    const fileId = r.uuid()
    const name = `relatorio-${date}.xml`
    insFile.run(fileId, walletId, name, bytes.length, createHash("sha256").update(bytes).digest("hex"), bytes, at, at)
    const status = failed ? "failure" : d === 9 ? "cancelled" : "completed"
    insReport.run(
      r.uuid(),
      walletId,
      date,
      fileId,
      name,
      bytes.length,
      status,
      failed ? "XML_MALFORMED" : null,
      failed ? `${bets + 3}:1 element <relatorioApostas> not closed` : null,
      failed ? 0 : bets,
      d === 12 ? 1 : 0,
      reportCorrectionDeadline(date),
      r.uuid(),
      at,
      at
    )
  }
  // four months of GGR before the current one; the most recent apportionment still to pay
  const insGgr = db.prepare("INSERT INTO endr_ggr (id, wallet_id, month, year, total_value, changes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
  const insApp =
    db.prepare(`INSERT INTO endr_apportionments (id, wallet_id, ggr_id, month, year, calculation_date, ggr_value, total_value, beneficiaries, status, brcode, paid_at, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
  const insPay = db.prepare(
    "INSERT INTO endr_payments (id, wallet_id, apportionment_id, month, year, amount, transaction_uuid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
  )
  const [ty, tm] = saoPauloDateKey(new Date(now)).split("-").map(Number) as [number, number]
  for (let back = 4; back >= 1; back--) {
    let y = ty,
      m = tm - back
    while (m < 1) {
      m += 12
      y -= 1
    }
    const value = r.int(200_000, 900_000)
    const sentAt = now - (back - 1) * 30 * DAY_MS - 25 * DAY_MS
    const gid = r.uuid()
    insGgr.run(gid, walletId, m, y, value, back === 3 ? 1 : 0, iso(sentAt), iso(sentAt))
    const { total, beneficiaries } = apportion(value)
    const aid = r.uuid()
    const paid = back > 1
    const calc = saoPauloDateKey(new Date(sentAt))
    const brcode = encodePixCopyPaste({
      key: "00394460000141",
      amountCents: total,
      merchantName: "TESOURO NACIONAL",
      merchantCity: "BRASILIA",
      txid: `ENDR${aid.replace(/-/g, "").slice(0, 21)}`
    })
    const paidAt = iso(sentAt + 3 * DAY_MS)
    insApp.run(
      aid,
      walletId,
      gid,
      m,
      y,
      calc,
      value,
      total,
      JSON.stringify(beneficiaries),
      paid ? "paid" : "pending",
      brcode,
      paid ? paidAt : null,
      iso(sentAt),
      paid ? paidAt : iso(sentAt)
    )
    if (paid) insPay.run(r.uuid(), walletId, aid, m, y, total, r.uuid(), paidAt, paidAt)
  }
}
