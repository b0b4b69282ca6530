/**
 * The daily betting report file (spec features §2 sending-report, §3 "Betting report: report date,
 * file (XML or ZIP)", §5 "XML file required (XML or ZIP accepted, must be valid)"): a minimal XML
 * reader (well-formedness with line and column), the report's XML schema of our design
 * (docs/betting-report.md: `relatorioApostas` v1.0) and a ZIP reader (stored and deflated entries;
 * the inflate is handed in: node:zlib on the sandbox, DecompressionStream in the browser). The same
 * code checks a file in the browser before any byte is sent and on the sandbox after upload.
 * No package fitted (no XML or ZIP library in node_modules): written here and tested
 * (schema/betting-report.test.ts).
 */

export type ReportCheckCode = "NOT_XML_OR_ZIP" | "XML_MALFORMED" | "XML_SCHEMA" | "DATE_MISMATCH" | "ZIP_INVALID" | "ZIP_NO_XML" | "EMPTY_FILE"

export interface ReportProblem {
  readonly ok: false
  readonly code: ReportCheckCode
  readonly detail: string
  readonly line?: number
  readonly column?: number
  /** The ZIP entry the problem is in. */
  readonly entry?: string
}
export interface ReportSummary {
  readonly ok: true
  readonly files: number
  readonly bets: number
  readonly staked: number
  readonly prizes: number
}
export type ReportCheck = ReportSummary | ReportProblem

export interface XmlElement {
  readonly name: string
  readonly attrs: ReadonlyMap<string, string>
  readonly children: XmlElement[]
  text: string
  readonly line: number
  readonly column: number
}

class XmlError extends Error {
  constructor(
    readonly detail: string,
    readonly pos: number
  ) {
    super(detail)
  }
}

const ENTITIES: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" }
const NAME_START = /[A-Za-z_:]/
const NAME_CHAR = /[A-Za-z0-9_:.-]/

const lineCol = (s: string, pos: number): { line: number; column: number } => {
  let line = 1
  let last = -1
  for (let i = 0; i < pos && i < s.length; i++)
    if (s.charCodeAt(i) === 10) {
      line++
      last = i
    }
  return { line, column: pos - last }
}

/** Line and column of positions met in order (one pass over the text, not one per element). */
const lineCounter = (s: string) => {
  let at = 0
  let line = 1
  let last = -1
  return (pos: number): { line: number; column: number } => {
    if (pos < at) return lineCol(s, pos)
    for (; at < pos && at < s.length; at++)
      if (s.charCodeAt(at) === 10) {
        line++
        last = at
      }
    return { line, column: pos - last }
  }
}

/** Well-formed XML 1.0 subset (elements, attributes, text, entities, comments, CDATA, PIs; no DOCTYPE) → its root element. */
export function parseXml(src: string): XmlElement {
  let i = src.charCodeAt(0) === 0xfeff ? 1 : 0
  const n = src.length
  const where = lineCounter(src)
  const fail = (detail: string, at = i): never => {
    throw new XmlError(detail, at)
  }
  const startsWith = (t: string) => src.startsWith(t, i)
  const decode = (raw: string, at: number): string =>
    raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g, (_m, e: string | undefined, off: number) => {
      if (e === undefined) return fail("'&' must start an entity reference", at + off)
      if (e.startsWith("#x")) return String.fromCodePoint(parseInt(e.slice(2), 16))
      if (e.startsWith("#")) return String.fromCodePoint(parseInt(e.slice(1), 10))
      const v = ENTITIES[e]
      return v ?? fail(`unknown entity &${e};`, at + off)
    })
  const skipMisc = () => {
    for (;;) {
      while (i < n && /\s/.test(src[i]!)) i++
      if (startsWith("<!--")) {
        const e = src.indexOf("-->", i + 4)
        if (e < 0) fail("comment not closed")
        i = e + 3
        continue
      }
      if (startsWith("<?")) {
        const e = src.indexOf("?>", i + 2)
        if (e < 0) fail("processing instruction not closed")
        i = e + 2
        continue
      }
      if (startsWith("<!DOCTYPE") || startsWith("<!doctype")) fail("DOCTYPE is not allowed")
      return
    }
  }
  const name = (): string => {
    const s = i
    if (i >= n || !NAME_START.test(src[i]!)) fail("a name was expected")
    while (i < n && NAME_CHAR.test(src[i]!)) i++
    return src.slice(s, i)
  }
  const element = (): XmlElement => {
    const at = i
    i++ // <
    const tag = name()
    const attrs = new Map<string, string>()
    for (;;) {
      const ws = i
      while (i < n && /\s/.test(src[i]!)) i++
      if (i >= n) fail(`tag <${tag}> not closed`)
      if (startsWith("/>")) {
        i += 2
        return { name: tag, attrs, children: [], text: "", ...where(at) }
      }
      if (src[i] === ">") {
        i++
        break
      }
      if (ws === i) fail("whitespace expected between attributes")
      const aAt = i
      const a = name()
      while (i < n && /\s/.test(src[i]!)) i++
      if (src[i] !== "=") fail(`'=' expected after attribute ${a}`)
      i++
      while (i < n && /\s/.test(src[i]!)) i++
      const q = src[i]
      if (q !== '"' && q !== "'") fail(`attribute ${a}: quoted value expected`)
      const vs = i + 1
      const ve = src.indexOf(q!, vs)
      if (ve < 0) fail(`attribute ${a}: value not closed`)
      const raw = src.slice(vs, ve)
      const lt = raw.indexOf("<")
      if (lt >= 0) fail(`attribute ${a}: '<' is not allowed in a value`, vs + lt)
      if (attrs.has(a)) fail(`attribute ${a} repeated`, aAt)
      attrs.set(a, decode(raw, vs))
      i = ve + 1
    }
    const el: XmlElement = { name: tag, attrs, children: [], text: "", ...where(at) }
    for (;;) {
      if (i >= n) fail(`element <${tag}> not closed`, at)
      const lt = src.indexOf("<", i)
      if (lt < 0) {
        i = n
        fail(`element <${tag}> not closed`, at)
      }
      if (lt > i) {
        el.text += decode(src.slice(i, lt), i)
        i = lt
      }
      if (startsWith("</")) {
        i += 2
        const close = name()
        if (close !== tag) fail(`</${close}> does not close <${tag}>`)
        while (i < n && /\s/.test(src[i]!)) i++
        if (src[i] !== ">") fail("'>' expected")
        i++
        return el
      }
      if (startsWith("<!--")) {
        const e = src.indexOf("-->", i + 4)
        if (e < 0) fail("comment not closed")
        i = e + 3
        continue
      }
      if (startsWith("<![CDATA[")) {
        const e = src.indexOf("]]>", i + 9)
        if (e < 0) fail("CDATA not closed")
        el.text += src.slice(i + 9, e)
        i = e + 3
        continue
      }
      if (startsWith("<?")) {
        const e = src.indexOf("?>", i + 2)
        if (e < 0) fail("processing instruction not closed")
        i = e + 2
        continue
      }
      el.children.push(element())
    }
  }
  skipMisc()
  if (i >= n || src[i] !== "<") fail("the document has no root element")
  const root = element()
  skipMisc()
  if (i < n) fail("content after the root element")
  return root
}

export const REPORT_ROOT = "relatorioApostas"
export const REPORT_VERSION = "1.0"
const BET_TYPES = new Set(["esportiva", "virtual"])
const BET_ATTRS = new Set(["id", "tipo", "valorApostado", "valorPremio", "dataHora"])
const ROOT_ATTRS = new Set(["versao", "data", "cnpj"])

type Check = { ok: true; bets: number; staked: number; prizes: number } | ReportProblem

/** The report's schema (docs/betting-report.md) over a parsed document; `date` = the report date picked, when known. */
export function validateReportXml(root: XmlElement, date?: string): Check {
  const bad = (el: XmlElement, detail: string, code: ReportCheckCode = "XML_SCHEMA"): ReportProblem => ({
    ok: false,
    code,
    detail,
    line: el.line,
    column: el.column
  })
  if (root.name !== REPORT_ROOT) return bad(root, `the root element must be <${REPORT_ROOT}>, not <${root.name}>`)
  for (const a of root.attrs.keys()) if (!ROOT_ATTRS.has(a)) return bad(root, `unknown attribute ${a} on <${REPORT_ROOT}>`)
  if (root.attrs.get("versao") !== REPORT_VERSION) return bad(root, `versao must be "${REPORT_VERSION}"`)
  const d = root.attrs.get("data") ?? ""
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return bad(root, "data must be a date YYYY-MM-DD")
  if (date !== undefined && d !== date) return bad(root, `data ${d} is not the report date ${date}`, "DATE_MISMATCH")
  if (!/^\d{14}$/.test(root.attrs.get("cnpj") ?? "")) return bad(root, "cnpj must be 14 digits")
  if (root.text.trim() !== "") return bad(root, "text is not allowed in <relatorioApostas>")
  const ids = new Set<string>()
  let staked = 0
  let prizes = 0
  for (const b of root.children) {
    if (b.name !== "aposta") return bad(b, `only <aposta> elements are allowed, not <${b.name}>`)
    for (const a of b.attrs.keys()) if (!BET_ATTRS.has(a)) return bad(b, `unknown attribute ${a} on <aposta>`)
    for (const a of BET_ATTRS) if (!b.attrs.has(a)) return bad(b, `<aposta> needs the attribute ${a}`)
    const id = b.attrs.get("id") ?? ""
    if (id.trim() === "") return bad(b, "id must not be empty")
    if (ids.has(id)) return bad(b, `id ${id} repeated`)
    ids.add(id)
    if (!BET_TYPES.has(b.attrs.get("tipo") ?? "")) return bad(b, "tipo must be esportiva or virtual")
    for (const a of ["valorApostado", "valorPremio"]) if (!/^\d{1,15}$/.test(b.attrs.get(a) ?? "")) return bad(b, `${a} must be a whole number of centavos`)
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([.]\d+)?(Z|[+-]\d{2}:\d{2})$/.test(b.attrs.get("dataHora") ?? ""))
      return bad(b, "dataHora must be an ISO 8601 date-time with its offset")
    if (b.children.length > 0 || b.text.trim() !== "") return bad(b, "<aposta> must be empty")
    staked += Number(b.attrs.get("valorApostado"))
    prizes += Number(b.attrs.get("valorPremio"))
  }
  return { ok: true, bets: ids.size, staked, prizes }
}

/** Parse and validate one XML text. */
export function checkReportXml(text: string, date?: string): Check {
  let root: XmlElement
  try {
    root = parseXml(text)
  } catch (e) {
    if (e instanceof XmlError) return { ok: false, code: "XML_MALFORMED", detail: e.detail, ...lineCol(text, e.pos) }
    throw e
  }
  return validateReportXml(root, date)
}

// ── ZIP ──────────────────────────────────────────────────────────────────────

export interface ZipEntry {
  readonly name: string
  readonly method: number
  readonly compressedSize: number
  readonly size: number
  readonly offset: number
}
export type Inflate = (deflated: Uint8Array) => Promise<Uint8Array>

const u16 = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8)
const u32 = (b: Uint8Array, o: number) => (u16(b, o) | (u16(b, o + 2) << 16)) >>> 0

export const isZip = (b: Uint8Array): boolean => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04

/** The central directory's entries (no ZIP64, no encryption). Throws with a reason on a broken archive. */
export function zipEntries(b: Uint8Array): ZipEntry[] {
  let eocd = -1
  for (let o = b.length - 22; o >= Math.max(0, b.length - 22 - 65535); o--)
    if (u32(b, o) === 0x06054b50) {
      eocd = o
      break
    }
  if (eocd < 0) throw new Error("end of central directory not found")
  const count = u16(b, eocd + 10)
  let p = u32(b, eocd + 16)
  const out: ZipEntry[] = []
  for (let k = 0; k < count; k++) {
    if (u32(b, p) !== 0x02014b50) throw new Error("central directory entry broken")
    const flags = u16(b, p + 8)
    const method = u16(b, p + 10)
    const compressedSize = u32(b, p + 20)
    const size = u32(b, p + 24)
    const nameLen = u16(b, p + 28)
    const extraLen = u16(b, p + 30)
    const commentLen = u16(b, p + 32)
    const offset = u32(b, p + 42)
    const name = new TextDecoder().decode(b.subarray(p + 46, p + 46 + nameLen))
    if (flags & 1) throw new Error(`${name}: encrypted entries are not accepted`)
    if (compressedSize === 0xffffffff || offset === 0xffffffff) throw new Error("ZIP64 is not accepted")
    out.push({ name, method, compressedSize, size, offset })
    p += 46 + nameLen + extraLen + commentLen
  }
  return out
}

export async function zipEntryData(b: Uint8Array, e: ZipEntry, inflate: Inflate): Promise<Uint8Array> {
  if (u32(b, e.offset) !== 0x04034b50) throw new Error(`${e.name}: local header broken`)
  const start = e.offset + 30 + u16(b, e.offset + 26) + u16(b, e.offset + 28)
  const raw = b.subarray(start, start + e.compressedSize)
  if (e.method === 0) return raw
  if (e.method === 8) return inflate(raw)
  throw new Error(`${e.name}: compression method ${e.method} is not accepted`)
}

const isXmlName = (n: string) => /\.xml$/i.test(n) && !n.endsWith("/") && !n.startsWith("__MACOSX/")

/** A whole report file (XML, or a ZIP of XML files): every XML well-formed and matching the schema. */
export async function checkReportFile(bytes: Uint8Array, inflate: Inflate, date?: string): Promise<ReportCheck> {
  if (bytes.length === 0) return { ok: false, code: "EMPTY_FILE", detail: "the file is empty" }
  if (isZip(bytes)) {
    let entries: ZipEntry[]
    try {
      entries = zipEntries(bytes)
    } catch (e) {
      return { ok: false, code: "ZIP_INVALID", detail: (e as Error).message }
    }
    const xmls = entries.filter((e) => isXmlName(e.name))
    if (xmls.length === 0) return { ok: false, code: "ZIP_NO_XML", detail: "the ZIP holds no .xml file" }
    let bets = 0,
      staked = 0,
      prizes = 0
    for (const e of xmls) {
      let data: Uint8Array
      try {
        data = await zipEntryData(bytes, e, inflate)
      } catch (err) {
        return { ok: false, code: "ZIP_INVALID", detail: (err as Error).message, entry: e.name }
      }
      const r = checkReportXml(new TextDecoder().decode(data), date)
      if (!r.ok) return { ...r, entry: e.name }
      bets += r.bets
      staked += r.staked
      prizes += r.prizes
    }
    return { ok: true, files: xmls.length, bets, staked, prizes }
  }
  const text = new TextDecoder().decode(bytes)
  if (
    !text
      .replace(/^\ufeff/, "")
      .trimStart()
      .startsWith("<")
  )
    return { ok: false, code: "NOT_XML_OR_ZIP", detail: "the file is neither XML nor ZIP" }
  const r = checkReportXml(text, date)
  return r.ok ? { ok: true, files: 1, bets: r.bets, staked: r.staked, prizes: r.prizes } : r
}
