/**
 * Access and bad input at the sandbox's edges, generated from the contract (schema/api.ts), so a
 * route is covered the day it is added (issue 18; spec core §6 roles, §7 call rules, §8 error
 * catalogue):
 * - the access matrix: every authenticated route × {no token, expired token, forged token,
 *   another user's token on a wallet that is not theirs, a role without the route's permission}
 *   answers 401/403 with the catalogue's body and writes nothing (committed writes, counted by triggers);
 * - every request body fuzzed (wrong types, missing and extra fields, huge strings, emoji, HTML and
 *   script text, negative and fractional money, far dates): never a 500; a refusal is a 4xx with a
 *   catalogue key and writes nothing;
 * - sign-in throttling (docs/decisions.md D-signin-lock): wrong passwords are slowed, then locked.
 */
import { randomBytes, randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Schema } from "effect"
import { api, type EndpointDef, type EndpointId } from "../../schema/api.ts"
import { ERROR_KEYS } from "../../schema/errors.ts"
import { actionsForTypes, hasPermission } from "../../schema/permissions.ts"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { signAccessToken } from "../../sandbox/tokens.ts"
import { changes as committedWrites } from "../support/attack.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session, bruno: Session, helena: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]
const KEYS = new Set<string>(ERROR_KEYS)

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0 })
  cl = new SandboxClient(sb.url)
  ;[ana, bruno, helena] = await cl.loginAll(["ana", "bruno", "helena"])
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

// committed writes only (tests/support/attack.ts): total_changes() also counts a rolled-back transaction's writes, such as
// the PIN token a refused sensitive call spent and gave back (issue 30 item 3)
const changes = (): number => committedWrites(sb)
const authed = (Object.keys(api) as EndpointId[]).filter((id) => (api[id] as EndpointDef).auth !== false)
const paramsOf = (d: EndpointDef): Record<string, string> => Object.fromEntries([...d.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, randomUUID()]))

/** One refused call: its status, a catalogue body, and no write. */
async function refused(id: EndpointId, headers: Record<string, string>, wallet: string | undefined, expected: number): Promise<string | null> {
  const d = api[id] as EndpointDef
  const before = changes()
  const r = await cl.raw(id, {
    headers,
    params: paramsOf(d),
    ...(wallet ? { wallet } : {}),
    ...(d.transaction ? { tx: true as const } : {}),
    ...(d.body !== undefined ? { body: {} } : {})
  })
  const key = (r.json as { error?: { key?: unknown } } | null)?.error?.key
  if (r.status !== expected) return `${id}: ${r.status} instead of ${expected}`
  if (typeof key !== "string" || !KEYS.has(key)) return `${id}: body without a catalogue key (${JSON.stringify(r.json)?.slice(0, 80)})`
  if (changes() !== before) return `${id}: wrote to the database while refusing`
  return null
}

describe("access matrix generated from the contract (core §6, §7, §8)", () => {
  it("spec core §7 every authenticated route refuses no token, an expired and a forged token with 401 and writes nothing", async () => {
    const ctx = sb.admin.ctx
    const expired = signAccessToken(ctx.secret, ana.userId, Date.now() - 3 * 3600_000, 60)
    const forged = signAccessToken(randomBytes(32), ana.userId, Date.now(), 3600)
    const cases: Array<[string, Record<string, string>]> = [
      ["no token", {}],
      ["expired", { authorization: `Bearer ${expired}`, "server-type": "green" }],
      ["forged", { authorization: `Bearer ${forged}`, "server-type": "green" }],
      ["garbage", { authorization: "Bearer a.b.c" }]
    ]
    const failures: string[] = []
    let tried = 0
    for (const id of authed) {
      for (const [name, headers] of cases) {
        tried++
        const f = await refused(id, headers, (api[id] as EndpointDef).wallet ? W.anaMain : undefined, 401)
        if (f) failures.push(`${name} ${f}`)
      }
    }
    expect(failures).toEqual([])
    expect(tried).toBe(authed.length * cases.length)
  })

  it("spec core §6 another user's valid token on a wallet that is not theirs: 403 on every wallet route, nothing written", async () => {
    const walletRoutes = authed.filter((id) => (api[id] as EndpointDef).wallet === true)
    expect(walletRoutes.length).toBeGreaterThan(10)
    const failures: string[] = []
    for (const id of walletRoutes) {
      const headers = { authorization: `Bearer ${bruno.accessToken}`, ...(bruno.serverType === "green" ? { "server-type": "green" } : {}) }
      const f = await refused(id, headers, W.anaMain, 403)
      if (f) failures.push(f)
    }
    expect(failures).toEqual([])
  })

  it("spec core §6 a role without the route's permission (Helena, CLIENT on Ana's wallet): 403 on every such route, nothing written", async () => {
    const client = actionsForTypes(["CLIENT"])
    const gated = authed.filter((id) => {
      const d = api[id] as EndpointDef
      return d.wallet === true && d.permission !== undefined && !hasPermission(client, d.permission)
    })
    expect(gated.length).toBeGreaterThan(5)
    const failures: string[] = []
    for (const id of gated) {
      const headers = { authorization: `Bearer ${helena.accessToken}`, ...(helena.serverType === "green" ? { "server-type": "green" } : {}) }
      const f = await refused(id, headers, W.anaMain, 403)
      if (f) failures.push(f)
    }
    expect(failures).toEqual([])
  })
})

/** Bad values for one field, by what it should hold. */
const BAD_VALUES: ReadonlyArray<unknown> = [
  null,
  12.5,
  -1,
  -100_000_000_000,
  1e308,
  "",
  "x".repeat(100_000),
  "😀💸🔥",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "9999-12-31T23:59:59Z",
  "0000-01-01",
  true,
  [],
  {},
  { $gt: "" },
  "'; DROP TABLE users; --"
]

describe("request bodies fuzzed from the contract (core §5, §8)", () => {
  it("spec core §8 every body: malformed input is a 4xx with a catalogue key, never a 500, and a refusal writes nothing", async () => {
    const pin = await cl.pinToken(ana)
    const withBody = (Object.keys(api) as EndpointId[]).filter((id) => (api[id] as EndpointDef).body !== undefined)
    const failures: string[] = []
    let tried = 0
    for (const id of withBody) {
      const d = api[id] as EndpointDef
      const ast = (d.body as unknown as { fields?: Record<string, unknown> }).fields
      const fields = ast ? Object.keys(ast) : []
      const bodies: unknown[] = [null, [], "text", 42, {}, { unexpected: "<b>x</b>" }]
      for (const f of fields) for (const v of BAD_VALUES) bodies.push({ [f]: v, ...(d.sensitive ? { pin_token: pin } : {}) })
      for (const body of bodies) {
        tried++
        const before = changes()
        const r = await cl.raw(id, {
          ...(d.auth === false ? {} : { as: ana }),
          params: paramsOf(d),
          body,
          ...(d.wallet ? { wallet: W.anaMain } : {}),
          ...(d.transaction ? { tx: true as const } : {})
        })
        if (r.status >= 500) failures.push(`${id} ${JSON.stringify(body)?.slice(0, 60)}: ${r.status}`)
        else if (r.status >= 400) {
          const key = (r.json as { error?: { key?: unknown } } | null)?.error?.key
          if (typeof key !== "string" || !KEYS.has(key)) failures.push(`${id}: ${r.status} without a catalogue key`)
          // a refused request leaves the data as it was (a counted wrong code or password is the one
          // deliberate write: attempts survive the refusal, core §8)
          else if (changes() !== before && !["INCORRECT_CODE", "INVALID_CREDENTIALS", "INCORRECT_PIN", "ATTEMPTS_EXCEEDED", "SIGNIN_LOCKED"].includes(key)) {
            failures.push(`${id} ${JSON.stringify(body)?.slice(0, 60)}: ${key} but wrote`)
          }
        }
      }
    }
    expect(failures).toEqual([])
    expect(tried).toBeGreaterThan(withBody.length * 6)
  }, 120_000)

  it("spec core §5 a well-formed body never needs a field it does not declare: Schema decoding keeps to the contract", () => {
    // the fuzz above is only as good as the contract's bodies being Structs it can list
    const withBody = (Object.keys(api) as EndpointId[]).filter((id) => (api[id] as EndpointDef).body !== undefined)
    const structs = withBody.filter(
      (id) => Schema.isSchema((api[id] as EndpointDef).body) && (api[id] as { body: { fields?: object } }).body.fields !== undefined
    )
    expect(structs.length / withBody.length).toBeGreaterThan(0.8)
  })
})

describe("sign-in throttling (core §8; D-signin-lock)", () => {
  it("spec core §8 wrong passwords are slowed after the 3rd: an immediate 4th try is 429 SIGNIN_SLOW_DOWN with Retry-After", async () => {
    const slow = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
    try {
      const c = new SandboxClient(slow.url)
      const tries = []
      for (let i = 0; i < 4; i++) tries.push(await c.raw("signin", { body: { email: "carla@example.com", password: "Errada@123" } }))
      expect(tries.slice(0, 3).map((r) => r.status)).toEqual([422, 422, 422])
      expect(tries[3]!.status).toBe(429)
      expect((tries[3]!.json as { error: { key: string } }).error.key).toBe("SIGNIN_SLOW_DOWN")
      expect(Number(tries[3]!.headers.get("retry-after"))).toBeGreaterThan(0)
    } finally {
      await slow.close()
    }
  })

  it("spec core §8 the 5th wrong password locks the account's sign-in: even the right password is then 429 SIGNIN_LOCKED", async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) statuses.push((await cl.raw("signin", { body: { email: "diego@example.com", password: `Errada@${i}` } })).status)
    expect(statuses).toEqual([422, 422, 422, 422, 429, 429, 429, 429])
    const right = await cl.raw("signin", { body: { email: "diego@example.com", password: "Senha@123" } })
    expect(right.status).toBe(429)
    expect((right.json as { error: { key: string } }).error.key).toBe("SIGNIN_LOCKED")
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(60)
    // an unknown e-mail is throttled the same way (no account enumeration)
    const ghost: number[] = []
    for (let i = 0; i < 6; i++) ghost.push((await cl.raw("signin", { body: { email: "ninguem@example.com", password: "x" } })).status)
    expect(ghost).toEqual([422, 422, 422, 422, 429, 429])
  })
})
