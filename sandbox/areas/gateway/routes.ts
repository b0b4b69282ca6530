/**
 * The payments gateway (issue 16; spec features §2 "/gateway", §3 Transaction (gateway) and
 * Dashboard aggregate, §4 statuses, §7 "/users/payments-gateway/*"): the four lists (deposits,
 * withdrawals, refunds, devolutions) and the all-kinds `transactions` list the sync pulls, paged
 * (keyset `after` too) and filtered by text, status, dates and value; the dashboard aggregate
 * (type × status → total_items, total_value over an interval of at most
 * GATEWAY_METRICS_MAX_DAYS days and at least one wallet); the transactions export as a job with
 * status. Every call checks the wallet is a gateway wallet and its company kind is allowed
 * (D-gateway-company-kind). The admin's "a transaction arrives" writes a row live (stream hint
 * with the row inline).
 */
import type { Hono } from "hono"
import { randomUUID } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { later } from "../../context.ts"
import { bind, decodeOr422 } from "../../http.ts"
import { ApiError } from "../../errors.ts"
import { paginateJson, walletAccess, notFound, type JsonColumnKind, type WalletAccess } from "../../repo.ts"
import { DAY_MS, iso, isCalendarDate, spStartOfDate } from "../../time.ts"
import {
  companyKindOf,
  completeGatewayExport,
  dashboardTotals,
  GATEWAY_COLUMNS,
  GATEWAY_COLUMNS_LIST,
  gatewayExportById,
  gatewayFlagOf,
  gatewayRowJson,
  insertGatewayExport,
  insertGatewayRows,
  setGatewayFlag,
  transactionsBetween,
  type GatewayExportRow as ExportRow
} from "./db.ts"
import { gatewayRow } from "./rows.ts"
import { Prng } from "../../prng.ts"
import { registerGatewayPaymentRoutes } from "./payments-routes.ts"
import { GATEWAY_METRICS_MAX_DAYS, type CompanyKind, type DashboardLine, type GatewayExport } from "../../../schema/api-gateway.ts"
import { gatewayAdminApi } from "../../../schema/api-gateway.ts"
import { hasPermission, P } from "../../../schema/permissions.ts"
import { DASHBOARD_TYPE, GATEWAY_KINDS, GATEWAY_STATUSES, type GatewayKind, type GatewayTransaction } from "../../../schema/tables/gateway.ts"

const JSON_COLUMNS: ReadonlyArray<readonly [string, JsonColumnKind]> = GATEWAY_COLUMNS_LIST.map(
  (c) =>
    [
      c,
      c === "value" || c === "fee" || c === "seller_share"
        ? "int"
        : ["id", "wallet_id", "kind", "status", "direction", "currency_symbol", "created_at", "updated_at", "operation_id"].includes(c)
          ? "token"
          : "text"
    ] as const
)

/**
 * D-gateway-company-kind (core "a check passes when the kind is in the allowed list"; which kinds
 * each call allows is not shown): every kind reads its own lists and dashboard; the export job is
 * for the matrix (main, main_without_branches); a branch's dashboard names only itself.
 */
export const GATEWAY_ALLOWED: Readonly<Record<"list" | "dashboard" | "export", ReadonlyArray<CompanyKind>>> = {
  list: ["main", "main_without_branches", "branch"],
  dashboard: ["main", "main_without_branches", "branch"],
  export: ["main", "main_without_branches"]
}

/** The lists' permission tags by kind (features §2). */
const KIND_PERMISSION: Readonly<Record<GatewayKind, string>> = {
  deposit: P.getGatewayDeposits,
  withdrawal: P.getGatewayWithdrawals,
  refund: P.getGatewayRefunds,
  return: P.getGatewayDevolutions
}

const EXPORT_MS = 1500

export function registerGatewayRoutes(app: Hono, ctx: Ctx): void {
  const db = ctx.db
  // payment requests (assisted payments), orders and refunds (features §2, §3, §7)
  registerGatewayPaymentRoutes(app, ctx)

  /** A gateway wallet whose company kind the call allows; else 403 WITHOUT_PERMISSION. */
  const gatewayCheck = (w: WalletAccess, call: keyof typeof GATEWAY_ALLOWED): CompanyKind => {
    if (w.wallet.is_gateway !== 1) throw new ApiError(403, "WITHOUT_PERMISSION", "not a gateway wallet")
    const kind = companyKindOf(db, w.wallet.id)
    if (!GATEWAY_ALLOWED[call].includes(kind)) throw new ApiError(403, "WITHOUT_PERMISSION", `company kind ${kind}`)
    return kind
  }

  const rowJson = gatewayRowJson(db)
  const listHandler = (kinds: ReadonlyArray<GatewayKind>) => (req: { query: Record<string, string | undefined>; wallet: WalletAccess }) => {
    gatewayCheck(req.wallet, "list")
    const q = req.query
    const readable = kinds.filter((k) => hasPermission(req.wallet.actions, KIND_PERMISSION[k]))
    const where = ["wallet_id = ?", `kind IN (${readable.map(() => "?").join(",") || "NULL"})`]
    const params: unknown[] = [req.wallet.wallet.id, ...readable]
    const fields: Record<string, string> = {}
    if (q["start_date"]) {
      if (!isCalendarDate(q["start_date"])) fields["start_date"] = "VALIDATION_DATE"
      else {
        where.push("created_at >= ?")
        params.push(iso(spStartOfDate(q["start_date"])))
      }
    }
    if (q["end_date"]) {
      if (!isCalendarDate(q["end_date"])) fields["end_date"] = "VALIDATION_DATE"
      else {
        where.push("created_at < ?")
        params.push(iso(spStartOfDate(q["end_date"]) + DAY_MS))
      }
    }
    if (q["status"]) {
      const vs = q["status"]
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "")
      if (!vs.every((v) => (GATEWAY_STATUSES as ReadonlyArray<string>).includes(v))) fields["status"] = "VALIDATION_FORMAT"
      else {
        where.push(`status IN (${vs.map(() => "?").join(",")})`)
        params.push(...vs)
      }
    }
    for (const [name, op] of [
      ["min_value", ">="],
      ["max_value", "<="]
    ] as const) {
      const v = q[name]
      if (v === undefined || v === "") continue
      if (!/^\d+$/.test(v)) fields[name] = "VALIDATION_NUMERIC"
      else {
        where.push(`value ${op} ?`)
        params.push(Number(v))
      }
    }
    if (q["search"] && q["search"].trim() !== "") {
      const s = q["search"].trim().replace(/[\\%_]/g, (c) => `\\${c}`)
      const cols = ["reference", "counterparty_name", "counterparty_document", "end_to_end_id", "txid", "id", "operation_id"]
      where.push(`(${cols.map((c) => `${c} LIKE ? ESCAPE '\\'`).join(" OR ")})`)
      params.push(...cols.map(() => `%${s}%`))
    }
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    return paginateJson(
      db,
      q,
      {
        from: "gateway_transactions",
        columns: GATEWAY_COLUMNS,
        where,
        params,
        sortable: { created_at: "created_at", updated_at: "updated_at", value: "value" },
        // a keyset pull asks every page for the total: counting 800k rows each time made the 1M sync server-bound
        countCacheTable: "gateway_transactions",
        ...(rowJson !== undefined ? { compactColumn: rowJson } : {})
      },
      JSON_COLUMNS
    )
  }

  bind(app, ctx, "gatewayDeposits", listHandler(["deposit"]))
  bind(app, ctx, "gatewayWithdrawals", listHandler(["withdrawal"]))
  bind(app, ctx, "gatewayRefunds", listHandler(["refund"]))
  bind(app, ctx, "gatewayDevolutions", listHandler(["return"]))
  bind(app, ctx, "gatewayTransactions", listHandler(GATEWAY_KINDS))

  /** The interval's dates and wallets, validated (features §2 metrics, §5 date ranges). */
  const interval = (q: { start_date?: string; end_date?: string; wallets_ids?: string }, userId: string, self: WalletAccess) => {
    const start = q.start_date ?? ""
    const end = q.end_date ?? ""
    const fields: Record<string, string> = {}
    if (!isCalendarDate(start)) fields["start_date"] = start === "" ? "VALIDATION_REQUIRED" : "VALIDATION_DATE"
    if (!isCalendarDate(end)) fields["end_date"] = end === "" ? "VALIDATION_REQUIRED" : "VALIDATION_DATE"
    const ids = (q.wallets_ids ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")
    if (ids.length === 0) fields["wallets_ids"] = "VALIDATION_REQUIRED"
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    if (start > end) throw new ApiError(422, "DATE_RANGE_INVALID", undefined, { start_date: "VALIDATION_DATE_RANGE" })
    const days = Math.round((spStartOfDate(end) - spStartOfDate(start)) / DAY_MS) + 1
    if (days > GATEWAY_METRICS_MAX_DAYS)
      throw new ApiError(422, "INCORRECT_DATA", `at most ${GATEWAY_METRICS_MAX_DAYS} days`, { end_date: "VALIDATION_GATEWAY_MAX_DAYS" })
    const selfKind = companyKindOf(db, self.wallet.id)
    for (const id of ids) {
      const a = walletAccess(db, userId, id)
      if (typeof a === "string") throw new ApiError(403, "WITHOUT_PERMISSION", `wallet ${id}`)
      gatewayCheck(a, "dashboard")
      // a branch sees only itself; a matrix itself and its branches
      const related = id === self.wallet.id || (selfKind === "main" && a.wallet.parent_id === self.wallet.id)
      if (!related) throw new ApiError(403, "WITHOUT_PERMISSION", `wallet ${id} is not of this company`)
    }
    return { start, end, ids, from: iso(spStartOfDate(start)), to: iso(spStartOfDate(end) + DAY_MS) }
  }

  bind(app, ctx, "gatewayDashboard", (req) => {
    gatewayCheck(req.wallet, "dashboard")
    const iv = interval(req.query, req.user.id, req.wallet)
    const rows = dashboardTotals(db, iv.ids, iv.from, iv.to)
    const data: DashboardLine[] = rows.map((r) => ({ type: DASHBOARD_TYPE[r.kind], status: r.status, total_items: r.n, total_value: r.v }))
    return { data: { data, start_date: iv.start, end_date: iv.end, wallets_ids: iv.ids } }
  })

  // ── the transactions export (a job with status, as the statement export) ──
  const exportById = (id: string) => gatewayExportById(db, id)
  const toExport = (r: ExportRow): GatewayExport => ({
    id: r.id,
    wallet_id: r.wallet_id,
    status: r.status,
    kind: r.kind,
    start_date: r.start_date,
    end_date: r.end_date,
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
  const finishExport = (id: string): void => {
    const r = exportById(id)
    if (r === undefined || r.status !== "in_progress") return
    const rows = transactionsBetween(db, r.wallet_id, iso(spStartOfDate(r.start_date)), iso(spStartOfDate(r.end_date) + DAY_MS), r.kind)
    const cell = (v: unknown) => {
      const s = v === null ? "" : String(v)
      return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
    }
    const csv = [GATEWAY_COLUMNS_LIST.join(","), ...rows.map((x) => GATEWAY_COLUMNS_LIST.map((c) => cell(x[c])).join(","))].join("\r\n")
    completeGatewayExport(db, id, rows.length, csv, ctx.clock.nowIso())
  }

  bind(app, ctx, "gatewayExportCreate", (req) => {
    gatewayCheck(req.wallet, "export")
    const { start_date: start, end_date: end, kind } = req.body
    if (start > end) throw new ApiError(422, "DATE_RANGE_INVALID", undefined, { start_date: "VALIDATION_DATE_RANGE" })
    const id = randomUUID()
    insertGatewayExport(db, {
      id,
      walletId: req.wallet.wallet.id,
      userId: req.user.id,
      kind: kind ?? null,
      start,
      end,
      startedMs: ctx.clock.real(),
      durationMs: EXPORT_MS,
      at: ctx.clock.nowIso()
    })
    later(ctx, EXPORT_MS, () => finishExport(id))
    return { data: toExport(exportById(id) as ExportRow) }
  })

  bind(app, ctx, "gatewayExportGet", (req) => {
    gatewayCheck(req.wallet, "export")
    const r = exportById(req.params["id"] ?? "")
    if (r === undefined || r.wallet_id !== req.wallet.wallet.id) return notFound()
    if (r.status === "in_progress" && ctx.clock.real() - r.started_ms >= r.duration_ms) finishExport(r.id)
    return { data: toExport(exportById(r.id) as ExportRow) }
  })

  // ── admin (only with admin on: issue 30, like every /__admin route) ──
  if (!ctx.cfg.admin) return
  const adminRng = new Prng(Date.now() % 2 ** 31)
  const readJson = async (c: { req: { text: () => Promise<string> } }): Promise<unknown> => {
    const text = await c.req.text()
    try {
      return text.trim() === "" ? {} : (JSON.parse(text) as unknown)
    } catch {
      throw new ApiError(400, "INVALID_FORMAT")
    }
  }
  app.post(gatewayAdminApi.gatewayArrive.path, async (c) => {
    try {
      const b = decodeOr422(gatewayAdminApi.gatewayArrive.body, await readJson(c))
      const w = gatewayFlagOf(db, b.wallet_id)
      if (w === undefined) throw new ApiError(404, "NOT_FOUND")
      const base = gatewayRow(adminRng, {
        walletId: w.id,
        createdAt: ctx.clock.now(),
        kind: b.kind ?? "deposit",
        status: b.status ?? "paid",
        ...(b.value !== undefined ? { value: b.value } : {})
      })
      const at = ctx.clock.nowIso()
      const row: GatewayTransaction = {
        ...base,
        created_at: at,
        updated_at: at,
        ...(b.payer_name ? { counterparty_name: b.payer_name } : {}),
        ...(b.reference ? { reference: b.reference } : {})
      }
      insertGatewayRows(db, [row])
      ctx.events.change("gateway_transactions", { walletId: w.id, ids: [row.id], rows: [row] })
      return c.json({ data: row })
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(422, "INCORRECT_DATA", String(e))
      return c.json({ error: { status: err.status, key: err.key, message: err.detail ?? err.key } }, err.status as 400)
    }
  })
  app.post(gatewayAdminApi.gatewayEnable.path, async (c) => {
    const raw = (await readJson(c)) as { wallet_id?: string; enabled?: boolean }
    setGatewayFlag(db, raw.wallet_id ?? "", raw.enabled !== false)
    return c.json({ data: { wallet_id: raw.wallet_id ?? "", company_kind: companyKindOf(db, raw.wallet_id ?? "") } })
  })
}
