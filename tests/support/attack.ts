/**
 * Aids of the attack suite generated from the contract (issue 30 item 2, tests/integration/attack/): one request
 * built from an endpoint definition of schema/api.ts with any headers, query and raw body; a tally of cases
 * (refused as expected, let through as expected, anything else — with an explicit allow-list); request bodies
 * made from an endpoint's body Schema (a plausible one, one with a field of the wrong type); callers with
 * forged, expired and tampered tokens.
 */
import { createHmac, randomBytes } from "node:crypto"
import { expect } from "vitest"
import { Schema, type SchemaAST } from "effect"
import { api, fillPath, type EndpointDef, type EndpointId } from "../../schema/api.ts"
import { ERROR_KEYS } from "../../schema/errors.ts"
import { makeBankSlipLine } from "../../schema/boleto.ts"
import { PIX_LIMIT_TYPE_IDS } from "../../schema/pix-limits.ts"
import { signAccessToken } from "../../sandbox/tokens.ts"
import type { Sandbox } from "../../sandbox/server.ts"
import type { Session } from "./sandbox-client.ts"

export const ALL_IDS = Object.keys(api) as EndpointId[]
export const defOf = (id: EndpointId): EndpointDef => api[id] as EndpointDef
export const pathParams = (d: EndpointDef): string[] => [...d.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
export const CATALOGUE = new Set<string>(ERROR_KEYS)

export interface Shot {
  readonly status: number
  readonly json: unknown
  readonly key: string | undefined
  readonly text: string
}

export interface ShotOptions {
  readonly token?: string
  readonly green?: boolean
  readonly wallet?: string
  readonly params?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, string>>
  /** A JSON value (stringified) or, as `raw`, the exact text sent. */
  readonly body?: unknown
  readonly raw?: string
  readonly tx?: boolean
}

/** One request to the sandbox for an endpoint of the contract (path params filled, a transaction-uuid when the call takes one). */
export const shoot = async (base: string, d: EndpointDef, o: ShotOptions = {}): Promise<Shot> => {
  const params: Record<string, string> = {}
  for (const p of pathParams(d)) params[p] = o.params?.[p] ?? crypto.randomUUID()
  const url = new URL(base + fillPath(d.path, params))
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.append(k, v)
  const headers: Record<string, string> = { "content-type": "application/json", language: "en" }
  if (o.token !== undefined) headers["authorization"] = `Bearer ${o.token}`
  if (o.green === true) headers["server-type"] = "green"
  if (o.wallet !== undefined) headers["wallet-uuid"] = o.wallet
  if (o.tx ?? d.transaction === true) headers["transaction-uuid"] = crypto.randomUUID()
  const body = d.method === "GET" ? undefined : o.raw !== undefined ? o.raw : o.body === undefined ? undefined : JSON.stringify(o.body)
  const send = (): Promise<Response> => fetch(url, { method: d.method, headers, ...(body !== undefined ? { body } : {}) })
  let res: Response
  try {
    res = await send()
  } catch {
    // a kept-alive connection the server had just closed: once more on a fresh one; then "dropped" (status 0)
    try {
      res = await send()
    } catch (e) {
      return { status: 0, json: null, key: undefined, text: `connection dropped without an answer (${String((e as Error).cause ?? e)})` }
    }
  }
  const text = await res.text()
  let json: unknown = null
  try {
    json = text === "" ? null : (JSON.parse(text) as unknown)
  } catch {
    json = text
  }
  const key = (json as { error?: { key?: unknown } } | null)?.error?.key
  return { status: res.status, json, key: typeof key === "string" ? key : undefined, text }
}

const counted = new WeakSet<object>()
/**
 * The rows written and committed since the sandbox opened (a refusal must not move it). Counted by temporary triggers
 * on every table, whose counters roll back with the request's transaction: SQLite's `total_changes()` also counts the
 * writes of a transaction rolled back (a PIN token spent by a call its handler then refused, issue 30 item 3).
 */
export const changes = (sb: Sandbox): number => {
  const db = sb.db
  if (!counted.has(db)) {
    counted.add(db)
    db.exec("CREATE TEMP TABLE IF NOT EXISTS attack_writes (name TEXT PRIMARY KEY, n INTEGER NOT NULL)")
    const tables = db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as Array<{ name: string }>
    for (const { name } of tables)
      for (const op of ["INSERT", "UPDATE", "DELETE"])
        db.exec(
          `CREATE TEMP TRIGGER IF NOT EXISTS "attack_${name}_${op}" AFTER ${op} ON main."${name}" BEGIN
             INSERT INTO attack_writes (name, n) VALUES ('${name}', 1) ON CONFLICT(name) DO UPDATE SET n = n + 1; END`
        )
  }
  return (db.prepare("SELECT coalesce(sum(n), 0) AS n FROM temp.attack_writes").get() as { n: number }).n
}
/** The tables written so far, with their counts (to name what a refusal wrote). */
export const written = (sb: Sandbox): Record<string, number> =>
  Object.fromEntries((sb.db.prepare("SELECT name, n FROM temp.attack_writes").all() as Array<{ name: string; n: number }>).map((r) => [r.name, r.n]))

/**
 * The counts of one matrix: every case is refused as expected, let through as expected, or anything else; anything
 * else is allowed only by an entry of the allow-list (case label → why), and an allow-list entry that no longer
 * matches is itself reported (a hole fixed: take its entry out).
 */
export class Tally {
  cases = 0
  refused = 0
  passed = 0
  readonly other: string[] = []
  readonly allowed: string[] = []
  private readonly hits = new Set<string>()
  constructor(
    readonly name: string,
    private readonly allowList: Readonly<Record<string, string>> = {},
    /** false: an entry may stop matching without failing (a hole in code still being written, fixed any day) */
    private readonly staleFails = true
  ) {}
  refusedOk(): void {
    this.cases++
    this.refused++
  }
  passedOk(): void {
    this.cases++
    this.passed++
  }
  /** Anything else: `label` is matched against the allow-list by prefix (`<endpoint> <caller>`). */
  wrong(label: string, detail: string): void {
    this.cases++
    const entry = Object.keys(this.allowList).find((k) => label === k || label.startsWith(`${k} `))
    if (entry !== undefined) {
      this.hits.add(entry)
      this.allowed.push(`${label}: ${detail} (allow-listed: ${this.allowList[entry]})`)
    } else this.other.push(`${label}: ${detail}`)
  }
  summary(): string {
    return `[attack] ${this.name}: ${this.cases} cases, ${this.refused} refused as expected, ${this.passed} let through as expected, ${this.other.length + this.allowed.length} anything else (${this.allowed.length} allow-listed)`
  }
  /** Prints the summary line and asserts that nothing unexplained is left and every allow-list entry still matches. */
  check(minCases: number): void {
    console.log(this.summary())
    for (const a of this.allowed) console.log(`[attack]   allow-listed: ${a}`)
    expect(this.other, this.summary()).toEqual([])
    const stale = Object.keys(this.allowList).filter((k) => !this.hits.has(k))
    if (!this.staleFails && stale.length > 0)
      console.log(`[attack] ${this.name}: allow-list entries no longer matching (fixed? take them out): ${stale.join(", ")}`)
    expect(this.staleFails ? stale : [], `${this.name}: allow-list entries that no longer match (fixed? take them out)`).toEqual([])
    expect(this.cases).toBeGreaterThanOrEqual(minCases)
  }
}

/** A 4xx answer with the catalogue's body (schema/errors.ts ErrorBody): a key of the catalogue and the answer's own status. */
export const catalogueRefusal = (s: Shot): boolean =>
  s.status >= 400 &&
  s.status < 500 &&
  s.key !== undefined &&
  CATALOGUE.has(s.key) &&
  (s.json as { error?: { status?: unknown } } | null)?.error?.status === s.status
export const describeShot = (s: Shot): string => `${s.status} ${s.key ?? s.text.slice(0, 80)}`

/** One case of a matrix: a call and how its answer is judged ("refused" / "passed" as expected, or what is wrong). */
export interface Case {
  readonly label: string
  readonly d: EndpointDef
  readonly o: ShotOptions
  readonly judge: (s: Shot) => "refused" | "passed" | string
  /** The call must write nothing (a refusal): checked with SQLite's change count around its batch. */
  readonly noWrite: boolean
}

/**
 * Runs the cases `concurrency` at a time into the tally. A batch of no-write cases that wrote is run again one by one
 * to name the call that wrote (so the count is exact while the run stays short).
 */
export const runCases = async (sb: Sandbox, t: Tally, cases: ReadonlyArray<Case>, concurrency = 12): Promise<void> => {
  const record = (c: Case, s: Shot, wrote: boolean): void => {
    const v = c.judge(s)
    if (wrote && c.noWrite) t.wrong(c.label, `${describeShot(s)} (wrote${/\[wrote [^\]]*\]$/.exec(s.text)?.[0] ?? ""})`)
    else if (v === "refused") t.refusedOk()
    else if (v === "passed") t.passedOk()
    else t.wrong(c.label, v)
  }
  for (let i = 0; i < cases.length; i += concurrency) {
    const batch = cases.slice(i, i + concurrency)
    const before = changes(sb)
    const shots = await Promise.all(batch.map((c) => shoot(sb.url, c.d, c.o)))
    const wrote = changes(sb) !== before
    if (wrote && batch.some((c) => c.noWrite)) {
      for (const c of batch) {
        const b = changes(sb)
        const w = written(sb)
        const s = await shoot(sb.url, c.d, c.o)
        const after = written(sb)
        const tables = Object.keys(after).filter((k) => after[k] !== w[k])
        let wrote = changes(sb) !== b
        if (wrote && c.noWrite) {
          // once more: a write of the sandbox's own timers (schedules, cut-offs) in the same instant is not the call's
          const again = changes(sb)
          await shoot(sb.url, c.d, c.o)
          wrote = changes(sb) !== again
        }
        record(c, { ...s, text: `${s.text} [wrote ${tables.join(", ")}]` }, wrote)
      }
    } else batch.forEach((c, j) => record(c, shots[j]!, false))
  }
}

// ── bodies made from an endpoint's body Schema ─────────────────────────────────────────────────────────────

interface Ast {
  readonly _tag: string
  readonly propertySignatures?: ReadonlyArray<{ readonly name: PropertyKey; readonly type: Ast }>
  readonly types?: ReadonlyArray<Ast>
  readonly literal?: unknown
  readonly rest?: ReadonlyArray<Ast>
  readonly context?: { readonly isOptional?: boolean }
}
const astOf = (s: unknown): Ast | undefined => (s as { ast?: Ast } | undefined)?.ast

const DATE_LIKE = /date|_until|^day$/
/** Values that pass common rules of the contract (D-rules-on-contract): a CPF (also a Pix key and a document), a name, a PIN, a boleto line, a Pix limit type; a month, a year. */
const RULED_CANDIDATES: ReadonlyArray<string | number> = [
  "11144477735",
  "Ana Souza",
  "1234",
  "2026-01-15",
  makeBankSlipLine({ bank: "001", amountCents: 10_000, dueFactor: 0 }),
  PIX_LIMIT_TYPE_IDS.pix_others,
  1,
  2026
]
/** The first value the field's rules admit, trying `plain` first: a sample body breaks no rule, so a case tests one thing. */
const admitted = <T extends string | number>(a: Ast, plain: T): T => {
  if (((a as { checks?: ReadonlyArray<unknown> }).checks ?? []).length === 0) return plain
  const is = Schema.is(Schema.make(a as unknown as SchemaAST.AST) as Schema.Codec<unknown, unknown>)
  return ([plain, ...RULED_CANDIDATES].find((v) => typeof v === typeof plain && is(v)) as T | undefined) ?? plain
}
/** A value of the field's type that a handler would plausibly take (`idValue` for fields naming another record). */
const sampleOf = (a: Ast, name: string, idValue: string | undefined, depth = 0): unknown => {
  if (depth > 4) return null
  switch (a._tag) {
    case "String":
      if (idValue !== undefined && (name === "id" || name.endsWith("_id"))) return idValue
      return admitted(a, DATE_LIKE.test(name) ? "2026-01-15" : name === "time" ? "10:00" : "x")
    case "Number":
      return admitted(a, 100)
    case "Boolean":
      return true
    case "Literal":
      return a.literal
    case "Null":
      return null
    case "Union":
      return a.types?.[0] === undefined ? null : sampleOf(a.types[0], name, idValue, depth + 1)
    case "Arrays":
      return []
    case "Objects": {
      const o: Record<string, unknown> = {}
      for (const p of a.propertySignatures ?? [])
        if (p.type.context?.isOptional !== true) o[String(p.name)] = sampleOf(p.type, String(p.name), idValue, depth + 1)
      return o
    }
    default:
      return "x"
  }
}

/** The required fields of a body with plausible values (the first alternative of a union body). */
export const sampleBody = (d: EndpointDef, idValue?: string): Record<string, unknown> => {
  const a = astOf(d.body)
  if (a === undefined) return {}
  const v = sampleOf(a, "", idValue)
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
}

/** A body's declared top-level fields (the first alternative of a union body) with their ASTs. */
export const bodyFields = (d: EndpointDef): ReadonlyArray<{ readonly name: string; readonly ast: Ast; readonly optional: boolean }> => {
  let a = astOf(d.body)
  if (a?._tag === "Union") a = a.types?.[0]
  return (a?.propertySignatures ?? []).map((p) => ({ name: String(p.name), ast: p.type, optional: p.type.context?.isOptional === true }))
}

/** A value of a JSON type the field does not accept (undefined when the field takes anything). */
export const wrongTypeOf = (a: Ast): unknown => {
  const tags = new Set<string>(a._tag === "Union" ? (a.types ?? []).map((t) => t._tag) : [a._tag])
  if (tags.has("Unknown") || tags.has("Any")) return undefined
  if (!tags.has("Number") && !tags.has("Literal")) return 12345
  if (!tags.has("String") && !tags.has("Literal")) return "12345"
  if (!tags.has("Objects")) return { nested: true }
  return undefined
}

/** Query fields of an endpoint (Struct query). */
export const queryFields = (d: EndpointDef): string[] => (astOf(d.query)?.propertySignatures ?? []).map((p) => String(p.name))

// ── tokens ─────────────────────────────────────────────────────────────────────────────────────────────────

const b64 = (o: unknown): string => Buffer.from(JSON.stringify(o)).toString("base64url")
const partsOf = (t: string): [string, string, string] => t.split(".") as [string, string, string]

/**
 * The bad bearer tokens of the matrix, each with why it must be refused (401): none, forged (another key), expired,
 * tampered in every part (claims swapped to another user, expiry pushed, alg none, signature stripped or flipped), a
 * refresh token in its place, a well-signed token of a user that does not exist, and garbage.
 */
export const badTokens = (sb: Sandbox, victim: Session, other: Session): ReadonlyArray<readonly [string, string | undefined]> => {
  const secret = sb.admin.ctx.secret
  const now = Date.now()
  const [h, p, s] = partsOf(victim.accessToken)
  const claims = JSON.parse(Buffer.from(p, "base64url").toString("utf8")) as Record<string, unknown>
  const expired = signAccessToken(secret, victim.userId, now - 3 * 3600_000, 60)
  const [eh, ep, es] = partsOf(expired)
  const expClaims = JSON.parse(Buffer.from(ep, "base64url").toString("utf8")) as Record<string, unknown>
  const flip = (sig: string): string => sig.slice(0, 10) + (sig[10] === "A" ? "B" : "A") + sig.slice(11)
  const resign = (header: string, payload: string, key: Buffer): string =>
    `${header}.${payload}.${createHmac("sha256", key).update(`${header}.${payload}`).digest("base64url")}`
  return [
    ["no token", undefined],
    ["forged (another key)", signAccessToken(randomBytes(32), victim.userId, now, 3600)],
    ["expired", expired],
    ["tampered: claims of another user, signature kept", `${h}.${b64({ ...claims, id: other.userId, sub: other.userId })}.${s}`],
    ["tampered: expiry pushed, signature kept", `${eh}.${b64({ ...expClaims, exp: Math.floor(now / 1000) + 3600 })}.${es}`],
    ["tampered: alg none, no signature", `${b64({ alg: "none", typ: "JWT" })}.${p}.`],
    ["tampered: signature stripped", `${h}.${p}.`],
    ["tampered: signature flipped", `${h}.${p}.${flip(s)}`],
    ["tampered: HS256 with an empty key", resign(h, b64({ ...claims, id: other.userId }), Buffer.alloc(0))],
    ["refresh token as bearer", victim.refreshToken],
    ["well signed, unknown user", signAccessToken(secret, crypto.randomUUID(), now, 3600)]
  ]
}
