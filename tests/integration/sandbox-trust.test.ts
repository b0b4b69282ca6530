/**
 * Issue 30 (trust): the holes an attacker found in the sandbox, each closed at its cause and kept closed here,
 * against a real sandbox (docs/decisions.md D-sandbox-trust). The cases are generated from the contract
 * (schema/api-admin.ts for the admin routes), so a route added later is covered the day it is added.
 */
import { spawn } from "node:child_process"
import { request as httpRequest } from "node:http"
import { randomUUID } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminApi, type AdminEndpointId } from "../../schema/api-admin.ts"
import type { EndpointDef } from "../../schema/api-def.ts"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { needsOnboarding } from "../../sandbox/http.ts"
import { walletAccess } from "../../sandbox/repo.ts"
import { hasPermission } from "../../schema/permissions.ts"
import { api, type EndpointId } from "../../schema/api.ts"
import { listDef, listNames, hintOf } from "../../schema/lists.ts"
import { SYNCED_LISTS, type SyncedList } from "../../schema/stream.ts"
import { TABLES, isTableName } from "../../schema/tables/registry.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"
import { storageApi } from "../../schema/api-storage.ts"

const changes = (sb: Sandbox): number => (sb.db.prepare("SELECT total_changes() AS n").get() as { n: number }).n
const fill = (path: string): string => path.replace(/\{(\w+)\}/g, () => randomUUID())
const adminIds = Object.keys(adminApi) as AdminEndpointId[]

/** Every `/__admin/...` path written as a literal in the sandbox's sources (a route registered outside the contract would show here). */
const adminLiteralsInSandbox = (): string[] => {
  const out = new Set<string>()
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (e.name.endsWith(".ts") && !e.name.endsWith(".test.ts")) {
        for (const m of readFileSync(p, "utf8").matchAll(/\b(?:app\.(?:get|post|put|patch|delete|on|all)\([^"`]*)["`](\/__admin[^"`]*)["`]/g)) out.add(m[1]!)
      }
    }
  }
  walk(join(import.meta.dirname, "../../sandbox"))
  return [...out].sort()
}

describe("issue 30: admin routes refused without --admin", () => {
  let sb: Sandbox
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, admin: false })
  })
  afterAll(async () => {
    await sb?.close()
  })

  it(`issue 30 admin routes: every /__admin route of schema/api-admin.ts (${adminIds.length}) answers 404 NOT_FOUND and writes nothing when admin is off`, async () => {
    const wallet = sb.admin.seedInfo()!.wallets.anaMain
    const wrong: string[] = []
    for (const id of adminIds) {
      const d: EndpointDef = adminApi[id]
      const before = changes(sb)
      const url = new URL(sb.url + fill(d.path))
      url.searchParams.set("wallet_id", wallet)
      url.searchParams.set("email", "ana@example.com")
      const init: RequestInit = { method: d.method, headers: { "content-type": "application/json", origin: "https://evil.example" } }
      if (d.method !== "GET") init.body = JSON.stringify({ wallet_id: wallet, value: 100_000_00, enabled: true, user_email: "ana@example.com", amount: 1 })
      const r = await fetch(url, init)
      const body = (await r.json().catch(() => null)) as { error?: { key?: string; status?: number } } | null
      if (r.status !== 404 || body?.error?.key !== "NOT_FOUND" || body.error.status !== 404)
        wrong.push(`${d.method} ${d.path}: ${r.status} ${JSON.stringify(body)?.slice(0, 80)}`)
      if (r.headers.get("access-control-allow-origin") !== null) wrong.push(`${d.method} ${d.path}: CORS header on a refused admin route`)
      if (changes(sb) !== before) wrong.push(`${d.method} ${d.path}: wrote to the database`)
      // a CORS preflight learns nothing either
      const pre = await fetch(url, { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": d.method } })
      await pre.body?.cancel()
      if (pre.status !== 404) wrong.push(`OPTIONS ${d.path}: ${pre.status}`)
    }
    expect(wrong).toEqual([])
  })

  it("issue 30 admin routes: the gateway's admin calls (transactions, enable) cannot mint a paid transaction or turn the gateway on", async () => {
    const ana = sb.admin.seedInfo()!.wallets.anaMain
    const before = sb.db.prepare("SELECT is_gateway FROM wallets WHERE id = ?").get(ana) as { is_gateway: number }
    for (const d of [adminApi.gatewayArrive, adminApi.gatewayEnable]) {
      const r = await fetch(sb.url + d.path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ wallet_id: ana, value: 1 })
      })
      expect(r.status).toBe(404)
      expect(((await r.json()) as { error: { key: string } }).error.key).toBe("NOT_FOUND")
    }
    expect(sb.db.prepare("SELECT is_gateway FROM wallets WHERE id = ?").get(ana)).toEqual(before)
  })

  it("issue 30 admin routes: any path under /__admin (unknown, trailing slash, upper case, doubled slash) is 404", async () => {
    for (const p of ["/__admin", "/__admin/", "/__admin/anything/new", "/__ADMIN/seed", "//__admin/seed"]) {
      const r = await fetch(sb.url + p)
      await r.body?.cancel()
      expect(r.status, p).toBe(404)
    }
  })

  it("issue 30 admin routes: every /__admin path the sandbox registers is declared in schema/api-admin.ts (so the enumeration above covers it)", () => {
    const declared = new Set(adminIds.map((id) => (adminApi[id] as EndpointDef).path))
    expect(adminLiteralsInSandbox().filter((p) => !declared.has(p))).toEqual([])
  })
})

/** A stream of one session: every `change` event's list and wallet, until `until` holds. */
const openStream = (base: string, as: Session) => {
  const ac = new AbortController()
  const got: Array<{ list: string; wallet_id: string | null; ids: string[]; rows?: unknown[] }> = []
  let poke: (() => void) | null = null
  const opened = fetch(`${base}/users/events/stream`, {
    headers: { authorization: `Bearer ${as.accessToken}`, ...(as.serverType === "green" ? { "server-type": "green" } : {}) },
    signal: ac.signal
  }).then(async (res) => {
    expect(res.status).toBe(200)
    const reader = res.body!.getReader()
    const dec = new TextDecoder()
    let buf = ""
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          buf += dec.decode(value, { stream: true })
          let i: number
          while ((i = buf.indexOf("\n\n")) >= 0) {
            const frame = buf.slice(0, i)
            buf = buf.slice(i + 2)
            const data = frame
              .split("\n")
              .filter((l) => l.startsWith("data: "))
              .map((l) => l.slice(6))
              .join("\n")
            if (frame.includes("event: change") && data !== "") got.push(JSON.parse(data) as (typeof got)[number])
            poke?.()
          }
        }
      } catch {
        // aborted
      }
    })()
    // the connection is registered once the first bytes (": connected") arrive
  })
  return {
    opened,
    got,
    until: async (pred: () => boolean): Promise<void> => {
      while (!pred()) await new Promise<void>((r) => (poke = r))
    },
    close: () => ac.abort()
  }
}

/** The GETs that read a hint kind: its lists' endpoints, its table's keyset GET, the statement, the permission users. */
const readersOf = (hint: string): EndpointId[] => {
  const ids = new Set<EndpointId>()
  for (const n of listNames) if (hintOf(n) === hint) ids.add(listDef(n)!.endpoint as EndpointId)
  if (isTableName(hint)) {
    const path = TABLES[hint].path
    for (const id of Object.keys(api) as EndpointId[]) if ((api[id] as EndpointDef).method === "GET" && (api[id] as EndpointDef).path === path) ids.add(id)
  }
  if (hint === "statements") ids.add("statement")
  if (hint === "permission_users") ids.add("permissionUsers")
  return [...ids]
}

describe("issue 30: the live stream sends a member only the lists they may read", () => {
  let sb: Sandbox
  let cl: SandboxClient
  let W: { anaMain: string; brunoMatrix: string }
  const S: Record<string, Session> = {}
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0, fixedCode: "000000" })
    cl = new SandboxClient(sb.url)
    const w = sb.admin.seedInfo()!.wallets
    W = { anaMain: w.anaMain, brunoMatrix: w.brunoMatrix }
    const u = sb.admin.seedInfo()!.users
    const at = new Date().toISOString()
    const member = sb.db.prepare("INSERT OR REPLACE INTO wallet_members (wallet_id, user_id, permission_types, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
    // a member of each role on Bruno's gateway wallet; an approver only on Ana's main wallet
    member.run(W.brunoMatrix, u.helena.id, JSON.stringify(["CLIENT"]), at, at)
    member.run(W.brunoMatrix, u.carla.id, JSON.stringify(["APPROVER"]), at, at)
    member.run(W.brunoMatrix, u.diego.id, JSON.stringify(["ADMIN"]), at, at)
    member.run(W.anaMain, u.bruno.id, JSON.stringify(["APPROVER"]), at, at)
    const [ana, bruno, helena, carla, diego] = await cl.loginAll(["ana", "bruno", "helena", "carla", "diego"])
    Object.assign(S, { ana, bruno, helena, carla, diego })
  })
  afterAll(async () => {
    await sb?.close()
  })

  it("issue 30 stream: a CLIENT member refused on the gateway list receives no gateway_transactions hint (rows with names and documents); an approver-only member no pix_statement hint", async () => {
    expect((await cl.raw("gatewayTransactions", { as: S["helena"]!, wallet: W.brunoMatrix })).status).toBe(403)
    expect((await cl.raw("pixStatement", { as: S["bruno"]!, wallet: W.anaMain })).status).toBe(403)
    const streams = Object.fromEntries(["bruno", "helena", "ana"].map((n) => [n, openStream(sb.url, S[n]!)]))
    await Promise.all(Object.values(streams).map((s) => s.opened))
    await cl.admin("gatewayArrive", { body: { wallet_id: W.brunoMatrix, value: 12_345, payer_name: "Segredo da Silva" } })
    sb.admin.pixIn(W.anaMain, 4_321, "Pagador Secreto")
    for (const [n, s] of Object.entries(streams)) {
      sb.admin.ctx.events.change("notifications", { userId: S[n]!.userId, ids: ["__end"] })
      await s.until(() => s.got.some((e) => e.ids.includes("__end")))
      s.close()
    }
    const kinds = (n: string): string[] =>
      streams[n]!.got.map((e) => `${e.list}:${e.wallet_id === W.brunoMatrix ? "brunoMatrix" : e.wallet_id === W.anaMain ? "anaMain" : e.wallet_id}`)
    expect(kinds("bruno")).toContain("gateway_transactions:brunoMatrix")
    expect(kinds("helena")).not.toContain("gateway_transactions:brunoMatrix")
    expect(JSON.stringify(streams["helena"]!.got)).not.toContain("Segredo da Silva")
    expect(kinds("ana")).toContain("pix_statement:anaMain")
    expect(kinds("helena")).toContain("pix_statement:anaMain") // CLIENT reads the Pix statement (D-pix-statement)
    expect(kinds("bruno")).not.toContain("pix_statement:anaMain")
    expect(JSON.stringify(streams["bruno"]!.got)).not.toContain("Pagador Secreto")
  })

  it(`issue 30 stream: every hint kind the sandbox can emit (${SYNCED_LISTS.length}) × every role (owner, ADMIN, CLIENT, APPROVER, APPROVER+CLIENT, APPROVER+ADMIN) reaches a member exactly when the list's GET lets them read it`, async () => {
    // who is what where: ana owns anaMain (helena CLIENT, carla APPROVER+CLIENT, diego APPROVER+ADMIN, bruno APPROVER);
    // bruno owns brunoMatrix, a gateway wallet (helena CLIENT, carla APPROVER, diego ADMIN)
    const who: Array<[string, string]> = [
      ["ana", W.anaMain],
      ["helena", W.anaMain],
      ["carla", W.anaMain],
      ["diego", W.anaMain],
      ["bruno", W.anaMain],
      ["bruno", W.brunoMatrix],
      ["helena", W.brunoMatrix],
      ["carla", W.brunoMatrix],
      ["diego", W.brunoMatrix]
    ]
    const expected = new Map<string, boolean>()
    for (const [n, w] of who)
      for (const hint of SYNCED_LISTS) {
        const readers = readersOf(hint)
        expect(readers.length, `${hint}: no GET reads it`).toBeGreaterThan(0)
        let readable = true
        for (const id of readers) {
          const st = (await cl.raw(id, { as: S[n]!, wallet: w, tx: false, params: { id: randomUUID() } })).status
          if (st === 401 || st === 403) readable = false
        }
        // a list whose GET answers some readers only their own rows (`everyRow`: the approval queue, D-approval-quorum)
        // sends its wallet-wide hints only to readers of every row; the others' own rows are addressed to them
        for (const l of listNames) {
          const every = listDef(l)?.everyRow
          if (hintOf(l) !== hint || every === undefined) continue
          const access = walletAccess(sb.db, S[n]!.userId, w)
          if (typeof access === "string" || !hasPermission(access.actions, every)) readable = false
        }
        expected.set(`${n}|${w}|${hint}`, readable)
      }
    const users = [...new Set(who.map(([n]) => n))]
    const streams = Object.fromEntries(users.map((n) => [n, openStream(sb.url, S[n]!)]))
    await Promise.all(Object.values(streams).map((s) => s.opened))
    for (const w of [W.anaMain, W.brunoMatrix])
      for (const hint of SYNCED_LISTS) sb.admin.ctx.events.change(hint as SyncedList, { walletId: w, ids: [`probe-${hint}`], rows: [{ secret: hint }] })
    sb.admin.ctx.events.change("not_a_list" as SyncedList, { walletId: W.anaMain, ids: ["probe-unknown"] })
    for (const n of users) {
      sb.admin.ctx.events.change("notifications", { userId: S[n]!.userId, ids: ["__end"] })
      await streams[n]!.until(() => streams[n]!.got.some((e) => e.ids.includes("__end")))
      streams[n]!.close()
    }
    const wrong: string[] = []
    let delivered = 0
    for (const [n, w] of who) {
      for (const hint of SYNCED_LISTS) {
        const got = streams[n]!.got.some((e) => e.wallet_id === w && e.list === hint && e.ids.includes(`probe-${hint}`))
        if (got) delivered++
        if (got !== expected.get(`${n}|${w}|${hint}`))
          wrong.push(
            `${n} on ${w === W.anaMain ? "anaMain" : "brunoMatrix"}: ${hint} ${got ? "sent" : "not sent"}, readable ${String(expected.get(`${n}|${w}|${hint}`))}`
          )
      }
      if (streams[n]!.got.some((e) => e.ids.includes("probe-unknown"))) wrong.push(`${n}: an unknown list kind was sent`)
    }
    expect(wrong).toEqual([])
    expect(delivered).toBeGreaterThan(0)
    expect(delivered).toBeLessThan(who.length * SYNCED_LISTS.length)
  })
})

describe("issue 30: the fixed code only where asked, never for a password reset or a PIN", () => {
  it("issue 30 fixed code: the sandbox CLI (sandbox/main.ts) without --fixed-code refuses 000000 at sign-in and hides /__admin", async () => {
    const root = join(import.meta.dirname, "../..")
    const child = spawn(process.execPath, ["--import", "tsx", join(root, "sandbox/main.ts"), "--port", "0", "--db", ":memory:", "--quiet"], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"]
    })
    try {
      let out = ""
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on("data", (b: Buffer) => {
          out += b.toString()
          const m = /users API at (http:\/\/[^\s]+)/.exec(out)
          if (m && out.includes("login codes are printed here")) resolve(m[1]!)
        })
        child.on("exit", (code) => reject(new Error(`sandbox exited ${code}: ${out}`)))
      })
      expect(new URL(url).hostname).toBe("127.0.0.1")
      expect(out).toContain("the fixed code is off")
      const seed = await fetch(`${url}/__admin/seed`)
      await seed.body?.cancel()
      expect(seed.status).toBe(404)
      const si = (await (
        await fetch(`${url}/users/v2/auth/signin`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "ana@example.com", password: "Senha@123" })
        })
      ).json()) as { data: { otp_id: string } }
      const r = await fetch(`${url}/users/auth/session/signin`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ otp_id: si.data.otp_id, code: "000000" })
      })
      expect([r.status, ((await r.json()) as { error: { key: string } }).error.key]).toEqual([422, "INCORRECT_CODE"])
    } finally {
      child.kill("SIGTERM")
    }
  })

  describe("with the fixed code on (a demo)", () => {
    let sb: Sandbox
    let cl: SandboxClient
    beforeAll(async () => {
      sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0, fixedCode: "000000" })
      cl = new SandboxClient(sb.url, "000000")
    })
    afterAll(async () => {
      await sb?.close()
    })

    it("issue 30 fixed code: sign-in accepts it (demo); the forgotten-password flow never does — only the e-mailed code resets a password", async () => {
      const gabi = await cl.login("gabi@example.com")
      expect(gabi.accessToken).not.toBe("")
      const f = await cl.ok("forgotPassword", { body: { email: "gabi@example.com" } })
      const refused = await cl.err("forgotPasswordUpdate", { params: { id: f.data.id }, body: { code: "000000", new_password: "Tomada@123" } })
      expect([refused.status, refused.body.error.key]).toEqual([422, "INCORRECT_CODE"])
      const bad = await cl.err("signin", { body: { email: "gabi@example.com", password: "Tomada@123" } })
      expect(bad.body.error.key).toBe("INVALID_CREDENTIALS")
      await cl.ok("forgotPasswordUpdate", { params: { id: f.data.id }, body: { code: await cl.sentCode("gabi@example.com"), new_password: "Nova@Senha9" } })
      expect((await cl.login("gabi@example.com", "Nova@Senha9")).accessToken).not.toBe("")
    })

    it("issue 30 fixed code: the one-time code → temporary token → PIN token path never accepts it", async () => {
      const fabio = await cl.login("fabio@example.com")
      for (const purpose of ["pin", "update-pin"]) {
        const o = await cl.ok("otp", { as: fabio, body: { purpose } })
        const r = await cl.err("otpVerify", { as: fabio, params: { id: o.data.otp_id }, body: { code: "000000" } })
        expect([purpose, r.status, r.body.error.key]).toEqual([purpose, 422, "INCORRECT_CODE"])
      }
      const o = await cl.ok("otp", { as: fabio, body: { purpose: "pin" } })
      const v = await cl.ok("otpVerify", { as: fabio, params: { id: o.data.otp_id }, body: { code: await cl.sentCode("fabio@example.com") } })
      expect((await cl.ok("verifyPin", { as: fabio, body: { temporary_token: v.data.temporary_token } })).data.pin_token).not.toBe("")
    })

    it("issue 30 PIN lock: a locked PIN refuses the temporary-token path to a PIN token too (429 ATTEMPTS_EXCEEDED)", async () => {
      const helena = await cl.login("helena@example.com")
      const o = await cl.ok("otp", { as: helena, body: { purpose: "pin" } })
      const v = await cl.ok("otpVerify", { as: helena, params: { id: o.data.otp_id }, body: { code: await cl.sentCode("helena@example.com") } })
      let last = 0
      for (let i = 0; i < 5; i++) last = (await cl.err("verifyPin", { as: helena, body: { pin: "9999" } })).status
      expect(last).toBe(429)
      const locked = await cl.err("verifyPin", { as: helena, body: { temporary_token: v.data.temporary_token } })
      expect([locked.status, locked.body.error.key]).toEqual([429, "ATTEMPTS_EXCEEDED"])
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0)
      await cl.admin("resetPinAttempts", { body: { user_email: "helena@example.com" } })
      expect((await cl.ok("verifyPin", { as: helena, body: { temporary_token: v.data.temporary_token } })).data.pin_token).not.toBe("")
    })
  })
})

describe("issue 30: request bodies have a limit", () => {
  let sb: Sandbox
  let cl: SandboxClient
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0 })
    cl = new SandboxClient(sb.url)
  })
  afterAll(async () => {
    await sb?.close()
  })
  const attempts = (): number => (sb.db.prepare("SELECT count(*) AS n FROM signin_attempts").get() as { n: number }).n
  const longest = (): number => (sb.db.prepare("SELECT coalesce(max(length(email)), 0) AS n FROM signin_attempts").get() as { n: number }).n
  /**
   * A body sent in 64 KiB chunks, with its Content-Length or without (chunked transfer: the limit must hold while it
   * streams). Stops sending once the answer came (a refusal before the end), as a client would; answers the status and
   * JSON body, or `reset` with the bytes written when the server dropped the connection before an answer could be read
   * (a chunked body left unread: the socket is closed, and a client's pending answer may be lost with it).
   */
  const send = (
    url: string,
    method: string,
    bytes: Uint8Array,
    how: "length" | "chunked",
    headers: Record<string, string> = {}
  ): Promise<{ status: number; json: unknown } | { reset: true; written: number }> =>
    new Promise((resolve, reject) => {
      let answered = false
      const framing = how === "length" ? { "content-length": String(bytes.length) } : { "transfer-encoding": "chunked" }
      const req = httpRequest(url, { method, headers: { ...headers, ...framing } }, (res) => {
        answered = true
        let text = ""
        res.on("data", (b: Buffer) => (text += b.toString()))
        res.on("end", () => {
          let json: unknown = text
          try {
            json = JSON.parse(text) as unknown
          } catch {
            /* not JSON: kept as text */
          }
          resolve({ status: res.statusCode ?? 0, json })
        })
      })
      req.on("error", (e: NodeJS.ErrnoException) => {
        if (answered) return
        if (e.code === "ECONNRESET" || e.code === "EPIPE" || e.message === "socket hang up") resolve({ reset: true, written: at })
        else reject(e)
      })
      let at = 0
      const pump = (): void => {
        while (!answered && at < bytes.length) {
          const more = req.write(bytes.slice(at, at + 64 * 1024))
          at += 64 * 1024
          if (!more) return void req.once("drain", pump)
        }
        if (!answered) req.end()
      }
      pump()
    })

  it("issue 30 body limit: an unauthenticated sign-in body over 1 MB is 413 with the catalogue's body (sent whole or streamed), stores nothing", async () => {
    const big = JSON.stringify({ email: `${"a".repeat(2 * 1024 * 1024)}@example.com`, password: "x" })
    const before = attempts()
    const r = await send(`${sb.url}/users/v2/auth/signin`, "POST", new TextEncoder().encode(big), "length", { "content-type": "application/json" })
    expect("status" in r ? [r.status, (r.json as { error: { status: number; key: string } }).error] : r).toEqual([
      413,
      expect.objectContaining({ status: 413, key: "INVALID_REQUEST" })
    ])
    // streamed: refused once past the limit, never read whole (a 413, or the connection dropped long before the end)
    const huge = new TextEncoder().encode(JSON.stringify({ email: `${"a".repeat(16 * 1024 * 1024)}@example.com`, password: "x" }))
    const s = await send(`${sb.url}/users/v2/auth/signin`, "POST", huge, "chunked", { "content-type": "application/json" })
    if ("status" in s) expect([s.status, (s.json as { error: { key: string } }).error.key]).toEqual([413, "INVALID_REQUEST"])
    else expect(s.written).toBeLessThan(huge.length / 2)
    expect(attempts()).toBe(before)
    const health = await fetch(`${sb.url}/health`)
    expect(health.status).toBe(200)
  })

  it("issue 30 sign-in throttle: an e-mail longer than 254 characters is a field error before the throttle, never stored", async () => {
    const r = await cl.err("signin", { body: { email: `${"b".repeat(300)}@example.com`, password: "wrong" } })
    expect([r.status, r.body.error.key, r.body.error.fields]).toEqual([422, "INCORRECT_DATA", { email: "VALIDATION_EMAIL" }])
    expect(longest()).toBeLessThanOrEqual(254)
    // a wrong password for a plausible address is still counted
    await cl.err("signin", { body: { email: "nobody@example.com", password: "wrong" } })
    expect(attempts()).toBeGreaterThan(0)
    expect(longest()).toBeLessThanOrEqual(254)
  })

  it("issue 30 body limit: a part PUT over its part's declared size is 413 before it is stored (Content-Length or streamed); the right size still uploads", async () => {
    const [bruno] = await cl.loginAll(["bruno"])
    const o = { as: bruno, wallet: sb.admin.seedInfo()!.wallets.brunoMatrix }
    const up = (
      await cl.ok("storageMultipartCreate", {
        ...o,
        tx: true,
        body: { file_name: "tiny.xml", content_type: "application/xml", size: 10, purpose: "endr-report", part_size: 10 }
      })
    ).data
    const { url } = (await cl.ok("storagePartUrl", { ...o, params: { id: up.upload_id }, body: { part_number: 1 } })).data
    const big = new Uint8Array(5 * 1024 * 1024)
    const r = await send(url, "PUT", big, "length")
    expect("status" in r ? [r.status, (r.json as { error: { key: string } }).error.key] : r).toEqual([413, "INVALID_REQUEST"])
    const huge = new Uint8Array(16 * 1024 * 1024)
    const s = await send(url, "PUT", huge, "chunked")
    if ("status" in s) expect([s.status, (s.json as { error: { key: string } }).error.key]).toEqual([413, "INVALID_REQUEST"])
    else expect(s.written).toBeLessThan(huge.length / 2)
    expect((await cl.ok("storageParts", { ...o, params: { id: up.upload_id } })).data.parts).toEqual([])
    const ok = await fetch(url, { method: "PUT", body: new Blob([new Uint8Array(10)]) })
    expect(ok.status).toBe(200)
  })
})

describe("issue 30: smaller holes", () => {
  let sb: Sandbox
  let cl: SandboxClient
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0 })
    cl = new SandboxClient(sb.url)
  })
  afterAll(async () => {
    await sb?.close()
  })
  const PROTO = ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf", "__defineGetter__", "prototype"]
  const sortable = (Object.keys(api) as EndpointId[]).filter((id) => {
    const d = api[id] as EndpointDef
    return d.method === "GET" && (d.query as { fields?: Record<string, unknown> } | undefined)?.fields?.["sort"] !== undefined
  })

  it(`issue 30 sort: a prototype name as ?sort= on every sortable GET of the contract (${sortable.length}) × ${PROTO.length} names is ignored or a 4xx with a catalogue key, never a 500`, async () => {
    const [ana, bruno] = await cl.loginAll(["ana", "bruno"])
    const W = sb.admin.seedInfo()!.wallets
    const wrong: string[] = []
    for (const id of sortable)
      for (const as of [
        { as: ana, wallet: W.anaMain },
        { as: bruno, wallet: W.brunoMatrix }
      ])
        for (const sort of PROTO) {
          const r = await cl.raw(id, { ...as, tx: false, params: { id: randomUUID() }, query: { sort } })
          const key = (r.json as { error?: { key?: string } } | null)?.error?.key
          if (r.status >= 500 || (r.status >= 400 && typeof key !== "string"))
            wrong.push(`${id} sort=${sort}: ${r.status} ${JSON.stringify(r.json)?.slice(0, 60)}`)
        }
    expect(wrong).toEqual([])
    const st = await cl.err("statement", { as: ana, wallet: W.anaMain, query: { sort: "constructor" } })
    expect([st.status, st.body.error.key, st.body.error.fields]).toEqual([422, "INCORRECT_DATA", { sort: "VALIDATION_FORMAT" }])
  })

  it("issue 30 cache: every answer carrying a token (sign-in, refresh, temporary token, PIN token, QR session) is Cache-Control: no-store, and so is any other API answer", async () => {
    const cc = (h: Headers): string | null => h.get("cache-control")
    const s = await cl.raw("signin", { body: { email: "helena@example.com", password: "Senha@123" } })
    expect(cc(s.headers)).toBe("no-store")
    const otpId = (s.json as { data: { otp_id: string } }).data.otp_id
    const t = await cl.raw("sessionSignin", { body: { otp_id: otpId, code: await cl.sentCode("helena@example.com") } })
    expect([t.status, cc(t.headers)]).toEqual([200, "no-store"])
    const tokens = (t.json as { data: { refresh_token: string } }).data
    const r = await cl.raw("refreshToken", { body: { refresh_token: tokens.refresh_token } })
    expect([r.status, cc(r.headers)]).toEqual([200, "no-store"])
    const helena = await cl.login("helena@example.com")
    const pin = await cl.raw("verifyPin", { as: helena, body: { pin: "1234" } })
    expect([pin.status, cc(pin.headers)]).toEqual([200, "no-store"])
    const o = await cl.ok("otp", { as: helena, body: { purpose: "pin" } })
    const v = await cl.raw("otpVerify", { as: helena, params: { id: o.data.otp_id }, body: { code: await cl.sentCode("helena@example.com") } })
    expect([v.status, cc(v.headers)]).toEqual([200, "no-store"])
    const q = await cl.raw("qrSessionToken", {})
    expect([q.status, cc(q.headers)]).toEqual([200, "no-store"])
    const p = await cl.raw("profile", { as: helena })
    expect([p.status, cc(p.headers)]).toEqual([200, "no-store"])
    const bad = await cl.raw("sessionSignin", { body: { otp_id: "x", code: "123456" } })
    expect([bad.status >= 400, cc(bad.headers)]).toEqual([true, "no-store"])
  })

  it("issue 30 listen: the sandbox listens on 127.0.0.1 unless told otherwise", async () => {
    const addr = (sb as unknown as { url: string }).url
    expect(new URL(addr).hostname).toBe("127.0.0.1")
    const { networkInterfaces } = await import("node:os")
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i !== undefined && i.family === "IPv4" && !i.internal)
    if (external !== undefined) {
      const r = await fetch(`http://${external.address}:${sb.port}/health`).then(
        (x) => x.status,
        () => "refused"
      )
      expect(r).toBe("refused")
    }
  })
})

describe("issue 30: onboarding is enforced by the sandbox, not only by the client", () => {
  let sb: Sandbox
  let cl: SandboxClient
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0 })
    cl = new SandboxClient(sb.url)
  })
  afterAll(async () => {
    await sb?.close()
  })
  const gated = (Object.keys(api) as EndpointId[]).filter((id) => needsOnboarding(api[id] as EndpointDef))

  it("issue 30 onboarding: a user whose onboarding is incomplete cannot pay a Pix on their own wallet (403 UNABLE_TO_PERFORM_UPDATE_REQUIRED, nothing written)", async () => {
    const W = sb.admin.seedInfo()!.wallets
    const [fabio] = await cl.loginAll(["fabio"])
    const pin = await cl.pinToken(fabio)
    const before = changes(sb)
    const r = await cl.err("pixPayByKey", {
      as: fabio,
      wallet: W.fabio,
      tx: true,
      body: { key: "ana@example.com", amount: 100, description: "x", pin_token: pin }
    })
    expect([r.status, r.body.error.key]).toEqual([403, "UNABLE_TO_PERFORM_UPDATE_REQUIRED"])
    expect(changes(sb)).toBe(before)
    expect(sb.admin.ledger(W.fabio).transactions).toEqual([])
  })

  it(`issue 30 onboarding: every state-changing call of Pix, cards, boleto, TED and coins in the contract (${gated.length}) is refused to an incomplete or pending onboarding on the user's own wallet`, async () => {
    for (const id of ["pixPayByKey", "convert", "tedSend", "billetPay", "cardRequest"] as const) expect(gated, id).toContain(id)
    const W = sb.admin.seedInfo()!.wallets
    const [fabio, eva] = await cl.loginAll(["fabio", "eva"])
    const wrong: string[] = []
    for (const [who, wallet] of [
      [fabio, W.fabio],
      [eva, W.eva]
    ] as const)
      for (const id of gated) {
        const before = changes(sb)
        const r = await cl.raw(id, { as: who, wallet, tx: true, params: { id: randomUUID() }, body: {} })
        const key = (r.json as { error?: { key?: string } } | null)?.error?.key
        if (r.status !== 403 || key !== "UNABLE_TO_PERFORM_UPDATE_REQUIRED") wrong.push(`${who.email} ${id}: ${r.status} ${key}`)
        if (changes(sb) !== before) wrong.push(`${who.email} ${id}: wrote`)
      }
    expect(wrong).toEqual([])
  })

  it("issue 30 onboarding: an expired natural person counts as complete, and a member's own onboarding does not gate another owner's wallet (core §4)", async () => {
    const W = sb.admin.seedInfo()!.wallets
    const u = sb.admin.seedInfo()!.users
    const at = new Date().toISOString()
    sb.db
      .prepare("INSERT OR REPLACE INTO wallet_members (wallet_id, user_id, permission_types, created_at, updated_at) VALUES (?, ?, ?, ?, ?)")
      .run(W.anaMain, u.fabio.id, JSON.stringify(["CLIENT"]), at, at)
    const [gabi, fabio] = await cl.loginAll(["gabi", "fabio"])
    const g = await cl.raw("pixPayByKey", {
      as: gabi,
      wallet: W.gabi,
      tx: true,
      body: { key: "ana@example.com", amount: 100, description: "x", pin_token: await cl.pinToken(gabi) }
    })
    expect((g.json as { error?: { key?: string } }).error?.key).not.toBe("UNABLE_TO_PERFORM_UPDATE_REQUIRED")
    const f = await cl.raw("pixPayByKey", {
      as: fabio,
      wallet: W.anaMain,
      tx: true,
      body: { key: "bruno@example.com", amount: 100, description: "x", pin_token: await cl.pinToken(fabio) }
    })
    expect((f.json as { error?: { key?: string } }).error?.key).not.toBe("UNABLE_TO_PERFORM_UPDATE_REQUIRED")
  })
})

describe("issue 30: codes cannot be guessed", () => {
  let sb: Sandbox
  let cl: SandboxClient
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0 })
    cl = new SandboxClient(sb.url)
  })
  afterAll(async () => {
    await sb?.close()
  })
  const wrongOf = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, "0")

  it("issue 30 codes: an OTP resend keeps its attempt count (3 wrong, resend, the 5th wrong is 429 ATTEMPTS_EXCEEDED and the new code is dead too)", async () => {
    const [carla] = await cl.loginAll(["carla"])
    const o = await cl.ok("otp", { as: carla, body: { purpose: "pin" } })
    const first = await cl.sentCode("carla@example.com")
    for (let i = 0; i < 3; i++)
      expect((await cl.err("otpVerify", { as: carla, params: { id: o.data.otp_id }, body: { code: wrongOf(first) } })).status).toBe(422)
    await cl.ok("otpResend", { as: carla, params: { id: o.data.otp_id } })
    const fresh = await cl.sentCode("carla@example.com")
    expect((await cl.err("otpVerify", { as: carla, params: { id: o.data.otp_id }, body: { code: wrongOf(fresh) } })).status).toBe(422)
    const fifth = await cl.err("otpVerify", { as: carla, params: { id: o.data.otp_id }, body: { code: wrongOf(fresh) } })
    expect([fifth.status, fifth.body.error.key]).toEqual([429, "ATTEMPTS_EXCEEDED"])
    const dead = await cl.err("otpVerify", { as: carla, params: { id: o.data.otp_id }, body: { code: fresh } })
    expect([dead.status, dead.body.error.key]).toEqual([429, "ATTEMPTS_EXCEEDED"])
    const resend = await cl.err("otpResend", { as: carla, params: { id: o.data.otp_id } })
    expect([resend.status, resend.body.error.key]).toEqual([429, "ATTEMPTS_EXCEEDED"])
  })

  it("issue 30 codes: wrong temporary tokens are limited — the fifth in a row (PIN token or PIN change) voids the open ones; a new e-mailed code gives a working one", async () => {
    const [diego] = await cl.loginAll(["diego"])
    const temp = async (): Promise<string> => {
      const o = await cl.ok("otp", { as: diego, body: { purpose: "pin" } })
      return (await cl.ok("otpVerify", { as: diego, params: { id: o.data.otp_id }, body: { code: await cl.sentCode("diego@example.com") } })).data
        .temporary_token
    }
    const real = await temp()
    const statuses: Array<[number, string]> = []
    for (let i = 0; i < 5; i++) {
      const guess = wrongOf(String(Number(real) + i))
      const r =
        i % 2 === 0
          ? await cl.err("verifyPin", { as: diego, body: { temporary_token: guess } })
          : await cl.err("updatePin", { as: diego, body: { temporary_token: guess, new_pin: "4321" } })
      statuses.push([r.status, r.body.error.key])
    }
    expect(statuses).toEqual([
      [422, "INCORRECT_CODE"],
      [422, "INCORRECT_CODE"],
      [422, "INCORRECT_CODE"],
      [422, "INCORRECT_CODE"],
      [429, "ATTEMPTS_EXCEEDED"]
    ])
    const voided = await cl.err("verifyPin", { as: diego, body: { temporary_token: real } })
    expect([voided.status, voided.body.error.key]).toEqual([429, "ATTEMPTS_EXCEEDED"])
    expect((await cl.ok("verifyPin", { as: diego, body: { temporary_token: await temp() } })).data.pin_token).not.toBe("")
  })
})

describe("issue 30: smaller holes — storage, invitations, signed URLs, CORS", () => {
  let sb: Sandbox
  let cl: SandboxClient
  beforeAll(async () => {
    sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, signinDelayS: 0, exportMs: 100 })
    cl = new SandboxClient(sb.url)
  })
  afterAll(async () => {
    await sb?.close()
  })
  const storageIds = Object.keys(storageApi) as Array<keyof typeof storageApi>
  const uploadBody = (purpose: "payment-request" | "endr-report") => ({
    file_name: "nota.pdf",
    content_type: "application/pdf",
    size: 10,
    purpose,
    part_size: 10
  })

  it(`issue 30 storage: a CLIENT member is refused every storage call of the contract (${storageIds.length}) on the wallet with 403 WITHOUT_PERMISSION, nothing written; the owner still uploads`, async () => {
    const [helena, ana] = await cl.loginAll(["helena", "ana"])
    const W = sb.admin.seedInfo()!.wallets
    const wrong: string[] = []
    for (const id of storageIds) {
      const before = changes(sb)
      const r = await cl.raw(id, {
        as: helena,
        wallet: W.anaMain,
        params: { id: randomUUID() },
        body: id === "storageMultipartCreate" ? uploadBody("payment-request") : id === "storagePartUrl" ? { part_number: 1 } : { parts: [] }
      })
      const key = (r.json as { error?: { key?: string } } | null)?.error?.key
      if (r.status !== 403 || key !== "WITHOUT_PERMISSION") wrong.push(`${id}: ${r.status} ${key}`)
      if (changes(sb) !== before) wrong.push(`${id}: wrote to the database`)
    }
    expect(wrong).toEqual([])
    const up = await cl.ok("storageMultipartCreate", { as: ana, wallet: W.anaMain, body: uploadBody("payment-request") })
    expect(up.data.parts_count).toBe(1)
  })

  it("issue 30 invitations: the wallet's invitations (invitee e-mails, roles) are refused to a CLIENT or APPROVER member (403 WITHOUT_PERMISSION); the owner and an ADMIN member read them", async () => {
    const [helena, carla, diego, ana] = await cl.loginAll(["helena", "carla", "diego", "ana"])
    const W = sb.admin.seedInfo()!.wallets
    await cl.ok("invitationCreate", { as: ana, wallet: W.anaMain, body: { wallet_id: W.anaMain, email: "nova@example.com", permission_types: ["CLIENT"] } })
    for (const as of [helena, carla]) {
      const r = await cl.err("invitationsSent", { as, wallet: W.anaMain })
      expect([r.status, r.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
    }
    for (const as of [ana, diego])
      expect((await cl.ok("invitationsSent", { as, wallet: W.anaMain })).data.data.map((i) => i.invitee_email)).toContain("nova@example.com")
  })

  /** A call with a Host header of our choosing (fetch does not let one be set). */
  const withHost = (url: string, method: string, host: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; json: unknown }> =>
    new Promise((resolve, reject) => {
      const req = httpRequest(url, { method, headers: { ...headers, host, "content-type": "application/json" } }, (res) => {
        let text = ""
        res.on("data", (d: Buffer) => (text += d.toString("utf8")))
        res.on("end", () => {
          let json: unknown = text
          try {
            json = JSON.parse(text) as unknown
          } catch {
            /* not JSON: kept as text */
          }
          resolve({ status: res.statusCode ?? 0, json })
        })
      })
      req.on("error", reject)
      req.end(body === undefined ? undefined : JSON.stringify(body))
    })

  it("issue 30 signed URLs: a forged Host header never reaches a signed upload URL or a file URL (built on the sandbox's own base or the app's origin it names)", async () => {
    const [ana] = await cl.loginAll(["ana"])
    const W = sb.admin.seedInfo()!.wallets
    const up = await cl.ok("storageMultipartCreate", { as: ana, wallet: W.anaMain, body: uploadBody("payment-request") })
    const auth = { authorization: `Bearer ${ana.accessToken}`, "wallet-uuid": W.anaMain, "server-type": "green" }
    const partPath = sb.url + api.storagePartUrl.path.replace("{id}", up.data.upload_id)
    const urls: string[] = []
    for (const host of ["evil.example", "evil.example:4010", "localhost:1"]) {
      const r = await withHost(partPath, "POST", host, auth, { part_number: 1 })
      expect(r.status).toBe(200)
      urls.push((r.json as { data: { url: string } }).data.url)
    }
    const ex = await cl.ok("statementExportCreate", {
      as: ana,
      wallet: W.anaMain,
      body: { start_date: "2026-01-01", end_date: "2026-01-31", format: "csv" }
    })
    const exportPath = sb.url + api.statementExportGet.path.replace("{id}", ex.data.id)
    for (let i = 0; i < 40; i++) {
      const r = await withHost(exportPath, "GET", "evil.example", auth)
      const d = (r.json as { data: { file_id?: string | null } }).data
      if (typeof d.file_id === "string") {
        const f = await withHost(sb.url + api.storageFileUrl.path.replace("{id}", d.file_id), "GET", "evil.example", auth)
        urls.push((f.json as { data: { url: string } }).data.url)
        break
      }
      await new Promise((res) => setTimeout(res, 150))
    }
    expect(urls.length).toBe(4)
    for (const u of urls) expect(new URL(u).origin).toBe(sb.url)
    // the app's same-origin proxy keeps the app's Host: that origin (configured) is kept
    const viaApp = await withHost(partPath, "POST", "localhost:5173", auth, { part_number: 1 })
    expect(new URL((viaApp.json as { data: { url: string } }).data.url).origin).toBe("http://localhost:5173")
    // and the part PUT at the sandbox's own URL works
    const put = await fetch(urls[0] ?? "", { method: "PUT", body: new Uint8Array(10) })
    expect(put.status).toBe(200)
  })

  it("issue 30 CORS: only the app's origins get Access-Control-Allow-Origin (default the app of scripts/serve.mjs); a foreign Origin gets none, a call without Origin is answered as before", async () => {
    for (const origin of ["https://evil.example", "null", "http://localhost:5174", "http://localhost:5173.evil.example"]) {
      const r = await fetch(`${sb.url}/health`, { headers: { origin } })
      expect([origin, r.status, r.headers.get("access-control-allow-origin")]).toEqual([origin, 200, null])
      const pre = await fetch(sb.url + api.signin.path, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } })
      await pre.body?.cancel()
      expect([origin, pre.headers.get("access-control-allow-origin")]).toEqual([origin, null])
    }
    for (const origin of ["http://localhost:5173", "http://127.0.0.1:5173"]) {
      const r = await fetch(`${sb.url}/health`, { headers: { origin } })
      expect(r.headers.get("access-control-allow-origin")).toBe(origin)
    }
    const none = await fetch(`${sb.url}/health`)
    expect([none.status, none.headers.get("access-control-allow-origin")]).toEqual([200, null])
    const other = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, appOrigins: ["https://app.example"] })
    try {
      const a = await fetch(`${other.url}/health`, { headers: { origin: "https://app.example" } })
      const b = await fetch(`${other.url}/health`, { headers: { origin: "http://localhost:5173" } })
      expect([a.headers.get("access-control-allow-origin"), b.headers.get("access-control-allow-origin")]).toEqual(["https://app.example", null])
    } finally {
      await other.close()
    }
  })
})

describe("issue 30: the served app keeps its source maps and the harness page to itself", () => {
  type Mw = (req: { url?: string }, res: { statusCode: number; setHeader(k: string, v: string): void; end(b?: string): void }, next: () => void) => void
  /** What the preview server answers a path with the app's plugins (404 from a guard, or passed on to the static files). */
  const answer = async (path: string, env: Record<string, string | undefined>): Promise<number | "passed"> => {
    const saved = process.env["SERVE_HARNESS"]
    if (env["SERVE_HARNESS"] === undefined) delete process.env["SERVE_HARNESS"]
    else process.env["SERVE_HARNESS"] = env["SERVE_HARNESS"]
    try {
      const config = (await import("../../vite.config.ts")).default as { plugins: unknown[] }
      const mws: Mw[] = []
      const server = { middlewares: { use: (fn: Mw) => mws.push(fn) } }
      for (const p of config.plugins.flat(3) as Array<{ configurePreviewServer?: (s: unknown) => unknown } | null>) {
        const hook = p?.configurePreviewServer
        if (typeof hook === "function") await hook(server)
      }
      let status: number | "passed" = "passed"
      for (const mw of mws) {
        let passed = false
        const res = { statusCode: 200, setHeader: () => {}, end: () => (status = res.statusCode) }
        mw({ url: path }, res, () => (passed = true))
        if (!passed) break
      }
      return status
    } finally {
      if (saved === undefined) delete process.env["SERVE_HARNESS"]
      else process.env["SERVE_HARNESS"] = saved
    }
  }

  it("issue 30 served app: no source map is referenced or served, and /harness/engine.html only with SERVE_HARNESS=1 (serve.mjs --harness: the e2e workers, the benchmarks)", async () => {
    const config = (await import("../../vite.config.ts")).default as { build: { sourcemap: unknown } }
    expect(config.build.sourcemap).toBe("hidden")
    const off = {}
    for (const path of [
      "/assets/index-abc.js.map",
      "/sw.js.map",
      "/assets/x.js.MAP?v=1",
      "/assets/x.js%2Emap",
      "/harness/engine.html",
      "//harness/engine.html",
      "/harness/",
      "/HARNESS/engine.html"
    ])
      expect([path, await answer(path, off)]).toEqual([path, 404])
    for (const path of ["/", "/index.html", "/assets/index-abc.js", "/en/auth/login", "/harnessed"])
      expect([path, await answer(path, off)]).toEqual([path, "passed"])
    expect(await answer("/harness/engine.html", { SERVE_HARNESS: "1" })).toBe("passed")
    expect(await answer("/assets/index-abc.js.map", { SERVE_HARNESS: "1" })).toBe(404)
    const serve = readFileSync(join(import.meta.dirname, "../../scripts/serve.mjs"), "utf8")
    expect(serve).toMatch(/flag\("harness"\) \? \{ SERVE_HARNESS: "1" \}/)
  })
})
