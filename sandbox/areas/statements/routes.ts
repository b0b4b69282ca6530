/**
 * Statements, exports and receipts (spec features §2 statements page, §3 storage file states,
 * §4 exports "in progress, completed, failure", §5 "a statement range must fall in the same
 * month", §7 "Statements and receipts", §9 export limit 7 and polling): the paged statement with
 * filters and the keyset cursor for sync pulls, one row, export jobs that progress on a server
 * timer and end in a CSV file, signed download URLs, receipts PENDING → READY (~1 s) with a small
 * HTML body whose every value is escaped, and the Pix receipt by operation.
 */
import type { Hono } from "hono"
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto"
import type { Ctx } from "../../context.ts"
import { later } from "../../context.ts"
import { bind, errorResponse } from "../../http.ts"
import { ApiError, langOf } from "../../errors.ts"
import { notFound, paginateJson, STATEMENT_COLUMNS, type JsonColumnKind } from "../../repo.ts"
import { STATEMENT_STATUSES, STATEMENT_TYPES, type Receipt, type StatementEntry, type StatementExport } from "../../../schema/entities.ts"
import { CURRENCY_DECIMALS, type CurrencySymbol } from "../../../schema/common.ts"
import { api } from "../../../schema/api.ts"
import { DAY_MS, iso, isCalendarDate, spDateKey, spStartOfDate } from "../../time.ts"
import {
  balancesOf,
  completeExport,
  entryOfOperation,
  exportById,
  exportsInProgress,
  exportsOnDay,
  fileContentOf,
  fileDownloadOf,
  fileStateOf,
  firstIdsAfter,
  hasReceipt,
  insertExport,
  insertFile,
  insertReadyFile,
  insertReceipt,
  lastStatementKey,
  netByCurrency,
  netByCurrencyUpto,
  rangeSums,
  receiptRowOf,
  statementById,
  statementsBetween,
  type ExportRow
} from "./db.ts"

/** features §9 "Statement export limit: 7 (unit not shown)": our reading, 7 exports per wallet per day (UTC-3). */
export const EXPORT_LIMIT_PER_DAY = 7
/** Statement columns as SQLite writes them into JSON (repo.ts paginateJson); order = StatementEntry's. */
const STATEMENT_JSON: ReadonlyArray<readonly [string, JsonColumnKind]> = [
  ["id", "token"],
  ["wallet_id", "token"],
  ["operation_id", "token"],
  ["created_at", "token"],
  ["updated_at", "token"],
  ["type", "token"],
  ["direction", "token"],
  ["status", "token"],
  ["currency_symbol", "token"],
  ["amount", "int"],
  ["balance_after", "int"],
  ["description", "text"],
  ["counterparty_name", "text"],
  ["counterparty_document", "text"],
  ["end_to_end_id", "text"],
  ["transaction_uuid", "text"]
]
const URL_TTL_MS = 5 * 60_000

const escapeHtml = (v: unknown): string => String(v ?? "").replace(/[&<>"'`=/]/g, (ch) => `&#${ch.charCodeAt(0)};`)

const money = (amount: number, currency: string): string => {
  const d = CURRENCY_DECIMALS[currency as CurrencySymbol] ?? 2
  const neg = amount < 0
  const s = String(Math.abs(amount)).padStart(d + 1, "0")
  const int = s.slice(0, s.length - d)
  const frac = s.slice(s.length - d)
  return `${neg ? "-" : ""}${int}${d > 0 ? `.${frac}` : ""}`
}

const csvCell = (v: unknown): string => {
  let s = String(v ?? "")
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s)) s = `'${s}` // no formula injection in spreadsheets
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export const CSV_HEADER =
  "id,created_at,type,direction,status,currency,amount,balance_after,description,counterparty_name,counterparty_document,end_to_end_id,operation_id"

const csvOf = (rows: ReadonlyArray<StatementEntry>): string => {
  const lines = [CSV_HEADER]
  for (const r of rows) {
    lines.push(
      [
        r.id,
        r.created_at,
        r.type,
        r.direction,
        r.status,
        r.currency_symbol,
        money(r.amount, r.currency_symbol),
        money(r.balance_after, r.currency_symbol),
        r.description,
        r.counterparty_name,
        r.counterparty_document,
        r.end_to_end_id ?? "",
        r.operation_id
      ]
        .map(csvCell)
        .join(",")
    )
  }
  return lines.join("\n") + "\n"
}

/** A one-page PDF with a summary line (format "pdf"; the sandbox keeps it minimal). */
const pdfOf = (title: string, lines: ReadonlyArray<string>): Buffer => {
  const esc = (s: string): string =>
    s
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .replace(/[^\x20-\x7e]/g, "?")
      .replace(/([()\\])/g, "\\$1")
  const text = ["BT /F1 12 Tf 50 780 Td", `(${esc(title)}) Tj`, ...lines.slice(0, 40).map((l) => `0 -16 Td (${esc(l)}) Tj`), "ET"].join("\n")
  const objs = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
  ]
  let out = "%PDF-1.4\n"
  const offsets: number[] = []
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out))
    out += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = Buffer.byteLength(out)
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, "latin1")
}

const receiptHtml = (e: StatementEntry, walletName: string): string => {
  const label: Record<string, string> = { in: "Entrada", out: "Saída" }
  const rows: Array<[string, unknown]> = [
    ["Tipo", e.type],
    ["Direção", label[e.direction] ?? e.direction],
    ["Situação", e.status],
    ["Valor", `${e.currency_symbol} ${money(e.amount, e.currency_symbol)}`],
    ["Data", e.created_at],
    ["Descrição", e.description],
    ["Contraparte", e.counterparty_name],
    ["Documento", e.counterparty_document],
    ["Carteira", walletName],
    ["Operação", e.operation_id],
    ["ID fim a fim", e.end_to_end_id ?? "-"]
  ]
  return `<article class="receipt"><h1>Comprovante</h1><dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`).join("")}</dl></article>`
}

export const registerStatementRoutes = (app: Hono, ctx: Ctx): void => {
  const { db } = ctx

  const signFile = (id: string, expires: number): string => createHmac("sha256", ctx.secret).update(`file|${id}|${expires}`).digest("base64url")
  const fileUrl = (origin: string, id: string): { url: string; expires_at: string } => {
    const expires = ctx.clock.real() + URL_TTL_MS
    return {
      url: `${origin}/users/v2/storage/files/${encodeURIComponent(id)}/download?expires=${expires}&token=${signFile(id, expires)}`,
      expires_at: iso(expires)
    }
  }

  /**
   * The statement_gap fault (issue 30 item 8, schema/api-admin.ts): rows hidden from every answer of a wallet's statement,
   * and, once, the first rows after a keyset page's cursor left out of it (a page lost: the client's cursor passes them).
   */
  const statementGapFault = (
    walletId: string,
    q: { readonly sort?: string | undefined; readonly after?: string | undefined },
    where: string[],
    params: unknown[]
  ): void => {
    const f = ctx.faults
    const hidden = f.statement_hidden[walletId] ?? []
    if (hidden.length > 0) {
      where.push(`id NOT IN (${hidden.map(() => "?").join(",")})`)
      params.push(...hidden)
    }
    const drop = f.statement_drop
    if (drop === null || drop.wallet_id !== walletId || q.sort !== "updated_at") return
    const cut = (q.after ?? "").lastIndexOf("|")
    const keyset = cut > 0 ? { at: (q.after ?? "").slice(0, cut), id: (q.after ?? "").slice(cut + 1) } : null
    const lost = firstIdsAfter(db, where, params, keyset, drop.rows)
    if (lost.length === 0) return
    f.statement_drop = null
    where.push(`id NOT IN (${lost.map(() => "?").join(",")})`)
    params.push(...lost)
  }

  /**
   * issue 30 item 8 (D-ledger-reconcile): per currency, the rows and completed sums of the keyset range
   * `after` < updated_at|id ≤ `upto` (either end open when absent), the opening balance (the account's balance less
   * every completed movement) and the balance the statement reaches at `upto`. Hidden rows are counted: it tells the truth.
   */
  bind(app, ctx, "statementLedger", (req) => {
    const walletId = req.wallet.wallet.id
    const bound = (name: "after" | "upto", v: string | undefined): { at: string; id: string } | null => {
      if (v === undefined || v === "") return null
      const cut = v.lastIndexOf("|")
      const at = cut > 0 ? v.slice(0, cut) : ""
      const id = cut > 0 ? v.slice(cut + 1) : ""
      if (at === "" || id === "" || Number.isNaN(Date.parse(at))) throw new ApiError(422, "INCORRECT_DATA", undefined, { [name]: "VALIDATION_FORMAT" })
      return { at, id }
    }
    const after = bound("after", req.query.after)
    const upto = bound("upto", req.query.upto)
    const sums = rangeSums(db, walletId, after, upto)
    const last = lastStatementKey(db, walletId)
    // the whole statement asked (the check after a sync): its sums are the totals, one pass over the rows
    const whole = after === null && (upto === null || (last !== undefined && upto.at === last.updated_at && upto.id === last.id))
    const wholeNet = whole ? sums.map((r) => ({ c: r.c, net: r.cr - r.db })) : null
    const all = wholeNet ?? netByCurrency(db, walletId)
    const toUpto = wholeNet ?? (upto ? netByCurrencyUpto(db, walletId, upto) : all)
    const accounts = balancesOf(db, walletId)
    const netOf = (rows: ReadonlyArray<{ c: string; net: number }>, c: string): number => rows.find((r) => r.c === c)?.net ?? 0
    return {
      data: {
        wallet_id: walletId,
        after: req.query.after ?? "",
        upto: req.query.upto ?? "",
        cursor: last ? `${last.updated_at}|${last.id}` : "",
        currencies: accounts.map((a) => {
          const s = sums.find((r) => r.c === a.c)
          const opening = a.balance - netOf(all, a.c)
          return {
            currency_symbol: a.c,
            rows: s?.n ?? 0,
            credits: s?.cr ?? 0,
            debits: s?.db ?? 0,
            opening_balance: opening,
            balance_at_upto: opening + netOf(toUpto, a.c),
            balance: a.balance
          }
        })
      }
    }
  })

  // ── the statement (features §7) ──
  bind(app, ctx, "statement", (req) => {
    const q = req.query
    const where = ["wallet_id = ?"]
    const params: unknown[] = [req.wallet.wallet.id]
    const fields: Record<string, string> = {}
    if (q.start_date !== undefined && q.start_date !== "") {
      if (!isCalendarDate(q.start_date)) fields["start_date"] = "VALIDATION_DATE"
      else {
        where.push("created_at >= ?")
        params.push(iso(spStartOfDate(q.start_date)))
      }
    }
    if (q.end_date !== undefined && q.end_date !== "") {
      if (!isCalendarDate(q.end_date)) fields["end_date"] = "VALIDATION_DATE"
      else {
        where.push("created_at < ?")
        params.push(iso(spStartOfDate(q.end_date) + DAY_MS))
      }
    }
    if (q.start_date && q.end_date && isCalendarDate(q.start_date) && isCalendarDate(q.end_date) && q.start_date > q.end_date) {
      throw new ApiError(422, "DATE_RANGE_INVALID", undefined, { start_date: "VALIDATION_DATE_RANGE" })
    }
    const list = (name: "type" | "status" | "direction", value: string | undefined, allowed: ReadonlyArray<string>): void => {
      if (value === undefined || value === "") return
      const vs = value
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s !== "")
      if (!vs.every((v) => allowed.includes(v))) {
        fields[name] = "VALIDATION_FORMAT"
        return
      }
      where.push(`${name} IN (${vs.map(() => "?").join(",")})`)
      params.push(...vs)
    }
    list("type", q.type, STATEMENT_TYPES)
    list("status", q.status, STATEMENT_STATUSES)
    list("direction", q.direction, ["in", "out"])
    for (const [name, op] of [
      ["min_amount", ">="],
      ["max_amount", "<="]
    ] as const) {
      const v = q[name]
      if (v === undefined || v === "") continue
      if (!/^\d+$/.test(v)) fields[name] = "VALIDATION_NUMERIC"
      else {
        where.push(`amount ${op} ?`)
        params.push(Number(v))
      }
    }
    if (q.search !== undefined && q.search.trim() !== "") {
      const s = q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)
      const digits = q.search.replace(/\D/g, "")
      const ors = [
        "description LIKE ? ESCAPE '\\'",
        "counterparty_name LIKE ? ESCAPE '\\'",
        "counterparty_document LIKE ? ESCAPE '\\'",
        "end_to_end_id LIKE ? ESCAPE '\\'"
      ]
      params.push(`%${s}%`, `%${s}%`, `%${s}%`, `%${s}%`)
      // a client reconciling a command looks for its transaction-uuid (sync/SPEC.md C4)
      ors.push("transaction_uuid = ?")
      params.push(q.search.trim())
      if (digits.length >= 3 && digits !== q.search.trim()) {
        ors.push("counterparty_document LIKE ?")
        params.push(`%${digits}%`)
      }
      where.push(`(${ors.join(" OR ")})`)
    }
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    statementGapFault(req.wallet.wallet.id, q, where, params)
    // rows serialised by SQLite: keyset pages of 5000 rows are the sync's hot path (DESIGN "Budgets")
    return paginateJson(
      db,
      q,
      {
        from: "statements",
        columns: STATEMENT_COLUMNS,
        where,
        params,
        sortable: { created_at: "created_at", updated_at: "updated_at", amount: "amount" },
        countCacheTable: "statements"
      },
      STATEMENT_JSON
    )
  })

  bind(app, ctx, "statementGet", (req) => {
    const row = statementById(db, req.params["id"] ?? "", req.wallet.wallet.id)
    if (row === undefined) return notFound()
    return { data: row }
  })

  // ── export jobs ──
  /** `at`: the real time the job is seen at — its start for the answer that creates it (a new job is at 0 %, however slow the call). */
  const toExport = (r: ExportRow, at: number = ctx.clock.real()): StatementExport => {
    const elapsed = at - r.started_ms
    const progress = r.status === "completed" ? 100 : r.status === "failure" ? 0 : Math.min(99, Math.floor((elapsed / Math.max(1, r.duration_ms)) * 100))
    return {
      id: r.id,
      wallet_id: r.wallet_id,
      status: r.status,
      progress,
      format: r.format,
      start_date: r.start_date,
      end_date: r.end_date,
      file_id: r.file_id,
      file_state: r.file_id === null ? null : "READY",
      rows: r.rows,
      created_at: r.created_at
    }
  }
  /** Completes a job: the file of every row of the range, ordered by created_at. Idempotent. */
  const finishExport = (id: string): void => {
    db.transaction(() => {
      const r = exportById(db, id)
      if (r === undefined || r.status !== "in_progress") return
      const rows = statementsBetween(db, r.wallet_id, iso(spStartOfDate(r.start_date)), iso(spStartOfDate(r.end_date) + DAY_MS))
      const fileId = randomUUID()
      const content =
        r.format === "csv"
          ? Buffer.from(csvOf(rows), "utf8")
          : pdfOf(`Extrato ${r.start_date} a ${r.end_date}`, [
              `${rows.length} lancamentos`,
              ...rows.slice(0, 38).map((e) => `${e.created_at.slice(0, 10)} ${e.type} ${money(e.amount, e.currency_symbol)} ${e.description}`)
            ])
      insertFile(
        db,
        fileId,
        r.wallet_id,
        `extrato-${r.start_date}-${r.end_date}.${r.format}`,
        r.format === "csv" ? "text/csv; charset=utf-8" : "application/pdf",
        content,
        ctx.clock.nowIso()
      )
      completeExport(db, id, fileId, rows.length)
    })()
  }
  // jobs left running by a previous process finish now
  for (const r of exportsInProgress(db)) finishExport(r.id)

  bind(app, ctx, "statementExportCreate", (req) => {
    const { start_date: start, end_date: end, format } = req.body
    const fields: Record<string, string> = {}
    if (!isCalendarDate(start)) fields["start_date"] = "VALIDATION_DATE"
    if (!isCalendarDate(end)) fields["end_date"] = "VALIDATION_DATE"
    if (Object.keys(fields).length > 0) throw new ApiError(422, "INCORRECT_DATA", undefined, fields)
    if (start > end) throw new ApiError(422, "DATE_RANGE_INVALID", undefined, { start_date: "VALIDATION_DATE_RANGE" })
    if (start.slice(0, 7) !== end.slice(0, 7)) throw new ApiError(422, "EXPORT_RANGE_SAME_MONTH", undefined, { end_date: "VALIDATION_SAME_MONTH" })
    const day = spDateKey(ctx.clock.now())
    if (exportsOnDay(db, req.wallet.wallet.id, day) >= EXPORT_LIMIT_PER_DAY) throw new ApiError(422, "EXPORT_LIMIT_REACHED", `${EXPORT_LIMIT_PER_DAY} per day`)
    const id = randomUUID()
    insertExport(
      db,
      { id, walletId: req.wallet.wallet.id, userId: req.user.id, format, start, end, day, startedMs: ctx.clock.real(), durationMs: ctx.cfg.exportMs },
      ctx.clock.nowIso()
    )
    later(ctx, ctx.cfg.exportMs, () => finishExport(id))
    const row = exportById(db, id) as ExportRow
    return { data: toExport(row, row.started_ms) }
  })

  bind(app, ctx, "statementExportGet", (req) => {
    const r = exportById(db, req.params["id"] ?? "")
    if (r === undefined || r.wallet_id !== req.wallet.wallet.id) return notFound()
    if (r.status === "in_progress" && ctx.clock.real() - r.started_ms >= r.duration_ms) {
      finishExport(r.id)
      return { data: toExport(exportById(db, r.id) as ExportRow) }
    }
    return { data: toExport(r) }
  })

  bind(app, ctx, "storageFileUrl", (req) => {
    const f = fileStateOf(db, req.params["id"] ?? "", req.wallet.wallet.id)
    if (f === undefined) return notFound()
    return { data: { id: f.id, state: f.state, ...fileUrl(req.origin, f.id) } }
  })

  // The download is a signed URL (auth: false in the contract): ?expires=&token= from storageFileUrl.
  app.get(api.storageFileDownload.path.replace("{id}", ":id"), (c) => {
    const lang = langOf(c.req.header("language"), c.req.header("accept-language"))
    try {
      const id = c.req.param("id") ?? ""
      const expires = Number(c.req.query("expires") ?? "0")
      const token = Buffer.from(c.req.query("token") ?? "")
      const want = Buffer.from(signFile(id, expires))
      if (!(expires > ctx.clock.real()) || token.length !== want.length || !timingSafeEqual(token, want)) {
        throw new ApiError(401, "NOT_AUTHORIZED", "link expired or invalid")
      }
      const f = fileDownloadOf(db, id)
      if (f === undefined) throw new ApiError(404, "NOT_FOUND")
      return c.body(new Uint8Array(f.content), 200, {
        "content-type": f.mime,
        "content-disposition": `attachment; filename="${f.name.replace(/[^\w.-]/g, "_")}"`,
        "x-content-type-options": "nosniff"
      })
    } catch (e) {
      return errorResponse(c, ctx, e, lang)
    }
  })

  // ── receipts ──
  /** The bank's authentication code of a movement (issue 31 item 1): 32 hex digits signed with the sandbox's secret, in groups of 4. */
  const authenticationOf = (operationId: string): string =>
    createHmac("sha256", ctx.secret)
      .update(`receipt|${operationId}`)
      .digest("hex")
      .slice(0, 32)
      .toUpperCase()
      .replace(/(.{4})(?!$)/g, "$1.")
  const entryOf = (walletId: string, operationId: string): StatementEntry | undefined => entryOfOperation(db, walletId, operationId)
  const receiptOf = (walletId: string, walletName: string, e: StatementEntry, origin: string, readyMs: number | null): Receipt => {
    let r = receiptRowOf(db, walletId, e.operation_id)
    if (r === undefined) {
      const fileId = randomUUID()
      const html = receiptHtml(e, walletName)
      insertReadyFile(db, {
        id: fileId,
        walletId,
        name: `comprovante-${e.operation_id}.html`,
        mime: "text/html; charset=utf-8",
        content: Buffer.from(html, "utf8"),
        at: ctx.clock.nowIso()
      })
      r = { file_id: fileId, ready_ms: readyMs ?? ctx.clock.real() }
      insertReceipt(db, e.operation_id, walletId, fileId, r.ready_ms, ctx.clock.nowIso())
    }
    if (r.ready_ms > ctx.clock.real()) return { operation_id: e.operation_id, status: "PENDING", html: null, url: null, entry: e }
    const f = fileContentOf(db, r.file_id)
    return {
      operation_id: e.operation_id,
      status: "READY",
      html: f.content.toString("utf8"),
      url: fileUrl(origin, r.file_id).url,
      entry: e,
      authentication: authenticationOf(e.operation_id)
    }
  }

  bind(app, ctx, "receiptGenerate", (req) => {
    const e = entryOf(req.wallet.wallet.id, req.params["id"] ?? "")
    if (e === undefined) return notFound()
    return { data: receiptOf(req.wallet.wallet.id, req.wallet.wallet.name, e, req.origin, ctx.clock.real() + ctx.cfg.receiptMs) }
  })

  bind(app, ctx, "receipt", (req) => {
    const id = req.params["id"] ?? ""
    const e = entryOf(req.wallet.wallet.id, id)
    if (e === undefined) return notFound()
    if (!hasReceipt(db, req.wallet.wallet.id, id)) {
      throw new ApiError(404, "NOT_FOUND", "generate the receipt first")
    }
    return { data: receiptOf(req.wallet.wallet.id, req.wallet.wallet.name, e, req.origin, null) }
  })

  bind(app, ctx, "pixReceipt", (req) => {
    const e = entryOf(req.wallet.wallet.id, req.params["id"] ?? "")
    if (e === undefined || (e.type !== "PIX_IN" && e.type !== "PIX_OUT")) return notFound()
    return { data: receiptOf(req.wallet.wallet.id, req.wallet.wallet.name, e, req.origin, null) }
  })
}
