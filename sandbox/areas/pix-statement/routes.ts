/**
 * The Pix statement (issue 12; spec features §2 Pix "statements" — permission
 * get-all-report-pix-statement —, §5 "Pix statement export covers only the current day", §7
 * GET /users/v2/reports/pix-statement and POST /users/v5/reports/pix-statement/exports): the
 * wallet's Pix rows derived from the ledger (sandbox/areas/pix-statement/rows.ts), paged and keyset-paged
 * (`after`, the sync's pull) with the shared paging helper, filtered by text, direction, status and
 * dates; the export of one day as a job with progress (as the statement's export), only for today
 * in São Paulo time — another day answers 422 UNABLE_TO_EXPORT (D-pix-statement). The stream's
 * `pix_statement` hints are sent by the ledger where a Pix row is written (sandbox/ledger.ts).
 */
import type { Hono } from "hono"
import { randomUUID } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { later } from "../../context.ts"
import { bind } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { notFound, paginateJson } from "../../repo.ts"
import { DAY_MS, iso, isCalendarDate, spDateKey, spStartOfDate } from "../../time.ts"
import { PIX_STATEMENT_JSON, PIX_STATEMENT_SELECT, PIX_STATEMENT_WHERE } from "./rows.ts"
import {
  completePixStatementExport,
  createPixStatementExportTables,
  insertPixStatementExport,
  pixRowsBetween,
  pixStatementExportById,
  type PixStatementExportRow as ExportRow
} from "./db.ts"
import type { PixStatementExport } from "../../../schema/api-pix-statement.ts"
import { PIX_STATEMENT_STATUSES } from "../../../schema/tables/pix-statement.ts"

/** How long an export job runs (the client polls it, as the statement's export). */
const EXPORT_MS = 1200

export function registerPixStatementRoutes(app: Hono, ctx: Ctx): void {
  const db = ctx.db
  createPixStatementExportTables(db)

  bind(app, ctx, "pixStatement", (req) => {
    const q = req.query
    const where = ["wallet_id = ?", PIX_STATEMENT_WHERE]
    const params: unknown[] = [req.wallet.wallet.id]
    const fields: Record<string, string> = {}
    for (const [name, op, shift] of [
      ["start_date", ">=", 0],
      ["end_date", "<", DAY_MS]
    ] as const) {
      const v = q[name]
      if (v === undefined || v === "") continue
      if (!isCalendarDate(v)) fields[name] = "VALIDATION_DATE"
      else {
        where.push(`created_at ${op} ?`)
        params.push(iso(spStartOfDate(v) + shift))
      }
    }
    if (q.start_date && q.end_date && isCalendarDate(q.start_date) && isCalendarDate(q.end_date) && q.start_date > q.end_date) {
      throw new ApiError(422, "DATE_RANGE_INVALID", undefined, { start_date: "VALIDATION_DATE_RANGE" })
    }
    if (q.direction !== undefined && q.direction !== "") {
      if (q.direction !== "in" && q.direction !== "out") fields["direction"] = "VALIDATION_FORMAT"
      else {
        where.push("direction = ?")
        params.push(q.direction)
      }
    }
    if (q.status !== undefined && q.status !== "") {
      const vs = q.status
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "")
      if (!vs.every((v) => (PIX_STATEMENT_STATUSES as ReadonlyArray<string>).includes(v))) fields["status"] = "VALIDATION_FORMAT"
      else {
        where.push(`status IN (${vs.map(() => "?").join(",")})`)
        params.push(...vs)
      }
    }
    if (q.search !== undefined && q.search.trim() !== "") {
      const s = `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
      const cols = ["description", "counterparty_name", "counterparty_document", "end_to_end_id"]
      where.push(`(${cols.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(" OR ")})`)
      params.push(...cols.map(() => s))
    }
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    return paginateJson(
      db,
      q,
      {
        from: "statements",
        columns: PIX_STATEMENT_SELECT,
        where,
        params,
        sortable: { created_at: "created_at", updated_at: "updated_at", amount: "amount" },
        countCacheTable: "statements" // the total of a keyset pull's pages, counted once per write (as the statement's)
      },
      PIX_STATEMENT_JSON
    )
  })

  // ── the export of one day (features §5: the current day only) ──
  const exportById = (id: string) => pixStatementExportById(db, id)
  const toExport = (r: ExportRow): PixStatementExport => ({
    id: r.id,
    wallet_id: r.wallet_id,
    status: r.status,
    date: r.date,
    rows: r.rows,
    created_at: r.created_at,
    finished_at: r.finished_at,
    csv: r.csv,
    progress:
      r.status === "completed"
        ? 100
        : r.status === "failure"
          ? 0
          : Math.min(99, Math.floor(((ctx.clock.real() - r.started_ms) / Math.max(1, r.duration_ms)) * 100))
  })
  const COLS = PIX_STATEMENT_JSON.map(([c]) => c)
  const finishExport = (id: string): void => {
    const r = exportById(id)
    if (r === undefined || r.status !== "in_progress") return
    const rows = pixRowsBetween(db, r.wallet_id, iso(spStartOfDate(r.date)), iso(spStartOfDate(r.date) + DAY_MS))
    const cell = (v: unknown): string => {
      const s = v === null || v === undefined ? "" : String(v)
      return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
    }
    const csv = [COLS.join(","), ...rows.map((x) => COLS.map((c) => cell((x as unknown as Record<string, unknown>)[c])).join(","))].join("\r\n")
    completePixStatementExport(db, id, rows.length, csv, ctx.clock.nowIso())
  }

  bind(app, ctx, "pixStatementExportCreate", (req) => {
    const today = spDateKey(ctx.clock.now())
    if (req.body.date !== today)
      throw new ApiError(422, "UNABLE_TO_EXPORT", `the Pix statement exports only the current day (${today})`, { date: "VALIDATION_PIX_EXPORT_CURRENT_DAY" })
    const id = randomUUID()
    insertPixStatementExport(db, {
      id,
      walletId: req.wallet.wallet.id,
      userId: req.user.id,
      date: req.body.date,
      startedMs: ctx.clock.real(),
      durationMs: EXPORT_MS,
      at: ctx.clock.nowIso()
    })
    later(ctx, EXPORT_MS, () => finishExport(id))
    return { data: toExport(exportById(id) as ExportRow) }
  })

  bind(app, ctx, "pixStatementExportGet", (req) => {
    const r = exportById(req.params["id"] ?? "")
    if (r === undefined || r.wallet_id !== req.wallet.wallet.id) return notFound()
    if (r.status === "in_progress" && ctx.clock.real() - r.started_ms >= r.duration_ms) finishExport(r.id)
    return { data: toExport(exportById(r.id) as ExportRow) }
  })
}
