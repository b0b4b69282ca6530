/**
 * A small typed client of the sandbox for integration tests and benchmarks: sign-in with the
 * e-mailed code (read from `GET /__admin/codes`; or a fixed code when given and the sandbox runs with it), calls by endpoint id from schema/api.ts with the headers of spec core §6/§7
 * (bearer, server-type for green users, wallet-uuid, transaction-uuid, language), responses
 * decoded with the endpoint's response Schema, error bodies with ErrorBody.
 */
import { randomUUID } from "node:crypto"
import { Schema } from "effect"
import { api, fillPath, type EndpointDef, type EndpointId } from "../../schema/api.ts"
import { ErrorBody } from "../../schema/errors.ts"
import { adminApi, type AdminEndpointId } from "../../schema/api-admin.ts"

export interface Session {
  readonly email: string
  readonly userId: string
  readonly accessToken: string
  readonly refreshToken: string
  readonly serverType: "green" | "blue"
}

export interface CallOptions {
  readonly as?: Session
  readonly wallet?: string
  /** A transaction-uuid; `true` makes a fresh one, `false` sends none. Left out, a transaction endpoint gets a fresh one. */
  readonly tx?: string | boolean
  readonly params?: Readonly<Record<string, string>>
  readonly query?: Readonly<Record<string, string | number | undefined>>
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
  /** Omit the server-type header even for a green user. */
  readonly noServerType?: boolean
}

export interface Raw {
  readonly status: number
  readonly headers: Headers
  readonly json: unknown
}

type Resp<K extends EndpointId> = (typeof api)[K]["response"]["Type"]
type AdminResp<K extends AdminEndpointId> = (typeof adminApi)[K]["response"]["Type"]

const decodeClaims = (token: string): { id: string } => JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as { id: string }

export class SandboxClient {
  constructor(
    readonly base: string,
    /** A code the sandbox was started to accept (`fixedCode` / `--fixed-code`); null: the e-mailed one, from the admin routes. */
    readonly fixedCode: string | null = null
  ) {}

  /** The last code "e-mailed" to an address (the sandbox runs with admin on). */
  async sentCode(email: string): Promise<string> {
    const code = (await this.admin("codes", { query: { email } })).data.code
    if (code === null) throw new Error(`no code sent to ${email}`)
    return code
  }

  private async send(d: EndpointDef, o: CallOptions): Promise<Raw> {
    const url = new URL(this.base + fillPath(d.path, o.params ?? {}))
    for (const [k, v] of Object.entries(o.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    const headers: Record<string, string> = { "content-type": "application/json", language: "pt-BR", ...(o.headers ?? {}) }
    if (o.as !== undefined) {
      headers["authorization"] = `Bearer ${o.as.accessToken}`
      if (o.as.serverType === "green" && o.noServerType !== true) headers["server-type"] = "green"
    }
    if (o.wallet !== undefined) headers["wallet-uuid"] = o.wallet
    const tx = o.tx ?? d.transaction === true
    if (tx !== false) headers["transaction-uuid"] = tx === true ? randomUUID() : tx
    const res = await fetch(url, {
      method: d.method,
      headers,
      ...(o.body !== undefined && d.method !== "GET" ? { body: JSON.stringify(o.body) } : {})
    })
    const text = await res.text()
    let json: unknown = null
    try {
      json = text === "" ? null : (JSON.parse(text) as unknown)
    } catch {
      json = text
    }
    return { status: res.status, headers: res.headers, json }
  }

  /** Any answer, undecoded. */
  raw<K extends EndpointId>(id: K, o: CallOptions = {}): Promise<Raw> {
    return this.send(api[id], o)
  }

  /** A 2xx answer decoded with the endpoint's response Schema (throws otherwise). */
  async ok<K extends EndpointId>(id: K, o: CallOptions = {}): Promise<Resp<K>> {
    const r = await this.send(api[id], o)
    if (r.status < 200 || r.status > 299) throw new Error(`${id}: expected 2xx, got ${r.status} ${JSON.stringify(r.json)}`)
    return Schema.decodeUnknownSync(api[id].response as unknown as Schema.Codec<Resp<K>, unknown>)(r.json)
  }

  /** An error answer: its status and the decoded catalogue body. */
  async err<K extends EndpointId>(id: K, o: CallOptions = {}): Promise<{ status: number; body: ErrorBody; headers: Headers }> {
    const r = await this.send(api[id], o)
    if (r.status >= 200 && r.status <= 299) throw new Error(`${id}: expected an error, got ${r.status} ${JSON.stringify(r.json)}`)
    return { status: r.status, body: Schema.decodeUnknownSync(ErrorBody)(r.json), headers: r.headers }
  }

  async admin<K extends AdminEndpointId>(id: K, o: { body?: unknown; query?: Readonly<Record<string, string>> } = {}): Promise<AdminResp<K>> {
    const d: EndpointDef = adminApi[id]
    const r = await this.send(d, o)
    if (r.status !== 200) throw new Error(`admin ${id}: ${r.status} ${JSON.stringify(r.json)}`)
    return Schema.decodeUnknownSync(d.response as unknown as Schema.Codec<AdminResp<K>, unknown>)(r.json)
  }

  /** E-mail + password → code (the e-mailed one, or the fixed one when given) → tokens (core §7 sign-in). */
  /** Sign in seeded users by their first names (`"ana"` → ana@example.com), at once, in order. */
  async loginAll<const N extends ReadonlyArray<string>>(names: N): Promise<{ -readonly [K in keyof N]: Session }> {
    return (await Promise.all(names.map((n) => this.login(`${n}@example.com`)))) as { -readonly [K in keyof N]: Session }
  }

  async login(email: string, password = "Senha@123"): Promise<Session> {
    const s = await this.ok("signin", { body: { email, password } })
    // this sign-in's own code (`code:<otp_id>`), not the address's last: two sign-ins of one user at once each get theirs
    const t = await this.ok("sessionSignin", { body: { otp_id: s.data.otp_id, code: this.fixedCode ?? (await this.sentCode(`code:${s.data.otp_id}`)) } })
    const userId = decodeClaims(t.data.access_token).id
    const partial: Session = { email, userId, accessToken: t.data.access_token, refreshToken: t.data.refresh_token, serverType: "blue" }
    // the profile call itself needs server-type for green users: try green first, it is harmless for blue users
    const p = await this.ok("profile", { as: { ...partial, serverType: "green" } })
    return { ...partial, serverType: p.data.server_type }
  }

  /** A pin_token for sensitive calls (features §2). */
  async pinToken(as: Session, pin = "1234"): Promise<string> {
    return (await this.ok("verifyPin", { as, body: { pin } })).data.pin_token
  }
}
