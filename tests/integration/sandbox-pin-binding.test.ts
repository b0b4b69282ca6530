/**
 * Issue 30 item 3: a PIN authorises exactly one command (DESIGN "Commands"; docs/decisions.md D-pin-binding;
 * sync/SPEC.md PN6), against a real sandbox. A pin_token bound to a command (its transaction-uuid and the hash of
 * its request, schema/pin-binding.ts) is refused for another command, another payload, after its expiry and once
 * spent — and nothing moves (the ledger is read after each refusal). The bound token works once; a retry of the
 * applied command under the same key gets its stored answer without a new PIN. A token minted without a binding is
 * still accepted, once. The engine's own transport binds the token the same way the sandbox checks it.
 */
import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startSandbox, type Sandbox } from "../../sandbox/server.ts"
import { pinPayloadHash } from "../../schema/pin-binding.ts"
import type { Command } from "../../schema/commands.ts"
import { makeApiClient } from "../../sync/api/client.ts"
import { makeTransport } from "../../sync/commands/transport.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"

let sb: Sandbox
let cl: SandboxClient
let ana: Session
let W: NonNullable<ReturnType<Sandbox["admin"]["seedInfo"]>>["wallets"]

const brl = (walletId: string): number => sb.admin.ledger(walletId).balances.find((b) => b.currency_symbol === "BRL")!.balance
const txRows = (walletId: string, tx: string): number => sb.admin.ledger(walletId).transactions.find((t) => t.transaction_uuid === tx)?.statement_rows ?? 0

const pixBody = (amount: number, description = "pin binding") => ({ key: "+5511987650000", amount, description })
const hashOf = (body: object) => pinPayloadHash({ endpoint: "pixPayByKey", body })

/** A pin_token bound to (tx, body) of a Pix by key. */
const boundToken = async (tx: string, body: object): Promise<string> =>
  (await cl.ok("verifyPin", { as: ana, body: { pin: "1234", command_id: tx, payload_hash: await hashOf(body) } })).data.pin_token

const pay = (tx: string, body: object, pin: string) => cl.raw("pixPayByKey", { as: ana, wallet: W.anaMain, tx, body: { ...body, pin_token: pin } })
const refusedKey = (r: { status: number; json: unknown }) => [r.status, (r.json as { error?: { key?: string } }).error?.key]

beforeAll(async () => {
  sb = await startSandbox({ port: 0, dbPath: ":memory:", seed: { size: "small" } })
  cl = new SandboxClient(sb.url)
  ;[ana] = await cl.loginAll(["ana"])
  W = sb.admin.seedInfo()!.wallets
})
afterAll(async () => {
  await sb?.close()
})

describe("issue 30 item 3: a PIN authorises exactly one command (sandbox)", () => {
  it("PN6 a bound token works once for its command; another command, another payload, a second command and an expired token are refused 422 PIN_REQUIRED and nothing moves", async () => {
    const before = brl(W.anaMain)
    const tx = randomUUID()
    const body = pixBody(1_234)
    const pin = await boundToken(tx, body)

    // another command (another transaction-uuid), same payload: refused, nothing moved
    const other = randomUUID()
    expect(refusedKey(await pay(other, body, pin))).toEqual([422, "PIN_REQUIRED"])
    // the same command id with another payload (amount, then description): refused
    expect(refusedKey(await pay(tx, pixBody(9_999), pin))).toEqual([422, "PIN_REQUIRED"])
    expect(refusedKey(await pay(tx, pixBody(1_234, "other"), pin))).toEqual([422, "PIN_REQUIRED"])
    expect(brl(W.anaMain)).toBe(before)
    expect(txRows(W.anaMain, tx) + txRows(W.anaMain, other)).toBe(0)

    // its own command: applied once
    const first = await pay(tx, body, pin)
    expect(first.status).toBe(201)
    expect(brl(W.anaMain)).toBe(before - 1_234)
    expect(txRows(W.anaMain, tx)).toBe(1)

    // spent: a second command with the same payload and a token bound to nothing else is refused
    const second = randomUUID()
    expect(refusedKey(await pay(second, body, pin))).toEqual([422, "PIN_REQUIRED"])
    expect(brl(W.anaMain)).toBe(before - 1_234)
    expect(txRows(W.anaMain, second)).toBe(0)

    // a retry of the applied command (a lost answer) under the same key: its stored answer, no new PIN, applied once
    const again = await pay(tx, body, pin)
    expect(again.status).toBe(201)
    expect(again.json).toEqual(first.json)
    expect(again.headers.get("idempotent-replay")).toBe("true")
    expect(brl(W.anaMain)).toBe(before - 1_234)
    expect(txRows(W.anaMain, tx)).toBe(1)
  })

  it("PN6 a bound token that expired before it was used is refused 422 PIN_REQUIRED and nothing moves; a new one for the same command works", async () => {
    const before = brl(W.anaMain)
    const tx = randomUUID()
    const body = pixBody(2_345)
    const pin = await boundToken(tx, body)
    // its 120 s run out (the sandbox's auth tokens use real time: the row is aged rather than the test waiting)
    sb.db.prepare("UPDATE short_tokens SET expires_ms = ? WHERE kind = 'pin' AND token = ?").run(Date.now() - 1, pin)
    expect(refusedKey(await pay(tx, body, pin))).toEqual([422, "PIN_REQUIRED"])
    expect(brl(W.anaMain)).toBe(before)
    expect(txRows(W.anaMain, tx)).toBe(0)
    // the pipeline asks again: a fresh token for the same command goes through, once
    expect((await pay(tx, body, await boundToken(tx, body))).status).toBe(201)
    expect(brl(W.anaMain)).toBe(before - 2_345)
    expect(txRows(W.anaMain, tx)).toBe(1)
  })

  it("PN6 a request refused by its handler (insufficient balance) does not spend the bound token: the same command may still go", async () => {
    const tx = randomUUID()
    const tooMuch = pixBody(brl(W.anaMain) + 1)
    const pin = await boundToken(tx, tooMuch)
    const r = await pay(tx, tooMuch, pin)
    expect(r.status).toBe(422)
    expect(refusedKey(r)[1]).not.toBe("PIN_REQUIRED")
    // still bound to that command only: another command is refused
    expect(refusedKey(await pay(randomUUID(), pixBody(100), pin))).toEqual([422, "PIN_REQUIRED"])
  })

  it("D-pin-binding a token minted without a binding is accepted once: the second payment with it is refused and nothing moves", async () => {
    const before = brl(W.anaMain)
    const pin = await cl.pinToken(ana)
    const a = randomUUID()
    const b = randomUUID()
    expect((await pay(a, pixBody(111), pin)).status).toBe(201)
    expect(refusedKey(await pay(b, pixBody(111), pin))).toEqual([422, "PIN_REQUIRED"])
    expect(brl(W.anaMain)).toBe(before - 111)
    expect(txRows(W.anaMain, b)).toBe(0)
  })

  it("D-pin-binding a malformed binding is refused before the PIN is checked (422 INCORRECT_DATA, no try spent)", async () => {
    const r = await cl.err("verifyPin", { as: ana, body: { pin: "0000", command_id: randomUUID(), payload_hash: "not-a-hash" } })
    expect(r.status).toBe(422)
    expect(r.body.error.key).toBe("INCORRECT_DATA")
    expect(Object.keys(r.body.error.fields ?? {})).toEqual(["payload_hash"])
    expect(sb.db.prepare("SELECT count(*) AS n FROM pin_attempts WHERE user_id = ?").get(ana.userId)).toEqual({ n: 0 })
  })

  it("PN6 the engine's transport binds the token to the command it sends: it pays once, and the same token cannot pay another command", async () => {
    const session = { accessToken: ana.accessToken, refreshToken: ana.refreshToken, expiresAt: Date.now() + 300_000 }
    const api = makeApiClient({
      baseUrl: () => sb.url,
      locale: () => "pt",
      tokens: () => session,
      onTokens: () => undefined,
      onSessionExpired: () => undefined,
      currentWallet: () => W.anaMain,
      serverType: () => ana.serverType
    })
    const transport = makeTransport(api, () => ana.userId)
    const command = (amount: number): Command => ({
      id: randomUUID(),
      user_id: ana.userId,
      wallet_id: W.anaMain,
      created_at: new Date().toISOString(),
      body: { name: "v1.pix.payByKey", payload: pixBody(amount, "engine") }
    })
    const before = brl(W.anaMain)
    const cmd = command(321)
    const grant = await Effect.runPromise(transport.verifyPin({ pin: "1234" }, cmd))
    expect(grant.expiresInMs).toBe(120_000)
    const binding = sb.db.prepare("SELECT command_id, payload_hash FROM pin_token_bindings WHERE token = ?").get(grant.token) as {
      command_id: string
      payload_hash: string
    }
    expect(binding.command_id).toBe(cmd.id)
    expect(binding.payload_hash).toBe(await hashOf(pixBody(321, "engine")))

    const other = command(321)
    const refused = await Effect.runPromise(Effect.flip(transport.send(other, grant.token)))
    expect(refused).toMatchObject({ _tag: "Unprocessable", key: "PIN_REQUIRED" })
    await Effect.runPromise(transport.send(cmd, grant.token))
    expect(brl(W.anaMain)).toBe(before - 321)
    expect(txRows(W.anaMain, cmd.id)).toBe(1)
    expect(txRows(W.anaMain, other.id)).toBe(0)
  })
})
