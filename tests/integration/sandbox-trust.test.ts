/**
 * Issue 30 (trust): the holes an attacker found in the sandbox, each closed at its cause and kept closed here,
 * against a real sandbox (docs/decisions.md D-sandbox-trust). The cases are generated from the contract
 * (schema/api-admin.ts for the admin routes), so a route added later is covered the day it is added.
 */
import { randomUUID } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { adminApi, type AdminEndpointId } from "../../schema/api-admin.ts"
import type { EndpointDef } from "../../schema/api-def.ts"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"

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
