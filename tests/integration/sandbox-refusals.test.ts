/**
 * issue 29 item 3 (second half), D-rules-on-contract: an endpoint's `refusals` are the catalogue keys its sandbox route
 * can answer, and the sandbox holds its routes to them (sandbox/http.ts `declaredRefusal`: while responses are checked,
 * a refusal its endpoint does not declare is a 500).
 *
 * 1. The routes read (sandbox/, without running them): for each `bind(app, ctx, "<id>", handler)` the handler is
 *    followed into the functions and constants it names — in its file, or imported from sandbox/ and schema/ — and the
 *    catalogue keys written there are collected (outside types and Schema definitions). Every key a route can answer
 *    must be declared (or be one of COMMON_REFUSALS), and every declared key must be one the route can answer. A
 *    syntactic reading (no type checker: parsing ~100 files is quick): a name is followed to the functions, and module
 *    constants, of that name in its file or in the file it is imported from. It may find more than a route answers (a
 *    shared function's branch the route never takes): those are listed in OVER_READ with the reason.
 * 2. Every key each route can answer is driven through the sandbox's check (`declaredRefusal` of a running sandbox):
 *    answered as it is; a key its endpoint does not declare is a 500.
 * 3. Over HTTP: a handler bound with `bind` that refuses with an undeclared key is answered 500 INTERNAL_ERROR, a
 *    declared or common one as it is; and real refusals of the newly declared areas come through the check unchanged.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { Hono } from "hono"
import ts from "typescript"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { api, type EndpointId } from "../../schema/api.ts"
import type { EndpointDef } from "../../schema/api-def.ts"
import { ERROR_KEYS } from "../../schema/error-keys.ts"
import { COMMON_REFUSALS, REFUSALS } from "../../schema/refusals.ts"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { bind, declaredRefusal } from "../../sandbox/http.ts"
import { ApiError } from "../../sandbox/errors.ts"
import type { ErrorKey } from "../../schema/errors.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), "../..")
const KEYS = new Set<string>(ERROR_KEYS)
const COMMON = new Set<string>(COMMON_REFUSALS)
const declared = REFUSALS as Partial<Record<string, ReadonlyArray<string>>>
const defs = api as unknown as Record<string, EndpointDef>

/** Keys the reading finds on a route that the route does not answer: a shared function's branch it never takes. */
const OVER_READ: Partial<Record<string, ReadonlyArray<string>>> = {
  // decide() (sandbox/areas/approval) settles the payment on the last approval only; a reproval never does
  approvalReprove: ["INSUFFICIENT_BALANCE", "NO_TRANSACTIONS_IN_CURRENCY", "PIX_QR_EXPIRED", "PIX_QR_ALREADY_PAID"],
  // signinFailed's default key is the sign-in's; the password change passes INCORRECT_PASSWORD
  changePassword: ["INVALID_CREDENTIALS"]
}

interface Module {
  readonly file: string
  readonly sf: ts.SourceFile
  /** Functions (declarations and `const f = () => …`) anywhere in the file, and module-level constants, by name. */
  readonly decls: Map<string, ts.Node[]>
  /** Imported names: local name → [resolved file, exported name]. */
  readonly imports: Map<string, readonly [string, string]>
  /** `export { a } from "./b"` and `export * from "./b"`. */
  readonly reexports: Map<string, readonly [string, string]>
  readonly star: string[]
}

const modules = new Map<string, Module | null>()
const tsFile = (from: string, spec: string): string | null => {
  if (!spec.startsWith(".")) return null
  const f = resolve(dirname(from), spec)
  return f.startsWith(join(ROOT, "sandbox")) || f.startsWith(join(ROOT, "schema")) ? f : null
}
const isFunctionLike = (n: ts.Node | undefined): boolean => n !== undefined && (ts.isArrowFunction(n) || ts.isFunctionExpression(n))

const load = (file: string): Module | null => {
  if (modules.has(file)) return modules.get(file) ?? null
  let text: string
  try {
    text = readFileSync(file, "utf8")
  } catch {
    modules.set(file, null)
    return null
  }
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true)
  const m: Module = { file, sf, decls: new Map(), imports: new Map(), reexports: new Map(), star: [] }
  const add = (name: string, n: ts.Node): void => {
    m.decls.set(name, [...(m.decls.get(name) ?? []), n])
  }
  const visit = (n: ts.Node, top: boolean): void => {
    if (ts.isFunctionDeclaration(n) && n.name !== undefined) add(n.name.text, n)
    else if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer !== undefined && (top || isFunctionLike(n.initializer)))
      add(n.name.text, n.initializer)
    else if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier) && n.importClause?.isTypeOnly !== true) {
      const target = tsFile(file, n.moduleSpecifier.text)
      const named = n.importClause?.namedBindings
      if (target !== null && named !== undefined && ts.isNamedImports(named))
        for (const s of named.elements) if (!s.isTypeOnly) m.imports.set(s.name.text, [target, (s.propertyName ?? s.name).text])
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier !== undefined && ts.isStringLiteral(n.moduleSpecifier)) {
      const target = tsFile(file, n.moduleSpecifier.text)
      if (target !== null) {
        if (n.exportClause === undefined) m.star.push(target)
        else if (ts.isNamedExports(n.exportClause))
          for (const s of n.exportClause.elements) m.reexports.set(s.name.text, [target, (s.propertyName ?? s.name).text])
      }
    }
    const childTop = top && (ts.isVariableStatement(n) || ts.isVariableDeclarationList(n) || ts.isSourceFile(n))
    ts.forEachChild(n, (c) => visit(c, childTop))
  }
  visit(sf, true)
  modules.set(file, m)
  return m
}

/** The declarations a name stands for in a module: its own, or the exporting module's. */
const declarationsOf = (m: Module, name: string, seen = new Set<string>()): ts.Node[] => {
  const at = `${m.file}#${name}`
  if (seen.has(at)) return []
  seen.add(at)
  const own = m.decls.get(name)
  if (own !== undefined) return own
  const via = m.imports.get(name) ?? m.reexports.get(name)
  if (via !== undefined) {
    const t = load(via[0])
    return t === null ? [] : declarationsOf(t, via[1], seen)
  }
  return m.star.flatMap((f) => {
    const t = load(f)
    return t === null ? [] : declarationsOf(t, name, seen)
  })
}

/** The catalogue keys (beyond the common ones) reachable from a handler, each with where it is written. */
const keysFrom = (m: Module, handler: ts.Node): Map<string, string[]> => {
  const found = new Map<string, string[]>()
  const seen = new Set<ts.Node>()
  const walk = (mod: Module, n: ts.Node): void => {
    if (seen.has(n) || ts.isTypeNode(n) || ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n)) return
    seen.add(n)
    // a Schema definition (Schema.Literals of failure reasons, a Struct…) is not a refusal
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      ts.isIdentifier(n.expression.expression) &&
      n.expression.expression.text === "Schema"
    )
      return
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) && KEYS.has(n.text) && !COMMON.has(n.text)) {
      const line = mod.sf.getLineAndCharacterOfPosition(n.getStart()).line + 1
      found.set(n.text, [...(found.get(n.text) ?? []), `${mod.file.slice(ROOT.length + 1)}:${line}`])
    }
    const isName =
      ts.isIdentifier(n) &&
      !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n) &&
      !(ts.isPropertyAssignment(n.parent) && n.parent.name === n) &&
      !(ts.isVariableDeclaration(n.parent) && n.parent.name === n) &&
      !(ts.isParameter(n.parent) && n.parent.name === n)
    if (isName) {
      for (const d of declarationsOf(mod, n.text)) {
        const dm = load(d.getSourceFile().fileName)
        if (dm !== null && !dm.file.endsWith("sandbox/errors.ts") && !dm.file.endsWith("schema/error-keys.ts") && !dm.file.endsWith("schema/errors.ts"))
          walk(dm, d)
      }
    }
    ts.forEachChild(n, (c) => walk(mod, c))
  }
  walk(m, handler)
  return found
}

const sandboxFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? sandboxFiles(p) : p.endsWith(".ts") && !p.endsWith(".test.ts") ? [p] : []
  })

/** Every bound route: endpoint id → the keys its code can answer beyond the common ones. */
const routes = (): Map<string, Map<string, string[]>> => {
  const out = new Map<string, Map<string, string[]>>()
  for (const file of sandboxFiles(join(ROOT, "sandbox"))) {
    const m = load(file)
    if (m === null) continue
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === "bind" && n.arguments.length >= 4) {
        const id = n.arguments[2]
        const handler = n.arguments[3]
        if (id !== undefined && ts.isStringLiteral(id) && handler !== undefined) out.set(id.text, keysFrom(m, handler))
      }
      ts.forEachChild(n, visit)
    }
    visit(m.sf)
  }
  return out
}

let sb: Sandbox
let cl: SandboxClient
let ana: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]
const bound = routes()

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" }, checkResponses: true })
  cl = new SandboxClient(sb.url)
  ana = await cl.login("ana@example.com")
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

/** The server-type header a green user's calls carry (core §7). */
const green = (): Record<string, string> => (ana.serverType === "green" ? { "server-type": "green" } : {})

/** A catalogue key endpoint `id` may not answer: neither common nor declared. */
const undeclaredOf = (id: string): ErrorKey => ERROR_KEYS.find((k) => !COMMON.has(k) && !(declared[id] ?? []).includes(k)) as ErrorKey

describe("issue 29 item 3: each route answers the refusals its endpoint declares (read from sandbox/)", () => {
  it("the reading finds the routes, and the refusals of the ones known to refuse", () => {
    expect(bound.size).toBeGreaterThan(150)
    expect([...(bound.get("pixPayByKey")?.keys() ?? [])].sort()).toEqual([...REFUSALS.pixPayByKey].sort())
    expect(bound.get("tedSend")?.has("TED_OUTSIDE_HOURS")).toBe(true)
    expect(bound.get("billetPay")?.has("BILLET_DATE_NOT_BUSINESS_DAY")).toBe(true) // through schema/billet.ts
    expect(bound.get("pixPayByQrStatic")?.has("PIX_QR_CRC")).toBe(true) // a key chosen by a condition
    expect(bound.get("signin")?.has("INVALID_CREDENTIALS")).toBe(true) // a parameter's default
  })

  it("every key a route can answer is declared by its endpoint (a route without a declaration answers only the common ones)", () => {
    const undeclared: string[] = []
    for (const [id, keys] of bound) {
      const mine = new Set([...(declared[id] ?? []), ...(OVER_READ[id] ?? [])])
      for (const [k, at] of keys) if (!mine.has(k)) undeclared.push(`${id} ${k} (${at.join(", ")})`)
    }
    expect(undeclared).toEqual([])
  })

  it("every declared key is one its route can answer, and every declaring endpoint has a route", () => {
    const stale: string[] = []
    for (const [id, keys] of Object.entries(declared)) {
      const found = bound.get(id)
      if (found === undefined) {
        stale.push(`${id}: no route`)
        continue
      }
      for (const k of keys ?? []) if (!found.has(k)) stale.push(`${id} ${k}`)
    }
    for (const [id, keys] of Object.entries(OVER_READ)) for (const k of keys ?? []) if (!bound.get(id)?.has(k)) stale.push(`OVER_READ ${id} ${k}`)
    expect(stale).toEqual([])
  })

  it("every endpoint that changes something has a route the reading follows, and declares its refusals", () => {
    const mutating = Object.keys(defs).filter((id) => defs[id]?.method !== "GET")
    expect(mutating.filter((id) => !bound.has(id))).toEqual([])
    expect(mutating.filter((id) => defs[id]?.refusals === undefined)).toEqual([])
  })
})

describe("issue 29 item 3: the sandbox's check (sandbox/http.ts declaredRefusal)", () => {
  it("each route's refusals pass the check as they are; a key its endpoint does not declare is a 500", () => {
    const wrong: string[] = []
    let driven = 0
    for (const [id, keys] of bound) {
      const eid = id as EndpointId
      for (const k of [...keys.keys(), ...COMMON_REFUSALS]) {
        if (OVER_READ[id]?.includes(k) === true) continue
        const e = new ApiError(422, k as ErrorKey)
        if (declaredRefusal(sb.admin.ctx, eid, e) !== e) wrong.push(`${id} ${k}`)
        driven++
      }
      if (defs[id]?.refusals === undefined) continue
      const out = declaredRefusal(sb.admin.ctx, eid, new ApiError(422, undeclaredOf(id)))
      if (!(out instanceof ApiError && out.status === 500 && out.key === "INTERNAL_ERROR")) wrong.push(`${id} ${undeclaredOf(id)} not refused`)
    }
    expect(wrong).toEqual([])
    expect(driven).toBeGreaterThan(2000)
  })

  it("over HTTP: a bound handler refusing with an undeclared key answers 500; declared and common keys go through", async () => {
    const app = new Hono()
    bind(app, sb.admin.ctx, "statement", (req) => {
      throw new ApiError(422, req.c.req.header("x-refuse") as ErrorKey)
    })
    const call = async (key: string): Promise<[number, unknown]> => {
      const res = await app.request(`${api.statement.path}?page=1`, {
        headers: { authorization: `Bearer ${ana.accessToken}`, "wallet-uuid": W.anaMain, language: "en", ...green(), "x-refuse": key }
      })
      const body = (await res.json()) as { error?: { key?: string } }
      return [res.status, body.error?.key]
    }
    expect(await call("DATE_RANGE_INVALID")).toEqual([422, "DATE_RANGE_INVALID"])
    expect(await call("INCORRECT_DATA")).toEqual([422, "INCORRECT_DATA"])
    expect(await call("TED_OUTSIDE_HOURS")).toEqual([500, "INTERNAL_ERROR"])
    // not checked when responses are not (`--check-responses` off): the route's own answer
    const unchecked = new Hono()
    bind(unchecked, { ...sb.admin.ctx, cfg: { ...sb.admin.ctx.cfg, checkResponses: false } }, "statement", () => {
      throw new ApiError(422, "TED_OUTSIDE_HOURS")
    })
    const res = await unchecked.request(`${api.statement.path}?page=1`, {
      headers: { authorization: `Bearer ${ana.accessToken}`, "wallet-uuid": W.anaMain, language: "en", ...green() }
    })
    expect(res.status).toBe(422)
  })

  it("real refusals of the newly declared areas come through the check as the route answered them", async () => {
    const missing = crypto.randomUUID()
    const got = async (p: Promise<{ status: number; body: { error: { key: string } } }>): Promise<[number, string]> => {
      const r = await p
      return [r.status, r.body.error.key]
    }
    // Ana's main wallet is "Conta Principal" (sandbox/seed.ts)
    expect(await got(cl.err("walletCreate", { as: ana, body: { name: "Conta Principal" } }))).toEqual([422, "WALLET_NAME_ALREADY_EXISTS"])
    expect(await got(cl.err("approvalRequestGet", { as: ana, wallet: W.anaMain, params: { id: missing } }))).toEqual([404, "APPROVAL_REQUEST_NOT_FOUND"])
    expect(await got(cl.err("cardBlock", { as: ana, wallet: W.anaMain, params: { id: missing } }))).toEqual([404, "CARD_NOT_FOUND"])
    expect(await got(cl.err("storageAbort", { as: ana, wallet: W.anaMain, params: { id: missing } }))).toEqual([404, "UPLOAD_NOT_FOUND"])
    expect(await got(cl.err("statement", { as: ana, wallet: W.anaMain, query: { start_date: "2026-02-10", end_date: "2026-02-01" } }))).toEqual([
      422,
      "DATE_RANGE_INVALID"
    ])
    expect(await got(cl.err("verifyPin", { as: ana, body: { pin: "9876" } }))).toEqual([422, "INCORRECT_PIN"])
  })
})
